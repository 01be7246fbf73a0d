"""A memory of the latest entries, for what a process keeps only while it is fresh (the rounds
that ended lately, the day's boards, posts' gates, the tiers players are known to hold)."""

from __future__ import annotations

from collections import OrderedDict
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Bounded(OrderedDict[K, V]):
    """At most ``limit`` entries: ``put`` makes an entry the newest and lets the oldest go."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def put(self, key: K, value: V) -> V:
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.limit:
            self.popitem(last=False)
        return value
