"""The services of one bot process, built from the settings in order and each torn down in
reverse by the exit stack it is built on (no hand-written mirror). A front end hands in what the
services ask of it (``Ports``: players' names, whether it is stopping) and receives the
``Services`` its commands use; it shows rounds by listening to their events, and sends what the
services owe on the outbox. ``bot.app`` composes them with the front ends.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Awaitable, Callable, Mapping
from contextlib import AsyncExitStack
from dataclasses import dataclass, field

from bot.achievements.service import AchievementService
from bot.battles.service import BattleService
from bot.check.service import CheckService
from bot.config.settings import Settings
from bot.config.shards import ShardSlice
from bot.daily.posts import DailyPoster
from bot.daily.service import DailyService
from bot.definitions.service import DefinitionsService
from bot.kernel.events import EventBus
from bot.kernel.lexicons import Lexicons
from bot.kernel.limits import Limiter, Pacer
from bot.kernel.outbox import Outbox
from bot.kernel.pages import PageDirectory
from bot.kernel.scheduler import Scheduler
from bot.kernel.shard_claims import ShardClaims
from bot.pictures.pictures import Pictures
from bot.rounds.options import round_defaults
from bot.rounds.pruning import GuessPruner
from bot.rounds.service import (
    FINISH_GRACE,
    GUESS_BURST,
    GUESSES_PER_SECOND,
    LiveRounds,
    RoundService,
)
from bot.rounds.settling import MemberNames
from bot.rounds.writer import GuessWriter
from bot.seasons.service import SeasonService
from bot.server_settings.service import ServerSettingsService
from bot.standings.service import StandingsService
from bot.stores import Storage
from bot.tournaments.scheduler import TournamentScheduler
from bot.tournaments.service import TournamentService
from bot.world.service import WorldService
from core.lexicon import Lexicon
from core.world import WORLD_RATE, Rhythm

log = logging.getLogger(__name__)

# Shutdown: rounds that are ending get FINISH_GRACE (bot/rounds/live_rounds.py); listeners and
# their follow-ups still in flight (a reaction waiting on a rate limit) get this long, then are
# dropped.
FEEDBACK_GRACE = 1.0
# A database that does not answer at shutdown (unreachable, locked) gets this long to take the
# players' names, and as long again for the guesses still waiting (never shown accepted).
WRITER_GRACE = 3.0


@dataclass(frozen=True)
class Tuning:
    """What tests and benchmarks set differently from production, in one object; the defaults
    are production's."""

    clock: Callable[[], float] = time.time
    tick: float = 0.5
    rng: random.Random | None = None
    busy_timeout: float = 5.0
    standby: bool = True  # wait for shards another process holds (False: the sandbox refuses)
    lexicons: Mapping[str, Lexicon] = field(default_factory=dict)  # already at hand, by language
    guess_rate: tuple[float, float] = (GUESSES_PER_SECOND, GUESS_BURST)  # per second, burst
    achievements: bool = True  # False: no achievement checks (bench_load's "before")


@dataclass(frozen=True)
class Ports:
    """What the services ask of a front end that is not a post: players' names it knows (a
    round's results name players no name was kept for) and whether the process is stopping (a
    stand-by stops waiting for its shards). Every post the services owe goes on the outbox,
    sent by the front end's senders (each feature's Discord side registers its own)."""

    member_names: MemberNames
    stopping: Callable[[], bool]


@dataclass(frozen=True)
class Services:
    """Everything a front end's commands use, built once per process."""

    settings: Settings
    clock: Callable[[], float]
    scheduler: Scheduler  # time-driven work: every feature's jobs
    outbox: Outbox  # every post owed, until it is out
    lexicons: Lexicons
    pictures: Pictures
    events: EventBus
    storage: Storage
    claims: ShardClaims
    writer: GuessWriter
    pruner: GuessPruner
    rounds: RoundService
    daily: DailyService
    daily_poster: DailyPoster
    server_settings: ServerSettingsService
    pages: PageDirectory
    standings: StandingsService
    check: CheckService
    tournaments: TournamentService
    tournament_scheduler: TournamentScheduler
    seasons: SeasonService
    achievements: AchievementService
    definitions: DefinitionsService
    battles: BattleService
    world: WorldService


async def open_services(
    settings: Settings, tuning: Tuning, ports: Ports, stack: AsyncExitStack
) -> Services:
    """Build every service, in order, each one's teardown pushed on ``stack``: the lexicon (a
    bad BOGGLE_DICTIONARY stops it here), the database, this process's shards (a stand-by waits
    here), then the services over them. Nothing runs yet: ``start_services`` resumes rounds once
    the front end is ready for them."""
    clock = tuning.clock
    lexicons = Lexicons(settings.dictionary, loaded=tuning.lexicons)
    await lexicons.get("en")
    storage = await Storage.open(settings.database, busy_timeout=tuning.busy_timeout)
    stack.push_async_callback(_close_storage, storage)
    claims = ShardClaims(storage, settings.shards, ports.stopping, tuning.standby)
    await claims.hold()
    events = EventBus()  # how the services tell each other, and the front ends, what happened
    writer = GuessWriter(storage, events=events)  # every guess committed, the database permitting
    stack.push_async_callback(writer.close, WRITER_GRACE)
    scheduler = Scheduler(clock)  # stopped first: pushed last, below
    pruner = GuessPruner(storage, settings.guess_retention_days, clock, scheduler)
    server_settings = ServerSettingsService(storage, round_defaults, events)
    stack.push_async_callback(events.drain, FEEDBACK_GRACE)
    pictures = Pictures(settings.board_pictures)
    owns = settings.shards.owns
    outbox = Outbox(storage, scheduler, clock, owns)  # its deliveries are the scheduler's jobs
    daily = DailyService(
        storage, server_settings, lexicons, clock, scheduler=scheduler, owns=owns, events=events
    )
    battles = BattleService(storage, server_settings, clock)
    battles.listen(events)  # the battle table follows every finish
    poster = DailyPoster(storage, daily, outbox, clock, owns, scheduler, battles.day_place)
    achievements = AchievementService(storage, server_settings, events, clock, outbox)
    live_rounds = LiveRounds(
        storage,
        writer,
        lexicons,
        clock,
        tick=tuning.tick,
        rng=tuning.rng,
        owns=owns,
        events=events,
        members=ports.member_names,
        outbox=outbox,
        # The achievements' check runs in the finish's own transaction: one commit a round's end.
        at_finish=(achievements.round_finishing,) if tuning.achievements else (),
    )
    rounds = RoundService(live_rounds, limiter=Limiter(*tuning.guess_rate, clock))
    stack.push_async_callback(_close_rounds, rounds, claims, outbox)
    tournaments = TournamentService(storage, outbox, clock)
    tournament_scheduler = TournamentScheduler(
        tournaments, rounds, server_settings, events, clock, scheduler, owns=owns
    )
    seasons = SeasonService(storage, server_settings, events, clock, owns, scheduler, outbox)
    if tuning.achievements:
        achievements.listen()
    world = WorldService(
        storage,
        lexicons,
        scheduler,
        outbox,
        clock,
        owns,
        Rhythm.every_seconds(settings.world_every),
        settings.world_secret,
        events,
        pace=Pacer(world_share(settings.shards)),
        # The achievements' part of a close runs in its transaction, on the process closing it.
        at_close=(achievements.world_closing,) if tuning.achievements else (),
    )
    stack.push_async_callback(world.writer.close)  # words queued are stored: guesses wait on them
    definitions = DefinitionsService(lexicons)  # opens each language's index on first use
    stack.callback(definitions.close)
    stack.push_async_callback(scheduler.close)  # no job runs past this: each is stopped first
    return Services(
        settings,
        clock,
        scheduler,
        outbox,
        lexicons,
        pictures,
        events,
        storage,
        claims,
        writer,
        pruner,
        rounds,
        daily,
        poster,
        server_settings,
        PageDirectory(storage, settings.shards, clock),
        StandingsService(storage, server_settings, clock),
        CheckService(storage, rounds, server_settings, lexicons),
        tournaments,
        tournament_scheduler,
        seasons,
        achievements,
        definitions,
        battles,
        world,
    )


def world_share(shards: ShardSlice) -> float:
    """This process's share of the world posts' rate: as many parts as it runs shards. Discord
    spreads servers over shards evenly, so each process's world channels are its shards' share
    too; no process asks another or the database before it sends."""
    ids, count = shards.claimed
    return WORLD_RATE * len(ids) / count


async def start_services(
    services: Services, on_lost: Callable[[], Awaitable[None]], stack: AsyncExitStack
) -> None:
    """Unfinished rounds and daily attempts live again before the first event (a guess typed
    right after a restart counts; their runners post nothing until the front end is ready), then
    the background tasks; the watch on the shards is the first thing stopped."""
    resumed = await services.rounds.resume_all()
    if resumed:
        log.info("resumed %d unfinished rounds", resumed)
    armed = await services.daily.resume_all()
    if armed:
        log.info("resumed %d daily attempts", armed)
    services.pruner.start()
    services.tournament_scheduler.start()  # after the rounds: a round it opened is live again
    services.daily_poster.start()
    services.seasons.start()
    await services.world.start()  # a world round closed while the bot was down closes now
    services.outbox.start()  # what is owed goes, once the front end has said how
    services.scheduler.start()  # what came due while the bot was down runs now
    backfilled = await services.achievements.backfill()  # history's tiers, told to nobody
    if backfilled:
        log.info("achievements: %d tiers earned by history given", backfilled)
    services.claims.watch(on_lost)
    stack.callback(services.claims.stop_watching)


async def _close_rounds(rounds: RoundService, claims: ShardClaims, outbox: Outbox) -> None:
    """Stop the runners and give rounds that are ending FINISH_GRACE to store and show their
    end, then what is owed the rest of it to go out (the scheduler is closed by now); rounds
    whose shards are lost are the new owner's to end: none is ended here, nothing is sent."""
    grace = 0.0 if claims.lost else FINISH_GRACE
    started = time.monotonic()
    await rounds.shutdown(grace, names_timeout=WRITER_GRACE)
    if not claims.lost:
        await outbox.flush(max(0.0, grace - (time.monotonic() - started)))


async def _close_storage(storage: Storage) -> None:
    try:
        await storage.close()
    except Exception:  # nothing is lost that a call returned for; disconnect anyway
        log.exception("the database did not close cleanly")
