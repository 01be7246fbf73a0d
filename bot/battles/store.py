"""What the battles feature asks of a database, each query's signature written here once:
``BattleSQL`` implements it on both engines, the tests' in-memory store beside them, and
``tests/bot/battles/test_store.py`` holds all three to it."""

from __future__ import annotations

from datetime import date
from typing import Protocol

from bot.battles.model import BattleEntry, BattleRow, Contribution, PastWeek
from core.battles import BattlePlace


class BattleStore(Protocol):
    """Servers' entries in battles, their days and weeks worked out from the daily attempts, and
    the tables read from them (only servers taking part are listed or counted)."""

    async def battle_entry(self, guild_id: int) -> BattleEntry:
        """Whether the server takes part, and its names (not taking part if never set)."""
        ...

    async def set_battle_entry(self, guild_id: int, entry: BattleEntry) -> None:
        """Store whether the server takes part and its names (its other settings stay)."""

    async def remember_guild_name(self, guild_id: int, name: str) -> None:
        """A server taking part is shown under its own name as it is now (unless it set one)."""

    async def refresh_battle_day(self, guild_id: int, language: str, day: date, week: date) -> None:
        """Work the server's ``day`` (in ``week``) out again from its fair attempts (finished,
        not flagged: the best five's points added up, and how many), and its week from its
        days; whoever finished what, in any process, the sums end up whole."""

    async def battle_week_table(self, language: str, week: date, limit: int) -> list[BattleRow]:
        """The week's best ``limit`` servers taking part with points, best first (ties: by
        server id), places shared by ties."""
        ...

    async def battle_week_place(
        self, guild_id: int, language: str, week: date
    ) -> BattlePlace | None:
        """The server's place in the week's table (None: no points that week); ``servers`` is
        how many take part with points."""
        ...

    async def battle_day_place(self, guild_id: int, language: str, day: date) -> BattlePlace | None:
        """The server's place in the day's table (None: no points that day)."""
        ...

    async def battle_contributions(
        self, guild_id: int, language: str, first: date, last: date, limit: int
    ) -> list[Contribution]:
        """The players whose days among the server's best five (ties at fifth: the earlier
        finish, then the lower id) gave it the most from ``first`` to ``last``, most first."""
        ...

    async def battle_history(
        self, guild_id: int, language: str, before: date, limit: int
    ) -> list[PastWeek]:
        """The server's weeks with points before the week of ``before``, latest first, with its
        place in each (among the servers taking part now)."""
        ...
