"""The bot's storage: rounds, guesses, accepted words, results and standings in SQLite.

Everything goes through one aiosqlite connection in autocommit mode; each write is an explicit
``BEGIN IMMEDIATE … COMMIT`` taken under an asyncio lock, so the statements of two coroutines
never land in each other's transaction. The schema comes from ``migrations/NNNN_name.sql``, applied
in order at open and recorded in ``schema_migrations``. A database newer than this code, or one
that is not (or no longer) a sound database, raises ``StorageError`` rather than being used.

Callers get the project's own types (``StoredRound``, ``GuessRow``, ``LeaderboardEntry``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import aiosqlite

from core.board import Board
from core.round import Mode, Results, Verdict

from .guess_writer import GuessWriter

__all__ = [
    "MIGRATIONS_DIR",
    "ChannelBusy",
    "GuessRow",
    "GuessWriter",
    "LeaderboardEntry",
    "Migration",
    "Storage",
    "StorageError",
    "StoredRound",
    "load_migrations",
]

log = logging.getLogger(__name__)

# A source checkout and an editable install (`pip install -e .`) both import bot/ from the tree,
# so the folder next to the package is the one to read.
MIGRATIONS_DIR = Path(__file__).resolve().parents[1] / "migrations"

_MIGRATION_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")
DEFAULT_BUSY_TIMEOUT = 5.0
RUNNING = "running"
# Written in the header of every database the bot makes ("BOGG"): a file is ours by this mark,
# or, made before the mark existed, by its schema_migrations table.
APPLICATION_ID = 0x424F4747
_MIGRATIONS_TABLE_COLUMNS = ["version", "name", "applied_at"]
# Pruning the guess log: rows deleted per transaction, rounds looked at per step.
PRUNE_BATCH = 2000
PRUNE_ROUNDS_PER_STEP = 500


class StorageError(Exception):
    """The database cannot be used as it is; the message says why and what to do."""


class ChannelBusy(StorageError):
    """A channel already has a running round (at most one per channel)."""

    def __init__(self, channel_id: int, round_id: int | None = None) -> None:
        self.channel_id = channel_id
        self.round_id = round_id
        which = f" (round {round_id})" if round_id is not None else ""
        super().__init__(f"channel {channel_id} already has a running round{which}")


@dataclass(frozen=True)
class StoredRound:
    """A round as stored; ``board`` is the rows form that ``Board.parse`` reads back."""

    id: int
    guild_id: int
    channel_id: int
    starter_id: int
    board: str
    dice: str
    size: int
    mode: Mode
    min_length: int
    started_at: float
    deadline: float
    state: str = RUNNING
    ended_at: float | None = None
    board_message_id: int | None = None
    status_message_id: int | None = None
    results_posted_at: float | None = None  # None: the results have not reached the channel

    @property
    def running(self) -> bool:
        return self.state == RUNNING


class GuessRow(NamedTuple):
    """One judged guess; a NamedTuple so a batch goes to ``executemany`` as it is."""

    round_id: int
    player_id: int
    word: str
    verdict: str  # a core.round.Verdict value
    points: int
    at: float


@dataclass(frozen=True)
class LeaderboardEntry:
    """A player's standing in a guild; equal points share a rank (1, 1, 3)."""

    rank: int
    user_id: int
    display_name: str | None  # None when the bot never learnt a name
    points: int
    rounds: int
    words: int


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    path: Path

    def statements(self) -> list[str]:
        """The file's statements, one per execute (triggers and quoted ';' kept whole)."""
        return split_statements(self.path.read_text(encoding="utf-8"))


def split_statements(script: str) -> list[str]:
    """Split SQL at the semicolons that end a statement, as SQLite itself judges it."""
    statements: list[str] = []
    pieces = script.split(";")
    buffer = ""
    for piece in pieces[:-1]:
        buffer += piece + ";"
        if sqlite3.complete_statement(buffer):
            if _has_code(buffer):
                statements.append(buffer.strip())
            buffer = ""
    buffer += pieces[-1]
    if _has_code(buffer):
        raise StorageError(f"unterminated SQL statement: {buffer.strip()[:80]!r}")
    return statements


def _has_code(sql: str) -> bool:
    without_comments = re.sub(r"--[^\n]*|/\*.*?\*/", "", sql, flags=re.DOTALL)
    return bool(without_comments.replace(";", "").strip())


def load_migrations(folder: Path = MIGRATIONS_DIR) -> list[Migration]:
    """The migrations in ``folder``, in order; a badly named or duplicate file is an error."""
    if not folder.is_dir():
        raise StorageError(
            f"migrations folder {folder} not found; run from a source checkout or an editable "
            "install (pip install -e .), or pass migrations_dir"
        )
    found: dict[int, Migration] = {}
    for path in sorted(folder.glob("*.sql")):
        match = _MIGRATION_NAME.match(path.name)
        if match is None:
            raise StorageError(f"migration {path.name!r} is not named NNNN_description.sql")
        version = int(match.group(1))
        if version in found:
            raise StorageError(
                f"migrations {found[version].path.name} and {path.name} share {version}"
            )
        found[version] = Migration(version, match.group(2), path)
    return [found[v] for v in sorted(found)]


_ROUND_COLUMNS = (
    "id, guild_id, channel_id, starter_id, board, dice, size, mode, min_length, started_at, "
    "deadline, state, ended_at, board_message_id, status_message_id, results_posted_at"
)
# Both read only the running rows, through the partial indexes on rounds.
RUNNING_ROUND_SQL = (
    f"SELECT {_ROUND_COLUMNS} FROM rounds WHERE channel_id = ? AND state = 'running'"
)
UNFINISHED_ROUNDS_SQL = (
    f"SELECT {_ROUND_COLUMNS} FROM rounds WHERE state = 'running' ORDER BY deadline, id"
)
# Up to N guesses of the finished rounds in an id range (after, last] that ended before a time.
PRUNE_STEP_SQL = (
    "DELETE FROM guesses WHERE id IN (SELECT g.id FROM rounds AS r"
    " JOIN guesses AS g ON g.round_id = r.id WHERE r.id > ? AND r.id <= ?"
    " AND r.state = 'finished' AND r.ended_at < ? LIMIT ?)"
)
# Rank by counting the players above (competition ranking: 1, 1, 3). Both the rows and each
# count are ranges of standings_leaderboard, read in its order: no sort, LIMIT stops early.
_STANDINGS_SELECT = """
    SELECT 1 + (SELECT COUNT(*) FROM standings AS o
                WHERE o.guild_id = s.guild_id AND o.points > s.points) AS rank,
           s.user_id, p.display_name, s.points, s.rounds, s.words
    FROM standings AS s
    LEFT JOIN players AS p ON p.guild_id = s.guild_id AND p.user_id = s.user_id
"""
LEADERBOARD_SQL = (
    f"{_STANDINGS_SELECT} WHERE s.guild_id = ? ORDER BY s.points DESC, s.user_id LIMIT ?"
)
_STANDING_SQL = f"{_STANDINGS_SELECT} WHERE s.guild_id = ? AND s.user_id = ?"


def _what_went_wrong(exc: sqlite3.Error) -> str:
    code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
    if code in (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT):
        return "is damaged or not a database"
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return "is locked by another process"
    return "cannot be used"


def _exists(path: Path) -> bool:
    """Whether the database file is there; StorageError when its folder cannot be looked into."""
    try:
        path.stat()
        return True
    except FileNotFoundError:
        pass
    except PermissionError:
        raise StorageError(
            f"cannot open database {path}: permission denied (a folder on its path cannot be "
            "entered by the bot's user)"
        ) from None
    except OSError as exc:
        raise StorageError(f"cannot open database {path}: {exc.strerror or exc}") from exc
    if not path.parent.is_dir():
        raise StorageError(f"cannot open database {path}: its folder does not exist")
    return False


def _identify(path: Path) -> None:
    """Raise StorageError, having written nothing, unless ``path`` is this bot's database or
    an empty one.

    Read-only, and immutable (no lock, no -wal or -shm file made) unless a -wal or -journal file
    is already there, which a reader must then see.
    """
    if path.stat().st_size == 0:
        return  # SQLite's empty database, e.g. a file made for a Docker volume
    pending = any(Path(f"{path}{suffix}").exists() for suffix in ("-wal", "-journal"))
    uri = path.absolute().as_uri() + ("?mode=ro" if pending else "?mode=ro&immutable=1")
    try:
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as conn:
            application_id = conn.execute("PRAGMA application_id").fetchone()[0]
            tables = {
                r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            }
            ledger = _our_ledger(conn) if "schema_migrations" in tables else None
    except sqlite3.Error as exc:
        if exc.sqlite_errorcode == sqlite3.SQLITE_READONLY_ROLLBACK:
            raise StorageError(
                f"database {path} has an interrupted transaction ({path.name}-journal) that "
                "only the application that wrote it should recover; not opened"
            ) from exc
        raise StorageError(f"database {path} {_what_went_wrong(exc)}: {exc}") from exc
    if application_id == APPLICATION_ID:
        return
    if application_id != 0:
        raise StorageError(
            f"database {path} belongs to another application (application_id "
            f"{application_id:#010x}): it is not this bot's database"
        )
    # Made before APPLICATION_ID: known by our ledger, holding our first migration (or, cut
    # short before it, alone in the file).
    ours = ledger is not None and ((1, "initial") in ledger or tables == {"schema_migrations"})
    if tables and not ours:
        raise StorageError(
            f"database {path} has tables but not this bot's schema_migrations: it is not this "
            "bot's database"
        )


def _our_ledger(conn: sqlite3.Connection) -> list[tuple[int, str]] | None:
    """The (version, name) rows of a schema_migrations shaped as ours; None if shaped otherwise
    (other tools name their ledger so too)."""
    columns = [r[1] for r in conn.execute("PRAGMA table_info(schema_migrations)")]
    if columns != _MIGRATIONS_TABLE_COLUMNS:
        return None
    return [(r[0], r[1]) for r in conn.execute("SELECT version, name FROM schema_migrations")]


def _round(row: Sequence[object]) -> StoredRound:
    values = list(row)
    values[7] = Mode(values[7])
    return StoredRound(*values)  # type: ignore[arg-type]


class Storage:
    """The bot's database; create it with ``await Storage.open(path)``."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()

    # --- opening and closing --------------------------------------------------------------

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        migrations_dir: Path = MIGRATIONS_DIR,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
    ) -> Storage:
        """Open (creating if needed), check and migrate; raise StorageError if it is unusable."""
        migrations = load_migrations(migrations_dir)
        name = str(path)
        target = name
        if name != ":memory:":
            exists = _exists(Path(name))
            if exists:  # before anything writes to it: someone else's file is left as it was
                await asyncio.to_thread(_identify, Path(name))
            # A file is created only where nothing was; an existing one is never replaced.
            target = Path(name).absolute().as_uri() + ("?mode=rw" if exists else "?mode=rwc")
        try:
            db = await aiosqlite.connect(target, uri=True, isolation_level=None)
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open database {name}: {exc}") from exc
        storage = cls(db, name)
        try:
            await storage._prepare(busy_timeout)
            await storage._migrate(migrations)
        except BaseException as exc:
            await db.close()
            if isinstance(exc, sqlite3.Error):
                raise StorageError(f"database {name} {_what_went_wrong(exc)}: {exc}") from exc
            raise
        return storage

    async def close(self) -> None:
        """Close the connection (after ``PRAGMA optimize``, which keeps query plans good)."""
        async with self._lock:
            try:
                await self._db.execute("PRAGMA optimize")
            except sqlite3.Error as exc:  # never block a shutdown on statistics
                log.warning("PRAGMA optimize failed: %s", exc)
            await self._db.close()

    async def _prepare(self, busy_timeout: float) -> None:
        db = self._db
        # The first read of the file: a file that is not a database fails here.
        await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        check = await self._all("PRAGMA quick_check")
        if [r[0] for r in check] != ["ok"]:
            problems = "; ".join(str(r[0]) for r in check[:5])
            raise StorageError(f"database {self.path} failed its integrity check: {problems}")
        mode = (await self._all("PRAGMA journal_mode = WAL"))[0][0]
        if mode != "wal" and self.path != ":memory:":
            log.warning("database %s: WAL not available, journal mode is %s", self.path, mode)
        # FULL: a commit the writer reported is on disk even after a power cut, not only after
        # a crash of the process; commits are batched, so the cost is a few fsyncs a second.
        await db.execute("PRAGMA synchronous = FULL")
        await db.execute("PRAGMA foreign_keys = ON")

    async def _migrate(self, migrations: list[Migration]) -> None:
        tables = {
            r[0] for r in await self._all("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        if tables and "schema_migrations" not in tables:
            raise StorageError(
                f"database {self.path} has tables but no schema_migrations: it is not this "
                "bot's database"
            )
        await self._db.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)"
        )
        if (await self._all("PRAGMA application_id"))[0][0] != APPLICATION_ID:
            await self._db.execute(f"PRAGMA application_id = {APPLICATION_ID}")  # ours from now on
        known = {m.version for m in migrations}
        applied = {r[0] for r in await self._all("SELECT version FROM schema_migrations")}
        unknown = sorted(applied - known)
        if unknown:
            raise StorageError(
                f"database {self.path} has schema version {max(applied)} (migrations "
                f"{', '.join(map(str, unknown))} unknown here) but this code knows up to "
                f"{max(known, default=0)}: it was written by a newer bot; upgrade the code"
            )
        for migration in migrations:
            if migration.version not in applied:
                await self._apply(migration)

    async def _apply(self, migration: Migration) -> None:
        statements = migration.statements()
        try:
            async with self._transaction() as db:
                # Another process may have applied it since we looked.
                cursor = await db.execute(
                    "SELECT 1 FROM schema_migrations WHERE version = ?", (migration.version,)
                )
                if await cursor.fetchone() is not None:
                    return
                for statement in statements:
                    await db.execute(statement)
                await db.execute(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                    (migration.version, migration.name, time.time()),
                )
        except sqlite3.Error as exc:
            raise StorageError(
                f"database {self.path}: migration {migration.path.name} failed and was rolled "
                f"back: {exc}"
            ) from exc
        log.info(
            "database %s: applied migration %04d_%s", self.path, migration.version, migration.name
        )

    # --- plumbing ------------------------------------------------------------------------------

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction, alone on the connection; rolled back on any error."""
        async with self._lock:
            try:
                # Inside the try: a BEGIN cancelled after it was queued still runs, and the
                # rollback queued behind it must undo it before the lock is let go.
                await self._db.execute("BEGIN IMMEDIATE")
                yield self._db
                await self._db.commit()
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    await self._db.rollback()  # a no-op when BEGIN itself failed
                raise

    async def _all(self, sql: str, params: Iterable[object] = ()) -> list[sqlite3.Row]:
        return list(await self._db.execute_fetchall(sql, tuple(params)))

    async def _read(self, sql: str, params: Iterable[object] = ()) -> list[sqlite3.Row]:
        """A read that never sees another coroutine's half-done transaction."""
        async with self._lock:
            return await self._all(sql, params)

    # --- rounds ---------------------------------------------------------------------------

    async def create_round(
        self,
        *,
        guild_id: int,
        channel_id: int,
        starter_id: int,
        board: Board | str,
        dice: str,
        mode: Mode | str,
        min_length: int,
        started_at: float,
        deadline: float,
        size: int | None = None,
    ) -> StoredRound:
        """Store a new running round; ChannelBusy if the channel has one (the index decides)."""
        parsed = board if isinstance(board, Board) else Board.parse(board)
        values = (
            guild_id,
            channel_id,
            starter_id,
            parsed.text(),
            dice,
            size if size is not None else parsed.size,
            Mode(mode).value,
            min_length,
            started_at,
            deadline,
        )
        try:
            async with self._transaction() as db:
                cursor = await db.execute(
                    "INSERT INTO rounds (guild_id, channel_id, starter_id, board, dice, size, mode,"
                    " min_length, started_at, deadline) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    values,
                )
                round_id = cursor.lastrowid
        except sqlite3.IntegrityError as exc:
            if "rounds.channel_id" not in str(exc):
                raise
            running = await self.running_round(channel_id)
            raise ChannelBusy(channel_id, running.id if running else None) from exc
        assert round_id is not None
        return StoredRound(round_id, *values[:6], Mode(mode), *values[7:])

    async def set_deadline(self, round_id: int, deadline: float) -> None:
        """Move a running round's deadline: ``/boggle stop`` ends it now, also for a restart."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE rounds SET deadline = ? WHERE id = ? AND state = 'running'",
                (deadline, round_id),
            )

    async def set_round_messages(
        self,
        round_id: int,
        *,
        board_message_id: int | None = None,
        status_message_id: int | None = None,
    ) -> None:
        """Remember the Discord messages of a round (None leaves a field as it is)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE rounds SET board_message_id = COALESCE(?, board_message_id),"
                " status_message_id = COALESCE(?, status_message_id) WHERE id = ?",
                (board_message_id, status_message_id, round_id),
            )

    async def get_round(self, round_id: int) -> StoredRound | None:
        rows = await self._read(f"SELECT {_ROUND_COLUMNS} FROM rounds WHERE id = ?", (round_id,))
        return _round(rows[0]) if rows else None

    async def running_round(self, channel_id: int) -> StoredRound | None:
        rows = await self._read(RUNNING_ROUND_SQL, (channel_id,))
        return _round(rows[0]) if rows else None

    async def mark_results_posted(self, round_id: int, at: float) -> None:
        """The round's results reached its channel (or never can): not posted again."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE rounds SET results_posted_at = ? WHERE id = ? AND results_posted_at IS NULL",
                (at, round_id),
            )

    async def unposted_results(self) -> list[StoredRound]:
        """Finished rounds whose results never reached their channel, oldest first."""
        rows = await self._read(
            f"SELECT {_ROUND_COLUMNS} FROM rounds"
            " WHERE state = 'finished' AND results_posted_at IS NULL ORDER BY ended_at, id"
        )
        return [_round(r) for r in rows]

    async def unfinished_rounds(self) -> list[StoredRound]:
        """Rounds to resume after a restart, soonest deadline first."""
        rows = await self._read(UNFINISHED_ROUNDS_SQL)
        return [_round(r) for r in rows]

    # --- guesses ---------------------------------------------------------------------------

    async def record_guesses(self, rows: Sequence[GuessRow]) -> None:
        """Log a batch of guesses in one transaction; accepted words join the round's set once."""
        if not rows:
            return
        accepted = [
            (r.round_id, r.player_id, r.word, r.at) for r in rows if r.verdict == Verdict.ACCEPTED
        ]
        async with self._transaction() as db:
            await db.executemany(
                "INSERT INTO guesses (round_id, player_id, word, verdict, points, at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [(*r[:3], str(r.verdict), r.points, r.at) for r in rows],
            )
            if accepted:
                await db.executemany(
                    "INSERT OR IGNORE INTO found_words (round_id, player_id, word, at)"
                    " VALUES (?, ?, ?, ?)",
                    accepted,
                )

    async def accepted_words(self, round_id: int) -> list[tuple[int, str, float]]:
        """(player, word, at) in acceptance order, ready for ``Round.restore`` or ``tally``."""
        rows = await self._read(
            "SELECT player_id, word, at FROM found_words WHERE round_id = ? ORDER BY id",
            (round_id,),
        )
        return [(r[0], r[1], r[2]) for r in rows]

    async def prune_guesses(
        self,
        ended_before: float,
        *,
        batch_size: int = PRUNE_BATCH,
        rounds_per_step: int = PRUNE_ROUNDS_PER_STEP,
    ) -> int:
        """Delete the guess log of rounds finished before ``ended_before``; the number deleted.

        Only ``guesses``: scores, results, standings and statistics read ``found_words``,
        ``round_results``, ``standings`` and ``rounds``, which stay. Each transaction deletes at
        most ``batch_size`` rows of at most ``rounds_per_step`` rounds, so the write lock is
        held for milliseconds and the guess writer gets in between.
        """
        deleted = 0
        after = 0  # rounds are walked once, in id order
        while True:
            rows = await self._read(
                "SELECT id FROM rounds WHERE id > ? AND state = 'finished' AND ended_at < ?"
                " ORDER BY id LIMIT ?",
                (after, ended_before, rounds_per_step),
            )
            if not rows:
                return deleted
            last = rows[-1][0]
            while count := await self._prune_step(after, last, ended_before, batch_size):
                deleted += count
            after = last

    async def _prune_step(self, after: int, last: int, ended_before: float, limit: int) -> int:
        async with self._transaction() as db:
            cursor = await db.execute(PRUNE_STEP_SQL, (after, last, ended_before, limit))
            return cursor.rowcount

    # --- results and standings ----------------------------------------------------------------

    async def finish_round(
        self,
        round_id: int,
        results: Results,
        ended_at: float,
        display_names: Mapping[int, str],
    ) -> bool:
        """Record results, totals and names and mark the round finished, all or nothing.

        Returns False (and changes nothing) when the round was already finished, so a finish
        retried after a crash or raced by ``/boggle stop`` never counts points twice.
        """
        async with self._transaction() as db:
            cursor = await db.execute(
                "SELECT guild_id, state FROM rounds WHERE id = ?", (round_id,)
            )
            row = await cursor.fetchone()
            await cursor.close()
            if row is None:
                raise StorageError(f"round {round_id} does not exist")
            guild_id, state = row
            if state != RUNNING:
                return False
            await db.execute(
                "UPDATE rounds SET state = 'finished', ended_at = ? WHERE id = ?",
                (ended_at, round_id),
            )
            players = [
                (p.player, p.points, len(p.words), p.rank, len(p.cancelled))
                for p in results.players
            ]
            await db.executemany(
                "INSERT INTO round_results (round_id, guild_id, player_id, points, words, rank,"
                " cancelled) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(round_id, guild_id, *p) for p in players],
            )
            await db.executemany(
                "INSERT INTO standings (guild_id, user_id, points, rounds, words)"
                " VALUES (?, ?, ?, 1, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET"
                " points = points + excluded.points, rounds = rounds + 1,"
                " words = words + excluded.words",
                [(guild_id, p[0], p[1], p[2]) for p in players],
            )
            await self._upsert_names(db, guild_id, display_names, ended_at)
        return True

    async def remember_names(
        self, guild_id: int, names: Mapping[int, str], now: float | None = None
    ) -> None:
        """Keep players' display names so boards and leaderboards need no Discord look-ups."""
        if names:
            async with self._transaction() as db:
                await self._upsert_names(db, guild_id, names, time.time() if now is None else now)

    @staticmethod
    async def _upsert_names(
        db: aiosqlite.Connection, guild_id: int, names: Mapping[int, str], now: float
    ) -> None:
        await db.executemany(
            "INSERT INTO players (guild_id, user_id, display_name, updated_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (guild_id, user_id) DO UPDATE SET"
            " display_name = excluded.display_name, updated_at = excluded.updated_at",
            [(guild_id, user, name, now) for user, name in names.items()],
        )

    async def display_names(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        """The names kept for these players (those the bot never learnt are left out)."""
        wanted = list(user_ids)
        if not wanted:
            return {}
        marks = ", ".join("?" * len(wanted))
        rows = await self._read(
            "SELECT user_id, display_name FROM players"
            f" WHERE guild_id = ? AND user_id IN ({marks}) AND display_name IS NOT NULL",
            (guild_id, *wanted),
        )
        return {r[0]: r[1] for r in rows}

    async def leaderboard(self, guild_id: int, limit: int = 10) -> list[LeaderboardEntry]:
        """The guild's best players by total points, read in index order."""
        rows = await self._read(LEADERBOARD_SQL, (guild_id, limit))
        return [LeaderboardEntry(*r) for r in rows]

    async def player_standing(self, guild_id: int, user_id: int) -> LeaderboardEntry | None:
        """One player's entry (rank among the whole guild); None if they never finished a round."""
        rows = await self._read(_STANDING_SQL, (guild_id, user_id))
        return LeaderboardEntry(*rows[0]) if rows else None
