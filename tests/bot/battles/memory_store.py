"""The battles' store in memory, held to ``BattleStore`` by ``test_store.py``: the servers'
entries, and their days and weeks worked out from the daily attempts a test plays (a live view
of a ``MemoryDailyStore``'s, with its kept names), as the SQL works them out."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from datetime import date

from bot.battles.model import BattleEntry, BattleRow, Contribution, PastWeek
from bot.daily.model import DailyAttempt
from core.battles import BEST, BattlePlace

Key = tuple[int, str, date]  # (guild, language, day or week)


@dataclass
class MemoryBattleStore:
    attempts: Collection[DailyAttempt] = field(default_factory=list)  # a live view will do
    names: Mapping[tuple[int, int], str] = field(default_factory=dict)  # (guild, user) -> name
    entries: dict[int, BattleEntry] = field(default_factory=dict)
    days: dict[Key, int] = field(default_factory=dict)  # a day's points
    weeks: dict[Key, int] = field(default_factory=dict)  # a week's points
    week_of: dict[Key, date] = field(default_factory=dict)  # a day's week

    def _fair(self, guild_id: int, language: str) -> list[DailyAttempt]:
        return [
            a
            for a in self.attempts
            if (a.guild_id, a.language) == (guild_id, language)
            and a.finished_at is not None
            and not a.flagged
        ]

    def _listed(self, rows: Mapping[Key, int], language: str, when: date) -> dict[int, int]:
        """The points of the servers taking part with points on ``when``."""
        return {
            guild: points
            for (guild, lang, at), points in rows.items()
            if (lang, at) == (language, when) and points > 0 and self._joined(guild)
        }

    def _joined(self, guild_id: int) -> bool:
        entry = self.entries.get(guild_id)
        return entry is not None and entry.joined

    def _place(self, rows: Mapping[Key, int], key: Key) -> BattlePlace | None:
        points = rows.get(key, 0)
        if points <= 0:
            return None
        listed = self._listed(rows, key[1], key[2])
        ahead = sum(1 for other in listed.values() if other > points)
        return BattlePlace(ahead + 1, points, len(listed))

    # -- BattleStore ---------------------------------------------------------------------------

    async def battle_entry(self, guild_id: int) -> BattleEntry:
        return self.entries.get(guild_id, BattleEntry(False, None, None))

    async def set_battle_entry(self, guild_id: int, entry: BattleEntry) -> None:
        self.entries[guild_id] = entry

    async def remember_guild_name(self, guild_id: int, name: str) -> None:
        entry = self.entries.get(guild_id)
        if entry is not None and entry.joined:
            self.entries[guild_id] = BattleEntry(entry.joined, entry.name, name)

    async def refresh_battle_day(self, guild_id: int, language: str, day: date, week: date) -> None:
        points = [a.points or 0 for a in self._fair(guild_id, language) if a.date == day]
        self.days[(guild_id, language, day)] = sum(sorted(points, reverse=True)[:BEST])
        self.week_of[(guild_id, language, day)] = week
        self.weeks[(guild_id, language, week)] = sum(
            self.days[key]
            for key, of in self.week_of.items()
            if key[:2] == (guild_id, language) and of == week
        )

    async def battle_week_table(self, language: str, week: date, limit: int) -> list[BattleRow]:
        listed = self._listed(self.weeks, language, week)
        order = sorted(listed, key=lambda guild: (-listed[guild], guild))[:limit]
        table: list[BattleRow] = []
        for n, guild in enumerate(order):
            tied = table and table[-1].points == listed[guild]
            place = table[-1].place if tied else n + 1
            entry = self.entries[guild]
            table.append(
                BattleRow(place, guild, entry.name or entry.guild_name or "", listed[guild])
            )
        return table

    async def battle_week_place(
        self, guild_id: int, language: str, week: date
    ) -> BattlePlace | None:
        return self._place(self.weeks, (guild_id, language, week))

    async def battle_day_place(self, guild_id: int, language: str, day: date) -> BattlePlace | None:
        return self._place(self.days, (guild_id, language, day))

    async def battle_contributions(
        self, guild_id: int, language: str, first: date, last: date, limit: int
    ) -> list[Contribution]:
        by_day: dict[date, list[DailyAttempt]] = {}
        for a in self._fair(guild_id, language):
            if first <= a.date <= last:
                by_day.setdefault(a.date, []).append(a)
        points: dict[int, int] = {}
        days: dict[int, int] = {}
        for played in by_day.values():
            best = sorted(
                played, key=lambda a: (-(a.points or 0), a.finished_at or 0.0, a.player_id)
            )
            for a in best[:BEST]:
                points[a.player_id] = points.get(a.player_id, 0) + (a.points or 0)
                days[a.player_id] = days.get(a.player_id, 0) + 1
        order = sorted(points, key=lambda player: (-points[player], player))[:limit]
        return [Contribution(p, self.names.get((guild_id, p)), points[p], days[p]) for p in order]

    async def battle_history(
        self, guild_id: int, language: str, before: date, limit: int
    ) -> list[PastWeek]:
        past = sorted(
            (
                week
                for (guild, lang, week), points in self.weeks.items()
                if (guild, lang) == (guild_id, language) and week < before and points > 0
            ),
            reverse=True,
        )[:limit]
        history = []
        for week in past:
            points = self.weeks[(guild_id, language, week)]
            ahead = self._listed(self.weeks, language, week).values()
            history.append(PastWeek(week, points, 1 + sum(1 for p in ahead if p > points)))
        return history
