"""Achievements' use cases: tiers awarded when a round or a season ends (each once: the
database's unique key), a player's achievements with the next tier and how rare each is in the
server, and the one-off backfill that gives existing players what their history earned, silently.

The rules are pure (``core.achievements``); this gathers the facts (a round's results, the
players' totals) and keeps what they reach. A round's check is part of the round's finish, in its
transaction (``round_check.py``): no read of its own as a rule, an insert only when a tier not
known to be held is reached, no commit of its own (``bench/bench_achievements.py`` measures it)."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

from bot.achievements.events import LINE, AchievementsEarned, Where, line_owed
from bot.achievements.round_check import Award, RoundCheck, total_figures
from bot.achievements.sql import AchievementSQL
from bot.achievements.world_check import WorldCheck
from bot.daily.events import DailyFinished
from bot.kernel import codec
from bot.kernel.events import EventBus
from bot.kernel.outbox import Outbox, Owed, Post
from bot.rounds.events import RoundEnded
from bot.rounds.store import Totals as RoundTotals
from bot.rounds.view import RoundView
from bot.seasons.events import SeasonEnded
from bot.server_settings.service import ServerSettingsService
from bot.storage.database import Session
from bot.storage.names_sql import PlayerNameSQL
from bot.tournaments.events import TournamentEnded
from bot.world.model import WorldClosing
from core.achievements import Facts, Measure, Progress, progress, reached
from core.round import Results

Totals = Mapping[str, object]  # a player's standing: words, rounds, wins, best, longest_word
LineSender = Callable[[AchievementsEarned, str], Awaitable[None]]  # the line, its nonce


class AchievementStore(AchievementSQL, PlayerNameSQL, Protocol):
    """The queries the service makes: its own SQL (the store's signatures are the SQL's, written
    once) and the players' names."""


@dataclass(frozen=True)
class Held:
    """An achievement as ``/stats`` lists it: the player's progress and the share of the
    server's players holding its first tier (its rarity)."""

    progress: Progress
    holders_percent: int


class AchievementService:
    """Awards, shows and backfills achievements."""

    def __init__(
        self,
        store: AchievementStore,
        server_settings: ServerSettingsService,
        events: EventBus,
        clock: Callable[[], float],
        outbox: Outbox,
    ) -> None:
        self.store = store
        self.outbox = outbox
        self.rounds = RoundCheck(store, server_settings, clock, events, outbox)
        self.world = WorldCheck(store, clock, events)
        self.server_settings, self.events, self.clock = server_settings, events, clock

    def lines_sent_by(self, send: LineSender) -> None:
        """The front end's way to tell a line of new tiers (the outbox calls it until it is
        out, with the same nonce each time); a line whose players' names were not known when it
        was owed (a round's finish) gets their kept names first."""

        async def deliver(post: Post) -> None:
            event = codec.loads(AchievementsEarned, post.payload)
            missing = [p for p, _, _ in event.awards if p not in event.names]
            if missing:
                kept = await self.store.display_names(event.guild_id, missing)
                event = dataclasses.replace(event, names={**event.names, **kept})
            await send(event, post.nonce(0))

        self.outbox.deliver_with({LINE: deliver})

    def listen(self) -> None:
        """Check achievements whenever a round, a season, a daily attempt, a tournament or a
        world round ends."""
        self.events.subscribe(RoundEnded, self._on_round)
        self.rounds.listen()
        self.world.listen()
        self.events.subscribe(SeasonEnded, self._on_season)
        self.events.subscribe(DailyFinished, self._on_daily)
        self.events.subscribe(TournamentEnded, self._on_tournament)

    async def _on_daily(self, event: DailyFinished) -> None:
        await self.daily_finished(event)

    async def _on_tournament(self, event: TournamentEnded) -> None:
        await self.tournament_ended(event)

    async def _on_round(self, event: RoundEnded) -> None:
        await self.round_ended(event)

    async def _on_season(self, event: SeasonEnded) -> None:
        await self.season_ended(event)

    async def round_finishing(
        self, round: RoundView, results: Results, totals: RoundTotals, session: Session
    ) -> None:
        """The achievements' part of a round's finish, in its transaction (``round_check``)."""
        await self.rounds.finishing(round, results, totals, session)

    async def world_closing(self, closing: WorldClosing, session: Session) -> None:
        """The achievements' part of a world round's close, in its transaction
        (``world_check``)."""
        await self.world.closing(closing, session)

    async def round_ended(self, event: RoundEnded) -> AchievementsEarned | None:
        """Tell, in the round's channel, the tiers its finish earned (none: nothing is told)."""
        return self.rounds.ended(event)

    async def season_ended(self, event: SeasonEnded) -> AchievementsEarned | None:
        """Award the season's podium (and champion) tiers; told under the recap."""
        marks = await self.store.history_marks(event.guild_id)
        figures = {
            p.user_id: {
                Measure.SEASON_PODIUMS: marks["podiums"].get(p.user_id, 0),
                Measure.SEASON_TITLES: marks["titles"].get(p.user_id, 0),
            }
            for p in event.recap.podium
        }
        return await self._award(event.guild_id, figures, _told_under(event, Where.SEASON))

    async def daily_finished(self, event: DailyFinished) -> AchievementsEarned | None:
        """Award the daily streak's and boards' tiers; told in the channel it was played in."""
        figures = {
            event.player_id: {
                Measure.DAILY_STREAK: event.streak,
                Measure.DAILY_BOARDS: event.boards,
            }
        }
        names = await self.store.display_names(event.guild_id, [event.player_id])
        language = await self.server_settings.language(event.guild_id)
        return await self._award(
            event.guild_id,
            figures,
            lambda new: AchievementsEarned(
                event.guild_id, event.channel_id, Where.DAILY, None, new, names, language
            ),
        )

    async def tournament_ended(self, event: TournamentEnded) -> AchievementsEarned | None:
        """Award the winner's tournament tiers; told under the tournament's podium."""
        if not event.places:
            return None
        winner = event.places[0]
        marks = await self.store.history_marks(event.guild_id)
        wins = max(1, marks["tournament_wins"].get(winner, 0))
        figures = {winner: {Measure.TOURNAMENT_WINS: wins}}
        return await self._award(event.guild_id, figures, _told_under(event, Where.TOURNAMENT))

    async def _award(
        self,
        guild_id: int,
        figures: Mapping[int, Mapping[Measure, int]],
        earned: Callable[[tuple[Award, ...]], AchievementsEarned] | None = None,
    ) -> AchievementsEarned | None:
        """Award what the figures reach and is not held; the line telling the new tiers (from
        ``earned``; None: told to nobody) owed in the same transaction, and told."""
        due = _due(figures, await self.store.earned_by(guild_id, figures))
        if not due:
            return None
        told: list[AchievementsEarned] = []

        def owed(new: list[Award]) -> list[Owed]:
            told[:] = [earned(tuple(new))] if earned is not None else []
            return [p for event in told for p in line_owed(event)]

        if not await self.store.award(guild_id, due, self.clock(), told=owed) or not told:
            return None
        self.outbox.owed(line_owed(told[0]))
        self.events.publish(told[0])
        return told[0]

    async def held(self, guild_id: int, user_id: int) -> list[Held]:
        """The player's achievements (every one of the table), each with its next tier and the
        share of the server's players who hold its first tier."""
        earned = await self.store.earned(guild_id, user_id)
        counts, players = await self.store.holders(guild_id)
        listed = progress((code, tier) for code, tier, _ in earned)
        return [
            Held(  # a world round's tier may be held by a player with no round on the server
                p,
                min(
                    100,
                    counts.get((p.achievement.code, p.achievement.tiers[0]), 0)
                    * 100
                    // max(players, 1),
                ),
            )
            for p in listed
        ]

    async def backfill(self, guild_ids: Iterable[int] | None = None) -> int:
        """Give every existing player what their history already earned, telling nobody; how
        many tiers were new (0 the second time: the unique key). World rounds are read once
        for every server (their entries' servers are not indexed)."""
        world = await self.store.world_marks()
        guilds = (
            list(guild_ids)
            if guild_ids is not None
            else sorted({*await self.store.guilds_with_players(), *world})
        )
        added = 0
        for guild_id in guilds:
            totals = await self.store.every_total(guild_id)
            marks = await self.store.history_marks(guild_id)
            figures: dict[int, dict[Measure, int]] = {
                player: dict(f) for player, f in world.get(guild_id, {}).items()
            }
            for player, row in totals.items():
                f = figures.setdefault(player, {})
                f.update(total_figures(row))
                f[Measure.QU_WORD] = marks["qu"].get(player, 0)
                f[Measure.TOURNAMENT_WINS] = marks["tournament_wins"].get(player, 0)
                f[Measure.SEASON_PODIUMS] = marks["podiums"].get(player, 0)
                f[Measure.SEASON_TITLES] = marks["titles"].get(player, 0)
            due = _due(figures, await self.store.earned_by(guild_id, figures))
            added += len(await self.store.award(guild_id, due, self.clock()) if due else [])
        return added


def _due(
    figures: Mapping[int, Mapping[Measure, int]], held: set[tuple[int, str, int]]
) -> list[tuple[int, str, int]]:
    """The tiers the figures reach that are not held yet, as (player, code, tier)."""
    return [
        (player, code, tier)
        for player, f in figures.items()
        for code, tier in reached(Facts(f))
        if (player, code, tier) not in held
    ]


def _told_under(
    event: SeasonEnded | TournamentEnded, where: Where
) -> Callable[[tuple[Award, ...]], AchievementsEarned]:
    """The line of tiers an event's post earned, told in its channel under that post."""
    return lambda new: AchievementsEarned(
        event.guild_id, event.channel_id, where, None, new, event.names, event.language
    )
