"""The application's Entry Point command through the bot's global sync.

Discord refuses (50240) a bulk overwrite that leaves it out, so the bot keeps it, unchanged, even
with ``BOGGLE_ACTIVITY`` off; a refused sync is one line in the log.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.config.settings import WebSettings
from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.harness import Clock, Harness, bot_session


async def play_a_round(game: Harness) -> None:
    live, _ = await game.start_round("alice")
    word = game.words(live, 1)[0]
    await game.say("bob", word)
    await game.guesses_stored(1)
    assert word in game.text_since(await game.end_round())


async def test_discords_default_entry_point_is_kept_with_the_activity_off(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    standin.enable_activities()  # in the Developer Portal: Discord's default "Launch" appears
    default = standin.commands.entry_point()
    assert default is not None and default["handler"] == 2
    async with bot_session(standin, database, clock, lexicon) as game:  # BOGGLE_ACTIVITY off
        assert standin.commands.syncs == [None]
        assert standin.commands.entry_point() == default  # the same id and version
        assert "boggle" in {c["name"] for c in standin.commands.commands(None)}
        await play_a_round(game)
        assert standin.commands.entry_point() == default
        launched = await standin.launch("boggle", "carol")  # still Discord's to answer
        assert launched.callback_type == 12 and launched.session_id is None


async def test_a_refused_sync_is_one_line_and_the_bot_plays_on(
    standin: StandIn,
    database: Path,
    clock: Clock,
    lexicon: Lexicon,
    caplog: pytest.LogCaptureFixture,
) -> None:
    async with bot_session(standin, database, clock, lexicon):
        pass  # a first start synced the commands
    had = standin.commands.commands(None)
    # BOGGLE_ACTIVITY on, for an application without Activities: no type 4 for it (50035).
    activity = WebSettings(activity=True)
    async with bot_session(standin, database, clock, lexicon, web=activity) as game:
        assert standin.commands.commands(None) == had
        refusals = [r for r in caplog.records if "refused the command sync" in r.getMessage()]
        assert len(refusals) == 1 and refusals[0].levelno == logging.ERROR
        line = refusals[0].getMessage()
        assert "\n" not in line and "50035" in line and ".type" in line, line
        await play_a_round(game)


async def test_the_bots_own_entry_point_takes_its_place_and_stays(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    standin.enable_activities()
    default = standin.commands.entry_point()
    assert default is not None
    async with bot_session(standin, database, clock, lexicon, web=WebSettings(activity=True)):
        own = standin.commands.entry_point()
        assert own is not None and (own["name"], own["handler"]) == ("launch", 1)
        assert own["id"] == default["id"]  # in the default's place, not beside it
    async with bot_session(standin, database, clock, lexicon):  # then BOGGLE_ACTIVITY off
        assert standin.commands.entry_point() == own
