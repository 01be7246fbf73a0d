"""The one place that wires the bot: every service built from the settings, in order, and torn
down in reverse. A front end (the discord.py adapter today) hands in how it shows things (its
``Publisher`` and end-of-day sender) and receives the ``Services`` its commands use.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.config.settings import Settings
from bot.daily.posts import DailyPoster, DailyPostSender
from bot.daily.service import DailyService
from bot.discord.render.pictures import Pictures
from bot.kernel.lexicons import Lexicons
from bot.kernel.limits import Limiter
from bot.kernel.shard_claims import ShardClaims
from bot.rounds.pruning import GuessPruner
from bot.rounds.publisher import Publisher
from bot.rounds.service import FINISH_GRACE, RoundService
from bot.server_settings.service import ServerSettingsService
from bot.storage import GuessWriter, Storage

log = logging.getLogger(__name__)

# Shutdown: rounds that are ending get FINISH_GRACE (service/rounds.py); feedback still in flight
# (a reaction waiting on a rate limit) gets this long, then is dropped.
FEEDBACK_GRACE = 1.0
# A database that does not answer at shutdown (unreachable, locked) gets this long to take the
# players' names, and as long again for the guesses still waiting (never shown accepted).
WRITER_GRACE = 3.0


@dataclass(frozen=True)
class Tuning:
    """What tests and benchmarks set differently from production; the defaults are production's."""

    clock: Callable[[], float]
    tick: float = 0.5
    rng: random.Random | None = None
    busy_timeout: float = 5.0
    daily_post_every: float = 30.0
    standby: bool = True  # wait for shards another process holds (False: the sandbox refuses)


@dataclass(frozen=True)
class Services:
    """Everything a front end's commands use, built once per process."""

    settings: Settings
    clock: Callable[[], float]
    lexicons: Lexicons
    pictures: Pictures
    guess_limiter: Limiter
    storage: Storage
    claims: ShardClaims
    writer: GuessWriter
    pruner: GuessPruner
    rounds: RoundService
    daily: DailyService
    daily_poster: DailyPoster
    server_settings: ServerSettingsService


async def open_services(
    settings: Settings,
    tuning: Tuning,
    lexicons: Lexicons,
    guess_limiter: Limiter,
    publisher: Callable[[Pictures], Publisher],
    daily_sender: Callable[[Pictures], DailyPostSender],
    stopping: Callable[[], bool],
) -> Services:
    """Build every service, in order: the lexicon (a bad BOGGLE_DICTIONARY stops it here), the
    database, this process's shards (a stand-by waits here), then the services over them.
    Nothing runs yet: ``start_services`` resumes rounds once the front end is ready for them."""
    await lexicons.get("en")
    storage = await Storage.open(settings.database, busy_timeout=tuning.busy_timeout)
    claims = ShardClaims(storage, settings.shards, stopping, tuning.standby)
    try:
        await claims.hold()
    except BaseException:
        await storage.close()
        raise
    writer = GuessWriter(storage)
    pruner = GuessPruner(storage, settings.guess_retention_days, tuning.clock)
    pictures = Pictures(settings.board_pictures)
    owns = settings.shards.owns
    rounds = RoundService(
        publisher(pictures),
        storage,
        writer,
        lexicons,
        tuning.clock,
        tick=tuning.tick,
        rng=tuning.rng,
        owns=owns,
    )
    servers = ServerSettingsService(storage)
    daily = DailyService(storage, servers, lexicons, tuning.clock, tick=tuning.tick, owns=owns)
    poster = DailyPoster(
        storage, daily, daily_sender(pictures), tuning.clock, owns, tuning.daily_post_every
    )
    return Services(
        settings,
        tuning.clock,
        lexicons,
        pictures,
        guess_limiter,
        storage,
        claims,
        writer,
        pruner,
        rounds,
        daily,
        poster,
        servers,
    )


async def start_services(services: Services, on_lost: Callable[[], Awaitable[None]]) -> None:
    """Unfinished rounds and daily attempts live again before the first event (a guess typed
    right after a restart counts; their runners post nothing until the front end is ready), then
    the background tasks."""
    resumed = await services.rounds.resume_all()
    if resumed:
        log.info("resumed %d unfinished rounds", resumed)
    services.rounds.post_unposted()
    armed = await services.daily.resume_all()
    if armed:
        log.info("resumed %d daily attempts", armed)
    services.pruner.start()
    services.daily_poster.start()
    services.claims.watch(on_lost)


async def close_services(services: Services, feedback_grace: float = FEEDBACK_GRACE) -> None:
    """Stop the runners, commit every guess, close the database: in reverse of building, within
    about 10 s even while the front end fails (see FINISH_GRACE and FEEDBACK_GRACE)."""
    services.claims.stop_watching()
    # Rounds whose shards are lost are the new owner's to end: none is ended here.
    grace = 0.0 if services.claims.lost else FINISH_GRACE
    await services.rounds.shutdown(grace, names_timeout=WRITER_GRACE)
    await services.rounds.feedback.drain(timeout=feedback_grace)
    await services.daily_poster.close()
    await services.daily.close()
    await services.pruner.close()
    await services.writer.close(
        timeout=WRITER_GRACE
    )  # every guess committed, the database permitting
    try:
        await services.storage.close()
    except Exception:  # nothing is lost that a call returned for; disconnect anyway
        log.exception("the database did not close cleanly")
