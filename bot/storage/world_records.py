"""The world round's rows, as ``copy_database`` carries them (``tables.TABLES``)."""

from __future__ import annotations

from typing import NamedTuple


class WorldSecretRow(NamedTuple):
    """The host's secret that seeds every world board (one row)."""

    id: int
    secret: str


class WorldChannelRow(NamedTuple):
    """A server's world channel."""

    guild_id: int
    channel_id: int
    language: str
    set_at: float


class WorldRoundRow(NamedTuple):
    """A world round: when its boards were owed, when it closed, how many scored."""

    language: str
    number: int
    posted_at: float | None
    closed_at: float | None
    players: int


class WorldEntryRow(NamedTuple):
    """A player's entry in a world round."""

    language: str
    number: int
    player_id: int
    guild_id: int | None
    channel_id: int
    joined_at: float
    name: str
    points: int
    words: int
    last_at: float
    rank: int | None


class WorldWordRow(NamedTuple):
    """A word a player found in a world round (``at``: seconds after its opening)."""

    language: str
    number: int
    player_id: int
    word: str
    at: float
