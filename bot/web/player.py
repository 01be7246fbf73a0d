"""What a feature's page side may ask of a player's page (``bot.web.session.Session``)."""

from __future__ import annotations

from typing import Protocol, TypeVar

M = TypeVar("M", contravariant=True)  # the feature's messages


class PagePlayer(Protocol[M]):
    """A player's page: who and where, and a way to send it the feature's messages ``M``."""

    player_id: int
    name: str
    channel_id: int
    guild_id: int | None
    language: str

    async def send(self, message: M) -> None: ...
