"""Discord's rate limits: the per-channel buckets of what a round does most (sending, editing,
reacting), and the global limit of a bot token.

Discord's observed buckets, per channel and in fixed windows: 5 messages sent a 5 s, 5 edits a
5 s, one reaction a 0.25 s; past one, 429 with Discord's headers and body. The global limit: 50
requests in any second per token, across every connection and process using it (interaction
callbacks and webhooks are outside it); past it, 429 with ``global: true``. Off unless
``enable()``d, so a test of something else is not slowed.
"""

from __future__ import annotations

import json
import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from itertools import takewhile

from aiohttp import web

from standin.faults import bucket_hash

MESSAGE = "/channels/{channel_id}/messages/{message_id}"
# route -> (requests, per seconds), each per channel
LIMITS: dict[str, tuple[int, float]] = {
    "POST /channels/{channel_id}/messages": (5, 5.0),
    f"PATCH {MESSAGE}": (5, 5.0),
    f"PUT {MESSAGE}/reactions/{{emoji}}/@me": (1, 0.25),
}
GLOBAL_LIMIT = 50  # requests a bot token may make in any second
GLOBAL_PER = 1.0
UNCOUNTED = ("/interactions/", "/webhooks/")  # Discord keeps these outside the global limit


@dataclass
class _Window:
    opened: float
    used: int


class RateLimits:
    """The per-channel buckets, and every 429 they answered (``refused``)."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self.enabled = False
        self._windows: dict[tuple[str, str], _Window] = {}
        self.refused: list[tuple[str, str]] = []  # (route, channel) of each 429
        # The instants of every request each token made within the global limit, and each
        # global 429 as (token, route).
        self.taken: dict[str, deque[float]] = {}
        self.refused_global: list[tuple[str, str]] = []

    def enable(self, on: bool = True) -> None:
        self.enabled = on
        self._windows.clear()
        self.taken.clear()

    def take_global(self, token: str, method: str, route: str) -> web.Response | None:
        """Count one request of ``token`` (its Authorization header) against the global limit,
        whichever connection made it; Discord's global 429 if the token made ``GLOBAL_LIMIT``
        requests in the last second, else None."""
        if not self.enabled or not token.startswith("Bot ") or route.startswith(UNCOUNTED):
            return None
        now = self.now()
        taken = self.taken.setdefault(token, deque())
        recent = sum(1 for _ in takewhile(lambda t: t > now - GLOBAL_PER, reversed(taken)))
        if recent >= GLOBAL_LIMIT:
            self.refused_global.append((token, f"{method} {route}"))
            oldest = taken[len(taken) - recent]
            return _too_many_global(oldest + GLOBAL_PER - now)
        taken.append(now)
        return None

    def busiest_second(self, token: str) -> int:
        """The most requests ``token`` had taken in any one second (a window starting at each
        request)."""
        times = list(self.taken.get(token, ()))
        most, start = 0, 0
        for end, at in enumerate(times):
            while times[start] <= at - GLOBAL_PER:
                start += 1
            most = max(most, end - start + 1)
        return most

    def take(self, method: str, route: str, channel: str | None) -> web.Response | None:
        """Count one request; a 429 answer if it is past its bucket's limit, else None."""
        key = f"{method} {route}"
        limit = LIMITS.get(key)
        if not self.enabled or limit is None or channel is None:
            return None
        count, per = limit
        now = self.now()
        window = self._windows.get((key, channel))
        if window is None or now >= window.opened + per:
            window = self._windows[(key, channel)] = _Window(now, 0)
        if window.used >= count:
            self.refused.append((key, channel))
            return _too_many(key, window.opened + per - now, count)
        window.used += 1
        return None

    def headers(self, method: str, route: str, channel: str | None) -> dict[str, str] | None:
        """The rate-limit headers of a successful answer in a limited bucket (None: not one)."""
        key = f"{method} {route}"
        limit = LIMITS.get(key)
        window = self._windows.get((key, channel or ""))
        if not self.enabled or limit is None or window is None:
            return None
        count, per = limit
        left = max(0.0, window.opened + per - self.now())
        return _headers(key, count, count - window.used, left)


def _headers(route: str, count: int, remaining: int, reset_after: float) -> dict[str, str]:
    return {
        "X-RateLimit-Limit": str(count),
        "X-RateLimit-Remaining": str(max(0, remaining)),
        "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": bucket_hash(route),
    }


def _too_many_global(retry_after: float) -> web.Response:
    """Discord's 429 for the global limit: no bucket, the scope and ``global`` say whose."""
    retry_after = max(0.001, retry_after)
    body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": True}
    headers = {
        "Content-Type": "application/json",
        "Via": "1.1 google",  # Discord's own 429 (one without it is Cloudflare's ban)
        "Retry-After": str(max(1, math.ceil(retry_after))),
        "X-RateLimit-Global": "true",
        "X-RateLimit-Scope": "global",
    }
    return web.Response(status=429, body=json.dumps(body).encode(), headers=headers)


def _too_many(route: str, retry_after: float, count: int) -> web.Response:
    """Discord's 429 for a per-route bucket (scope "user": the bot's own requests)."""
    body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": False}
    headers = {
        "Content-Type": "application/json",
        "Retry-After": str(max(1, math.ceil(retry_after))),
        "X-RateLimit-Scope": "user",
        **_headers(route, count, 0, retry_after),
    }
    return web.Response(status=429, body=json.dumps(body).encode(), headers=headers)
