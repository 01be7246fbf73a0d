"""What the server settings tell the other features."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ServerTimesChanged:
    """A server's time zone or daily channel changed: the instants its days and seasons end at,
    and where its day's post goes, are computed again."""

    guild_id: int
