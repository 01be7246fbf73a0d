"""What the seasons feature asks of a database, each query's signature written here once:
``SeasonSQL`` implements it on both engines, the tests' in-memory store beside them, and
``tests/bot/seasons/test_store.py`` holds all three to it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol

from bot.kernel.outbox import Owed
from bot.seasons.model import ArchivedSeason, SeasonSettings
from core.seasons import Place, ResultRow

# The posts an archived season owes (its recap), given the season as kept: owed with it.
OwedBy = Callable[[ArchivedSeason], Sequence[Owed]]


class SeasonStore(Protocol):
    """Seasons' settings, the rounds a season ranks, and its archive with the recaps it owes."""

    async def season_settings(self, guild_id: int) -> SeasonSettings:
        """The server's season settings (a month, no channel of its own, no role when unset)."""
        ...

    async def save_season_settings(self, settings: SeasonSettings) -> None: ...

    async def season_results(self, guild_id: int, start: float, end: float) -> list[ResultRow]:
        """Every competitive result of the server's rounds that ended from ``start`` to before
        ``end`` (co-op results are kept apart, as all time keeps them), by round and player."""
        ...

    async def rounds_settling(self, guild_id: int, before: float) -> int:
        """How many of the server's rounds whose time was up before ``before`` are not finished
        (being scored now, or waiting for a restart to be)."""
        ...

    async def guilds_playing_since(self, since: float) -> list[int]:
        """The servers with a round ended from ``since`` on (those a season may have ended
        for), in order."""
        ...

    async def archive_season(
        self, season: ArchivedSeason, places: Sequence[Place], owed: OwedBy
    ) -> ArchivedSeason | None:
        """Keep a finished season and its places, numbered after the server's last, with the
        posts it owes (``owed`` of the season as kept) in the same transaction; None when it was
        archived already (the same server and name, by this process or another)."""
        ...

    async def archived_seasons(self, guild_id: int) -> list[ArchivedSeason]:
        """The server's finished seasons, oldest first."""
        ...

    async def season_places(self, guild_id: int, number: int) -> list[Place]:
        """An archived season's places, best first."""
        ...

    async def display_names(self, guild_id: int, user_ids: Iterable[int]) -> Mapping[int, str]:
        """The names kept for these players (those the bot never learnt are left out)."""
        ...
