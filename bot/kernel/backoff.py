"""Waiting out failures that pass: a round's results are stored and posted however long the
database or the platform takes, with a growing pause between tries."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass(frozen=True)
class Backoff:
    """Pauses from ``first`` seconds, doubled after each try, ``most`` at the longest (tests make
    them short)."""

    first: float = 0.5
    most: float = 30.0

    def delay(self, failures: int) -> float:
        """The pause after ``failures`` tries that failed in a row (0: the first)."""
        return min(self.first * 2.0 ** min(failures, 64), self.most)

    def delays(self) -> Iterator[float]:
        """The pause before each next try, for ever."""
        delay = self.first
        while True:
            yield delay
            delay = min(delay * 2, self.most)

    async def until_done(self, what: str, call: Callable[[], Awaitable[T]]) -> T:
        """``call``'s result, tried again after every exception (logged as ``what``)."""
        for delay in self.delays():
            try:
                return await call()
            except Exception:
                log.exception("%s; retrying in %.1fs", what, delay)
                await asyncio.sleep(delay)
        raise AssertionError("unreachable: delays() never ends")
