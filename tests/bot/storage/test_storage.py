"""Storage against real databases, SQLite files and PostgreSQL schemas: schema, rounds, guesses,
results, leaderboard, the writer. Tests taking ``storage`` or ``store_target`` run on both engines
(tests/bot/conftest.py); those about SQLite's files and plans take ``db_path``."""

from __future__ import annotations

import asyncio
import itertools
import re
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator, Iterable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.i18n.languages import DEFAULT_DICTIONARY, DEFAULT_LANGUAGE
from bot.kernel.model import AcceptedWord, GuessRow, LeaderboardEntry, StoredRound
from bot.storage import ChannelBusy, GuessWriter, RejectedWrite, StorageError, load_migrations
from bot.storage.sqlite import MIGRATIONS_DIR, split_statements
from bot.storage.statements import LEADERBOARD_SQL, RUNNING_ROUND_SQL, UNFINISHED_ROUNDS_SQL
from bot.stores import Storage
from bot.stores.sqlite import SQLiteStorage
from core.board import Board
from core.lexicon import Lexicon
from core.round import Mode, Results, Round, Rules, Verdict, tally
from tests.stores import StoreTarget

BOARD = "cato/dogs/rent/lime"
WORDS = ["cat", "cats", "dog", "dogs", "act", "tag", "rent", "lime", "mile", "ten", "net"]
ACCEPTED = Verdict.ACCEPTED


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "boggle.db"


@pytest.fixture
async def sqlite_storage(db_path: Path) -> AsyncIterator[SQLiteStorage]:
    store = await SQLiteStorage.open(db_path)
    yield store
    await store.close()


async def new_round(
    store: Storage,
    channel_id: int = 10,
    guild_id: int = 1,
    *,
    starter_id: int = 7,
    board: Board | None = None,
    mode: Mode = Mode.CLASSIC,
    started_at: float = 1000.0,
    deadline: float = 1180.0,
    excluded: Iterable[str] = (),
    hints: bool = False,
    language: str = DEFAULT_LANGUAGE,
    dictionary: str = DEFAULT_DICTIONARY,
) -> StoredRound:
    """A running 4x4 classic round of 3-letter words on ``BOARD``, started at 1000 for 180 s,
    unless told otherwise."""
    return await store.create_round(
        guild_id=guild_id,
        channel_id=channel_id,
        starter_id=starter_id,
        board=board or Board.parse(BOARD),
        dice="classic",
        mode=mode,
        min_length=3,
        started_at=started_at,
        deadline=deadline,
        excluded=excluded,
        hints=hints,
        language=language,
        dictionary=dictionary,
    )


def raw(path: Path) -> sqlite3.Connection:
    """A second, plain connection: what another process would see."""
    return sqlite3.connect(path, isolation_level=None)


def accepted(round_id: int, player: int, word: str, at: float) -> GuessRow:
    return GuessRow(round_id, player, word, ACCEPTED, len(word) - 2, at)


def results_for(found: dict[int, list[str]], words: list[str] = WORDS) -> Results:
    return tally({w: () for w in words}, found, Rules(Mode.CASUAL))


# --- opening and migrations -----------------------------------------------------------------


async def test_migrations_are_applied_and_recorded(
    storage: Storage, store_target: StoreTarget
) -> None:
    recorded = await store_target.rows("SELECT version, name FROM schema_migrations ORDER BY 1")
    assert recorded == [(m.version, m.name) for m in load_migrations(MIGRATIONS_DIR)]
    assert recorded[0] == (1, "initial")
    for table in ("rounds", "guesses", "found_words", "round_results", "players", "standings"):
        assert await store_target.value(f"SELECT COUNT(*) FROM {table}") == 0


async def test_reopening_applies_nothing_again(store_target: StoreTarget) -> None:
    await (await store_target.open()).close()
    before = await store_target.rows("SELECT * FROM schema_migrations ORDER BY 1")
    await (await store_target.open()).close()
    assert await store_target.rows("SELECT * FROM schema_migrations ORDER BY 1") == before


async def test_connection_settings(sqlite_storage: SQLiteStorage, db_path: Path) -> None:
    async def pragma(name: str) -> object:
        [(value,)] = await sqlite_storage._db.execute_fetchall(f"PRAGMA {name}")
        return value

    assert await pragma("journal_mode") == "wal"
    assert await pragma("foreign_keys") == 1
    assert await pragma("busy_timeout") == 5000
    with raw(db_path) as conn:  # WAL is a property of the file, seen by everyone
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    with pytest.raises(RejectedWrite):  # foreign keys enforced
        await sqlite_storage.record_guesses([accepted(999, 1, "cat", 1.0)])


async def test_memory_database_works() -> None:
    store = await Storage.open(":memory:")
    stored = await new_round(store)
    assert (await store.running_round(10)) == stored
    await store.close()


async def test_unreachable_path_is_a_storage_error(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="cannot"):
        await Storage.open(tmp_path / "no" / "such" / "folder" / "boggle.db")


async def test_database_newer_than_code_is_refused(store_target: StoreTarget) -> None:
    await (await store_target.open()).close()
    await store_target.execute("INSERT INTO schema_migrations VALUES (9999, 'from_the_future', 0)")
    with pytest.raises(StorageError, match="newer"):
        await store_target.open()
    assert await store_target.value("SELECT MAX(version) FROM schema_migrations") == 9999


@pytest.mark.parametrize(
    "content",
    [
        b"this is not a database, it is a shopping list\n" * 100,
        b"SQLite format 3\0" + b"\xff" * 4000,
    ],
)
async def test_garbage_file_is_refused(db_path: Path, content: bytes) -> None:
    await asyncio.to_thread(db_path.write_bytes, content)
    with pytest.raises(StorageError, match=r"not a database|damaged"):
        await Storage.open(db_path)


async def test_corrupted_database_is_refused(db_path: Path) -> None:
    store = await Storage.open(db_path)
    stored = await new_round(store)
    await store.record_guesses([accepted(stored.id, p, f"w{p}", p) for p in range(2000)])
    await store.close()
    with raw(db_path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(await asyncio.to_thread(db_path.read_bytes))
    for page in range(3, len(data) // page_size, 2):  # trample on every other b-tree page
        data[page * page_size : page * page_size + 64] = b"\x0d" + b"\xee" * 63
    await asyncio.to_thread(db_path.write_bytes, bytes(data))
    with pytest.raises(StorageError, match=re.escape(str(db_path))):
        await Storage.open(db_path)


async def test_failed_quick_check_is_refused(db_path: Path) -> None:
    await (await Storage.open(db_path)).close()
    with raw(db_path) as conn:  # a NULL where the schema says NOT NULL: only a check sees it
        conn.execute("CREATE TABLE notes (x)")
        conn.execute("INSERT INTO notes VALUES (NULL)")
        conn.execute("PRAGMA writable_schema = ON")
        conn.execute(
            "UPDATE sqlite_master SET sql = 'CREATE TABLE notes (x NOT NULL)' WHERE name = 'notes'"
        )
    with pytest.raises(StorageError, match=r"integrity check: NULL value in notes\.x"):
        await Storage.open(db_path)


async def test_someone_elses_database_is_refused(store_target: StoreTarget) -> None:
    await store_target.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
    with pytest.raises(StorageError, match="not this bot's database"):
        await store_target.open()
    # left as it was: no ledger of ours added
    assert await store_target.rows("SELECT COUNT(*) FROM invoices") == [(0,)]
    with pytest.raises(store_target.missing_table_error):
        await store_target.rows("SELECT * FROM schema_migrations")


async def test_migrations_run_in_order_and_a_failing_one_rolls_back(
    tmp_path: Path, store_target: StoreTarget
) -> None:
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "0001_first.sql").write_text("CREATE TABLE a (x INTEGER);")
    (folder / "0002_second.sql").write_text("INSERT INTO a VALUES (2);")
    (folder / "0003_broken.sql").write_text(
        "CREATE TABLE b (y INTEGER);\nINSERT INTO nowhere VALUES (1);"
    )
    with pytest.raises(StorageError, match=r"0003_broken\.sql failed"):
        await store_target.open(migrations_dir=folder)
    assert await store_target.rows("SELECT version FROM schema_migrations ORDER BY 1") == [
        (1,),
        (2,),
    ]
    assert await store_target.rows("SELECT x FROM a") == [(2,)]
    with pytest.raises(store_target.missing_table_error):
        await store_target.rows("SELECT * FROM b")


@pytest.mark.parametrize("name", ["1_short.sql", "0001-dash.sql", "0001_Upper.sql"])
async def test_badly_named_migration_is_an_error(tmp_path: Path, name: str) -> None:
    (tmp_path / name).write_text("SELECT 1;")
    with pytest.raises(StorageError, match="NNNN_description"):
        load_migrations(tmp_path)


def test_statements_split_where_sqlite_says() -> None:
    script = """
        -- a comment; with a semicolon
        CREATE TABLE t (x TEXT DEFAULT 'a;b');
        CREATE TRIGGER tr AFTER INSERT ON t BEGIN
            UPDATE t SET x = 'c;d'; DELETE FROM t WHERE 0;
        END; /* trailing; comment */
    """
    statements = split_statements(script)
    assert len(statements) == 2
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")
    with pytest.raises(StorageError, match="unterminated"):
        split_statements("SELECT 1; SELECT 2")


def test_migrations_folder_is_found_from_the_installed_package(tmp_path: Path) -> None:
    code = "from bot.storage.sqlite import MIGRATIONS_DIR as d; print(d); print(sorted(p.name for p in d.glob('*.sql'))[0])"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True
    ).stdout.split()
    assert Path(out[0]) == MIGRATIONS_DIR.resolve()
    assert out[1] == "0001_initial.sql"


# --- rounds --------------------------------------------------------------------------------


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


# --- guesses -------------------------------------------------------------------------------


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


# --- results and the leaderboard ------------------------------------------------------------


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


async def test_leaderboard_ranks_ties_together(storage: Storage) -> None:
    scores = {1: ["cats", "dogs"], 2: ["rent", "lime"], 3: ["cat"], 4: ["mile", "act", "ten"]}
    stored = await new_round(storage)
    await storage.finish_round(stored.id, results_for(scores), 1200.0, {1: "Ann", 2: "Bob"})
    second = await new_round(storage)
    await storage.finish_round(second.id, results_for({3: ["dog"], 5: ["net"]}), 1300.0, {})
    await storage.remember_names(1, {3: "Cy", 4: "Di"})

    board = await storage.leaderboard(1, limit=10)
    # 3 and 4 letter words score 1: player 4 has 3 points, players 1, 2 and 3 have 2 each
    assert [(e.rank, e.user_id, e.points) for e in board] == [
        (1, 4, 3),
        (2, 1, 2),
        (2, 2, 2),
        (2, 3, 2),
        (5, 5, 1),
    ]
    assert board[3] == LeaderboardEntry(2, 3, "Cy", 2, 2, 2)
    assert board[4].display_name is None
    assert await storage.leaderboard(1, limit=2) == board[:2]
    assert await storage.player_standing(1, 3) == board[3]
    assert await storage.player_standing(1, 5) == board[4]
    assert await storage.player_standing(1, 99) is None


async def test_leaderboards_are_per_guild(storage: Storage) -> None:
    here = await new_round(storage, guild_id=1, channel_id=10)
    there = await new_round(storage, guild_id=2, channel_id=20)
    await storage.finish_round(here.id, results_for({1: ["cats"]}), 1.0, {1: "Ann"})
    await storage.finish_round(there.id, results_for({1: ["cat"], 2: ["dogs"]}), 1.0, {1: "Annie"})
    assert await storage.leaderboard(1, limit=10) == [LeaderboardEntry(1, 1, "Ann", 1, 1, 1)]
    assert [
        (e.rank, e.user_id, e.display_name) for e in await storage.leaderboard(2, limit=10)
    ] == [
        (1, 1, "Annie"),
        (1, 2, None),
    ]
    assert await storage.player_standing(1, 2) is None
    assert await storage.leaderboard(3, limit=10) == []


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


async def plan(storage: SQLiteStorage, sql: str, *params: object) -> list[str]:
    return [
        row[3] for row in await storage._db.execute_fetchall("EXPLAIN QUERY PLAN " + sql, params)
    ]


async def test_leaderboard_reads_its_index(sqlite_storage: SQLiteStorage) -> None:
    details = await plan(sqlite_storage, LEADERBOARD_SQL, 1, 10)
    assert any("USING INDEX standings_leaderboard" in d for d in details), details
    assert not any(d.startswith("SCAN") for d in details), details
    assert not any("TEMP B-TREE" in d for d in details), details
    assert not any("round_results" in d for d in details), details


async def test_running_rounds_are_found_through_partial_indexes(
    sqlite_storage: SQLiteStorage,
) -> None:
    assert await plan(sqlite_storage, RUNNING_ROUND_SQL, 10) == [
        "SEARCH rounds USING INDEX rounds_running_per_channel (channel_id=?)"
    ]
    assert await plan(sqlite_storage, UNFINISHED_ROUNDS_SQL) == [
        "SCAN rounds USING INDEX rounds_unfinished"
    ]


async def test_names_are_updated(storage: Storage, store_target: StoreTarget) -> None:
    await storage.remember_names(1, {5: "Old"}, now=1.0)
    await storage.remember_names(1, {5: "New", 6: "Six"}, now=2.0)
    await storage.remember_names(2, {5: "Elsewhere"}, now=2.0)
    rows = await store_target.rows("SELECT * FROM players ORDER BY guild_id, user_id")
    assert rows == [(1, 5, "New", 2.0), (1, 6, "Six", 2.0), (2, 5, "Elsewhere", 2.0)]


# --- the guess writer -----------------------------------------------------------------------


async def test_writer_lands_every_row(storage: Storage, store_target: StoreTarget) -> None:
    stored = await new_round(storage)
    writer = GuessWriter(storage)
    batches: list[int] = []
    writer.on_commit = lambda batch: batches.append(len(batch))
    tickets = []
    for i in range(5000):
        verdict = ACCEPTED if i % 5 == 0 else Verdict.NOT_A_WORD
        tickets.append(
            writer.submit(GuessRow(stored.id, i % 7, f"w{i % 1500}", verdict, 1, float(i)))
        )
    assert tickets == list(range(1, 5001))
    await writer.wait_for(tickets[-1])
    assert writer.pending == 0
    # A backlog goes out in big batches, so it drains instead of growing.
    assert sum(batches) == 5000 and max(batches) == writer.backlog_batch_size
    assert await store_target.value("SELECT COUNT(*) FROM guesses") == 5000
    expected = {(i % 7, f"w{i % 1500}") for i in range(0, 5000, 5)}
    assert {(p, w) for p, w, _ in await storage.accepted_words(stored.id)} == expected
    await writer.close()
    with pytest.raises(RuntimeError):
        writer.submit(accepted(stored.id, 1, "cat", 1.0))


async def test_writer_flushes_on_its_own(storage: Storage, store_target: StoreTarget) -> None:
    stored = await new_round(storage)
    async with GuessWriter(storage, interval=0.01) as writer:
        writer.submit(accepted(stored.id, 1, "cat", 1.0))
        for _ in range(200):  # the commit is visible here a moment before the writer hears it
            if writer.pending == 0:
                break
            await asyncio.sleep(0.01)
        assert writer.pending == 0
        assert await store_target.value("SELECT COUNT(*) FROM found_words") == 1


@pytest.mark.parametrize("busy_timeout", [5.0, 0.02], ids=["waits", "retries"])
async def test_writer_survives_a_locked_database(
    store_target: StoreTarget, busy_timeout: float
) -> None:
    store = await store_target.open(busy_timeout=busy_timeout)
    stored = await new_round(store)
    blocker = await store_target.block_writes_for("guesses", 0.3)  # another process's lock
    writer = GuessWriter(store, interval=0.01)
    try:
        for i in range(500):
            writer.submit(accepted(stored.id, i % 3, f"w{i}", float(i)))
            if i % 100 == 0:
                await asyncio.sleep(0.02)
        await writer.flush()
    finally:
        await blocker
        await writer.close()
        await store.close()
    assert await store_target.value("SELECT COUNT(*) FROM guesses") == 500
    assert await store_target.value("SELECT COUNT(*) FROM found_words") == 500
    if busy_timeout < 0.3:
        assert writer.retries > 0


async def test_writer_sets_aside_only_the_row_the_database_refuses(storage: Storage) -> None:
    stored = await new_round(storage)
    async with GuessWriter(storage) as writer:
        writer.submit(accepted(stored.id, 1, "cat", 1.0))
        writer.submit(accepted(424242, 1, "dog", 2.0))  # no such round
        writer.submit(accepted(stored.id, 1, "dogs", 3.0))
        await writer.flush()
    assert [r.round_id for r in writer.rejected] == [424242]
    assert [w for _, w, _ in await storage.accepted_words(stored.id)] == ["cat", "dogs"]
