"""My result after a restart: the custom id carries the round, the result is scored again from
the database, and a player whose every word was refused hears so."""

from __future__ import annotations

from pathlib import Path

from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.harness import Clock, bot_session


async def test_my_result_answers_after_a_restart(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with bot_session(standin, database, clock, lexicon) as game:
        live, _ = await game.start_round("alice", size=5, time="60s")
        word = game.words(live, 1)[0]
        bad = game.word_not_on_board(live)
        await game.say("alice", word)
        await game.say("bob", bad)
        await game.wait_for_guess("bob", bad)
        await game.end_round()
        custom_id = f"boggle:mine:{live.id}"
        holder = next(m for m in standin.messages("boggle") if custom_id in str(m.components))
    async with bot_session(standin, database, clock, lexicon):
        alice = await (await standin.click(holder, "alice", custom_id)).original_message()
        bob = await (await standin.click(holder, "bob", custom_id)).original_message()
    assert alice.ephemeral and "**1.** of 1" in alice.content and word in alice.content
    assert bob.ephemeral and "not in the ranking" in bob.content
    assert bad in bob.content and "not on the board" in bob.content
