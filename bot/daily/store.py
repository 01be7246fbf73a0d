"""What the daily feature asks of a database: one small interface per consumer, just the queries
it makes (written once, for every engine, in ``sql.DailySQL``), so the service runs as well over
an in-memory store in its tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Protocol

from bot.daily.model import (
    DailyAttempt,
    DailyChannel,
    DailyGuess,
    DailyOpening,
    DailyRanked,
    DailyStart,
)
from bot.kernel.outbox import Owed
from core.round import Verdict


class DailyStore(Protocol):
    """The queries ``DailyService`` makes: attempts, their guesses, streak days, and the names of
    the players who opened one in a server (its rankings show them)."""

    async def start_daily(self, opening: DailyOpening) -> DailyStart: ...

    async def get_daily_attempt(self, attempt_id: int) -> DailyAttempt | None: ...

    async def running_daily_attempt(self, player_id: int) -> DailyAttempt | None: ...

    async def unfinished_daily_attempts(self) -> list[DailyAttempt]: ...

    async def daily_guesses(self, attempt_id: int) -> list[DailyGuess]: ...

    async def add_daily_guesses(
        self, attempt_id: int, guesses: Sequence[tuple[str, Verdict, int]], at: float
    ) -> bool: ...

    async def finish_daily(self, attempt_id: int, ended_at: float) -> DailyAttempt: ...

    async def daily_days(self, player_id: int) -> list[date]: ...

    async def remember_names(self, guild_id: int, names: Mapping[int, str]) -> None: ...


class DailyPostStore(Protocol):
    """The queries ``DailyPoster`` makes: the servers with a daily channel, their ended days'
    rankings and found words, and the end-of-day post owed (once, ever) with its claim."""

    async def daily_channels(self) -> list[DailyChannel]: ...

    async def unfinished_daily_attempts(self) -> list[DailyAttempt]: ...

    async def due_daily_posts(self, guild_id: int, day: date) -> list[str]: ...

    async def owe_daily_post(
        self, guild_id: int, day: date, language: str, now: float, posts: Sequence[Owed]
    ) -> bool: ...

    async def daily_ranking(self, guild_id: int, language: str, day: date) -> list[DailyRanked]: ...

    async def daily_found_words(self, guild_id: int, language: str, day: date) -> set[str]: ...
