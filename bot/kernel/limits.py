"""Token buckets: how the bot says "no" to spam and keeps its own Discord calls within budget."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Hashable


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved up."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = now

    def take(self, now: float, cost: float = 1.0) -> bool:
        """Spend ``cost`` tokens if there are enough; False (and nothing spent) otherwise."""
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False


class Limiter:
    """One bucket per key (a user, a channel), created on first use."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float]) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._buckets: dict[Hashable, TokenBucket] = {}

    def allow(self, key: Hashable, cost: float = 1.0) -> bool:
        now = self.clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) > 10_000:
                self._forget_full(now)
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst, now)
        return bucket.take(now, cost)

    def _forget_full(self, now: float) -> None:
        """Drop buckets that have refilled: they hold nothing a new bucket would not."""
        for key, bucket in list(self._buckets.items()):
            if bucket.tokens + (now - bucket.stamp) * bucket.rate >= bucket.burst:
                del self._buckets[key]


class Pacer:
    """Spaces calls ``1 / rate`` seconds apart, in the order they ask (``turn``): at most
    ``rate`` + 1 in any second, on the loop's own clock (real time: Discord's)."""

    def __init__(self, rate: float) -> None:
        if rate <= 0:
            raise ValueError(f"a pace needs a rate above 0, got {rate!r}")
        self.rate = rate
        self.waiting = 0  # calls waiting for their turn now (a metric)
        self._next = 0.0
        self._lock = asyncio.Lock()

    def wait(self) -> float:
        """Seconds a caller asking now would wait for its turn (behind those waiting)."""
        ahead = max(0.0, self._next - asyncio.get_running_loop().time())
        return ahead + self.waiting / self.rate

    async def turn(self, wanted: Callable[[], bool] = lambda: True) -> bool:
        """Return when the caller may make its call: True; False, its turn left to the next
        caller, when by then the call is no longer ``wanted``."""
        self.waiting += 1
        try:
            async with self._lock:
                loop = asyncio.get_running_loop()
                wait = self._next - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                if not wanted():
                    return False
                self._next = max(loop.time(), self._next) + 1 / self.rate
                return True
        finally:
            self.waiting -= 1
