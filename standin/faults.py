"""Injected REST faults: 429s, 5xx answers and slow routes, each for a chosen route and count.

A route is named as discord.py's ``Route`` names it, e.g. ``"POST /channels/{channel_id}/messages"``;
the method may be left out, a concrete path (``"/channels/123/messages"``) also matches, and
``"*"`` matches every route.
"""

from __future__ import annotations

import json
import math
import time
import zlib
from dataclasses import dataclass

from aiohttp import web


@dataclass
class Fault:
    kind: str  # "rate_limit" | "error" | "delay" | "late" (answered after the call is done)
    pattern: str
    times: int | None  # None: forever
    retry_after: float = 0.0
    is_global: bool = False
    status: int = 500
    seconds: float = 0.0

    def matches(self, method: str, route: str, path: str) -> bool:
        if self.pattern == "*":
            return True
        want_method, _, want_path = self.pattern.rpartition(" ")
        if want_method and want_method.upper() != method:
            return False
        return want_path in (route, path)


class Faults:
    """The faults waiting to happen; the REST layer asks ``take`` before handling each call."""

    def __init__(self) -> None:
        self._faults: list[Fault] = []
        self.fired: list[tuple[str, str, str]] = []  # (kind, method, route)

    def rate_limit(
        self, route: str, times: int = 1, *, retry_after: float = 0.05, is_global: bool = False
    ) -> None:
        """Answer 429 (with Discord's headers and body) on ``route`` for the next ``times`` calls."""
        self._faults.append(Fault("rate_limit", route, times, retry_after, is_global))

    def server_error(self, route: str, times: int = 1, *, status: int = 500) -> None:
        """Answer ``status`` (a 5xx) on ``route`` for the next ``times`` calls."""
        self._faults.append(Fault("error", route, times, status=status))

    def slow(self, route: str, seconds: float, times: int | None = None) -> None:
        """Delay answers on ``route`` by ``seconds`` (for ``times`` calls, or until cleared)."""
        self._faults.append(Fault("delay", route, times, seconds=seconds))

    def answer_late(self, route: str, seconds: float, times: int | None = 1) -> None:
        """Do the call on ``route`` at once but answer it ``seconds`` later: a client that dies
        meanwhile never learns that its call was done (a message created, its answer lost)."""
        self._faults.append(Fault("late", route, times, seconds=seconds))

    def clear(self) -> None:
        self._faults.clear()

    def take_late(self, method: str, route: str, path: str) -> float:
        """Consume the ``answer_late`` faults for one call done: how long to hold its answer."""
        late = 0.0
        for fault in list(self._faults):
            if fault.kind != "late" or not fault.matches(method, route, path):
                continue
            late += fault.seconds
            if fault.times is not None:
                fault.times -= 1
                if fault.times <= 0:
                    self._faults.remove(fault)
            self.fired.append((fault.kind, method, route))
        return late

    def take(self, method: str, route: str, path: str) -> tuple[float, Fault | None]:
        """Consume the faults for one call: total delay, and a failing answer if any."""
        delay = 0.0
        failure: Fault | None = None
        for fault in list(self._faults):
            if fault.kind == "late" or not fault.matches(method, route, path):
                continue
            if fault.kind == "delay":
                delay += fault.seconds
            elif failure is None:
                failure = fault
            else:
                continue
            if fault.times is not None:
                fault.times -= 1
                if fault.times <= 0:
                    self._faults.remove(fault)
            self.fired.append((fault.kind, method, route))
        return delay, failure


def fault_response(fault: Fault, route: str) -> web.Response:
    """The answer Discord (behind its proxy) gives for a fault."""
    if fault.kind == "rate_limit":
        body = {
            "message": "You are being rate limited.",
            "retry_after": fault.retry_after,
            "global": fault.is_global,
        }
        if fault.is_global:
            body["code"] = 0
        headers = {
            "Content-Type": "application/json",
            "Via": "1.1 google",
            "Retry-After": str(max(1, math.ceil(fault.retry_after))),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{time.time() + fault.retry_after:.3f}",
            "X-RateLimit-Reset-After": f"{fault.retry_after:.3f}",
            "X-RateLimit-Bucket": bucket_hash(route),
            "X-RateLimit-Scope": "global" if fault.is_global else "user",
        }
        if fault.is_global:
            headers["X-RateLimit-Global"] = "true"
        return web.Response(status=429, body=json.dumps(body).encode(), headers=headers)
    return web.Response(
        status=fault.status,
        body=json.dumps({"message": "500: Internal Server Error", "code": 0}).encode(),
        headers={"Content-Type": "application/json"},
    )


def bucket_hash(route: str) -> str:
    """A stable per-route bucket id, like the opaque hashes Discord hands out."""
    return f"{zlib.crc32(route.encode()):08x}"
