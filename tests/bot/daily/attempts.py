"""Daily attempts put in a store (any ``DailyStore``: an engine or the tests' in-memory one)."""

from __future__ import annotations

from datetime import date

from bot.daily.model import DailyAttempt, DailyOpening, DailyStart
from bot.daily.store import DailyStore
from core.daily import DAILY_SECONDS
from core.round import Verdict

DAY = date(2026, 3, 14)
BOARD = "abcd/efgh/ijkl/mnop"
START = 1000.0
ACCEPTED = Verdict.ACCEPTED


async def open_attempt(
    store: DailyStore,
    player: int = 7,
    day: date = DAY,
    language: str = "en",
    guild: int | None = 1,
    started_at: float = START,
    seconds: int = DAILY_SECONDS,
) -> DailyStart:
    return await store.start_daily(
        DailyOpening(
            player_id=player,
            language=language,
            day=day,
            guild_id=guild,
            channel_id=50,
            board=BOARD,
            max_points=100,
            started_at=started_at,
            seconds=seconds,
        )
    )


async def start(
    store: DailyStore,
    player: int = 7,
    day: date = DAY,
    language: str = "en",
    guild: int | None = 1,
    started_at: float = START,
) -> DailyAttempt:
    """A new attempt (not one that existed)."""
    opened = await open_attempt(store, player, day, language, guild, started_at)
    assert not opened.existed
    return opened.attempt


async def play(
    store: DailyStore,
    player: int,
    points: int,
    day: date = DAY,
    language: str = "en",
    guild: int | None = 1,
    flagged: bool = False,
) -> DailyAttempt:
    """A finished attempt worth ``points`` (one word a point); a flagged one sends its words all
    at once, a fair one a word every 5 seconds."""
    started = START + (day - DAY).days * 86400
    attempt = await start(store, player, day, language, guild, started)
    for n in range(points):
        at = started + (1.0 if flagged else 5.0 * (n + 1) % (DAILY_SECONDS - 1))
        assert await store.add_daily_guesses(attempt.id, [(f"w{n:03}", ACCEPTED, 1)], at)
    return await store.finish_daily(attempt.id, started + DAILY_SECONDS)
