"""Restarts of the real bot: a round lives in SQLite, so the next process picks it up."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from core.board import Board
from core.lexicon import Lexicon
from core.round import Mode, Round, Rules
from standin import StandIn
from tests.bot.harness import REPO, Clock, Harness, bot_session, query


async def test_round_runs_on_across_a_restart(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    alice, bob, carol = (standin.user(n).id for n in ("alice", "bob", "carol"))
    async with bot_session(standin, database, clock, lexicon) as game:
        live, board = await game.start_round("alice", size=4, time="3m")
        first, second, third, fourth = game.words(live, 4)
        await game.say("alice", first)
        await game.say("bob", f"{second} {first}")
        await game.guesses_stored(3)
        assert found_words(game) == [(alice, first), (bob, second), (bob, first)]
    # Closed as at shutdown: the round is still running in the database.
    assert game.query("SELECT id, state FROM rounds") == [(live.id, "running")]

    clock.advance(60)
    async with bot_session(standin, database, clock, lexicon) as game:
        resumed = game.live()
        assert (resumed.id, resumed.game.deadline) == (live.id, live.game.deadline)
        assert {p: set(w) for p, w in resumed.game.found.items()} == {
            alice: {first},
            bob: {second, first},
        }
        await game.say("alice", f"{third} {first}")  # the repeat is known after the restart
        await game.say("carol", fourth)
        rows = await game.guesses_stored(6)
        points = live.game.points_of
        assert rows[3:] == [
            (alice, third, "accepted", points(third)),
            (alice, first, "already_found", 0),
            (carol, fourth, "accepted", points(fourth)),
        ]

        results = await game.end_round()
        text = game.text_since(results)
        for word in (first, second, third, fourth):
            assert word in text
        # Bob only played before the restart; he is still named, not "player <id>".
        for name in ("Alice", "Bob", "Carol"):
            assert name in text
        await standin.wait_until(lambda: "Time is up" in standin.world.messages[board.id].content)
        assert game.query("SELECT state FROM rounds") == [("finished",)]
        assert found_words(game) == [
            (alice, first),
            (bob, second),
            (bob, first),
            (alice, third),
            (carol, fourth),
        ]
        standings: dict[int, int] = dict(game.query("SELECT user_id, points FROM standings"))
        assert standings == {alice: points(third), bob: points(second), carol: points(fourth)}
        names: dict[int, str] = dict(game.query("SELECT user_id, display_name FROM players"))
        assert names == {alice: "Alice", bob: "Bob", carol: "Carol"}


async def test_results_posted_when_the_deadline_passed_while_down(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with bot_session(standin, database, clock, lexicon) as game:
        live, _ = await game.start_round("alice", size=4, time="1m")
        word, other = game.words(live, 2)
        await game.say("alice", word)
        await game.say("bob", other)
        await game.guesses_stored(2)

    clock.advance(600)
    async with bot_session(standin, database, clock, lexicon) as game:
        results = await game.results(timeout=10.0)  # promptly, with room for a busy CI
        text = game.text_since(results)
        assert word in text and other in text and "Alice" in text and "Bob" in text
        assert game.query("SELECT state, ended_at >= deadline FROM rounds") == [("finished", 1)]
        assert game.services.rounds.live == {}
        standings: dict[int, int] = dict(game.query("SELECT user_id, points FROM standings"))
        assert standings == {
            game.user_id("alice"): live.game.points_of(word),
            game.user_id("bob"): live.game.points_of(other),
        }


# A bot process of its own, so that it can really be killed: no close(), no flush, no goodbye.
_CRASHING_BOT = """
import asyncio, sys
from bot.app import App
from bot.discord.endpoints import point_discord_at
from bot.config.settings import Settings
from bot.services import Tuning
from core.lexicon import Lexicon

api_base, gateway_url, database, lexicon_file = sys.argv[1:]
point_discord_at(api_base, gateway_url)

async def main():
    with open(lexicon_file, "rb") as f:
        lexicon = Lexicon.from_bytes(f.read())
    app = App(
        Settings(database=database),
        Tuning(lexicons={"en": lexicon}, tick=0.02),
        guild_ready_timeout=0.05,
    )
    async def ready():
        print("ready", flush=True)

    app.client.add_listener(ready, "on_ready")
    await app.client.start("standin.fake.token")

asyncio.run(main())
"""


async def test_accepted_word_survives_a_kill(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon, tmp_path: Path
) -> None:
    """A crash: the bot process gets SIGKILL, so nothing runs at exit.

    What a crash can cost is what the writer had not yet committed. The check: once the ✅
    reaction is posted, the word is in the database (read by another connection, no flush
    asked for) within a bound set by the writer's 50 ms batching; then the process is killed
    and the next life restores the word and scores it.
    """
    lexicon_file = tmp_path / "lexicon.bin"
    lexicon_file.write_bytes(lexicon.to_bytes())
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        _CRASHING_BOT,
        standin.api_base,
        standin.gateway_url,
        str(database),
        str(lexicon_file),
        stdout=asyncio.subprocess.PIPE,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    try:
        assert process.stdout is not None
        assert await asyncio.wait_for(process.stdout.readline(), 30) == b"ready\n"
        handle = await standin.slash("boggle", "alice", "boggle start", {"time": "2m"})
        assert "Round started" in (await handle.followup()).content
        [(text, min_length)] = query(database, "SELECT board, min_length FROM rounds")
        rules = Rules(Mode.CLASSIC, min_length)
        word = min(Round.start(Board.parse(text), lexicon, rules, 0).solution, key=len)
        said = await standin.user_says("boggle", "alice", word)
        await standin.wait_for_transcript(
            "boggle", lambda e: e.kind == "reaction" and e.message_id == said.id
        )
        # The ✅ waits for the commit: the row is there by the time it shows.
        assert query(database, "SELECT word FROM found_words") == [(word,)]
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGKILL)
        await process.wait()
    assert process.returncode == -signal.SIGKILL

    async with bot_session(standin, database, clock, lexicon) as game:
        live = game.live()
        assert set(live.game.found[game.user_id("alice")]) == {word}
        results = await game.end_round()
        assert word in game.text_since(results)
        # The name was never stored (no clean close): the bot asked Discord for it.
        assert "Alice" in game.text_since(results)
        assert standin.calls_to("GET /guilds/{guild_id}/members/{user_id}")
        standings = game.query("SELECT user_id, points FROM standings")
        assert standings == [(game.user_id("alice"), live.game.points_of(word))]


async def test_late_guesses_are_refused_and_never_count(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    slow_runner = {"tick": 60.0}  # the runner will not notice the deadline during the test
    async with bot_session(standin, database, clock, lexicon, tuning=slow_runner) as game:
        live, _ = await game.start_round("alice", size=4, time="1m")
        early, late, later = game.words(live, 3)
        await game.say("alice", early)
        await game.guesses_stored(1)

        clock.advance(live.game.deadline - clock() + 0.5)
        assert game.live().id == live.id  # the runner has not noticed yet
        late_message = await game.say("bob", late)
        handle = await standin.slash("boggle", "carol", "guess", {"words": later})
        reply = await handle.original_message()
        assert reply.ephemeral and later in reply.content
        rows = await game.guesses_stored(3)
        bob, carol = game.user_id("bob"), game.user_id("carol")
        assert rows[1:] == [(bob, late, "round_over", 0), (carol, later, "round_over", 0)]
        assert found_words(game) == [(game.user_id("alice"), early)]

        stop = await standin.slash("boggle", "alice", "boggle stop")
        await stop.followup()
        results = await game.results()
        text = game.text_since(results)
        assert "Bob" not in text and "Carol" not in text
        assert not any(
            e.kind == "reaction" and e.message_id == late_message.id
            for e in standin.transcript("boggle")
        )

        # The next round in the channel starts with nobody's words.
        second, _ = await game.start_round("alice", size=4, time="1m")
        assert second.id != live.id and second.game.found == {}
        await game.end_round()
        assert game.query("SELECT COUNT(*) FROM found_words WHERE round_id = ?", (second.id,)) == [
            (0,)
        ]
        standings = game.query("SELECT user_id, points, rounds FROM standings")
        assert standings == [(game.user_id("alice"), live.game.points_of(early), 1)]


def found_words(game: Harness) -> list[tuple[int, str]]:
    return game.query("SELECT player_id, word FROM found_words ORDER BY id")
