"""The stand-in's own time: real time plus what a test has passed, for the limits Discord
counts (an interaction token's 15 minutes) without a test waiting them out."""

from __future__ import annotations

import time


class Clock:
    """Monotonic seconds; ``advance`` moves it forward for the stand-in alone (the bot under
    test keeps its own clock, which the test moves too when both should agree)."""

    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        return time.monotonic() + self.offset

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("time only passes forward")
        self.offset += seconds
