"""What the bot needs of a database, in the project's types only.

An engine fills this Protocol (SQLite today: ``bot.storage.sqlite``); nothing above the storage
package knows which one it has. Every engine keeps the same guarantees: a write that returned is
committed; ``(round, player, word)`` is accepted once; one running round per channel; results are
stored once; a database with a newer schema is refused. Errors are the project's own
(``bot.storage.errors``): ``TransientStorageError`` may be retried, ``RejectedWrite`` never will
be taken, any other ``StorageError`` means the database cannot be used as it is.
"""

from __future__ import annotations

import math
from collections.abc import AsyncIterable, AsyncIterator, Iterable, Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Protocol

from core.board import Board
from core.daily import DAILY_SECONDS
from core.round import Mode, Results, Verdict

from ..i18n.languages import DEFAULT_DICTIONARY, DEFAULT_LANGUAGE
from .model import (
    DEFAULT_BUSY_TIMEOUT,
    AcceptedWord,
    DailyAttempt,
    DailyChannel,
    DailyGuess,
    DailyRanked,
    DailyStart,
    GuessRow,
    LeaderboardEntry,
    LeaderboardPage,
    Measure,
    PlayerStats,
    ServerSettings,
    StoredRound,
)
from .records import EXPORT_BATCH, Record
from .targets import is_postgres


class Storage(Protocol):
    """The bot's database; ``await Storage.open(target)`` opens the engine ``target`` names."""

    @classmethod
    async def open(
        cls,
        target: str | Path,
        *,
        migrations_dir: Path | None = None,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
    ) -> Storage:
        """Open (creating only where nothing is), check and migrate the database ``target``
        names: a ``postgresql://`` (or ``postgres://``) URL is PostgreSQL, a file path (or
        ``:memory:``) SQLite. StorageError if it cannot be used, or is not this bot's;
        ``migrations_dir`` replaces the engine's folder of migrations."""
        if is_postgres(target):
            from .postgres import PostgresStorage

            return await PostgresStorage.open(
                str(target), migrations_dir=migrations_dir, busy_timeout=busy_timeout
            )
        from .sqlite import SQLiteStorage

        return await SQLiteStorage.open(
            target, migrations_dir=migrations_dir, busy_timeout=busy_timeout
        )

    async def close(self) -> None:
        """Close; nothing is lost that a call returned for. Releases this process's shards."""

    # --- who runs which shards ------------------------------------------------------------------

    async def claim_shards(self, shard_ids: Sequence[int], shard_count: int) -> frozenset[int]:
        """Take these shards for this process if no other live process holds them; returns every
        shard this storage now holds. A claim lasts until ``close`` or the death of the process
        (a lock, not a lease to wait out), so a killed process's shards are free at once; a
        second process asking for held shards gets nothing and may ask again later."""

    async def claims_intact(self) -> bool:
        """False once the claims may have been lost (PostgreSQL: the session holding the locks
        dropped); a process that sees False must stop running rounds."""

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
        """Store a new running round whose length is ``deadline - started_at``, the banned
        words its board holds (``excluded``), whether it shows hints, and its language and
        dictionary; ChannelBusy if the channel already has one."""

    async def set_deadline(self, round_id: int, deadline: float) -> None:
        """Move a running round's deadline (``/boggle stop``: now), kept for a restart."""

    async def set_round_messages(
        self,
        round_id: int,
        *,
        board_message_id: int | None = None,
        status_message_id: int | None = None,
    ) -> None:
        """Remember the Discord messages of a round (None leaves a field as it is)."""

    async def get_round(self, round_id: int) -> StoredRound | None: ...

    async def running_round(self, channel_id: int) -> StoredRound | None: ...

    async def last_finished_round(self, channel_id: int) -> StoredRound | None:
        """The channel's latest finished round (``/boggle check`` reads its board); None if the
        channel never finished one."""

    async def unfinished_rounds(self) -> list[StoredRound]:
        """Rounds to resume after a restart, soonest deadline first."""

    async def mark_results_posted(self, round_id: int, at: float) -> None:
        """The round's results reached its channel (or never can): not posted again."""

    async def unposted_results(self) -> list[StoredRound]:
        """Finished rounds whose results never reached their channel, oldest first."""

    # --- guesses ---------------------------------------------------------------------------

    async def record_guesses(self, rows: Sequence[GuessRow]) -> None:
        """Log a batch of guesses, all or nothing; accepted words join the round's set once.
        RejectedWrite if a row breaks a constraint (a round that does not exist, say)."""

    async def accepted_words(self, round_id: int) -> list[AcceptedWord]:
        """The round's accepted words in acceptance order, ready for ``Round.rebuild``."""

    async def prune_guesses(self, ended_before: float) -> int:
        """Delete the guess log of rounds finished before ``ended_before``, in small
        transactions; never what scores or statistics read. The number of guesses deleted."""

    # --- results, names and standings -----------------------------------------------------------

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
        StorageError if the round does not exist.
        """

    async def remember_names(
        self, guild_id: int, names: Mapping[int, str], now: float | None = None
    ) -> None:
        """Keep players' display names so boards and leaderboards need no Discord look-ups."""

    async def display_names(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        """The names kept for these players (those the bot never learnt are left out)."""

    async def leaderboard(self, guild_id: int, limit: int) -> list[LeaderboardEntry]:
        """The guild's best players by total points."""

    async def player_standing(self, guild_id: int, user_id: int) -> LeaderboardEntry | None:
        """One player's entry (rank among the whole guild); None if they never finished a round."""

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
        """Page ``page`` (from 0) of the guild's players ranked by ``measure`` over the results
        that ended from ``since`` to before ``until`` (since None: all time), and ``user_id``'s
        own line."""

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats | None:
        """A player's figures in the guild (``/stats``); None if they never finished a round."""

    async def guild_timezone(self, guild_id: int) -> str | None:
        """The IANA time zone the guild's periods are counted in; None: UTC."""

    # --- server settings (/boggle-config) -------------------------------------------------------

    async def server_settings(self, guild_id: int) -> ServerSettings:
        """The server's defaults, round channels and banned words (all empty if never set)."""

    async def save_defaults(self, guild_id: int, settings: ServerSettings) -> None:
        """Store the server's defaults for new rounds (its channels and words are left as they
        are)."""

    async def set_round_channel(self, guild_id: int, channel_id: int, allowed: bool) -> None:
        """Add a channel to (or take it off) the ones where the server's rounds may start."""

    async def clear_round_channels(self, guild_id: int) -> None:
        """Rounds may start in any channel again."""

    async def ban_words(self, guild_id: int, words: Iterable[str], banned: bool) -> int:
        """Add words to the server's banned list (``banned``) or take them off; how many were
        added or taken off (words already in that state are not counted)."""

    # --- the daily board (issue 12) -------------------------------------------------------------

    async def start_daily(
        self,
        *,
        player_id: int,
        language: str,
        day: date,
        guild_id: int | None,
        channel_id: int,
        board: str,
        max_points: int,
        started_at: float,
        seconds: int = DAILY_SECONDS,
    ) -> DailyStart:
        """Start the player's attempt at ``day``'s board in ``language`` (``board`` in rows form,
        opened in ``guild_id``, None for a DM or user install), atomically: if one exists, from
        another process or before a restart, it is returned unchanged with ``existed`` True."""

    async def daily_attempt(self, player_id: int, language: str, day: date) -> DailyAttempt | None:
        """The player's attempt at that day's board in that language, if any."""

    async def get_daily_attempt(self, attempt_id: int) -> DailyAttempt | None: ...

    async def unfinished_daily_attempts(self) -> list[DailyAttempt]:
        """Attempts not finished yet, oldest first: at start-up, finish those past their deadline
        and resume the others with ``time_left``."""

    async def running_daily_attempt(self, player_id: int) -> DailyAttempt | None:
        """The player's latest attempt not finished yet (the one ``/daily-guess`` plays on),
        read through the player's own rows, not every running attempt."""

    async def add_daily_guesses(
        self, attempt_id: int, guesses: Sequence[tuple[str, Verdict, int]], at: float
    ) -> bool:
        """Store judged guesses (word, verdict, points) received at ``at``, all or nothing; an
        accepted word is kept once. False (nothing stored) from the deadline on (``started_at +
        seconds``, from the database) or once the attempt is finished. StorageError if there is
        no such attempt."""

    async def daily_guesses(self, attempt_id: int) -> list[DailyGuess]:
        """Every guess of the attempt in the order received (the words so far, a rebuild)."""

    async def finish_daily(self, attempt_id: int, ended_at: float) -> DailyAttempt:
        """Finish the attempt once: points and words from its accepted guesses, the fair-play flag
        from their times, finished at ``ended_at`` or the deadline if earlier. A second call
        changes nothing and returns the attempt as finished the first time."""

    async def daily_ranking(self, guild_id: int, language: str, day: date) -> list[DailyRanked]:
        """The server's finished, unflagged attempts of that day and language, best first."""

    async def daily_found_words(self, guild_id: int, language: str, day: date) -> set[str]:
        """Every word the server's ranked attempts found that day (the rest are missed)."""

    async def daily_languages(self, guild_id: int, day: date) -> list[str]:
        """The languages the server ranked attempts in that day (one end-of-day post each)."""

    async def daily_days(self, player_id: int) -> list[date]:
        """The dates the player finished an unflagged attempt, any language, for streaks."""

    async def daily_history(self, player_id: int, limit: int = ...) -> list[DailyAttempt]:
        """The player's latest finished attempts (flagged ones too, marked), newest first."""

    async def set_daily_channel(self, guild_id: int, channel_id: int | None) -> None:
        """Where the server's end-of-day post goes (None: no post); its defaults stay."""

    async def daily_channels(self) -> list[DailyChannel]:
        """Every server with a daily channel, with its time zone: the end-of-day post's list."""

    async def take_daily_post(
        self, guild_id: int, day: date, language: str, now: float, retry_after: float = ...
    ) -> bool:
        """True for the one caller that is to post that end of day (in any process, across
        restarts); a taker that never marked it posted is replaced after ``retry_after`` s."""

    async def mark_daily_posted(self, guild_id: int, day: date, language: str, at: float) -> None:
        """The end-of-day post reached its channel: never taken again."""

    # --- the whole database, for copying it (python -m bot.tools.copy_database) ----------------------

    def export_records(self, batch_size: int = EXPORT_BATCH) -> AsyncIterator[Sequence[Record]]:
        """Every stored record as of one moment, ids kept, in batches of one table each, in
        ``records.TABLES`` order (parents first). The migration ledger is the engine's own."""
        ...

    async def import_records(
        self, batches: AsyncIterable[Sequence[Record]], *, replace: bool = False
    ) -> dict[str, int]:
        """Store these records with their ids, all or nothing, new rows numbered after them;
        the rows written per table. TargetNotEmpty (nothing written) if the database holds any
        record, unless ``replace``: then what it held goes, in the same transaction."""
