"""The storage interface for any SQL engine: every method that is the same SQL everywhere.

An engine subclasses ``SQLStorage`` and supplies three things: a write transaction
(``_write``), a read (``_fetch``) and a consistent read of everything (``_snapshot``), each
speaking through a ``Session`` that runs this package's standard SQL (``statements.py``, ``?``
parameters) in the engine's own words and turns the engine's errors into the project's. The
engine keeps what only it can do: opening, closing and the shard claims.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import AsyncIterable, AsyncIterator, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from core.board import Board
from core.history import longest_scoring, share_of_max, won
from core.round import Mode, PlayerResult, Results, Verdict

from ..i18n.languages import DEFAULT_DICTIONARY, DEFAULT_LANGUAGE
from . import statements as sql
from .errors import ChannelBusy, StorageError, TargetNotEmpty
from .model import (
    AcceptedWord,
    GuessRow,
    LeaderboardEntry,
    LeaderboardPage,
    Measure,
    ModeStats,
    PlayerStats,
    RankedPlayer,
    RoundState,
    ServerSettings,
    StoredRound,
)
from .records import EXPORT_BATCH, TABLES, Record, Table, record_from, table_of, values_of

# Pruning the guess log: rows deleted per transaction, rounds looked at per step.
PRUNE_BATCH = 2000
PRUNE_ROUNDS_PER_STEP = 500

Row = dict[str, Any]


class Session(Protocol):
    """Statements on one connection, inside the transaction the engine opened for them."""

    async def execute(self, query: str, *params: object) -> int:
        """Run one statement; the number of rows it changed."""

    async def executemany(self, query: str, rows: Sequence[Sequence[object]]) -> None: ...

    async def fetch(self, query: str, *params: object) -> list[Row]: ...

    def batches(self, query: str, size: int) -> AsyncIterator[list[tuple[Any, ...]]]:
        """A big result a batch of rows at a time."""
        ...

    async def copy_in(self, table: Table, rows: Sequence[tuple[object, ...]]) -> None:
        """Rows with their own ids, the fastest way the engine has."""

    async def renumber(self, table: Table) -> None:
        """Make new ids follow the highest one there (after ``copy_in``)."""


class SQLStorage:
    """The Storage interface's SQL, for an engine to subclass."""

    # A clause that makes a read inside a write transaction lock the rows it reads ("" where
    # the transaction holds the whole database already).
    lock_rows = ""

    def _write(self) -> AbstractAsyncContextManager[Session]:
        """One write transaction: committed when the block ends, rolled back on any error."""
        raise NotImplementedError

    async def _fetch(self, query: str, *params: object) -> list[Row]:
        """One read, committed data only."""
        raise NotImplementedError

    def _snapshot(self) -> AbstractAsyncContextManager[Session]:
        """A read-only transaction that sees the whole database as of one moment."""
        raise NotImplementedError

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
        excluded: Iterable[str] = (),
        hints: bool = False,
        language: str = DEFAULT_LANGUAGE,
        dictionary: str = DEFAULT_DICTIONARY,
    ) -> StoredRound:
        """Store a new running round; ChannelBusy if the channel has one."""
        seconds = max(1, round(deadline - started_at))
        banned = " ".join(sorted(excluded))
        async with self._write() as session:
            rows = await session.fetch(
                sql.INSERT_ROUND_SQL,
                guild_id,
                channel_id,
                starter_id,
                board.text(),
                dice,
                board.size,
                mode.value,
                min_length,
                started_at,
                deadline,
                seconds,
                banned,
                int(hints),
                language,
                dictionary,
            )
        if not rows:
            running = await self.running_round(channel_id)
            raise ChannelBusy(channel_id, running.id if running else None)
        return StoredRound(
            id=rows[0]["id"],
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
            seconds=seconds,
            excluded=banned,
            hints=hints,
            language=language,
            dictionary=dictionary,
        )

    async def set_deadline(self, round_id: int, deadline: float) -> None:
        async with self._write() as session:
            await session.execute(sql.SET_DEADLINE_SQL, deadline, round_id)

    async def set_round_messages(
        self,
        round_id: int,
        *,
        board_message_id: int | None = None,
        status_message_id: int | None = None,
    ) -> None:
        async with self._write() as session:
            await session.execute(
                sql.SET_MESSAGES_SQL, board_message_id, status_message_id, round_id
            )

    async def get_round(self, round_id: int) -> StoredRound | None:
        rows = await self._fetch(sql.GET_ROUND_SQL, round_id)
        return StoredRound.from_columns(rows[0]) if rows else None

    async def running_round(self, channel_id: int) -> StoredRound | None:
        rows = await self._fetch(sql.RUNNING_ROUND_SQL, channel_id)
        return StoredRound.from_columns(rows[0]) if rows else None

    async def last_finished_round(self, channel_id: int) -> StoredRound | None:
        rows = await self._fetch(sql.LAST_FINISHED_ROUND_SQL, channel_id)
        return StoredRound.from_columns(rows[0]) if rows else None

    async def unfinished_rounds(self) -> list[StoredRound]:
        return [StoredRound.from_columns(r) for r in await self._fetch(sql.UNFINISHED_ROUNDS_SQL)]

    async def mark_results_posted(self, round_id: int, at: float) -> None:
        async with self._write() as session:
            await session.execute(sql.MARK_POSTED_SQL, at, round_id)

    async def unposted_results(self) -> list[StoredRound]:
        return [StoredRound.from_columns(r) for r in await self._fetch(sql.UNPOSTED_RESULTS_SQL)]

    # --- guesses ---------------------------------------------------------------------------

    async def record_guesses(self, rows: Sequence[GuessRow]) -> None:
        if not rows:
            return
        accepted = [
            (r.round_id, r.player_id, r.word, r.at) for r in rows if r.verdict == Verdict.ACCEPTED
        ]
        async with self._write() as session:
            await session.executemany(
                sql.INSERT_GUESS_SQL,
                [(r.round_id, r.player_id, r.word, str(r.verdict), r.points, r.at) for r in rows],
            )
            if accepted:
                await session.executemany(sql.INSERT_FOUND_SQL, accepted)

    async def accepted_words(self, round_id: int) -> list[AcceptedWord]:
        return [AcceptedWord(**r) for r in await self._fetch(sql.ACCEPTED_WORDS_SQL, round_id)]

    async def prune_guesses(
        self,
        ended_before: float,
        *,
        batch_size: int = PRUNE_BATCH,
        rounds_per_step: int = PRUNE_ROUNDS_PER_STEP,
    ) -> int:
        """Each transaction deletes at most ``batch_size`` rows of at most ``rounds_per_step``
        rounds, so locks are held for milliseconds and the guess writer gets in between."""
        deleted = 0
        after = 0  # rounds are walked once, in id order
        while rows := await self._fetch(
            sql.PRUNABLE_ROUNDS_SQL, after, ended_before, rounds_per_step
        ):
            last = rows[-1]["id"]
            while count := await self._prune_step(after, last, ended_before, batch_size):
                deleted += count
            after = last
        return deleted

    async def _prune_step(self, after: int, last: int, ended_before: float, limit: int) -> int:
        async with self._write() as session:
            return await session.execute(sql.PRUNE_STEP_SQL, after, last, ended_before, limit)

    # --- results, names and standings -----------------------------------------------------------

    async def finish_round(
        self,
        round_id: int,
        results: Results,
        ended_at: float,
        display_names: Mapping[int, str],
    ) -> bool:
        async with self._write() as session:
            # Locked (or alone): a second finish, from a retry or another process, waits here
            # and then sees the round finished.
            rows = await session.fetch(sql.ROUND_STATE_SQL + self.lock_rows, round_id)
            if not rows:
                raise StorageError(f"round {round_id} does not exist")
            if rows[0]["state"] != RoundState.RUNNING:
                return False
            guild_id = rows[0]["guild_id"]
            await session.execute(sql.FINISH_SQL, ended_at, round_id)
            players = sorted(results.players, key=lambda p: p.player)  # one lock order
            await session.executemany(
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
                        results.max_score,
                        longest_scoring(p),
                        int(won(results, p)),
                    )
                    for p in players
                ],
            )
            await session.executemany(
                sql.ADD_TO_STANDINGS_SQL, [_standing_row(guild_id, results, p) for p in players]
            )
            await _upsert_names(session, guild_id, display_names, ended_at)
        return True

    async def remember_names(
        self, guild_id: int, names: Mapping[int, str], now: float | None = None
    ) -> None:
        if names:
            async with self._write() as session:
                await _upsert_names(session, guild_id, names, time.time() if now is None else now)

    async def display_names(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        wanted = list(user_ids)
        if not wanted:
            return {}
        rows = await self._fetch(sql.names_sql(len(wanted)), guild_id, *wanted)
        return {r["user_id"]: r["display_name"] for r in rows}

    async def leaderboard(self, guild_id: int, limit: int) -> list[LeaderboardEntry]:
        """Read in the order of the standings_leaderboard index: no sort."""
        rows = await self._fetch(sql.LEADERBOARD_SQL, guild_id, limit)
        return [LeaderboardEntry(**r) for r in rows]

    async def player_standing(self, guild_id: int, user_id: int) -> LeaderboardEntry | None:
        rows = await self._fetch(sql.STANDING_SQL, guild_id, user_id)
        return LeaderboardEntry(**rows[0]) if rows else None

    async def leaderboard_page(
        self,
        guild_id: int,
        measure: Measure,
        since: float | None,
        page: int,
        user_id: int,
        page_size: int,
        until: float = math.inf,
    ) -> LeaderboardPage:
        since_params = () if since is None else (since, until)
        first = page * page_size
        rows = await self._fetch(
            sql.leaderboard_sql(measure, since is not None),
            guild_id,
            *since_params,
            guild_id,
            first,
            first + page_size,
            user_id,
        )
        ranked = [_ranked(r) for r in rows]
        on_page = tuple(r for r in ranked if first < r.position <= first + page_size)
        own = next((r for r in ranked if r.user_id == user_id), None)
        return LeaderboardPage(on_page, own, rows[0]["total"] if rows else 0)

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats | None:
        totals = await self._fetch(sql.STATS_TOTALS_SQL, guild_id, user_id)
        if not totals:
            return None
        t = totals[0]
        best = (await self._fetch(sql.STATS_BEST_ROUND_SQL, guild_id, user_id))[0]
        size = (await self._fetch(sql.STATS_FAVOURITE_SIZE_SQL, guild_id, user_id))[0]["size"]
        modes = await self._fetch(sql.STATS_MODES_SQL, guild_id, user_id)
        return PlayerStats(
            rounds=t["rounds"],
            wins=t["wins"],
            points=t["points"],
            words=t["words"],
            longest_word=t["longest_word"],
            best_points=best["points"],
            best_board=best["board"],
            favourite_size=size,
            share=t["share_sum"] / t["share_rounds"] if t["share_rounds"] else None,
            modes=tuple(ModeStats(**m | {"mode": Mode(m["mode"])}) for m in modes),
        )

    async def guild_timezone(self, guild_id: int) -> str | None:
        """The server's time zone for its periods (``/boggle-config set timezone:``)."""
        rows = await self._fetch(sql.GUILD_TIMEZONE_SQL, guild_id)
        return rows[0]["timezone"] if rows else None

    # --- server settings -------------------------------------------------------------------------

    async def server_settings(self, guild_id: int) -> ServerSettings:
        defaults = await self._fetch(sql.SERVER_DEFAULTS_SQL, guild_id)
        channels = await self._fetch(sql.ROUND_CHANNELS_SQL, guild_id)
        banned = await self._fetch(sql.BANNED_WORDS_SQL, guild_id)
        row = defaults[0] if defaults else {}
        mode = row.get("mode")
        return ServerSettings(
            size=row.get("size"),
            dice=row.get("dice"),
            seconds=row.get("seconds"),
            mode=Mode(mode) if mode else None,
            min_length=row.get("min_length"),
            timezone=row.get("timezone"),
            hints=bool(row.get("hints", 0)),
            language=row.get("language", DEFAULT_LANGUAGE),
            dictionary=row.get("dictionary", DEFAULT_DICTIONARY),
            channels=frozenset(r["channel_id"] for r in channels),
            banned=frozenset(r["word"] for r in banned),
            daily_channel=row.get("daily_channel"),
        )

    async def save_defaults(self, guild_id: int, settings: ServerSettings) -> None:
        mode = settings.mode.value if settings.mode else None
        async with self._write() as session:
            await session.execute(
                sql.SAVE_DEFAULTS_SQL,
                guild_id,
                settings.size,
                settings.dice,
                settings.seconds,
                mode,
                settings.min_length,
                settings.timezone,
                int(settings.hints),
                settings.language,
                settings.dictionary,
            )

    async def set_round_channel(self, guild_id: int, channel_id: int, allowed: bool) -> None:
        query = sql.ADD_ROUND_CHANNEL_SQL if allowed else sql.REMOVE_ROUND_CHANNEL_SQL
        async with self._write() as session:
            await session.execute(query, guild_id, channel_id)

    async def clear_round_channels(self, guild_id: int) -> None:
        async with self._write() as session:
            await session.execute(sql.CLEAR_ROUND_CHANNELS_SQL, guild_id)

    async def ban_words(self, guild_id: int, words: Iterable[str], banned: bool) -> int:
        query = sql.BAN_WORD_SQL if banned else sql.UNBAN_WORD_SQL
        async with self._write() as session:
            before = (await session.fetch(sql.COUNT_BANNED_SQL, guild_id))[0]["n"]
            await session.executemany(query, [(guild_id, w) for w in sorted(set(words))])
            after = (await session.fetch(sql.COUNT_BANNED_SQL, guild_id))[0]["n"]
        return int(abs(after - before))

    # --- the whole database ----------------------------------------------------------------------

    async def export_records(self, batch_size: int = EXPORT_BATCH) -> AsyncIterator[list[Record]]:
        async with self._snapshot() as session:
            for table in TABLES:
                async for rows in session.batches(table.select_sql(), batch_size):
                    yield [record_from(table, row) for row in rows]

    async def import_records(
        self, batches: AsyncIterable[Sequence[Record]], *, replace: bool = False
    ) -> dict[str, int]:
        written = dict.fromkeys((t.name for t in TABLES), 0)
        async with self._write() as session:
            held = {t.name: (await session.fetch(sql.count_sql(t)))[0]["n"] for t in TABLES}
            if any(held.values()) and not replace:
                raise TargetNotEmpty(held)
            for table in reversed(TABLES):  # children first
                await session.execute(sql.delete_all_sql(table))
            async for batch in batches:
                for table, group in itertools.groupby(batch, table_of):
                    rows = [values_of(r) for r in group]
                    await session.copy_in(table, rows)
                    written[table.name] += len(rows)
            for table in TABLES:
                if table.identity:
                    await session.renumber(table)
        return written


def _standing_row(guild_id: int, results: Results, p: PlayerResult) -> tuple[object, ...]:
    """What one result adds to the player's all-time standing (ADD_TO_STANDINGS_SQL)."""
    share = share_of_max(results, p)
    return (
        guild_id,
        p.player,
        p.points,
        len(p.words),
        int(won(results, p)),
        p.points,
        longest_scoring(p),
        share or 0.0,
        0 if share is None else 1,
    )


def _ranked(row: Row) -> RankedPlayer:
    figure = row["figure"]
    return RankedPlayer(
        rank=row["rank"],
        position=row["position"],
        user_id=row["user_id"],
        display_name=row["display_name"],
        figure=figure if isinstance(figure, int) else float(figure),
        word=row["word"],
    )


async def _upsert_names(
    session: Session, guild_id: int, names: Mapping[int, str], now: float
) -> None:
    await session.executemany(
        sql.UPSERT_NAME_SQL, [(guild_id, user, names[user], now) for user in sorted(names)]
    )
