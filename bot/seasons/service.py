"""Seasons' use cases: a server's season settings, its standings in the current season or any
archived one, and the end of each season (archived once, the recap told through ``SeasonEnded``).

A season ends at its last local midnight (the server's time zone): each server this process owns
that played lately is a job of the scheduler at that instant (set again when its time zone or
length changes; at once at start). The season before is archived once (the database's unique
key decides which process), with its recap and champion role owed in the same transaction."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace

from bot.daily.service import server_zone
from bot.kernel import codec
from bot.kernel.events import EventBus
from bot.kernel.outbox import Outbox, Owed, Post
from bot.kernel.refusal import Refusal
from bot.kernel.scheduler import Scheduler
from bot.rounds.events import RoundEnded
from bot.seasons.events import SeasonEnded
from bot.seasons.model import ArchivedSeason, SeasonSettings
from bot.seasons.model import SeasonStandings as SeasonStandings  # where standings reads it
from bot.seasons.store import SeasonStore
from bot.server_settings.events import ServerTimesChanged
from bot.server_settings.service import ServerSettingsService
from core.seasons import (
    Place,
    Season,
    SeasonLength,
    places,
    previous_season,
    recap,
    season_of,
)

log = logging.getLogger(__name__)

LOOK_BACK = 100 * 86400.0  # a server that played within this long may have a season to close
# A round whose time was up before a season's end belongs to that season, however late its finish
# commits: the archive waits for it (looking this often), this long at most.
SETTLING_LOOK = 1.0
SETTLING_MOST = 120.0
RECAP = "season recap"  # the outbox's kind: the champion role moved, then the recap
# A recap's sender: the season's end and the nonce of each of its messages.
RecapSender = Callable[[SeasonEnded, Callable[[int], str]], Awaitable[None]]


@dataclass(eq=False)
class SeasonService:
    """Seasons of every server: settings, standings, and their ends."""

    store: SeasonStore
    server_settings: ServerSettingsService
    events: EventBus
    clock: Callable[[], float]
    owns: Callable[[int], bool]
    scheduler: Scheduler
    outbox: Outbox

    def recaps_sent_by(self, send: RecapSender) -> None:
        """The front end's way to move the champion role and post a recap (the outbox calls it
        until it is out, with the same nonces each time)."""

        async def deliver(post: Post) -> None:
            await send(codec.loads(SeasonEnded, post.payload), post.nonce)

        self.outbox.deliver_with({RECAP: deliver})

    async def settings(self, guild_id: int) -> SeasonSettings:
        return await self.store.season_settings(guild_id)

    async def configure(
        self,
        guild_id: int,
        length: str | None = None,
        channel_id: int | None = None,
        role_id: int | None = None,
        clear_role: bool = False,
    ) -> SeasonSettings:
        """Change the season's length, the recap's channel or the champion role (None: left)."""
        current = await self.store.season_settings(guild_id)
        changed = replace(
            current,
            length=SeasonLength(length) if length is not None else current.length,
            announce_channel=channel_id if channel_id is not None else current.announce_channel,
            champion_role=None if clear_role else role_id or current.champion_role,
        )
        await self.store.save_season_settings(changed)
        self.plan(guild_id)
        return changed

    async def current(self, guild_id: int) -> Season | None:
        """The season running now in the server (None: seasons are off)."""
        length = (await self.store.season_settings(guild_id)).length
        zone = server_zone(await self.server_settings.of(guild_id))
        return season_of(self.clock(), length, zone)

    async def standings(self, guild_id: int, which: str | None = None) -> SeasonStandings | Refusal:
        """The current season's places (``which`` None, or its number or name) or an archived
        one's, by number or name; refused when seasons are off (and none is asked for) or no
        season has that name."""
        language = await self.server_settings.language(guild_id)
        archived = await self.store.archived_seasons(guild_id)
        wanted = (which or "").strip().lstrip("#").upper()
        for kept in archived:
            if wanted in (str(kept.number), kept.name.upper()):
                found = await self.store.season_places(guild_id, kept.number)
                return await self._shown(guild_id, kept.name, kept.number, False, found, language)
        season = await self.current(guild_id)
        number = archived[-1].number + 1 if archived else 1
        if season is not None and wanted in ("", str(number), season.name.upper()):
            rows = await self.store.season_results(guild_id, season.start, season.end)
            return await self._shown(guild_id, season.name, number, True, places(rows), language)
        if not wanted:
            return Refusal.of("seasons.off", language)
        return Refusal.of("seasons.unknown", language, season=(which or "").strip()[:40])

    async def _shown(
        self,
        guild_id: int,
        name: str,
        number: int,
        current: bool,
        ranked: Sequence[Place],
        language: str,
    ) -> SeasonStandings:
        names = await self.store.display_names(guild_id, [p.user_id for p in ranked])
        return SeasonStandings(name, number, current, tuple(ranked), names, language)

    async def close_due(self) -> list[SeasonEnded]:
        """Archive every owned server's season that ended and is not archived yet, and tell
        ``SeasonEnded`` for each this process archived."""
        now = self.clock()
        ended: list[SeasonEnded] = []
        for guild_id in await self.store.guilds_playing_since(now - LOOK_BACK):
            if self.owns(guild_id):
                closed = await self.close_season(guild_id)
                if closed is not None:
                    ended.append(closed)
        return ended

    async def close_season(self, guild_id: int) -> SeasonEnded | None:
        """The server's last ended season archived and told, if it held rounds and no process
        did it before; None otherwise."""
        config = await self.store.season_settings(guild_id)
        length = config.length
        settings = await self.server_settings.of(guild_id)
        zone = server_zone(settings)
        current = season_of(self.clock(), length, zone)
        if current is None:
            return None
        season = previous_season(current, length, zone)
        archived = await self.store.archived_seasons(guild_id)
        if any(a.name == season.name for a in archived):
            return None
        rows = await self.store.season_results(guild_id, season.start, season.end)
        if not rows:
            return None
        before = previous_season(season, length, zone).name
        last = next((a for a in archived if a.name == before), None)
        earlier = await self.store.season_places(guild_id, last.number) if last else []
        told = recap(rows, {p.user_id: p.points for p in earlier})
        champion = told.champion.user_id if told.champion else None
        holder = next((a.champion_id for a in reversed(archived) if a.champion_id), None)
        names = await self.store.display_names(guild_id, [p.user_id for p in told.places])
        channel_id = config.announce_channel or settings.daily_channel

        def ended(kept: ArchivedSeason) -> SeasonEnded:
            return SeasonEnded(
                guild_id,
                kept.number,
                kept.name,
                told,
                names,
                settings.language,
                channel_id,
                config.champion_role,
                holder,
            )

        def owed(kept: ArchivedSeason) -> list[Owed]:
            if channel_id is None and (config.champion_role is None or champion is None):
                return []  # nothing to post, no role to move
            # A role with no channel to tell is ordered by the server's id.
            where = channel_id if channel_id is not None else guild_id
            return [Owed(RECAP, guild_id, where, codec.dumps(ended(kept)))]

        archiving = ArchivedSeason(
            guild_id, 0, season.name, season.start, season.end, champion, self.clock()
        )
        kept = await self.store.archive_season(archiving, told.places, owed)
        if kept is None:
            return None  # another process archived it
        self.outbox.owed(owed(kept))
        event = ended(kept)
        self.events.publish(event)
        return event

    def start(self) -> None:
        """Each owned server that played lately gets its job (at once: a season may have ended
        while the bot was down), and a server that starts playing gets one at its first end."""
        self.events.subscribe(RoundEnded, self._round_ended)
        self.server_settings.events.subscribe(ServerTimesChanged, lambda e: self.plan(e.guild_id))
        self.scheduler.at("seasons", self.clock(), self._plan_all)

    def plan(self, guild_id: int) -> None:
        """The server's job: its last ended season closed now, then at each season's end."""
        if self.owns(guild_id):
            self.scheduler.at(
                _job(guild_id), self.clock(), lambda: self._season_ends(guild_id), looks=True
            )

    async def _plan_all(self) -> None:
        for guild_id in await self.store.guilds_playing_since(self.clock() - LOOK_BACK):
            self.plan(guild_id)

    async def _round_ended(self, event: RoundEnded) -> None:
        guild_id = event.round.guild_id
        if self.scheduler.when(_job(guild_id)) is None:
            self.plan(guild_id)

    async def _season_ends(self, guild_id: int) -> float | None:
        """Close the season that ended; the instant the current one ends (None: seasons off)."""
        current = await self.current(guild_id)
        now = self.clock()
        if (
            current is not None
            and now < current.start + SETTLING_MOST
            and await self.store.rounds_settling(guild_id, current.start)
        ):
            return now + SETTLING_LOOK  # a round of the season that ended is being scored
        await self.close_season(guild_id)
        return current.end if current is not None else None


def _job(guild_id: int) -> str:
    return f"season {guild_id}"
