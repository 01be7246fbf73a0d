"""Co-op rounds and the timers through the real client and the stand-in: a team's share and
medal (computed here from core's solver, not from the round), bonus seconds added exactly and
kept across a restart, and untimed rounds ended by a quiet spell, by /boggle stop and by every
word found."""

from __future__ import annotations

from pathlib import Path

from core.board import Board
from core.lexicon import Lexicon
from core.scoring import word_score
from core.solver import solve
from standin import StandIn
from tests.bot.harness import Clock, StoppedClock, bot_session
from tests.bot.waits import ticks

START = 1_800_000_000.0


def medal_of(points: int, best: int, words: int, total: int) -> str:
    """The medal as the issue words it: bronze 25 %, silver 50 %, gold 75 %, every word."""
    if words == total:
        return "every word"
    share = points / best
    for name, floor in (("gold", 0.75), ("silver", 0.5), ("bronze", 0.25)):
        if share >= floor:
            return name
    return "no medal yet"


async def test_a_coop_round_of_three_scores_for_the_team(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    names = ("alice", "bob", "carol")
    async with bot_session(standin, database, clock, lexicon) as game:
        live, board_message = await game.start_round("alice", size=4, time="3m", mode="coop")
        min_length = live.game.rules.min_length
        solution = solve(Board.parse(live.stored.board), lexicon, min_length)
        best = sum(word_score(w, min_length) for w in solution)
        ranked = sorted(solution, key=lambda w: (-word_score(w, min_length), w))
        chosen: list[str] = []
        while sum(word_score(w, min_length) for w in chosen) * 2 < best:
            chosen.append(ranked[len(chosen)])
        for index, name in enumerate(names):
            await game.say(name, " ".join(chosen[index::3]))
        await game.say("bob", chosen[0])  # alice's: the team has it already
        rows = await game.wait_for_guess("bob", chosen[0])
        assert rows[-1][2:] == ("taken", 0)
        points = sum(word_score(w, min_length) for w in chosen)
        percent = points * 100 // best
        await standin.wait_until(
            lambda: (
                f"Team: {points} of {best} points ({percent}%)"
                in standin.world.messages[board_message.id].content
            )
        )
        results = await game.end_round()
        text = game.text_since(results)
        medal = medal_of(points, best, len(chosen), len(solution))
        assert f"The team found {percent}% of the board's points** ({points} of {best})" in text
        assert medal in results.content
        for name in ("Alice", "Bob", "Carol"):
            assert name in text  # each player's contribution, ranked
        missed = set(solution) - set(chosen)
        assert all(live.game.spelled(w) in text for w in missed if len(w) > 6)
        contributions = {
            names.index(n): sum(
                word_score(w, min_length) for i, w in enumerate(chosen) if i % 3 == names.index(n)
            )
            for n in names
        }
        # Standings: words found and the co-op record, never competitive points.
        rows = game.query(
            "SELECT user_id, points, rounds, words, wins, coop_rounds, coop_points, coop_best"
            " FROM standings ORDER BY user_id"
        )
        by_user = {r[0]: r[1:] for r in rows}
        for index, name in enumerate(names):
            words = len(chosen[index::3])
            assert by_user[game.user_id(name)][:4] == (0, 0, words, 0)
            assert by_user[game.user_id(name)][4:6] == (1, contributions[index])
            assert abs(by_user[game.user_id(name)][6] - points / best) < 1e-9
        share = game.query("SELECT DISTINCT team_share, points FROM round_results")
        assert len(share) == 1 and share[0][1] == 0
        board = await standin.slash("boggle", "alice", "leaderboard", {"measure": "words"})
        shown = await board.followup()
        assert "Co-op rounds count in words found only" in str(shown.embeds)


async def test_bonus_time_is_added_exactly_and_kept_across_a_restart(
    standin: StandIn, database: Path, lexicon: Lexicon
) -> None:
    clock = StoppedClock(START)
    async with bot_session(standin, database, clock, lexicon) as game:
        live, board = await game.start_round("alice", size=4, timer="bonus", time="1m")
        assert live.game.deadline == START + 60
        assert "each word adds its points in seconds (at most 2m left)" in board.content
        first, second = sorted(live.game.solution, key=lambda w: (-len(w), w))[:2]
        clock.advance(10)
        await game.say("alice", first)
        await game.wait_for_guess("alice", first)
        added = word_score(first, live.game.rules.min_length)
        assert live.game.deadline == START + 60 + added
        await game.say("bob", second)
        await game.wait_for_guess("bob", second)
        moved = START + 60 + added + word_score(second, live.game.rules.min_length)
        assert live.game.deadline == moved
        await ticks(game)  # the runner saw the clock, stored the deadline
        assert game.query("SELECT deadline, timer FROM rounds") == [(moved, "bonus")]
    clock.advance(5)
    async with bot_session(standin, database, clock, lexicon) as game:
        assert game.live().game.deadline == moved
        clock.now = moved - 0.5
        await ticks(game)  # the runner saw the clock, stored the deadline
        assert game.query("SELECT state FROM rounds") == [("running",)]
        clock.now = moved
        results = await game.results()
        assert "Round over" in results.content
        assert game.query("SELECT state, ended_at FROM rounds") == [("finished", moved)]


async def test_an_untimed_round_ends_after_its_quiet_spell(
    standin: StandIn, database: Path, lexicon: Lexicon
) -> None:
    clock = StoppedClock(START)
    async with bot_session(standin, database, clock, lexicon) as game:
        live, board = await game.start_round("alice", size=4, timer="untimed", quiet="1m")
        assert "No clock: the round ends after 1m with no new word" in board.content
        assert "<t:" not in board.content  # no countdown
        word = game.words(live, 1)[0]
        clock.advance(50)
        await game.say("bob", word)
        await game.wait_for_guess("bob", word)
        assert live.game.deadline == START + 110
        clock.advance(59)  # 59 s quiet: still on
        await ticks(game)  # the runner saw the clock, stored the deadline
        assert game.query("SELECT state, deadline FROM rounds") == [("running", START + 110)]
        clock.advance(1)
        results = await game.results()
        assert "Round over" in results.content


async def test_an_untimed_round_ends_by_stop_and_by_every_word(
    standin: StandIn, database: Path, lexicon: Lexicon
) -> None:
    clock = StoppedClock(START)
    async with bot_session(standin, database, clock, lexicon) as game:
        await game.start_round("alice", size=4, timer="untimed")
        stop = await standin.slash("boggle", "alice", "boggle stop", {})
        await stop.followup()
        first = await game.results()
        clock.advance(1)
        live, board = await game.start_round("alice", size=4, timer="untimed", min_length=6)
        assert "after 5m with no new word" in board.content  # the default quiet spell
        words = sorted(live.game.solution)
        for start in range(0, len(words), 50):
            await game.say("carol", " ".join(words[start : start + 50]))
        await standin.wait_until(
            lambda: sum("Round over" in m.content for m in standin.messages("boggle")) == 2
        )
        assert game.query("SELECT COUNT(*) FROM rounds WHERE state = 'finished'") == [(2,)]
        assert first.id < max(m.id for m in standin.messages("boggle"))


async def test_options_that_do_not_fit_a_timer_are_refused_in_one_line(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with bot_session(standin, database, clock, lexicon) as game:
        for options, said in (
            ({"timer": "untimed", "time": "3m"}, "an untimed round has no clock"),
            ({"quiet": "2m"}, "quiet: is for untimed rounds only"),
        ):
            handle = await standin.slash("boggle", "alice", "boggle start", options)
            answer = await handle.response()
            data = answer.get("data") or {}
            shown = data["content"] if "content" in data else (await handle.followup()).content
            assert said in shown and "\n" not in shown.strip(), shown
        assert game.query("SELECT COUNT(*) FROM rounds") == [(0,)]


async def test_a_coop_board_shows_the_teams_target_from_the_start(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with bot_session(standin, database, clock, lexicon) as game:
        live, board = await game.start_round("alice", size=4, time="3m", mode="coop")
        min_length = live.game.rules.min_length
        solution = solve(Board.parse(live.stored.board), lexicon, min_length)
        best = sum(word_score(w, min_length) for w in solution)
        bronze = -(-best // 4)  # a quarter of the board's points, rounded up
        target = f"🤝 Team: 0 of {best} points (0%) · next: 🥉 bronze at {bronze} pt"
        assert target in board.content, board.content
