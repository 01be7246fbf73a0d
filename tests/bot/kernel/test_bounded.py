"""The latest entries kept: the newest put stays, the oldest goes past the limit, and putting a
key again makes it the newest."""

from __future__ import annotations

from bot.kernel.bounded import Bounded


def test_the_oldest_entry_goes_past_the_limit() -> None:
    kept: Bounded[str, int] = Bounded(2)
    assert kept.put("a", 1) == 1
    kept.put("b", 2)
    kept.put("a", 3)  # a again: now the newest
    kept.put("c", 4)
    assert list(kept.items()) == [("a", 3), ("c", 4)]
