"""The edges of a round: guesses right after the board, results through a 429 storm and across a
restart, what chat players are told of each word, shutdown while Discord fails."""

from __future__ import annotations

import asyncio
import random
import re
import signal
import time
from pathlib import Path

from bot.rounds.discord import channel_view_of
from bot.stores import Storage
from core.board import Board
from core.lexicon import Lexicon
from core.solver import solve
from standin import StandIn
from standin.recorder import TranscriptEntry
from standin.state import StoredMessage
from tests.bot.harness import (
    REPO,
    Clock,
    Harness,
    bot_env,
    bot_session,
    query,
    read_board,
    spawn_bot,
    wait_for_rows,
)
from tests.bot.waits import edits, next_edit

SEND = "POST /channels/{channel_id}/messages"
EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
REACTION = "PUT /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"
ROUND_OVER = "Round over"


def grid_of(content: str) -> list[str]:
    """The grid lines of a posted board message."""
    return content.split("```")[1].strip("\n").splitlines()


async def test_guesses_typed_as_20_boards_appear_all_count(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    """20 rounds start at once; in each channel three players guess 2-20 ms after the board
    appears (two of them the same word). Every guess counts: the shared word is cancelled."""
    guild = next(iter(standin.world.guilds.values()))
    rooms = [f"room{i}" for i in range(20)]
    for room in rooms:
        standin.world.add_channel(guild.id, room)
    rng = random.Random(7)
    words: dict[int, tuple[str, str]] = {}
    typing: list[asyncio.Task[object]] = []
    loop = asyncio.get_running_loop()

    def type_word(channel_id: int, player: str, word: str) -> None:
        typing.append(asyncio.ensure_future(standin.user_says(channel_id, player, word)))

    def on_board(entry: TranscriptEntry) -> None:
        if entry.kind != "message" or not entry.by_bot or "```" not in entry.content:
            return
        if entry.channel_id in words:
            return
        solution = sorted(solve(read_board(grid_of(entry.content)), lexicon, 3), key=len)
        shared, own = solution[0], solution[1]
        words[entry.channel_id] = (shared, own)
        for player, word in (("alice", shared), ("bob", shared), ("carol", own)):
            loop.call_later(rng.uniform(0.002, 0.02), type_word, entry.channel_id, player, word)

    standin.on_transcript(on_board)
    async with bot_session(standin, database, clock, lexicon) as game:
        handles = await asyncio.gather(
            *(standin.slash(room, "alice", "boggle start", {"size": 4}) for room in rooms)
        )
        for handle in handles:
            assert "Round started" in (await handle.followup(timeout=10)).content
        await standin.wait_until(lambda: len(typing) == 60, timeout=10)
        await asyncio.gather(*typing)
        expected = sorted(
            (game.user_id(p), w)
            for shared, own in words.values()
            for p, w in (("alice", shared), ("bob", shared), ("carol", own))
        )
        await game.guesses_stored(len(expected), timeout=10)  # every word typed, committed
        rows = sorted(game.query("SELECT player_id, word FROM found_words"))
        assert len(words) == 20
        assert rows == expected

        clock.advance(200)
        await standin.wait_until(
            lambda: game.query("SELECT COUNT(*) FROM rounds WHERE state = 'finished'") == [(20,)],
            timeout=10,
        )
        carol = game.user_id("carol")
        for player, points in game.query("SELECT player_id, points FROM round_results"):
            assert (points > 0) == (player == carol)  # alice and bob's shared word: cancelled


async def test_results_reach_the_channel_through_a_429_storm(game: Harness) -> None:
    live, _ = await game.start_round("alice", size=4, time="1m")
    [word] = game.words(live, 1)
    await game.say("alice", word)
    await game.wait_for_guess("alice", word)

    game.standin.faults.rate_limit(SEND, times=1_000_000, retry_after=0.05)
    game.clock.advance(live.game.deadline - game.clock() + 1)
    await wait_for_rows(game.database, "SELECT state FROM rounds", [("finished",)])
    # The results are tried again and again against the 429s: none gets through.
    await game.standin.wait_until(lambda: len(game.standin.calls_to(SEND)) > 5, timeout=10)
    assert not [m for m in game.standin.messages("boggle") if ROUND_OVER in m.content]
    game.standin.faults.clear()

    results = await game.results(timeout=15)
    assert word in game.text_since(results)
    await wait_for_rows(
        game.database, "SELECT results_posted_at IS NOT NULL FROM rounds", [(1,)], timeout=5
    )
    assert len([m for m in game.standin.messages("boggle") if ROUND_OVER in m.content]) == 1


async def test_results_stored_in_a_storm_are_posted_after_a_restart_once(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with bot_session(standin, database, clock, lexicon) as game:
        live, _ = await game.start_round("alice", size=4, time="1m")
        [word] = game.words(live, 1)
        await game.say("alice", word)
        await game.wait_for_guess("alice", word)
        standin.faults.rate_limit(SEND, times=1_000_000, retry_after=0.05)
        clock.advance(live.game.deadline - clock() + 1)
        await wait_for_rows(database, "SELECT state FROM rounds", [("finished",)])
        stopping = time.monotonic()
    assert time.monotonic() - stopping < 10  # shutdown does not wait for the storm to end
    assert query(database, "SELECT results_posted_at FROM rounds") == [(None,)]
    standin.faults.clear()

    def results_posted() -> list[StoredMessage]:
        return [m for m in standin.messages("boggle") if ROUND_OVER in m.content]

    async with bot_session(standin, database, clock, lexicon) as game:
        await standin.wait_until(results_posted, timeout=10)
        assert word in game.text_since(results_posted()[0])
        await wait_for_rows(
            database, "SELECT results_posted_at IS NOT NULL FROM rounds", [(1,)], timeout=5
        )
    async with bot_session(standin, database, clock, lexicon) as game:
        await game.services.scheduler.caught_up()  # what is owed is out: nothing is
    assert len(results_posted()) == 1


async def test_chat_players_see_each_word_and_why_it_failed(game: Harness) -> None:
    """`rabies zzzz ab quilt`: the live status names the accepted word and the three others with
    their reasons, without a message or reaction for each."""
    live, board = await game.start_round("alice", size=4, time="3m", mode="race")
    first, second = game.words(live, 2, min_len=4)
    missing = game.word_not_on_board(live)
    before = game.standin.api_call_count
    await game.say("alice", f"{first} zzzz ab {missing}")
    await game.say("bob", f"{second}")
    await game.guesses_stored(5)
    game.clock.advance(3)  # an edit is due

    def status() -> str:
        return game.standin.world.messages[board.id].content

    await game.standin.wait_until(lambda: second in status(), timeout=5)
    alice = next(line for line in status().splitlines() if line.startswith("Alice"))
    assert f"✅ {first}" in alice
    assert "zzzz (not a word)" in alice and "ab (too short)" in alice
    assert f"{missing} (not on the board)" in alice
    assert "✅" in next(line for line in status().splitlines() if line.startswith("Bob"))
    calls = game.standin.api_call_count - before
    assert calls <= 4  # at most two reactions and the edits: nothing per refused word

    # The next edit shows only what is new.
    await game.say("alice", second)
    await game.guesses_stored(6)
    game.clock.advance(3)
    await game.standin.wait_until(lambda: "(taken)" in status(), timeout=5)
    alice = next(line for line in status().splitlines() if line.startswith("Alice"))
    assert first not in alice and "zzzz" not in alice


async def test_every_accepted_word_is_named_when_reactions_run_out(game: Harness) -> None:
    """A lively channel: far more accepted words than the reaction budget; each one is named to
    its player on the board within a few seconds."""
    live, board = await game.start_round("alice", size=4, time="3m", mode="casual")
    words = game.words(live, 20)
    for i, word in enumerate(words):
        await game.say(("alice", "bob", "carol")[i % 3], word)
    await game.guesses_stored(20)
    reactions = [e for e in game.standin.transcript("boggle") if e.kind == "reaction"]
    assert len(reactions) < 20  # the budget ran out

    named: set[str] = set()

    def collect() -> bool:
        for entry in game.standin.transcript("boggle"):
            if entry.kind == "edit" and entry.message_id == board.id:
                for part in re.findall(r"✅ ([^·\n]+)", entry.content):
                    named.update(w.strip() for w in part.split(","))
        return named >= set(words)

    for _ in range(10):  # about 2 s a tick of the edit timer; a few are enough
        if collect():
            break
        since = edits(game.standin, "boggle", board.id)
        game.clock.advance(2.5)
        await next_edit(game.standin, "boggle", board.id, since)
    assert collect(), named


async def test_classic_live_status_shows_only_what_is_certain(game: Harness) -> None:
    live, board = await game.start_round("alice", size=4, time="3m")
    shared, own = game.words(live, 2)
    await game.say("alice", f"{shared} {own}")
    await game.say("bob", shared)
    await game.guesses_stored(3)
    game.clock.advance(3)

    def status() -> str:
        return game.standin.world.messages[board.id].content

    def alice() -> str:
        return next((line for line in status().splitlines() if line.startswith("Alice")), "")

    for _ in range(5):  # an edit may come before the words are committed; the next names them
        since = edits(game.standin, "boggle", board.id)
        game.clock.advance(2.5)
        await next_edit(game.standin, "boggle", board.id, since)
        if "✅" in alice() and "Bob" in status():
            break
    assert "✅" in alice() and "Bob" in status(), status()
    assert alice().startswith("Alice · 2 words ·") and "pt" not in alice().split("✅")[0]
    assert "scores for nobody" in status()

    await game.end_round()
    await game.standin.wait_until(lambda: "Time is up" in status(), timeout=5)
    points = live.game.points_of(own)
    assert f"Alice · 2 words · {points} pt" in status()


async def test_sigterm_while_rounds_end_and_discord_fails(
    standin: StandIn, database: Path, lexicon: Lexicon, tmp_path: Path
) -> None:
    """The API answers 500 to every message while a round is ending: SIGTERM still exits 0
    within 10 s, with the results and every accepted word stored."""
    env = bot_env(
        tmp_path,
        DISCORD_TOKEN="standin.fake.token",
        DISCORD_API_BASE=standin.api_base,
        DISCORD_GATEWAY_URL=standin.gateway_url,
        BOGGLE_DATABASE=str(database),
    )
    process = await spawn_bot(env, REPO)
    try:
        await standin.wait_for_connection(timeout=60)
        handle = await standin.slash("boggle", "alice", "boggle start", {"time": "2m"})
        assert "Round started" in (await handle.followup(timeout=10)).content
        [(text, min_length)] = query(database, "SELECT board, min_length FROM rounds")
        word = min(solve(Board.parse(text), lexicon, min_length), key=len)
        await standin.user_says("boggle", "alice", word)
        await wait_for_rows(database, "SELECT word FROM found_words", [(word,)])

        for route in (SEND, EDIT, REACTION):
            standin.faults.server_error(route, times=1_000_000)
        await standin.slash("boggle", "alice", "boggle stop")
        await wait_for_rows(database, "SELECT state FROM rounds", [("finished",)])
        # The round's last posts (its final status, then its results) are being retried.
        await standin.wait_until(
            lambda: any(c.status >= 500 for r in (SEND, EDIT) for c in standin.calls_to(r)), 10
        )
        sent = time.monotonic()
        process.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(process.wait(), 20)
        took = time.monotonic() - sent
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert code == 0
    assert took < 10, f"shutdown took {took:.1f} s"
    assert query(database, "SELECT COUNT(*) FROM round_results WHERE points > 0") == [(1,)]


async def test_a_round_another_process_finished_is_not_posted_twice(game: Harness) -> None:
    """Two processes ended the same round (a lost claim, say): the one whose finish found the
    round already finished posts nothing; the results are the first finisher's to post."""
    live, board = await game.start_round("alice", size=4)
    other = await Storage.open(game.database)  # another process on the same database
    try:
        assert await other.finish_round(live.id, live.game.results(), game.clock(), {})
    finally:
        await other.close()
    assert (
        await game.services.rounds.live_rounds.stop(game.channel_id(), wait=10) is live
    )  # finished by then
    await channel_view_of(game.bot).feedback.drain()
    assert game.services.rounds.running(game.channel_id()) is None
    assert not [m for m in game.standin.messages("boggle") if m.id > board.id and m.embeds]
