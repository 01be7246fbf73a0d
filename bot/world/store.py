"""What the world round asks of a database: its own SQL, its signatures written once there
(``sql.WorldSQL``, for every engine)."""

from __future__ import annotations

from typing import Protocol

from bot.world.sql import WorldSQL


class WorldStore(WorldSQL, Protocol):
    """The queries ``WorldService`` makes."""
