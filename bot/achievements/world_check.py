"""The achievements' part of a world round's close: run in the close's transaction by the one
process that closes it (``WorldService.at_close``), so a tier is stored with the ranks or not at
all. A player's tiers belong to the server of their entry (where they joined the round first);
an entry joined in a DM earns none (no server would hold its tiers), though the player's
``/stats`` counts it.

No line is posted: a world round costs a world channel two messages at most (its board and its
results), and a line for each of hundreds of servers at once would run past Discord's global
limit at every close; the tiers show in ``/stats``, and the news goes to the page. As a round's
finish does, the tiers a player is known to hold are remembered (one bit each) once the close is
committed, so a close inserts only tiers not known to be held: every server's in one statement."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from bot.achievements.events import AchievementsEarned, Where
from bot.achievements.sql import AchievementSQL, ServerAward
from bot.kernel.bounded import Bounded
from bot.kernel.events import EventBus
from bot.storage.database import Session
from bot.world.events import WorldRoundClosed
from bot.world.model import WorldClosing, WorldEntry
from core.achievements import reached_bits, tiers_of, world_figures

KEPT_CLOSES = 64  # rounds closed here whose lines wait for the close's commit
KEPT_PLAYERS = 20_000  # (server, player) whose known world tiers are remembered (an int each)

Entries = Mapping[tuple[int, int], WorldEntry]  # (server, player) -> their entry


@dataclass(frozen=True)
class _Closed:
    """What a close earned (its lines) and reached (held once it is committed)."""

    told: tuple[AchievementsEarned, ...]
    reached: dict[tuple[int, int], int]  # (server, player) -> the bits of every tier reached


@dataclass(eq=False)
class WorldCheck:
    """Awards what a world round's ranks reach, inside its close; tells it once committed."""

    store: AchievementSQL
    clock: Callable[[], float]
    events: EventBus
    _closed: Bounded[tuple[str, int], _Closed] = field(
        init=False, default_factory=lambda: Bounded(KEPT_CLOSES)
    )
    _held: Bounded[tuple[int, int], int] = field(  # (server, player) -> bits
        init=False, default_factory=lambda: Bounded(KEPT_PLAYERS)
    )

    def listen(self) -> None:
        self.events.subscribe(WorldRoundClosed, self.closed)

    async def closing(self, closing: WorldClosing, session: Session) -> None:
        """Insert the tiers the ranks reach that are not known to be held; keep them, and the
        news of the new ones, for ``closed``. No line is owed: a world round costs a world
        channel two messages at most (its board and its results), and a line a server past
        Discord's global limit at the close; the tiers show in ``/stats`` and on the page."""
        entries: dict[tuple[int, int], WorldEntry] = {}
        reached: dict[tuple[int, int], int] = {}
        due: list[ServerAward] = []
        for entry in closing.ranked:
            if entry.guild_id is None:
                continue
            key = (entry.guild_id, entry.player_id)
            entries[key] = entry
            reached[key] = bits = reached_bits(world_figures(entry.rank or 0, closing.players))
            if unknown := bits & ~self._held.get(key, 0):
                due += [(*key, code, tier) for code, tier in tiers_of(unknown)]
        told: list[AchievementsEarned] = []
        if due:
            new, languages = await self.store.award_across(due, self.clock(), session)
            told = _lines(new, entries, closing.channels, languages)
        self._closed.put((closing.language, closing.number), _Closed(tuple(told), reached))

    def closed(self, event: WorldRoundClosed) -> None:
        """The close is committed (another process's leaves nothing kept here): what it reached
        is held from now on, and its news told (the page shows it)."""
        closed = self._closed.pop((event.language, event.number), None)
        if closed is None:
            return
        for key, bits in closed.reached.items():
            self._held.put(key, self._held.get(key, 0) | bits)
        for line in closed.told:
            self.events.publish(line)


def _lines(
    new: list[ServerAward],
    entries: Entries,
    channels: Mapping[int, int],
    languages: Mapping[int, str],
) -> list[AchievementsEarned]:
    """One line a server for its new tiers, in its world channel (``channels``), else one in
    each channel its players joined the round from."""
    places: dict[tuple[int, int], list[tuple[int, str, int]]] = {}
    for guild, player, code, tier in new:
        channel = channels.get(guild) or entries[guild, player].channel_id
        places.setdefault((guild, channel), []).append((player, code, tier))
    return [
        AchievementsEarned(
            guild,
            channel,
            Where.WORLD,
            None,
            tuple(awards),
            {p: entries[guild, p].name for p, _, _ in awards},
            languages[guild],
        )
        for (guild, channel), awards in places.items()
    ]
