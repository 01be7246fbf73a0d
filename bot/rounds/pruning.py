"""The guess log's retention: ``guesses`` of rounds finished long enough ago are deleted.

The log is kept for statistics and support, never for scoring; with
``BOGGLE_GUESS_RETENTION_DAYS`` set it is pruned once at start and then every hour (a job of
the process's scheduler).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from bot.kernel.scheduler import Scheduler
from bot.rounds.store import RoundStore

log = logging.getLogger(__name__)

PRUNE_EVERY = 3600.0
DAY = 86400.0


@dataclass(eq=False)
class GuessPruner:
    """Deletes the guesses of rounds that ended more than ``retention_days`` ago, periodically;
    with ``retention_days`` None it does nothing (every guess is kept)."""

    storage: RoundStore
    retention_days: int | None
    clock: Callable[[], float]
    scheduler: Scheduler
    every: float = PRUNE_EVERY

    def start(self) -> None:
        """Prune now, then every ``every`` seconds (a failed prune is retried sooner; one in
        progress at shutdown is cut between two of its transactions or rolled back)."""
        if self.retention_days is not None:
            self.scheduler.at("guess-pruning", self.clock(), self._step, looks=True)

    async def prune(self) -> int:
        """One pass: the guesses deleted."""
        assert self.retention_days is not None
        ended_before = self.clock() - self.retention_days * DAY
        deleted = await self.storage.prune_guesses(ended_before)
        if deleted:
            log.info(
                "pruned %d guesses of rounds that ended over %d days ago",
                deleted,
                self.retention_days,
            )
        return deleted

    async def _step(self) -> float:
        await self.prune()
        return self.clock() + self.every
