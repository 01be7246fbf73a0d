"""The Storage interface on SQLite: one file, nothing to install.

Everything goes through one aiosqlite connection in autocommit mode; each write is an explicit
``BEGIN IMMEDIATE … COMMIT`` taken under an asyncio lock, so the statements of two coroutines
never land in each other's transaction, and reads take the same lock so they never see another
coroutine's half-done transaction. SQLite's errors leave as the project's own (``translate``).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from core.board import Board
from core.round import Mode, Results, Verdict

from ..errors import ChannelBusy, StorageError
from ..migrations import load_migrations
from ..model import (
    DEFAULT_BUSY_TIMEOUT,
    AcceptedWord,
    GuessRow,
    LeaderboardEntry,
    RoundState,
    StoredRound,
)
from . import sql
from .claims import ShardLocks
from .errors import translate
from .opening import MIGRATIONS_DIR, connect

log = logging.getLogger(__name__)

# Pruning the guess log: rows deleted per transaction, rounds looked at per step.
PRUNE_BATCH = 2000
PRUNE_ROUNDS_PER_STEP = 500

Params = Sequence[object]


class SQLiteStorage:
    """The bot's SQLite database; ``await SQLiteStorage.open(path)`` (or ``Storage.open``)."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()
        self._shards = ShardLocks(path)

    @classmethod
    async def open(
        cls,
        target: str | Path,
        *,
        migrations_dir: Path | None = None,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
    ) -> SQLiteStorage:
        """Open (creating only where no file is), check and migrate; StorageError if unusable."""
        migrations = load_migrations(migrations_dir or MIGRATIONS_DIR)
        path = str(target)
        return cls(await connect(path, migrations, busy_timeout), path)

    async def close(self) -> None:
        """Close the connection (after ``PRAGMA optimize``, which keeps query plans good)."""
        async with self._lock:
            try:
                await self._db.execute("PRAGMA optimize")
            except sqlite3.Error as exc:  # never block a shutdown on statistics
                log.warning("PRAGMA optimize failed: %s", exc)
            await self._db.close()
            self._shards.release()

    # --- who runs which shards ------------------------------------------------------------------

    async def claim_shards(self, shard_ids: Sequence[int], shard_count: int) -> frozenset[int]:
        """Lock files beside the database (``claims.py``); the count is the caller's to keep the
        same in every process."""
        return await asyncio.to_thread(self._shards.claim, shard_ids)

    async def claims_intact(self) -> bool:
        return True  # a lock file stays locked while the process lives

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
            except BaseException as exc:
                with contextlib.suppress(sqlite3.Error):
                    await self._db.rollback()  # a no-op when BEGIN itself failed
                if isinstance(exc, sqlite3.Error):
                    raise translate(exc, self.path) from exc
                raise

    async def _read(self, query: str, params: Params = ()) -> list[sqlite3.Row]:
        async with self._lock:
            try:
                return list(await self._db.execute_fetchall(query, tuple(params)))
            except sqlite3.Error as exc:
                raise translate(exc, self.path) from exc

    @staticmethod
    async def _one(db: aiosqlite.Connection, query: str, params: Params) -> sqlite3.Row | None:
        async with db.execute(query, tuple(params)) as cursor:
            row: sqlite3.Row | None = await cursor.fetchone()
            return row

    # --- rounds ---------------------------------------------------------------------------

    async def create_round(
        self,
        *,
        guild_id: int,
        channel_id: int,
        starter_id: int,
        board: Board,
        dice: str,
        mode: Mode,
        min_length: int,
        started_at: float,
        deadline: float,
    ) -> StoredRound:
        """Store a new running round; ChannelBusy if the channel has one."""
        new = StoredRound(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            starter_id=starter_id,
            board=board.text(),
            dice=dice,
            size=board.size,
            mode=mode,
            min_length=min_length,
            started_at=started_at,
            deadline=deadline,
            seconds=max(1, round(deadline - started_at)),
        )
        async with self._transaction() as db:
            # Under the write lock, so no other process can start one in between; the partial
            # unique index on rounds stays the guarantee.
            running = await self._one(
                db,
                "SELECT id FROM rounds WHERE channel_id = ? AND state = 'running'",
                (channel_id,),
            )
            if running is not None:
                raise ChannelBusy(channel_id, running["id"])
            cursor = await db.execute(
                sql.INSERT_ROUND_SQL,
                (
                    new.guild_id,
                    new.channel_id,
                    new.starter_id,
                    new.board,
                    new.dice,
                    new.size,
                    new.mode.value,
                    new.min_length,
                    new.started_at,
                    new.deadline,
                    new.seconds,
                ),
            )
            round_id = cursor.lastrowid
        if round_id is None:
            raise StorageError(f"database {self.path}: the new round got no id")
        return dataclasses.replace(new, id=round_id)

    async def set_deadline(self, round_id: int, deadline: float) -> None:
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
        async with self._transaction() as db:
            await db.execute(
                "UPDATE rounds SET board_message_id = COALESCE(?, board_message_id),"
                " status_message_id = COALESCE(?, status_message_id) WHERE id = ?",
                (board_message_id, status_message_id, round_id),
            )

    async def get_round(self, round_id: int) -> StoredRound | None:
        rows = await self._read(f"SELECT {sql.ROUND_COLUMNS} FROM rounds WHERE id = ?", (round_id,))
        return sql.stored_round(rows[0]) if rows else None

    async def running_round(self, channel_id: int) -> StoredRound | None:
        rows = await self._read(sql.RUNNING_ROUND_SQL, (channel_id,))
        return sql.stored_round(rows[0]) if rows else None

    async def unfinished_rounds(self) -> list[StoredRound]:
        return [sql.stored_round(r) for r in await self._read(sql.UNFINISHED_ROUNDS_SQL)]

    async def mark_results_posted(self, round_id: int, at: float) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE rounds SET results_posted_at = ? WHERE id = ? AND results_posted_at IS NULL",
                (at, round_id),
            )

    async def unposted_results(self) -> list[StoredRound]:
        return [sql.stored_round(r) for r in await self._read(sql.UNPOSTED_RESULTS_SQL)]

    # --- guesses ---------------------------------------------------------------------------

    async def record_guesses(self, rows: Sequence[GuessRow]) -> None:
        if not rows:
            return
        accepted = [
            (r.round_id, r.player_id, r.word, r.at) for r in rows if r.verdict == Verdict.ACCEPTED
        ]
        async with self._transaction() as db:
            await db.executemany(
                "INSERT INTO guesses (round_id, player_id, word, verdict, points, at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [(r.round_id, r.player_id, r.word, str(r.verdict), r.points, r.at) for r in rows],
            )
            if accepted:
                # OR IGNORE: a word already accepted (a retried batch, a replay) counts once.
                await db.executemany(
                    "INSERT OR IGNORE INTO found_words (round_id, player_id, word, at)"
                    " VALUES (?, ?, ?, ?)",
                    accepted,
                )

    async def accepted_words(self, round_id: int) -> list[AcceptedWord]:
        rows = await self._read(
            "SELECT player_id, word, at FROM found_words WHERE round_id = ? ORDER BY id",
            (round_id,),
        )
        return [sql.accepted_word(r) for r in rows]

    async def prune_guesses(
        self,
        ended_before: float,
        *,
        batch_size: int = PRUNE_BATCH,
        rounds_per_step: int = PRUNE_ROUNDS_PER_STEP,
    ) -> int:
        """Each transaction deletes at most ``batch_size`` rows of at most ``rounds_per_step``
        rounds, so the write lock is held for milliseconds and the guess writer gets in between.
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
            last = rows[-1]["id"]
            while count := await self._prune_step(after, last, ended_before, batch_size):
                deleted += count
            after = last

    async def _prune_step(self, after: int, last: int, ended_before: float, limit: int) -> int:
        async with self._transaction() as db:
            cursor = await db.execute(sql.PRUNE_STEP_SQL, (after, last, ended_before, limit))
            return cursor.rowcount

    # --- results, names and standings -----------------------------------------------------------

    async def finish_round(
        self,
        round_id: int,
        results: Results,
        ended_at: float,
        display_names: Mapping[int, str],
    ) -> bool:
        async with self._transaction() as db:
            row = await self._one(
                db, "SELECT guild_id, state FROM rounds WHERE id = ?", (round_id,)
            )
            if row is None:
                raise StorageError(f"round {round_id} does not exist")
            if row["state"] != RoundState.RUNNING:
                return False
            guild_id = row["guild_id"]
            await db.execute(
                "UPDATE rounds SET state = 'finished', ended_at = ? WHERE id = ?",
                (ended_at, round_id),
            )
            await db.executemany(
                sql.INSERT_RESULT_SQL,
                [
                    (
                        round_id,
                        guild_id,
                        p.player,
                        p.points,
                        len(p.words),
                        p.rank,
                        len(p.cancelled),
                        ended_at,
                    )
                    for p in results.players
                ],
            )
            await db.executemany(
                sql.ADD_TO_STANDINGS_SQL,
                [(guild_id, p.player, p.points, len(p.words)) for p in results.players],
            )
            await _upsert_names(db, guild_id, display_names, ended_at)
        return True

    async def remember_names(
        self, guild_id: int, names: Mapping[int, str], now: float | None = None
    ) -> None:
        if names:
            async with self._transaction() as db:
                await _upsert_names(db, guild_id, names, time.time() if now is None else now)

    async def display_names(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        wanted = list(user_ids)
        if not wanted:
            return {}
        marks = ", ".join("?" * len(wanted))
        rows = await self._read(
            "SELECT user_id, display_name FROM players"
            f" WHERE guild_id = ? AND user_id IN ({marks}) AND display_name IS NOT NULL",
            (guild_id, *wanted),
        )
        return {r["user_id"]: r["display_name"] for r in rows}

    async def leaderboard(self, guild_id: int, limit: int) -> list[LeaderboardEntry]:
        """Read in the order of the standings_leaderboard index: no sort."""
        rows = await self._read(sql.LEADERBOARD_SQL, (guild_id, limit))
        return [sql.leaderboard_entry(r) for r in rows]

    async def player_standing(self, guild_id: int, user_id: int) -> LeaderboardEntry | None:
        rows = await self._read(sql.STANDING_SQL, (guild_id, user_id))
        return sql.leaderboard_entry(rows[0]) if rows else None


async def _upsert_names(
    db: aiosqlite.Connection, guild_id: int, names: Mapping[int, str], now: float
) -> None:
    await db.executemany(
        sql.UPSERT_NAME_SQL, [(guild_id, user, name, now) for user, name in names.items()]
    )
