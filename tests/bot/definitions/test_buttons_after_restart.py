"""The Definitions buttons after a restart of the real bot: a results message posted by the
previous process (the round's) and a daily result shown by it still answer, because each
button's custom id carries the round's (the attempt's) id and the words are read back from the
database, not from the memory of the process that drew the button."""

from __future__ import annotations

from pathlib import Path

from bot.i18n.catalogue import text
from core.daily import DAILY_SECONDS
from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.daily_helpers import attempt_of, open_daily, words_of
from tests.bot.definitions.test_daily_definitions import buttons
from tests.bot.definitions.test_definitions_button import define_button
from tests.bot.harness import Clock, bot_session


async def test_the_results_button_answers_after_a_restart(
    standin: StandIn, database: Path, clock: Clock, lexicons: dict[str, Lexicon]
) -> None:
    english = lexicons["en"]
    async with bot_session(standin, database, clock, english, lexicons=lexicons) as game:
        live, _ = await game.start_round("alice", mode="casual", time="2m", size=5)
        mine = game.words(live, 2, min_len=4)
        await game.say("alice", " ".join(mine))
        await game.wait_for_guess("alice", mine[-1])
        await game.end_round()
        message, custom_id = define_button(game)
        assert custom_id == f"boggle:define:{live.id}"

    async with bot_session(standin, database, clock, english, lexicons=lexicons) as game:
        assert game.services.definitions.opened() == []  # a new process
        reply = await (await standin.click(message, "alice", custom_id)).followup()
        assert reply.ephemeral and len(reply.content) <= 2000
        assert reply.content.startswith(f"__{text('definitions.yours', 'en')}__")
        for word in mine:
            assert f"**{word}**" in reply.content
        assert f"__{text('definitions.missed', 'en')}__" in reply.content


async def test_the_daily_results_button_answers_after_a_restart(
    standin: StandIn, database: Path, clock: Clock, lexicons: dict[str, Lexicon]
) -> None:
    english = lexicons["en"]
    async with bot_session(standin, database, clock, english, lexicons=lexicons) as game:
        shown = await open_daily(game, "alice")
        attempt = await attempt_of(game, "alice")
        word = words_of(await game.services.daily.board_of(attempt), 1, skip=3)[0]
        game.clock.advance(20)
        handle = await standin.slash("boggle", "alice", "daily-guess", {"words": word})
        await handle.followup()
        game.clock.advance(DAILY_SECONDS)
        custom_id = f"daily:define:{attempt.id}"
        result = await standin.wait_for_ephemeral(
            "alice", lambda m: m.id == shown.id and custom_id in buttons(m)
        )

    async with bot_session(standin, database, clock, english, lexicons=lexicons) as game:
        reply = await (await standin.click(result, "alice", custom_id)).followup()
        assert reply.ephemeral and len(reply.content) <= 2000
        assert reply.content.startswith(f"__{text('definitions.yours', 'en')}__\n**{word}**")
