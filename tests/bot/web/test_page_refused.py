"""A page the server refuses, or that cannot sign in, says so in a sentence in the player's
language with what to do: its words come before sign-in (``/api/strings``, in the browser's
language), not only with the socket's welcome."""

from __future__ import annotations

import aiohttp
from playwright.async_api import Page, expect

from bot.i18n.catalogue import text
from bot.tools.sandbox_web import link
from tests.bot.harness import Harness
from tests.bot.web.browser import chromium, open_url
from tests.bot.web.conftest import page_url


async def refusal(page: Page, key: str, language: str) -> None:
    """The page shows the catalogue's sentence, whole, and no board."""
    shown = page.locator("#closed-text")
    await expect(shown).to_have_text(text(f"web.{key}", language))
    await expect(shown).to_be_visible()
    await expect(page.locator("#board")).to_be_hidden()
    assert await page.evaluate("document.documentElement.lang") == language


async def test_refusals_read_in_the_player_s_language(web_game: Harness) -> None:
    standin = web_game.standin
    for name in ("bob", "carol", "dan"):
        await standin.add_member(name, name.capitalize())
    channel = standin.channel("boggle")
    alice = standin.user("alice").id
    instance = standin.activities.join(channel.id, channel.guild_id, alice)
    url = page_url(web_game)
    bob_link = link(standin, url, "bob", "boggle")
    standin.activities.leave(instance.id, standin.user("bob").id)  # left before the page said hello
    async with chromium() as browser:
        # Not in the channel's Activity (4003), a French browser.
        bob = await open_url(browser, bob_link, locale="fr-FR")
        await refusal(bob, "not_in_instance", "fr")
        await expect(bob.locator("#closed-text")).to_contain_text("rouvrez-la depuis le salon")

        # An Activity that has ended (4004): its last player left, a German browser.
        standin.activities.leave(instance.id, alice)
        carol_id = standin.user("carol").id
        ended = standin.activities.join(channel.id, channel.guild_id, carol_id)
        carol_link = link(standin, url, "carol", "boggle")
        standin.activities.leave(ended.id, carol_id)
        assert ended.id not in standin.activities.instances
        carol = await open_url(browser, carol_link, locale="de-DE")
        await refusal(carol, "instance_gone", "de")

        # No code to sign in with (the page opened by its bare address): Spanish, then a
        # language the game does not speak, in English.
        spanish = await open_url(browser, url, locale="es-419")
        await refusal(spanish, "sign_in_failed", "es")
        other = await open_url(browser, url, locale="ja-JP")
        await refusal(other, "sign_in_failed", "en")

        # Signed out once playing (4001: the token no longer valid when the socket comes back):
        # in the player's Discord language, from the welcome.
        standin.activities.locales[standin.user("dan").id] = "fr"
        dan = await open_url(browser, link(standin, url, "dan", "boggle"), locale="en-US")
        await expect(dan.locator("#start")).to_have_text(text("web.start", "fr"))
        standin.activities.revoke_all()
        web = web_game.app.web
        assert web is not None
        for ws in list(web._sockets):
            await ws.close(code=1011)
        await refusal(dan, "signed_out", "fr")


async def test_the_page_s_words_for_the_browser_s_languages(web_game: Harness) -> None:
    async with aiohttp.ClientSession() as http:
        for wanted, language in [
            ("fr-FR,fr,en-US", "fr"),
            ("ja-JP,de-AT,en", "de"),  # the first the game speaks
            ("es-419", "es"),
            ("xx", "en"),
            ("", "en"),
        ]:
            async with http.get(page_url(web_game) + "api/strings", params={"lang": wanted}) as r:
                assert r.status == 200
                body = await r.json()
            assert body["language"] == language, wanted
            assert body["strings"]["sign_in_failed"] == text("web.sign_in_failed", language)
            assert body["strings"]["reason_not_a_word"] == text("reasons.not_a_word", language)
        async with http.get(page_url(web_game) + "api/strings") as r:
            assert (await r.json())["language"] == "en"
