"""What goes wrong in storage, in the project's terms: each engine turns its own errors into
these, so the code above knows what to do without knowing the engine."""

from __future__ import annotations


class StorageError(Exception):
    """The database cannot be used as it is; the message says why and what to do."""


class TransientStorageError(StorageError):
    """Not now: the database is busy, locked, or out of room or I/O; the same call may succeed
    if it is retried (nothing of it was written)."""


class RejectedWrite(StorageError):
    """Never: the database refuses these rows (a constraint); retrying them changes nothing."""


class ChannelBusy(StorageError):
    """A channel already has a running round (at most one per channel)."""

    def __init__(self, channel_id: int, round_id: int | None = None) -> None:
        self.channel_id = channel_id
        self.round_id = round_id
        which = f" (round {round_id})" if round_id is not None else ""
        super().__init__(f"channel {channel_id} already has a running round{which}")


class TargetNotEmpty(StorageError):
    """A copy into a database that already holds records (``counts``: rows per table)."""

    def __init__(self, counts: dict[str, int]) -> None:
        self.counts = counts
        held = ", ".join(f"{n} {table}" for table, n in counts.items() if n)
        super().__init__(f"it already holds data ({held})")
