"""What the world round asks of a database (written once, for every engine, in ``sql.WorldSQL``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.kernel.outbox import Owed
from bot.world.model import WorldChannel, WorldEntry, WorldRecord, WorldStanding
from bot.world.sql import ClosingStep, OwedFor
from core.world import Ranked


class WorldStore(Protocol):
    """The queries ``WorldService`` makes."""

    async def world_secret(self, new: str) -> str: ...

    async def world_channels(self, language: str | None = None) -> list[WorldChannel]: ...

    async def world_channel_counts(self, set_by: float) -> dict[str, int]: ...

    async def world_channel(self, guild_id: int) -> WorldChannel | None: ...

    async def set_world_channel(self, channel: WorldChannel, now: float) -> None: ...

    async def clear_world_channel(self, guild_id: int) -> bool: ...

    async def open_world_round(
        self, language: str, number: int, now: float, owed: OwedFor
    ) -> Sequence[Owed] | None: ...

    async def join_world(self, entry: WorldEntry) -> WorldEntry: ...

    async def world_entry(
        self, language: str, number: int, player_id: int
    ) -> WorldEntry | None: ...

    async def world_words(self, language: str, number: int, player_id: int) -> list[str]: ...

    async def add_world_words(
        self,
        language: str,
        number: int,
        player_id: int,
        words: Sequence[tuple[str, int]],
        at: float,
    ) -> list[str] | None: ...

    async def close_world_round(
        self,
        language: str,
        number: int,
        now: float,
        owed: OwedFor,
        then: Sequence[ClosingStep] = (),
    ) -> list[Ranked] | None: ...

    async def unclosed_world_rounds(self, up_to: int) -> list[tuple[str, int]]: ...

    async def world_ranked(self, language: str, number: int) -> list[WorldEntry]: ...

    async def world_finders(self, language: str, number: int) -> dict[str, int]: ...

    async def world_best(
        self, language: str, first: int, last: int, limit: int
    ) -> list[WorldStanding]: ...

    async def world_place(
        self, language: str, first: int, last: int, player_id: int
    ) -> tuple[int, int, WorldStanding | None]: ...

    async def world_record(self, player_id: int) -> WorldRecord | None: ...
