"""The seasons' store in memory, held to ``SeasonStore`` by ``test_store.py``: the results, the
running rounds and the names a test puts in, the settings and the archive it keeps, and the
posts an archive owes on an in-memory outbox (kept with it, as the engines keep them in its
transaction)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from bot.seasons.model import ArchivedSeason, SeasonSettings
from bot.seasons.store import OwedBy
from core.history import longest_scoring, won
from core.round import Results
from core.seasons import Place, ResultRow
from tests.bot.kernel.memory_outbox import MemoryOutboxStore


@dataclass(frozen=True)
class Ended:
    """A player's result in a round that ended at ``ended_at`` (``coop``: kept apart)."""

    guild_id: int
    ended_at: float
    row: ResultRow
    coop: bool = False


@dataclass
class MemorySeasonStore:
    results: list[Ended] = field(default_factory=list)
    running: list[tuple[int, float]] = field(default_factory=list)  # (guild, deadline)
    names: dict[tuple[int, int], str] = field(default_factory=dict)  # (guild, user) -> name
    settings: dict[int, SeasonSettings] = field(default_factory=dict)
    seasons: list[ArchivedSeason] = field(default_factory=list)
    places: dict[tuple[int, int], list[Place]] = field(default_factory=dict)  # (guild, number)
    outbox: MemoryOutboxStore = field(default_factory=MemoryOutboxStore)
    rounds: int = 0  # the last round's id

    def finish(
        self,
        guild_id: int,
        results: Results,
        ended_at: float,
        names: Mapping[int, str],
        coop: bool = False,
    ) -> int:
        """A round of ``guild_id`` finished at ``ended_at`` with ``results``; its id."""
        self.rounds += 1
        self.results += [
            Ended(
                guild_id,
                ended_at,
                ResultRow(
                    self.rounds,
                    p.player,
                    p.points,
                    len(p.words),
                    won(results, p),
                    longest_scoring(p),
                ),
                coop,
            )
            for p in results.players
        ]
        self.names |= {(guild_id, user): name for user, name in names.items()}
        return self.rounds

    def open_round(self, guild_id: int, deadline: float) -> int:
        """A round of ``guild_id`` running until ``deadline``, not finished; its id."""
        self.rounds += 1
        self.running.append((guild_id, deadline))
        return self.rounds

    # -- SeasonStore ---------------------------------------------------------------------------

    async def season_settings(self, guild_id: int) -> SeasonSettings:
        return self.settings.get(guild_id, SeasonSettings(guild_id))

    async def save_season_settings(self, settings: SeasonSettings) -> None:
        self.settings[settings.guild_id] = settings

    async def season_results(self, guild_id: int, start: float, end: float) -> list[ResultRow]:
        rows = [
            e.row
            for e in self.results
            if e.guild_id == guild_id and start <= e.ended_at < end and not e.coop
        ]
        return sorted(rows, key=lambda r: (r.round_id, r.player_id))

    async def rounds_settling(self, guild_id: int, before: float) -> int:
        return sum(1 for g, deadline in self.running if g == guild_id and deadline < before)

    async def guilds_playing_since(self, since: float) -> list[int]:
        return sorted({e.guild_id for e in self.results if e.ended_at >= since})

    async def archive_season(
        self, season: ArchivedSeason, places: Sequence[Place], owed: OwedBy
    ) -> ArchivedSeason | None:
        kept_before = [s for s in self.seasons if s.guild_id == season.guild_id]
        if any(s.name == season.name for s in kept_before):
            return None
        kept = replace(season, number=max((s.number for s in kept_before), default=0) + 1)
        self.seasons.append(kept)
        self.places[(kept.guild_id, kept.number)] = list(places)
        await self.outbox.owe_posts(owed(kept), kept.archived_at)
        return kept

    async def archived_seasons(self, guild_id: int) -> list[ArchivedSeason]:
        return sorted((s for s in self.seasons if s.guild_id == guild_id), key=lambda s: s.number)

    async def season_places(self, guild_id: int, number: int) -> list[Place]:
        found = self.places.get((guild_id, number), [])
        return sorted(found, key=lambda p: (p.place, p.user_id))

    async def display_names(self, guild_id: int, user_ids: Iterable[int]) -> Mapping[int, str]:
        return {u: self.names[(guild_id, u)] for u in user_ids if (guild_id, u) in self.names}
