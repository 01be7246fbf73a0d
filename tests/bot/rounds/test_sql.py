"""The rounds' SQL (``bot/rounds/sql.py``) against real databases: one running round per
channel, guesses and accepted words, the finish once. Tests taking ``storage`` or
``store_target`` run on both engines (tests/bot/conftest.py); those about SQLite's plans take
``sqlite_storage``."""

from __future__ import annotations

import asyncio
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rounds.model import AcceptedWord, GuessRow
from bot.rounds.statements import RUNNING_ROUND_SQL, UNFINISHED_ROUNDS_SQL
from bot.rounds.store import Totals
from bot.standings.model import LeaderboardEntry
from bot.storage import ChannelBusy, StorageError
from bot.storage.database import Session
from bot.stores import Storage
from bot.stores.sqlite import SQLiteStorage
from core.board import Board
from core.lexicon import Lexicon
from core.round import Mode, Round, Rules, Verdict, tally
from tests.bot.rounds.stored import ACCEPTED, BOARD, WORDS, accepted, new_round, plan, results_for
from tests.stores import StoreTarget

BIG = 2**62  # a Discord id past 32 bits


async def test_one_running_round_per_channel(storage: Storage) -> None:
    first = await new_round(storage, channel_id=10)
    assert first.board == Board.parse(BOARD).text() and first.size == 4 and first.running
    with pytest.raises(ChannelBusy) as busy:
        await new_round(storage, channel_id=10)
    assert busy.value.round_id == first.id and busy.value.channel_id == 10
    other = await new_round(storage, channel_id=11)  # another channel is free
    assert await storage.running_round(10) == first
    assert await storage.running_round(12) is None
    assert await storage.unfinished_rounds() == [first, other]
    await storage.finish_round(first.id, results_for({}), 1200.0, {})
    again = await new_round(storage, channel_id=10)  # a finished round frees the channel
    assert again.id != first.id


async def test_the_index_refuses_a_second_running_round_even_without_the_check(
    storage: Storage, store_target: StoreTarget
) -> None:
    await new_round(storage, channel_id=10)
    with pytest.raises(store_target.constraint_error):
        await store_target.execute(
            "INSERT INTO rounds (guild_id, channel_id, starter_id, board, dice, size, mode,"
            " min_length, started_at, deadline) VALUES (1, 10, 1, 'x', 'd', 4, 'classic', 3, 0, 1)"
        )


async def test_two_processes_starting_a_round_in_one_channel_get_one(
    store_target: StoreTarget,
) -> None:
    """The database decides, not a lock inside one process: every other start is ChannelBusy."""
    stores = [await store_target.open() for _ in range(4)]
    try:
        outcomes = await asyncio.gather(
            *(new_round(s, channel_id=10) for s in stores), return_exceptions=True
        )
    finally:
        for store in stores:
            await store.close()
    started = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(started) == 1
    busy = [o for o in outcomes if isinstance(o, ChannelBusy)]
    assert len(busy) == 3 and {b.round_id for b in busy} == {started[0].id}


async def test_discord_ids_beyond_32_bits_come_back_exactly(storage: Storage) -> None:
    guild, channel, player = 1_234_567_890_123_456_789, 987_654_321_098_765_432, 2**62 + 7
    stored = await new_round(storage, guild_id=guild, channel_id=channel, starter_id=player)
    await storage.set_round_messages(stored.id, board_message_id=2**63 - 1)
    await storage.record_guesses([accepted(stored.id, player, "cat", 1.25)])
    await storage.finish_round(stored.id, results_for({player: ["cat"]}), 2.5, {player: "Big"})
    again = await storage.get_round(stored.id)
    assert again is not None and (again.guild_id, again.channel_id, again.starter_id) == (
        guild,
        channel,
        player,
    )
    assert again.board_message_id == 2**63 - 1
    assert await storage.accepted_words(stored.id) == [(player, "cat", 1.25)]
    assert await storage.leaderboard(guild, 10) == [LeaderboardEntry(1, player, "Big", 1, 1, 1)]
    assert await storage.display_names(guild, [player, 5]) == {player: "Big"}


async def test_round_messages_are_remembered(storage: Storage) -> None:
    stored = await new_round(storage)
    await storage.set_round_messages(stored.id, board_message_id=111)
    await storage.set_round_messages(stored.id, status_message_id=222)
    again = await storage.get_round(stored.id)
    assert again is not None
    assert (again.board_message_id, again.status_message_id) == (111, 222)


async def test_an_accepted_word_counts_once(storage: Storage, store_target: StoreTarget) -> None:
    stored = await new_round(storage)
    await storage.record_guesses(
        [accepted(stored.id, 1, "cat", 1.0), accepted(stored.id, 1, "cat", 2.0)]
    )
    await storage.record_guesses(
        [
            accepted(stored.id, 1, "cat", 3.0),
            accepted(stored.id, 2, "cat", 3.5),  # another player: their own find
            GuessRow(stored.id, 1, "zzz", Verdict.NOT_A_WORD, 0, 4.0),
        ]
    )
    assert await store_target.value("SELECT COUNT(*) FROM guesses") == 5  # every guess is logged
    assert await storage.accepted_words(stored.id) == [(1, "cat", 1.0), (2, "cat", 3.5)]


async def test_accepted_words_come_back_in_acceptance_order(storage: Storage) -> None:
    stored = await new_round(storage)
    other = await new_round(storage, channel_id=11)
    rows = [
        accepted(stored.id, 2, "dog", 5.0),
        accepted(other.id, 9, "cat", 5.5),
        accepted(stored.id, 1, "cat", 6.0),
        accepted(stored.id, 2, "act", 6.0),
        accepted(stored.id, 1, "dogs", 7.0),
    ]
    await storage.record_guesses(rows[:2])
    await storage.record_guesses(rows[2:])
    assert await storage.accepted_words(stored.id) == [
        (2, "dog", 5.0),
        (1, "cat", 6.0),
        (2, "act", 6.0),
        (1, "dogs", 7.0),
    ]


@settings(max_examples=25, deadline=None)
@given(
    guesses=st.lists(
        st.tuples(st.integers(1, 3), st.sampled_from(WORDS[:5]), st.booleans()), max_size=30
    ),
    cuts=st.lists(st.integers(0, 30), max_size=4),
)
def test_accepted_words_are_the_first_acceptances_in_order(
    guesses: list[tuple[int, str, bool]], cuts: list[int]
) -> None:
    async def run() -> list[AcceptedWord]:
        store = await Storage.open(":memory:")
        stored = await new_round(store)
        rows = [
            GuessRow(stored.id, p, w, ACCEPTED if ok else Verdict.NOT_A_WORD, 1, float(i))
            for i, (p, w, ok) in enumerate(guesses)
        ]
        bounds = [0, *sorted(cuts), len(rows)]
        for start, end in itertools.pairwise(bounds):
            await store.record_guesses(rows[start:end])
        words = await store.accepted_words(stored.id)
        await store.close()
        return words

    expected: dict[tuple[int, str], float] = {}
    for i, (p, w, ok) in enumerate(guesses):
        if ok:
            expected.setdefault((p, w), float(i))
    assert asyncio.run(run()) == [(p, w, at) for (p, w), at in expected.items()]


async def test_concurrent_writers_do_not_share_a_transaction(storage: Storage) -> None:
    stored = await new_round(storage)
    batches = [[accepted(stored.id, p, f"w{p}x{i}", i) for i in range(20)] for p in range(30)]
    await asyncio.gather(
        *(storage.record_guesses(b) for b in batches),
        *(new_round(storage, channel_id=100 + i) for i in range(10)),
    )
    assert len(await storage.accepted_words(stored.id)) == 600
    assert len(await storage.unfinished_rounds()) == 11


async def test_a_restart_finds_the_round_and_its_words(store_target: StoreTarget) -> None:
    store = await store_target.open()
    stored = await new_round(store, mode=Mode.RACE)
    await store.record_guesses(
        [accepted(stored.id, 2, "dog", 5.0), accepted(stored.id, 1, "cat", 6.0)]
    )
    await store.close()

    store = await store_target.open()
    try:
        [resumed] = await store.unfinished_rounds()
        assert resumed == stored and resumed.mode is Mode.RACE
        lexicon = Lexicon.from_words(WORDS)
        game = Round.start(
            Board.parse(resumed.board),
            lexicon,
            Rules(resumed.mode, resumed.min_length),
            resumed.deadline,
        )
        for player, word, at in await store.accepted_words(resumed.id):
            game.restore(player, word, at)
        assert game.words_of(2) == ["dog"] and game.words_of(1) == ["cat"]
        assert game.judge(1, "dog", 10.0).verdict is Verdict.TAKEN  # race: 2 found it first
    finally:
        await store.close()


async def test_finish_round_is_idempotent(storage: Storage, store_target: StoreTarget) -> None:
    stored = await new_round(storage)
    results = results_for({1: ["cats", "dog"], 2: ["dog"]})
    assert await storage.finish_round(stored.id, results, 1200.0, {1: "Ann", 2: "Bob"})
    assert not await storage.finish_round(stored.id, results, 1300.0, {1: "Ann", 2: "Bob"})
    assert await storage.unfinished_rounds() == []
    done = await storage.get_round(stored.id)
    assert done is not None and done.state == "finished" and done.ended_at == 1200.0
    board = await storage.leaderboard(1, limit=10)
    assert board == [
        LeaderboardEntry(1, 1, "Ann", 2, 1, 2),  # cats 1 + dog 1 (casual: every finder scores)
        LeaderboardEntry(2, 2, "Bob", 1, 1, 1),
    ]
    assert await store_target.value("SELECT COUNT(*) FROM round_results") == 2
    with pytest.raises(StorageError, match="does not exist"):
        await storage.finish_round(12345, results, 0.0, {})


async def test_a_round_finished_by_two_processes_at_once_counts_once(
    store_target: StoreTarget,
) -> None:
    stores = [await store_target.open() for _ in range(3)]
    try:
        stored = await new_round(stores[0])
        results = results_for({1: ["cats"], 2: ["dog"]})
        finished = await asyncio.gather(
            *(s.finish_round(stored.id, results, 1200.0, {1: "Ann"}) for s in stores)
        )
        assert sorted(finished) == [False, False, True]
        assert await stores[1].leaderboard(1, 10) == [
            LeaderboardEntry(1, 1, "Ann", 1, 1, 1),
            LeaderboardEntry(1, 2, None, 1, 1, 1),
        ]
    finally:
        for store in stores:
            await store.close()


async def test_results_keep_rank_and_cancelled_words(
    storage: Storage, store_target: StoreTarget
) -> None:
    stored = await new_round(storage)
    results = tally({w: () for w in WORDS}, {1: ["cats", "dog"], 2: ["dog"]}, Rules(Mode.CLASSIC))
    await storage.finish_round(stored.id, results, 1200.0, {})
    rows = await store_target.rows(
        "SELECT player_id, guild_id, points, words, rank, cancelled FROM round_results"
        " ORDER BY player_id"
    )
    assert rows == [(1, 1, 1, 2, 1, 1), (2, 1, 0, 1, 2, 1)]  # dog found twice: cancelled


async def test_running_rounds_are_found_through_partial_indexes(
    sqlite_storage: SQLiteStorage,
) -> None:
    assert await plan(sqlite_storage, RUNNING_ROUND_SQL, 10) == [
        "SEARCH rounds USING INDEX rounds_running_per_channel (channel_id=?)"
    ]
    assert await plan(sqlite_storage, UNFINISHED_ROUNDS_SQL) == [
        "SCAN rounds USING INDEX rounds_unfinished"
    ]


async def test_standings_equal_the_sum_of_results(
    storage: Storage, store_target: StoreTarget
) -> None:
    for n in range(6):
        stored = await new_round(storage, guild_id=1 + n % 2)
        found = {p: WORDS[p : p + n % 3 + 1] for p in range(n % 4 + 1)}
        await storage.finish_round(stored.id, results_for(found), float(n), {})
        await storage.finish_round(stored.id, results_for(found), float(n), {})
    summed = await store_target.rows(
        "SELECT guild_id, player_id, SUM(points), COUNT(*), SUM(words) FROM round_results"
        " GROUP BY guild_id, player_id ORDER BY 1, 2"
    )
    kept = await store_target.rows(
        "SELECT guild_id, user_id, points, rounds, words FROM standings ORDER BY 1, 2"
    )
    assert kept == summed


@pytest.mark.parametrize("mode", [Mode.CLASSIC, Mode.COOP])
async def test_a_finish_step_sees_the_standings_as_they_now_stand(
    storage: Storage, store_target: StoreTarget, mode: Mode
) -> None:
    """What another feature's part of a finish reads is what the standings hold once this round
    is counted (the standings' update hands it back), for every player, in the same transaction."""
    seen: list[dict[int, dict[str, object]]] = []

    async def step(totals: Totals, session: Session) -> None:
        seen.append({p: dict(row) for p, row in totals.items()})
        assert await session.fetch("SELECT COUNT(*) AS n FROM round_results") != []

    first = await new_round(storage, mode=mode)
    await storage.finish_round(first.id, results_for({1: ["cats", "dog"], 2: ["rent"]}), 1.0, {})
    second = await new_round(storage, channel_id=11, mode=mode)
    found = {1: ["mile", "lime", "net"], BIG: ["dogs"]}
    assert await storage.finish_round(second.id, results_for(found), 2.0, {}, step)
    kept = {
        row[0]: row[1:]
        for row in await store_target.rows(
            "SELECT user_id, words, rounds, wins, best, longest_word FROM standings"
        )
    }
    assert len(seen) == 1 and set(seen[0]) == {1, BIG}
    for player, row in seen[0].items():
        columns = ("words", "rounds", "wins", "best", "longest_word")
        assert tuple(row[c] for c in columns) == kept[player], player
    assert seen[0][1]["words"] == 5 and seen[0][BIG]["words"] == 1


async def test_a_failing_finish_step_undoes_the_whole_finish(
    storage: Storage, store_target: StoreTarget
) -> None:
    stored = await new_round(storage)

    async def step(totals: Totals, session: Session) -> None:
        await session.execute("UPDATE standings SET words = words + 100")
        raise RuntimeError("the step failed")

    results = results_for({1: ["cats", "dog"]})
    with pytest.raises(RuntimeError):
        await storage.finish_round(stored.id, results, 1.0, {1: "Ann"}, step)
    assert await store_target.value("SELECT COUNT(*) FROM standings") == 0
    assert await store_target.value("SELECT COUNT(*) FROM round_results") == 0
    assert [r.id for r in await storage.unfinished_rounds()] == [stored.id]
    assert await storage.finish_round(stored.id, results, 1.0, {1: "Ann"})  # tried again: kept
    assert await store_target.value("SELECT words FROM standings") == 2
