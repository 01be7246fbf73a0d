"""A round's clock: how its deadline moves as words are accepted (``core.rules.Timer``)."""

from __future__ import annotations

from dataclasses import dataclass

from core.rules import BONUS_CAP_FACTOR, Timer


@dataclass(frozen=True)
class Clock:
    """How the deadline moves: ``seconds`` is a standard round's length, a bonus round's start
    (its time left is capped at ``BONUS_CAP_FACTOR`` times that) and an untimed round's quiet
    spell (the round ends that long after the last accepted word)."""

    timer: Timer = Timer.STANDARD
    seconds: float = 0.0

    def first_deadline(self, now: float) -> float:
        return now + self.seconds

    def moved(self, deadline: float, now: float, points: int) -> float:
        """The deadline after a word worth ``points`` was accepted at ``now``."""
        if self.timer is Timer.BONUS:
            return max(deadline, min(deadline + points, now + BONUS_CAP_FACTOR * self.seconds))
        if self.timer is Timer.UNTIMED:
            return max(deadline, now + self.seconds)
        return deadline
