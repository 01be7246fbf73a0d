"""What the seasons feature tells others: a season ended and was archived (the recap's content)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from core.seasons import Recap


@dataclass(frozen=True)
class SeasonEnded:
    """A server's season is over and archived as ``number``: its recap goes to ``channel_id``
    (None: the server named no channel), the champion role (if any) moves from the last
    champion to this one."""

    guild_id: int
    number: int
    name: str
    recap: Recap
    names: Mapping[int, str]
    language: str
    channel_id: int | None
    champion_role: int | None
    last_champion: int | None  # the previous season's champion (the role's holder)
