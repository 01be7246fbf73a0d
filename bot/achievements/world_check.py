"""The achievements' part of a world round's close: run in the close's transaction by the one
process that closes it (``WorldService.at_close``), so a tier is stored, and its line owed, with
the ranks or not at all. A player's tiers belong to the server of their entry (where they joined
the round first); an entry joined in a DM earns none (no server would hold its tiers), though
the player's ``/stats`` counts it.

Each server's line goes to its world channel, under the round's results when it shows this
round's language; a server without one hears it where the player joined the round. As a
round's finish does, the tiers a player is known to hold are remembered (one bit each) once the
close is committed, so a close inserts only tiers not known to be held."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bot.achievements.events import AchievementsEarned, Where, line_owed
from bot.achievements.round_check import KEPT_PLAYERS, Award, Awarding
from bot.kernel.bounded import Bounded
from bot.kernel.events import EventBus
from bot.kernel.outbox import Outbox, Owed
from bot.server_settings.service import ServerSettingsService
from bot.storage.database import Session
from bot.world.events import WorldRoundClosed
from bot.world.model import WorldClosing, WorldEntry
from core.achievements import reached_bits, tiers_of, world_figures

KEPT_CLOSES = 64  # rounds closed here whose lines wait for the close's commit


@dataclass(frozen=True)
class _Closed:
    """What a close earned (its lines) and reached (held once it is committed)."""

    told: tuple[AchievementsEarned, ...]
    reached: dict[tuple[int, int], int]  # (server, player) -> the bits of every tier reached


@dataclass(eq=False)
class WorldCheck:
    """Awards what a world round's ranks reach, inside its close; tells it once committed."""

    store: Awarding
    server_settings: ServerSettingsService
    clock: Callable[[], float]
    events: EventBus
    outbox: Outbox
    _closed: Bounded[tuple[str, int], _Closed] = field(
        init=False, default_factory=lambda: Bounded(KEPT_CLOSES)
    )
    _held: Bounded[tuple[int, int], int] = field(  # (server, player) -> bits
        init=False, default_factory=lambda: Bounded(KEPT_PLAYERS)
    )

    def listen(self) -> None:
        self.events.subscribe(WorldRoundClosed, self.closed)

    async def closing(self, closing: WorldClosing, session: Session) -> None:
        """Insert, server by server, the tiers the ranks reach that are not known to be held,
        with the lines that tell the new ones; keep both for ``closed``."""
        servers: dict[int, list[WorldEntry]] = {}
        for entry in closing.ranked:
            if entry.guild_id is not None:
                servers.setdefault(entry.guild_id, []).append(entry)
        reached: dict[tuple[int, int], int] = {}
        told: list[AchievementsEarned] = []
        for guild_id, entries in servers.items():
            due: list[Award] = []
            for entry in entries:
                bits = reached_bits(world_figures(entry.rank or 0, closing.players))
                reached[guild_id, entry.player_id] = bits
                if unknown := bits & ~self._held.get((guild_id, entry.player_id), 0):
                    due += [(entry.player_id, code, tier) for code, tier in tiers_of(unknown)]
            if due:
                told += await self._award(closing, guild_id, entries, due, session)
        self._closed.put((closing.language, closing.number), _Closed(tuple(told), reached))

    async def _award(
        self,
        closing: WorldClosing,
        guild_id: int,
        entries: list[WorldEntry],
        due: list[Award],
        session: Session,
    ) -> list[AchievementsEarned]:
        """Insert one server's due tiers; the lines telling the new ones (owed with them)."""
        _, language = await self.server_settings.locale(guild_id, within=session)
        lines = _lines(closing, guild_id, entries, language)
        told: list[AchievementsEarned] = []

        def owed(new: list[Award]) -> list[Owed]:
            told[:] = lines(new)
            return [post for line in told for post in line_owed(line)]

        await self.store.award(guild_id, due, self.clock(), within=session, told=owed)
        return told

    def closed(self, event: WorldRoundClosed) -> None:
        """The close is committed (another process's leaves nothing kept here): what it reached
        is held from now on; its lines go out, and are told."""
        closed = self._closed.pop((event.language, event.number), None)
        if closed is None:
            return
        for key, bits in closed.reached.items():
            self._held.put(key, self._held.get(key, 0) | bits)
        for line in closed.told:
            self.outbox.owed(line_owed(line))
            self.events.publish(line)


_Lines = Callable[[list[Award]], list[AchievementsEarned]]


def _lines(
    closing: WorldClosing, guild_id: int, entries: list[WorldEntry], language: str
) -> _Lines:
    """The server's lines for its new tiers: one in its world channel, else one in each channel
    its players joined the round from."""
    world_channel = closing.channels.get(guild_id)
    channel_of = {e.player_id: world_channel or e.channel_id for e in entries}
    names = {e.player_id: e.name for e in entries}

    def lines(new: list[Award]) -> list[AchievementsEarned]:
        by_channel: dict[int, list[Award]] = {}
        for award in new:
            by_channel.setdefault(channel_of[award[0]], []).append(award)
        return [
            AchievementsEarned(
                guild_id,
                channel,
                Where.WORLD,
                None,
                tuple(awards),
                {p: names[p] for p in dict.fromkeys(p for p, _, _ in awards)},
                language,
            )
            for channel, awards in by_channel.items()
        ]

    return lines
