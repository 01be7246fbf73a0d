"""Achievements earned by a daily attempt's end and a tournament's, on both engines: the daily
feature tells ``DailyFinished`` (streak and boards) when an attempt in a server ends, once, and
the achievements that follow it are told in the channel it was played in; a tournament's winner
earns its tier once, told in the tournament's channel."""

from __future__ import annotations

from datetime import UTC

from bot.achievements.events import AchievementsEarned, Where
from bot.achievements.service import AchievementService
from bot.daily.events import DailyFinished
from bot.daily.service import DailyService
from bot.kernel.events import EventBus
from bot.kernel.lexicons import Lexicons
from bot.server_settings.service import ServerSettingsService
from bot.stores import Storage
from bot.tournaments.events import TournamentEnded
from core.daily import DAILY_SECONDS
from core.lexicon import Lexicon
from tests.bot.daily_helpers import running_scheduler
from tests.bot.harness import StoppedClock
from tests.bot.kernel.memory_outbox import outbox_kept

GUILD = 400
NOON = 1_780_000_000.0 - 1_780_000_000.0 % 86400 + 12 * 3600


async def test_a_daily_attempt_earns_its_first_tier_once(
    storage: Storage, lexicon: Lexicon
) -> None:
    clock = StoppedClock(NOON)
    events = EventBus()
    finished: list[DailyFinished] = []
    told: list[AchievementsEarned] = []
    events.subscribe(DailyFinished, finished.append)
    events.subscribe(AchievementsEarned, told.append)
    settings = ServerSettingsService(storage)
    lexicons = Lexicons(loaded={"en": lexicon})
    daily = DailyService(
        storage, settings, lexicons, clock, scheduler=running_scheduler(clock), events=events
    )
    achievements = AchievementService(storage, settings, events, clock, outbox_kept(storage))
    achievements.listen()
    opened = await daily.open(7, "en", UTC, GUILD, GUILD + 1)
    attempt = opened.state.attempt
    word = next(iter((await daily.board_of(attempt)).words))
    await daily.guess(7, attempt.id, word)
    clock.advance(DAILY_SECONDS)
    await daily.finish(attempt.id)
    await daily.finish(attempt.id)  # a second finish tells nothing more
    await events.drain(5)
    assert finished == [DailyFinished(GUILD, GUILD + 1, attempt.id, 7, 1, 1)]
    assert [(e.channel_id, e.where, e.awards) for e in told] == [
        (GUILD + 1, Where.DAILY, ((7, "daily_boards", 1),))
    ]
    assert await achievements.daily_finished(finished[0]) is None  # held: not told again
    await daily.scheduler.close()


async def test_a_tournament_winner_earns_its_tier(storage: Storage) -> None:
    events = EventBus()
    achievements = AchievementService(
        storage, ServerSettingsService(storage), events, lambda: NOON, outbox_kept(storage)
    )
    ended = TournamentEnded(GUILD, GUILD + 2, 1, (8, 9), {8: "Ada", 9: "Bo"}, "en")
    earned = await achievements.tournament_ended(ended)
    assert earned is not None
    assert (earned.channel_id, earned.where, earned.awards) == (
        GUILD + 2,
        Where.TOURNAMENT,
        ((8, "tournament_win", 1),),
    )
    assert await achievements.tournament_ended(ended) is None  # once
    nobody = TournamentEnded(GUILD, GUILD + 2, 2, (), {}, "en")
    assert await achievements.tournament_ended(nobody) is None
