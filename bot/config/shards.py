"""Which Discord shards this process runs, and so which servers' rounds are its own.

Discord sends a server's events to shard ``(guild_id >> 22) % shard_count``; a process runs a
slice of the shards (``BOGGLE_SHARD_IDS`` of ``BOGGLE_SHARD_COUNT``). Every process on one
database must use the same count. Without the settings a process runs every shard and owns
every server.
"""

from __future__ import annotations

from dataclasses import dataclass

SHARD_LIMIT = 1024  # shard ids and counts above this are a typo, not a bot


@dataclass(frozen=True)
class ShardSlice:
    """The shards this process runs: ``ids`` of ``count`` (``count`` None: every shard)."""

    count: int | None = None
    ids: tuple[int, ...] | None = None

    def owns(self, guild_id: int) -> bool:
        """Whether this process runs the server's shard, so its rounds are this process's."""
        if self.count is None:
            return True
        return self.ids is None or (guild_id >> 22) % self.count in self.ids

    @property
    def claimed(self) -> tuple[tuple[int, ...], int]:
        """The shard locks to hold in the database, and their count (everything: shard 0 of 1)."""
        if self.count is None:
            return (0,), 1
        return self.ids if self.ids is not None else tuple(range(self.count)), self.count

    def describe(self) -> str:
        if self.count is None:
            return "every shard"
        ids, count = self.claimed
        return f"shards {', '.join(map(str, ids))} of {count}"


def parse_shard_ids(text: str) -> tuple[int, ...]:
    """``0-3``, ``4,5`` or ``0-1,6``: sorted, each once. ValueError on anything else."""
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not _number(first) or (dash and not _number(last)):
            raise ValueError(part or "(empty)")
        low, high = int(first), int(last) if dash else int(first)
        if high < low or high >= SHARD_LIMIT:
            raise ValueError(part)
        ids.update(range(low, high + 1))
    return tuple(sorted(ids))


def _number(text: str) -> bool:
    return text.isascii() and text.isdigit()
