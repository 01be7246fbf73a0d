"""Launching the Activity as Discord's client does, through the real bot: the board's **Play on
the board** button answers LAUNCH_ACTIVITY, and so does the application's own Entry Point
command (synced with the others, handled by the app); the page then plays in the instance the
launch opened."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from playwright.async_api import expect

from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.harness import Clock, bot_session
from tests.bot.web.browser import chromium, drag, open_as
from tests.bot.web.conftest import WEB

ACTIVITY = dataclasses.replace(WEB, activity=True)


async def test_button_and_entry_point_launch_the_activity(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    standin.enable_activities()  # in the Developer Portal: Discord's default "Launch" appears
    await standin.add_member("bob", "Bob")
    await standin.add_member("carol", "Carol")
    async with bot_session(standin, database, clock, lexicon, web=ACTIVITY) as game:
        entry = standin.commands.entry_point()
        assert entry is not None  # the bot's own replaced Discord's default
        assert (entry["name"], entry["handler"], entry.get("options")) == ("launch", 1, None)
        assert "boggle" in {c["name"] for c in standin.commands.commands(None)}

        live, board = await game.start_round()
        button = f"boggle:activity:{live.id}"
        assert button in str(board.components)
        clicked = await standin.click(board, "bob", button)
        assert (await clicked.response())["type"] == 12
        instance = standin.activities.instances[clicked.activity_instance_id or ""]
        assert instance.channel_id == standin.channel("boggle").id

        launched = await standin.launch("boggle", "carol")  # the App Launcher
        assert (await launched.response())["type"] == 12
        assert launched.session_id is not None  # the bot answered it, not Discord
        assert launched.activity_instance_id == instance.id
        assert instance.users == [standin.user("bob").id, standin.user("carol").id]

        assert game.app.web is not None
        word, path = max(live.game.solution.items(), key=lambda x: (len(x[0]), x[0]))
        async with chromium() as browser:
            page = await open_as(browser, standin, game.app.web.url, "carol")
            await drag(page, list(path))
            await expect(page.locator("#verdict")).to_have_attribute("data-word", word)
            await expect(page.locator("#verdict")).to_have_attribute("data-verdict", "accepted")
