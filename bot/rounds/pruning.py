"""The guess log's retention: ``guesses`` of rounds finished long enough ago are deleted.

The log is kept for statistics and support, never for scoring; with
``BOGGLE_GUESS_RETENTION_DAYS`` set it is pruned once at start and then every hour.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from bot.kernel.stopping import cancel_and_wait
from bot.rounds.store import RoundStore

log = logging.getLogger(__name__)

PRUNE_EVERY = 3600.0
DAY = 86400.0


class GuessPruner:
    """Deletes the guesses of rounds that ended more than ``retention_days`` ago, periodically;
    with ``retention_days`` None it does nothing (every guess is kept)."""

    def __init__(
        self,
        storage: RoundStore,
        retention_days: int | None,
        clock: Callable[[], float],
        every: float = PRUNE_EVERY,
    ) -> None:
        self._storage = storage
        self.retention_days = retention_days
        self._clock = clock
        self.every = every
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.retention_days is not None and self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="guess-pruner")

    async def close(self) -> None:
        """Stop; a prune in progress is cut between two of its transactions or rolled back."""
        await cancel_and_wait(self._task)
        self._task = None

    async def prune(self) -> int:
        """One pass: the guesses deleted."""
        assert self.retention_days is not None
        ended_before = self._clock() - self.retention_days * DAY
        deleted = await self._storage.prune_guesses(ended_before)
        if deleted:
            log.info(
                "pruned %d guesses of rounds that ended over %d days ago",
                deleted,
                self.retention_days,
            )
        return deleted

    async def _run(self) -> None:
        while True:
            try:
                await self.prune()
            except Exception:  # a locked or full database: try again next time
                log.exception("pruning the guess log failed; trying again in %.0f s", self.every)
            await asyncio.sleep(self.every)
