"""The daily feature's store and the server settings it reads, in memory.

It keeps the database's rules the service counts on (one attempt per player, language and day;
guesses refused from the deadline on; one finish), so the use cases run without a database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import date

from bot.daily.model import DailyAttempt, DailyGuess, DailyOpening, DailyStart
from bot.server_settings.model import ServerSettings
from bot.storage.errors import StorageError
from core.daily import day_number
from core.fairplay import TimedGuess, judge
from core.round import Verdict


class MemoryDailyStore:
    """Attempts, guesses, players' names and server settings in dictionaries."""

    def __init__(self, settings: Mapping[int, ServerSettings] | None = None) -> None:
        self.settings: dict[int, ServerSettings] = dict(settings or {})
        self.attempts: dict[int, DailyAttempt] = {}
        self.guesses: dict[int, list[DailyGuess]] = {}
        self.names: dict[tuple[int, int], str] = {}  # (guild, player) -> display name

    # -- DailyStore ----------------------------------------------------------------------------

    async def start_daily(self, opening: DailyOpening) -> DailyStart:
        o = opening
        for attempt in self.attempts.values():
            if (attempt.player_id, attempt.language, attempt.date) == (
                o.player_id,
                o.language,
                o.day,
            ):
                return DailyStart(attempt, existed=True)
        attempt = DailyAttempt(
            id=len(self.attempts) + 1,
            player_id=o.player_id,
            language=o.language,
            day=o.day.isoformat(),
            day_number=day_number(o.day),
            guild_id=o.guild_id,
            channel_id=o.channel_id,
            board=o.board,
            max_points=o.max_points,
            seconds=o.seconds,
            started_at=o.started_at,
        )
        self.attempts[attempt.id] = attempt
        self.guesses[attempt.id] = []
        return DailyStart(attempt, existed=False)

    async def get_daily_attempt(self, attempt_id: int) -> DailyAttempt | None:
        return self.attempts.get(attempt_id)

    async def running_daily_attempt(self, player_id: int) -> DailyAttempt | None:
        running = [a for a in self.attempts.values() if a.player_id == player_id and not a.finished]
        return max(running, key=lambda a: (a.started_at, a.id), default=None)

    async def unfinished_daily_attempts(self) -> list[DailyAttempt]:
        unfinished = [a for a in self.attempts.values() if not a.finished]
        return sorted(unfinished, key=lambda a: (a.started_at, a.id))

    async def daily_guesses(self, attempt_id: int) -> list[DailyGuess]:
        return list(self.guesses.get(attempt_id, []))

    async def add_daily_guesses(
        self, attempt_id: int, guesses: Sequence[tuple[str, Verdict, int]], at: float
    ) -> bool:
        attempt = self._attempt(attempt_id)
        if attempt.finished or at >= attempt.deadline:
            return False
        stored = self.guesses[attempt_id]
        accepted = {g.word for g in stored if g.verdict is Verdict.ACCEPTED}
        elapsed = max(0.0, at - attempt.started_at)
        for word, verdict, points in guesses:
            if verdict is Verdict.ACCEPTED:
                if word in accepted:
                    continue
                accepted.add(word)
            stored.append(DailyGuess(word, verdict, points, elapsed))
        return True

    async def finish_daily(self, attempt_id: int, ended_at: float) -> DailyAttempt:
        attempt = self._attempt(attempt_id)
        if attempt.finished:
            return attempt
        guesses = self.guesses[attempt_id]
        accepted = [g for g in guesses if g.verdict is Verdict.ACCEPTED]
        flag = judge(TimedGuess(g.elapsed, g.word, g.verdict is Verdict.ACCEPTED) for g in guesses)
        finished = replace(
            attempt,
            finished_at=min(ended_at, attempt.deadline),
            points=sum(g.points for g in accepted),
            words=len(accepted),
            flagged=flag is not None,
        )
        self.attempts[attempt_id] = finished
        return finished

    def _attempt(self, attempt_id: int) -> DailyAttempt:
        if attempt_id not in self.attempts:
            raise StorageError(f"daily attempt {attempt_id} does not exist")
        return self.attempts[attempt_id]

    async def daily_days(self, player_id: int) -> list[date]:
        days = {
            a.date
            for a in self.attempts.values()
            if a.player_id == player_id and a.finished and not a.flagged
        }
        return sorted(days)

    async def remember_names(self, guild_id: int, names: Mapping[int, str]) -> None:
        for player_id, name in names.items():
            self.names[guild_id, player_id] = name
