"""Discord's per-channel rate limits on what a round does most: sending, editing and reacting.

Discord's observed buckets, per channel and in fixed windows: 5 messages sent a 5 s, 5 edits a
5 s, one reaction a 0.25 s; past one, 429 with Discord's headers and body. Off unless
``enable()``d, so a test of something else is not slowed.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from aiohttp import web

from standin.faults import bucket_hash

MESSAGE = "/channels/{channel_id}/messages/{message_id}"
# route -> (requests, per seconds), each per channel
LIMITS: dict[str, tuple[int, float]] = {
    "POST /channels/{channel_id}/messages": (5, 5.0),
    f"PATCH {MESSAGE}": (5, 5.0),
    f"PUT {MESSAGE}/reactions/{{emoji}}/@me": (1, 0.25),
}


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

    def enable(self, on: bool = True) -> None:
        self.enabled = on
        self._windows.clear()

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
