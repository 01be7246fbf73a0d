"""The daily board's SQL (issue 12): attempts, guesses, rankings, streaks and the daily post.

The database keeps the rules that must hold across processes and restarts: one attempt per
(player, language, date) by a unique key, so a second start finds the first; no guess from the
deadline on, computed from the stored start; one finish; one end-of-day post, ever
(``owe_daily_post``: claimed and owed on the outbox in one transaction). Scores and the fair-play flag are worked out at the finish from the
stored guesses (``core.fairplay``), so any finisher, after a restart too, gets the same result.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Protocol

from bot.daily.model import (
    DAILY_HISTORY,
    DailyAttempt,
    DailyChannel,
    DailyGuess,
    DailyOpening,
    DailyRanked,
    DailyStart,
)
from bot.kernel.outbox import Owed
from bot.storage.database import Database
from bot.storage.errors import StorageError
from bot.storage.outbox_sql import owe_in
from bot.storage.tables import column_list
from core.daily import day_number
from core.fairplay import TimedGuess, judge
from core.round import Verdict

_COLUMNS = column_list("daily_attempts")
_FAIR = "finished_at IS NOT NULL AND flagged = 0"

# The unique key decides, even between processes: no id back means the attempt exists.
START_SQL = (
    "INSERT INTO daily_attempts (player_id, language, day, day_number, guild_id, channel_id,"
    " board, max_points, seconds, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (player_id, language, day) DO NOTHING RETURNING id"
)
ATTEMPT_SQL = (
    f"SELECT {_COLUMNS} FROM daily_attempts WHERE player_id = ? AND language = ? AND day = ?"
)
ATTEMPT_BY_ID_SQL = f"SELECT {_COLUMNS} FROM daily_attempts WHERE id = ?"
UNFINISHED_SQL = (
    f"SELECT {_COLUMNS} FROM daily_attempts WHERE finished_at IS NULL ORDER BY started_at, id"
)
# One player's: the (player_id, language, day) key's index finds their few rows.
RUNNING_SQL = (
    f"SELECT {_COLUMNS} FROM daily_attempts WHERE player_id = ? AND finished_at IS NULL"
    " ORDER BY started_at DESC, id DESC LIMIT 1"
)
# A word accepted twice (a retried call) is stored once.
INSERT_GUESS_SQL = (
    "INSERT INTO daily_guesses (attempt_id, word, verdict, points, elapsed) VALUES (?, ?, ?, ?, ?)"
    " ON CONFLICT (attempt_id, word) WHERE verdict = 'accepted' DO NOTHING"
)
GUESSES_SQL = (
    "SELECT word, verdict, points, elapsed FROM daily_guesses WHERE attempt_id = ? ORDER BY id"
)
FINISH_SQL = (
    "UPDATE daily_attempts SET finished_at = ?, points = ?, words = ?, flagged = ?"
    " WHERE id = ? AND finished_at IS NULL"
)
RANKING_SQL = f"""
SELECT RANK() OVER (ORDER BY a.points DESC) AS rank, a.player_id, p.display_name, a.points,
       a.words, a.max_points
FROM daily_attempts AS a
LEFT JOIN players AS p ON p.guild_id = a.guild_id AND p.user_id = a.player_id
WHERE a.guild_id = ? AND a.language = ? AND a.day = ? AND {_FAIR}
ORDER BY a.points DESC, a.words DESC, a.finished_at, a.player_id
"""
FOUND_WORDS_SQL = """
SELECT DISTINCT g.word FROM daily_attempts AS a JOIN daily_guesses AS g ON g.attempt_id = a.id
WHERE a.guild_id = ? AND a.language = ? AND a.day = ? AND a.finished_at IS NOT NULL
  AND a.flagged = 0 AND g.verdict = 'accepted'
"""
LANGUAGES_SQL = (
    "SELECT DISTINCT language FROM daily_attempts WHERE guild_id = ? AND day = ?"
    f" AND {_FAIR} ORDER BY language"
)
DAYS_SQL = f"SELECT DISTINCT day FROM daily_attempts WHERE player_id = ? AND {_FAIR} ORDER BY day"
HISTORY_SQL = (
    f"SELECT {_COLUMNS} FROM daily_attempts WHERE player_id = ? AND finished_at IS NOT NULL"
    " ORDER BY day DESC, finished_at DESC, id DESC LIMIT ?"
)
SET_CHANNEL_SQL = (
    "INSERT INTO server_settings (guild_id, daily_channel) VALUES (?, ?)"
    " ON CONFLICT (guild_id) DO UPDATE SET daily_channel = excluded.daily_channel"
)
CHANNELS_SQL = (
    "SELECT guild_id, daily_channel AS channel_id, timezone FROM server_settings"
    " WHERE daily_channel IS NOT NULL ORDER BY guild_id"
)
# The languages ranked that day whose post nobody has owed (LANGUAGES_SQL less the claimed).
DUE_POSTS_SQL = (
    "SELECT DISTINCT language FROM daily_attempts AS a WHERE guild_id = ? AND day = ?"
    f" AND {_FAIR} AND NOT EXISTS (SELECT 1 FROM daily_posts AS p WHERE p.guild_id = a.guild_id"
    " AND p.day = a.day AND p.language = a.language) ORDER BY language"
)
# Claimed once: the key decides between processes; one row back, ours to owe. (``posted_at``
# is no longer written: the outbox knows when the post is out.)
CLAIM_POST_SQL = (
    "INSERT INTO daily_posts (guild_id, day, language, claimed_at) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (guild_id, day, language) DO NOTHING RETURNING guild_id"
)


class DailySQL(Database, Protocol):
    """Daily attempts, their guesses and rankings, streak days, and the end-of-day post."""

    async def start_daily(self, opening: DailyOpening) -> DailyStart:
        """Start the player's attempt at the day's board in its language, atomically: if one
        exists, from another process or before a restart, it is returned unchanged with
        ``existed`` True."""
        o = opening
        day = o.day.isoformat()
        async with self._write() as session:
            rows = await session.fetch(
                START_SQL,
                *(o.player_id, o.language, day, day_number(o.day), o.guild_id, o.channel_id),
                *(o.board, o.max_points, o.seconds, o.started_at),
            )
            # New or not, read as stored; no id back means it existed (committed: the unique key
            # waited for another process's insert to finish).
            stored = await session.fetch(ATTEMPT_SQL, o.player_id, o.language, day)
        return DailyStart(DailyAttempt.from_columns(stored[0]), existed=not rows)

    async def daily_attempt(self, player_id: int, language: str, day: date) -> DailyAttempt | None:
        """The player's attempt at that day's board in that language, if any."""
        rows = await self._fetch(ATTEMPT_SQL, player_id, language, day.isoformat())
        return DailyAttempt.from_columns(rows[0]) if rows else None

    async def get_daily_attempt(self, attempt_id: int) -> DailyAttempt | None:
        """The attempt with this id, if any."""
        rows = await self._fetch(ATTEMPT_BY_ID_SQL, attempt_id)
        return DailyAttempt.from_columns(rows[0]) if rows else None

    async def unfinished_daily_attempts(self) -> list[DailyAttempt]:
        """Attempts not finished yet, oldest first: at start-up, finish those past their deadline
        and resume the others with ``time_left``."""
        return [DailyAttempt.from_columns(r) for r in await self._fetch(UNFINISHED_SQL)]

    async def running_daily_attempt(self, player_id: int) -> DailyAttempt | None:
        """The player's latest attempt not finished yet (the one ``/daily-guess`` plays on),
        read through the player's own rows, not every running attempt."""
        rows = await self._fetch(RUNNING_SQL, player_id)
        return DailyAttempt.from_columns(rows[0]) if rows else None

    async def add_daily_guesses(
        self, attempt_id: int, guesses: Sequence[tuple[str, Verdict, int]], at: float
    ) -> bool:
        """Store judged guesses (word, verdict, points) received at ``at``, all or nothing; an
        accepted word is kept once. False (nothing stored) from the deadline on (``started_at +
        seconds``, from the database) or once the attempt is finished. StorageError if there is
        no such attempt."""
        async with self._write() as session:
            rows = await session.fetch(ATTEMPT_BY_ID_SQL + self.lock_rows, attempt_id)
            if not rows:
                raise StorageError(f"daily attempt {attempt_id} does not exist")
            attempt = DailyAttempt.from_columns(rows[0])
            if attempt.finished or at >= attempt.deadline:
                return False
            elapsed = max(0.0, at - attempt.started_at)
            await session.executemany(
                INSERT_GUESS_SQL,
                [
                    (attempt_id, word, str(verdict), points, elapsed)
                    for word, verdict, points in guesses
                ],
            )
        return True

    async def daily_guesses(self, attempt_id: int) -> list[DailyGuess]:
        """Every guess of the attempt in the order received (the words so far, a rebuild)."""
        rows = await self._fetch(GUESSES_SQL, attempt_id)
        return [
            DailyGuess(r["word"], Verdict(r["verdict"]), r["points"], r["elapsed"]) for r in rows
        ]

    async def finish_daily(self, attempt_id: int, ended_at: float) -> DailyAttempt:
        """Finish the attempt once: points and words from its accepted guesses, the fair-play flag
        from their times, finished at ``ended_at`` or the deadline if earlier. A second call
        changes nothing and returns the attempt as finished the first time."""
        async with self._write() as session:
            rows = await session.fetch(ATTEMPT_BY_ID_SQL + self.lock_rows, attempt_id)
            if not rows:
                raise StorageError(f"daily attempt {attempt_id} does not exist")
            attempt = DailyAttempt.from_columns(rows[0])
            if attempt.finished:
                return attempt
            guesses = await session.fetch(GUESSES_SQL, attempt_id)
            accepted = [g for g in guesses if g["verdict"] == Verdict.ACCEPTED]
            flag = judge(
                TimedGuess(g["elapsed"], g["word"], g["verdict"] == Verdict.ACCEPTED)
                for g in guesses
            )
            points = sum(g["points"] for g in accepted)
            finished_at = min(ended_at, attempt.deadline)
            flagged = flag is not None
            await session.execute(
                FINISH_SQL, finished_at, points, len(accepted), int(flagged), attempt_id
            )
        return DailyAttempt(
            **vars(attempt)
            | {
                "finished_at": finished_at,
                "points": points,
                "words": len(accepted),
                "flagged": flagged,
            }
        )

    async def daily_ranking(self, guild_id: int, language: str, day: date) -> list[DailyRanked]:
        """The server's finished, unflagged attempts of that day and language, best first."""
        rows = await self._fetch(RANKING_SQL, guild_id, language, day.isoformat())
        return [DailyRanked(**r) for r in rows]

    async def daily_found_words(self, guild_id: int, language: str, day: date) -> set[str]:
        """Every word the server's ranked attempts found that day (the rest are missed)."""
        rows = await self._fetch(FOUND_WORDS_SQL, guild_id, language, day.isoformat())
        return {r["word"] for r in rows}

    async def daily_languages(self, guild_id: int, day: date) -> list[str]:
        """The languages the server ranked attempts in that day (one end-of-day post each)."""
        rows = await self._fetch(LANGUAGES_SQL, guild_id, day.isoformat())
        return [r["language"] for r in rows]

    async def daily_days(self, player_id: int) -> list[date]:
        """The dates the player finished an unflagged attempt, any language, for streaks."""
        rows = await self._fetch(DAYS_SQL, player_id)
        return [date.fromisoformat(r["day"]) for r in rows]

    async def daily_history(self, player_id: int, limit: int = DAILY_HISTORY) -> list[DailyAttempt]:
        """The player's latest finished attempts (flagged ones too, marked), newest first."""
        rows = await self._fetch(HISTORY_SQL, player_id, limit)
        return [DailyAttempt.from_columns(r) for r in rows]

    async def set_daily_channel(self, guild_id: int, channel_id: int | None) -> None:
        """Where the server's end-of-day post goes (None: no post); its defaults stay."""
        async with self._write() as session:
            await session.execute(SET_CHANNEL_SQL, guild_id, channel_id)

    async def daily_channels(self) -> list[DailyChannel]:
        """Every server with a daily channel, with its time zone: the end-of-day post's list."""
        return [DailyChannel(**r) for r in await self._fetch(CHANNELS_SQL)]

    async def due_daily_posts(self, guild_id: int, day: date) -> list[str]:
        """The languages the server ranked attempts in that day whose end-of-day post nobody has
        owed: what a poster builds posts for (building reads; a failed read owes nothing)."""
        rows = await self._fetch(DUE_POSTS_SQL, guild_id, day.isoformat())
        return [r["language"] for r in rows]

    async def owe_daily_post(
        self, guild_id: int, day: date, language: str, now: float, posts: Sequence[Owed]
    ) -> bool:
        """Claim that end of day's post and owe ``posts`` (the post, on the outbox) in the same
        transaction: True for the one caller, in any process and ever, that owes it; False
        (nothing owed) when it was owed already. The outbox sends it, once."""
        async with self._write() as session:
            rows = await session.fetch(CLAIM_POST_SQL, guild_id, day.isoformat(), language, now)
            if not rows:
                return False
            await owe_in(session, posts, now)
        return True
