"""The daily board in French through the stand-in.

The bot is given every lexicon the test run built (``lexicons``), so no test waits for a child
build; it still looks them up through ``bot.kernel.lexicons``.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import UTC
from pathlib import Path

import pytest

from core.daily import DAILY_RULES, DAILY_SECONDS, day_number
from core.lexicon import Lexicon
from standin import StandIn
from standin.state import StoredMessage
from tests.bot.daily_helpers import (
    at,
    attempt_of,
    guess_too_late,
    latest,
    open_and_guess,
    open_daily,
    set_time,
    words_of,
)
from tests.bot.discord.test_languages import button_labels
from tests.bot.discord.test_server_config import config
from tests.bot.harness import Clock, Harness, bot_session, saying


@pytest.fixture(scope="module")
def french(lexicons: dict[str, Lexicon]) -> Lexicon:
    return lexicons["fr"]


@pytest.fixture
async def game(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon, lexicons: dict[str, Lexicon]
) -> AsyncIterator[Harness]:
    async with bot_session(standin, database, clock, lexicon, lexicons=lexicons) as h:
        await config(h, "set", language="fr")
        yield h


async def test_a_french_daily_attempt_speaks_french(
    game: Harness, french: Lexicon, lexicon: Lexicon
) -> None:
    set_time(game.clock, at(2026, 6, 1, 12, 0, UTC))
    number = day_number(at(2026, 6, 1, 12, 0, UTC).date())
    board_message = await open_daily(game)  # no language: the server's, French
    attempt = await attempt_of(game)
    assert attempt.language == "fr"
    board = await game.services.daily.board_of(attempt)
    assert all(w in french for w in board.words)  # French words, some of them no English ones
    assert any(w not in lexicon for w in board.words)
    content = board_message.content
    assert content.startswith(f"📅 **Grille du jour n° {number}** · français\n-# 4x4 · points")
    assert "mots de 3 lettres ou plus · vous seul voyez ceci" in content
    assert "⏰ Il reste 3:00 (fin <t:" in content and "Pas encore de mot." in content
    assert "✍️ Appuyez sur **Proposer** ou utilisez `/daily-guess words:`" in content
    assert button_labels(board_message) == ["Proposer"]
    first, second, third = words_of(board, 3)
    points = {w: DAILY_RULES.points(w) for w in (first, second, third)}

    game.clock.advance(20)
    opened = await game.standin.click(board_message, "alice", f"daily:guess:{attempt.id}")
    modal = await opened.shown_modal()
    assert modal["title"] == "Vos mots"
    [text_input] = [c for row in modal["components"] for c in row["components"]]
    assert (text_input["label"], text_input["placeholder"]) == ("Mots", "chat chien oiseau")
    await game.standin.submit_modal(opened, {"words": f"{first} {second} qzxv"})
    shown = await latest(game.standin, "alice", board_message, f"**{second}**")
    assert "**Pour l'instant :** 2 mots, " in shown.content
    assert (
        f"✅ **{first}** +{points[first]}" in shown.content
        and "📖 qzxv : pas un mot" in shown.content
    )

    game.clock.advance(20)
    handle = await game.standin.slash(
        "boggle", "alice", "daily-guess", {"words": f"{third} {first}"}
    )
    reply = await handle.followup()
    assert reply.content.startswith(
        f"✅ **{third}** +{points[third]}\n🔁 {first} : déjà trouvé\n⏰ Il reste 2:20 (fin <t:"
    )
    nothing = await game.standin.slash("boggle", "alice", "daily-guess", {"words": "123 !!"})
    assert (await nothing.followup()).content.startswith("Je n'ai trouvé aucun mot à juger")

    game.clock.advance(DAILY_SECONDS)
    result = await latest(game.standin, "alice", board_message, "votre résultat")
    figures = result.content
    assert figures.startswith(f"🏁 **Grille du jour n° {number}** · français · votre résultat\n")
    total = sum(points.values())
    assert re.search(rf"🔎 3 mots · \*\*{total} pts\*\* · \d+ % du maximum \(\d+ pts\)", figures)
    assert "🔥 Série : 1 (la plus longue : 1)" in figures
    assert "**Vos mots :** " in figures and "**Mots manqués (" in figures
    assert "-# Partagez votre résultat avec **Partager** : il ne montre aucun mot." in figures
    assert button_labels(result) == ["Partager", "Définitions"]

    late = await game.standin.slash("boggle", "alice", "daily-guess", {"words": first})
    assert (await late.original_message()).content == (
        "Vous n'avez pas de grille du jour en cours. Ouvrez celle d'aujourd'hui avec `/daily`."
    )
    shared = await game.standin.click(result, "alice", f"daily:share:{attempt.id}")
    assert (await shared.original_message()).content == "Partagé."
    post = await game.standin.wait_for_message("boggle", lambda m: "a joué" in m.content)
    assert re.fullmatch(
        rf"📅 \*\*Alice\*\* a joué la grille du jour n° {number} \(français\) : 3 mots, {total} pts,"
        r" \d+ % du maximum · 🔥 série de 1",
        post.content,
    ), post.content


async def test_a_guess_after_the_end_is_refused_in_french(game: Harness) -> None:
    _, reply = await guess_too_late(game)
    assert reply.content.startswith(
        "⏰ Le temps est écoulé sur votre grille du jour : ce mot est arrivé après la fin."
    )
    assert "· votre résultat" in reply.content and "🔎 0 mot · **0 pt**" in reply.content
    assert game.query("SELECT count(*) FROM daily_guesses") == [(0,)]


async def finish(game: Harness, user: str, count: int, language: str) -> StoredMessage:
    """``user`` plays the daily in ``language``: ``count`` words, then the time runs out."""
    message, _ = await open_and_guess(game, user, count, 15, language=language)
    game.clock.advance(DAILY_SECONDS)
    return await latest(game.standin, user, message, "🏁")


async def test_a_french_servers_end_of_day_posts_are_in_french(
    game: Harness, standin: StandIn
) -> None:
    general = standin.channel("general").id
    reply = await config(game, "daily-channel set", channel=general)
    assert reply == (
        f"Le bilan de fin de journée de la grille du jour sera publié dans <#{general}>"
        " à la fin de chaque journée (heure UTC)."
    )
    assert f"• bilan de fin de journée de la grille du jour : <#{general}>" in await config(
        game, "show"
    )
    set_time(game.clock, at(2026, 6, 2, 9, 0, UTC))
    number = day_number(at(2026, 6, 2, 9, 0, UTC).date())
    await finish(game, "alice", 3, "fr")
    await finish(game, "bob", 1, "fr")
    english = await finish(game, "carol", 2, "en")  # the attempt's language, not the server's
    assert "your result" in english.content and "Streak: 1 (longest 1)" in english.content

    stats = await (await standin.slash("boggle", "carol", "stats", {})).followup()
    daily = next(f for f in stats.embeds[0]["fields"] if f["name"] == "📅 Grille du jour")
    assert daily["value"].startswith(f"🔥 Série 1 (la plus longue : 1)\nn° {number} · anglais · ")

    since = max(standin.world.messages)
    set_time(game.clock, at(2026, 6, 3, 0, 4, UTC))  # the day is over in UTC: one post a language
    posts = [
        await standin.wait_for_message("general", saying(lang), after=since)
        for lang in ("· français · la journée est finie", "· anglais · la journée est finie")
    ]
    french_post, english_post = (p.content for p in posts)
    assert french_post.startswith(f"📅 **Grille du jour n° {number}** · français · la journée")
    ranking = french_post.split("**Le classement de ce serveur**\n")[1]
    assert re.match(
        r"🥇 \*\*1\.\*\* Alice : 3 pts, 3 mots \(\d+ %\)\n🥈 \*\*2\.\*\* Bob : 1 pt, 1 mot \(\d+ %\)\n",
        ranking,
    )
    assert "📏 Mot manqué le plus long : **" in ranking and "💎 Meilleurs mots manqués (" in ranking
    assert re.search(r"🥇 \*\*1\.\*\* Carol : 2 pts, 2 mots \(\d+ %\)", english_post)
    assert "Bob" not in english_post and len(standin.messages("general")) == 2
