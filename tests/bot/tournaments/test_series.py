"""A series tournament through the real client and the stand-in: sign-up with Join/Leave, the
organiser's start, rounds back to back, only entrants' words counting, the standings computed
independently from core's scoring, and the podium."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from core.lexicon import Lexicon
from core.tournament import Format, standings
from core.tournament import round_scores as scores_of
from standin import StandIn
from tests.bot.harness import Clock, Harness, bot_session


def rounds_played(game: Harness, rounds: int) -> Callable[[], bool]:
    """Whether the tournament has played ``rounds`` rounds, as its row says."""
    return lambda: bool(game.query("SELECT played FROM tournaments")[0][0] == rounds)


async def test_a_two_round_series_with_a_non_entrant(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with bot_session(standin, database, clock, lexicon) as game:
        owner = standin.world.guilds[next(iter(standin.world.guilds))].owner_id
        handle = await standin.slash(
            "boggle", owner, "tournament create", {"name": "Cup", "rounds": 2, "pause": "0"}
        )
        reply = await handle.followup()
        assert "Tournament created" in reply.content, reply.content
        signup = await standin.wait_for_message("boggle", lambda m: "Cup" in m.content, after=0)
        tid = game.query("SELECT id FROM tournaments")[0][0]
        for user in ("alice", "bob", "carol"):
            answer = await (
                await standin.click(signup, user, f"tournament:join:{tid}")
            ).original_message()
            assert "You are in" in answer.content
        await (await standin.click(signup, "carol", f"tournament:leave:{tid}")).original_message()
        await standin.wait_until(lambda: "Alice, Bob" in standin.world.messages[signup.id].content)

        start = await standin.slash("boggle", owner, "tournament start")
        assert "starts now" in (await start.original_message()).content
        alice, bob, carol = (game.user_id(n) for n in ("alice", "bob", "carol"))
        seen: set[int] = set()
        rounds = game.services.rounds
        for number in (1, 2):
            await standin.wait_until(
                lambda: (
                    (r := rounds.live.get(game.channel_id())) is not None
                    and r.posted
                    and r.id not in seen
                ),
                timeout=10,
            )
            live = game.live()
            seen.add(live.id)
            assert live.stored.entrant_ids == frozenset({alice, bob})
            first, second, third = game.words(live, 3)
            await game.say("alice", f"{first} {second}")
            await game.say("bob", second)
            await game.say("carol", third)  # not entered: never counts
            await game.wait_for_guess("bob", second)
            await game.end_round()
            await standin.wait_until(rounds_played(game, number), timeout=10)
        podium = await standin.wait_for_message(
            "boggle", lambda m: "podium" in m.content, timeout=10, after=0
        )
        assert podium.attachments and podium.attachments[0].filename == "podium.png"
        await standin.wait_until(
            lambda: game.query("SELECT state FROM tournaments") == [("finished",)]
        )
        assert game.query("SELECT COUNT(*) FROM guesses WHERE player_id = ?", (carol,)) == [(0,)]
        # The standings, computed independently from the stored words with core's scoring.
        played = []
        for (round_id,) in game.query("SELECT round_id FROM tournament_rounds ORDER BY number"):
            finished = await game.services.rounds.finished_results(round_id)
            assert finished is not None
            stored, results = finished
            accepted = game.query(
                "SELECT player_id, word, at FROM found_words WHERE round_id = ?", (round_id,)
            )
            played.append(scores_of(results, accepted, stored.started_at, [alice, bob]))
        expected = standings(Format.SERIES, [alice, bob], played, 2)
        places = game.query("SELECT user_id, place, points FROM tournament_places ORDER BY place")
        assert places == [(p.player, p.place, p.points) for p in expected]
        assert expected[0].player == alice  # alice found two words each round, bob's one shared
