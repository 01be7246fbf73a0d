"""Untimed and co-op rounds through the real client and the stand-in, where they meet other
features: Play again ends a running untimed round for whoever may stop it (and no one else), a
co-op round with no clock, and the co-op field of /stats, every figure computed here."""

from __future__ import annotations

import math
from pathlib import Path

from core.board import Board
from core.lexicon import Lexicon
from core.scoring import word_score
from core.solver import solve
from standin import StandIn
from tests.bot.discord.test_after_round import again_button
from tests.bot.harness import Harness, StoppedClock, bot_session
from tests.bot.waits import ticks

START = 1_800_000_000.0


async def test_play_again_ends_a_running_untimed_round_for_its_starter_only(
    standin: StandIn, database: Path, lexicon: Lexicon
) -> None:
    clock = StoppedClock(START)
    async with bot_session(standin, database, clock, lexicon) as game:
        await game.start_round("alice", size=4, timer="untimed", quiet="2m")
        await (await standin.slash("boggle", "alice", "boggle stop", {})).followup()
        await game.results()
        message, custom_id = again_button(game)
        running, _ = await game.start_round("alice", size=4, timer="untimed", quiet="2m")

        refused = await standin.click(message, "bob", custom_id)  # not its starter
        answer = await refused.original_message()
        assert answer.ephemeral and "already running" in answer.content
        assert game.live() is running
        assert game.query("SELECT state FROM rounds WHERE id = ?", (running.id,)) == [("running",)]

        started = await standin.click(message, "alice", custom_id)  # its starter: ended first
        reply = await started.followup()
        assert reply.ephemeral and "Round started" in reply.content
        again = game.live()
        assert again.id != running.id
        assert (again.stored.timer.value, again.stored.quiet_seconds) == ("untimed", 120)
        assert game.query("SELECT state FROM rounds WHERE id = ?", (running.id,)) == [("finished",)]
        await standin.wait_until(
            lambda: sum("Round over" in m.content for m in standin.messages("boggle")) == 2
        )


async def test_a_coop_round_with_no_clock(
    standin: StandIn, database: Path, lexicon: Lexicon
) -> None:
    clock = StoppedClock(START)
    async with bot_session(standin, database, clock, lexicon) as game:
        live, board = await game.start_round(
            "alice", size=4, mode="coop", timer="untimed", quiet="1m"
        )
        assert "No clock: the round ends after 1m with no new word" in board.content
        assert "<t:" not in board.content
        min_length = live.game.rules.min_length
        solution = solve(Board.parse(live.stored.board), lexicon, min_length)
        best = sum(word_score(w, min_length) for w in solution)
        ranked = sorted(solution, key=lambda w: (-word_score(w, min_length), w))
        clock.advance(30)
        await game.say("alice", " ".join(ranked[:2]))
        await game.wait_for_guess("alice", ranked[1])
        clock.advance(40)  # 40 s after alice's words: the quiet spell starts again with bob's
        await game.say("bob", f"{ranked[2]} {ranked[0]}")  # ranked[0] is the team's already
        await game.wait_for_guess("bob", ranked[0])
        assert live.game.deadline == START + 70 + 60
        alice = sum(word_score(w, min_length) for w in ranked[:2])
        bob = word_score(ranked[2], min_length)
        team = alice + bob
        await standin.wait_until(  # the board's live status: the team's share
            lambda: (
                f"Team: {team} of {best} points ({team * 100 // best}%)"
                in standin.world.messages[board.id].content
            )
        )
        clock.advance(59)
        await ticks(game)  # the runner saw the clock
        assert game.query("SELECT state FROM rounds") == [("running",)]
        clock.advance(1)
        results = await game.results()
        text = game.text_since(results)
        assert f"({team} of {best})" in results.content
        for name, points, words in (("Alice", alice, 2), ("Bob", bob, 1)):
            share = points * 100 // team
            plural = "s" * (words != 1)
            assert (
                f"{name} · {points} pts · {words} word{plural} for the team · {share}% of the"
                " team's points"
            ) in text
        rows = game.query("SELECT user_id, coop_rounds, coop_points FROM standings")
        assert sorted(r[1:] for r in rows) == sorted([(1, alice), (1, bob)])


async def coop_round(
    game: Harness, clock: StoppedClock, words: int, **options: str
) -> tuple[float, int]:
    """A co-op round in which alice alone says the board's ``words`` best words; the team's
    share of the board's points and alice's points."""
    live, _ = await game.start_round("alice", size=4, mode="coop", **options)
    min_length = live.game.rules.min_length
    solution = solve(Board.parse(live.stored.board), game.lexicon, min_length)
    ranked = sorted(solution, key=lambda w: (-word_score(w, min_length), w))[:words]
    await game.say("alice", " ".join(ranked))
    await game.wait_for_guess("alice", ranked[-1])
    await (await game.standin.slash("boggle", "alice", "boggle stop", {})).followup()
    await game.standin.wait_until(lambda: live.channel_id not in game.services.rounds.live)
    clock.advance(1)
    points = sum(word_score(w, min_length) for w in ranked)
    return points / sum(word_score(w, min_length) for w in solution), points


async def test_stats_keep_the_coop_record_apart(
    standin: StandIn, database: Path, lexicon: Lexicon
) -> None:
    clock = StoppedClock(START)
    async with bot_session(standin, database, clock, lexicon) as game:
        first, first_points = await coop_round(game, clock, 6, timer="untimed")
        second, second_points = await coop_round(game, clock, 2, time="2m")
        handle = await standin.slash("boggle", "alice", "stats", {})
        shown = await handle.followup()
        fields = {f["name"]: f["value"] for f in shown.embeds[0]["fields"]}
        best = math.floor(max(first, second) * 100 + 1e-9)  # rounded down, as the results
        assert fields["co-op"] == (
            f"🤝 Co-op (kept apart from the points above): 2 rounds,"
            f" {first_points + second_points} pts found for the team, best team share {best}%"
        ), fields
