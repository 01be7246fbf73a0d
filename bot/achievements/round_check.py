"""The achievements' part of a round's finish, kept cheap: it runs in the finish's transaction
(``RoundService``'s ``at_finish``), so what it costs is what a round's end waits for.

The players' totals come from the standings' own update, the server's time zone is read when
the round starts, and the tiers a player is known to hold are remembered (one bit each), so a
finish inserts only tiers not known to be held; the database's unique key judges what is new.
The line telling new tiers is owed in the same transaction (the outbox's), after the results."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import Protocol

from bot.achievements.events import AchievementsEarned, Where, line_owed
from bot.kernel.bounded import Bounded
from bot.kernel.events import EventBus
from bot.kernel.outbox import Outbox, Owed
from bot.rounds.events import RoundEnded, RoundLost, RoundStarted
from bot.rounds.store import Totals
from bot.rounds.view import RoundView
from bot.server_settings.service import ServerSettingsService
from bot.storage.database import Session
from core.achievements import Measure, reached_bits, round_figures, tiers_of
from core.round import Results

Award = tuple[int, str, int]  # player, code, tier
KEPT_ROUNDS = 1024  # rounds between their start and their end (time zones, tiers to tell)
KEPT_PLAYERS = 4096  # players whose known tiers are remembered (an int each)


class Awarding(Protocol):
    async def award(
        self,
        guild_id: int,
        awards: Sequence[Award],
        now: float,
        within: Session | None = None,
        told: Callable[[list[Award]], Sequence[Owed]] = ...,
    ) -> list[Award]: ...


def total_figures(row: Mapping[str, object]) -> dict[Measure, int]:
    """A player's all-time figures (a standings row) as the rules' measures."""
    longest = row.get("longest_word")
    return {
        Measure.WORDS: int(str(row["words"])),
        Measure.ROUNDS: int(str(row["rounds"])),
        Measure.WINS: int(str(row["wins"])),
        Measure.ROUND_POINTS: int(str(row["best"])),
        Measure.LONGEST: len(longest) if isinstance(longest, str) else 0,
    }


@dataclass(frozen=True)
class _Finished:
    """What a round's finish earned (to tell) and reached (held once it is committed)."""

    new: tuple[Award, ...]
    reached: Mapping[int, int]  # player -> the bits of every tier reached


@dataclass(eq=False)
class RoundCheck:
    """Awards what a round reaches, inside its finish; tells it once the finish is committed."""

    store: Awarding
    server_settings: ServerSettingsService
    clock: Callable[[], float]
    events: EventBus
    outbox: Outbox
    _zones: Bounded[int, tzinfo] = field(  # round id -> its server's zone
        init=False, default_factory=lambda: Bounded(KEPT_ROUNDS)
    )
    _finished: Bounded[int, _Finished] = field(
        init=False, default_factory=lambda: Bounded(KEPT_ROUNDS)
    )
    _held: Bounded[tuple[int, int], int] = field(  # (guild, player) -> bits
        init=False, default_factory=lambda: Bounded(KEPT_PLAYERS)
    )

    def listen(self) -> None:
        self.events.subscribe(RoundStarted, self.started)
        self.events.subscribe(RoundLost, self.lost)

    async def started(self, event: RoundStarted) -> None:
        """Read the server's time zone now, not in the finish."""
        zone, _ = await self.server_settings.locale(event.round.guild_id)
        self._zones.put(event.round.id, zone)

    def lost(self, event: RoundLost) -> None:
        self._zones.pop(event.round_id, None)

    async def finishing(
        self, round: RoundView, results: Results, totals: Totals, session: Session
    ) -> None:
        """Insert the tiers the round and the players' totals reach that are not known to be
        held; keep the ones inserted (new) for ``ended`` to tell."""
        if not results.players:
            return
        zone = self._zones.get(round.id)
        if zone is None:  # resumed after a restart, or started a moment ago
            zone, _ = await self.server_settings.locale(round.guild_id, within=session)
        now = self.clock()
        hour = datetime.fromtimestamp(now, zone).hour
        side = min(round.board.rows, round.board.cols)
        figures = round_figures(results, round.rules.mode, side, hour)
        bits: dict[int, int] = {}
        due: list[Award] = []
        for player, f in figures.items():
            if player in totals:
                for measure, value in total_figures(totals[player]).items():
                    if value > f.get(measure, 0):
                        f[measure] = value
            bits[player] = mine = reached_bits(f)
            if unknown := mine & ~self._held.get((round.guild_id, player), 0):
                due += [(player, code, tier) for code, tier in tiers_of(unknown)]

        def told(new: list[Award]) -> list[Owed]:  # names are the results': known at the end
            line = AchievementsEarned(
                round.guild_id,
                round.channel_id,
                Where.ROUND,
                round.id,
                tuple(new),
                {},
                round.language,
            )
            return line_owed(line)

        new = (
            await self.store.award(round.guild_id, due, now, within=session, told=told)
            if due
            else []
        )
        self._finished.put(round.id, _Finished(tuple(new), bits))  # a retry replaces it

    def ended(self, event: RoundEnded) -> AchievementsEarned | None:
        """The finish is committed: what it reached is held from now on; tell what is new."""
        view = event.round
        self._zones.pop(view.id, None)
        finished = self._finished.pop(view.id, None)
        if finished is None:
            return None
        for player, bits in finished.reached.items():
            key = (view.guild_id, player)
            self._held.put(key, self._held.get(key, 0) | bits)
        if not finished.new:
            return None
        earned = AchievementsEarned(
            view.guild_id,
            view.channel_id,
            Where.ROUND,
            view.id,
            finished.new,
            event.names,
            view.language,
        )
        # Owed in the finish, after the results: the rounds let the channel's posts go.
        self.events.publish(earned)
        return earned
