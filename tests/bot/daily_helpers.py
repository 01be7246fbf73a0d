"""What the daily board's bot tests share: opening ``/daily``, reading the player's attempt and
words of its board, moving the clock to a given local time."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, tzinfo

from bot.daily.model import DailyAttempt
from bot.daily.service import attempt_job
from bot.kernel.scheduler import Scheduler
from core.daily import DAILY_SECONDS, DailyBoard
from standin import StandIn
from standin.state import StoredMessage
from tests.bot.harness import Clock, Harness


def running_scheduler(clock: Callable[[], float]) -> Scheduler:
    """A scheduler on ``clock``, started (a service's jobs run; ``close`` it at the end)."""
    scheduler = Scheduler(clock)
    scheduler.start()
    return scheduler


async def open_daily(
    game: Harness, user: str = "alice", channel: str | int = "boggle", **options: str
) -> StoredMessage:
    """``/daily`` as ``user``; the private message once it shows the board or the result."""
    handle = await game.standin.slash(channel, user, "daily", options)
    message = await handle.original_message()
    assert message.ephemeral, message.content
    return message


async def attempt_of(game: Harness, user: str = "alice") -> DailyAttempt:
    """The user's attempt in progress."""
    attempt = await game.services.daily.running(game.user_id(user))
    assert attempt is not None
    return attempt


def words_of(board: DailyBoard, count: int, skip: int = 0) -> list[str]:
    """``count`` words of the board, shortest first, after the first ``skip``."""
    chosen = sorted(board.words, key=lambda w: (len(w), w))[skip : skip + count]
    assert len(chosen) == count
    return chosen


def set_time(clock: Clock, when: datetime) -> None:
    """Move the clock so that it reads ``when`` (an aware datetime) now."""
    clock.advance(when.timestamp() - clock())


def at(year: int, month: int, day: int, hour: int, minute: int, zone: tzinfo) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=zone)


async def latest(
    standin: StandIn, user: str, message: StoredMessage, text: str, timeout: float = 5.0
) -> StoredMessage:
    """``message`` once an edit of it holds ``text``."""
    return await standin.wait_for_ephemeral(
        user, lambda m: m.id == message.id and text in m.content, timeout
    )


async def open_and_guess(
    game: Harness,
    user: str,
    count: int,
    after: float,
    channel: str | int = "boggle",
    **options: str,
) -> tuple[StoredMessage, DailyAttempt]:
    """``user`` opens the daily (with ``options``) and, ``after`` seconds, sends ``count`` of its
    words in one ``/daily-guess``: the private message and the attempt."""
    message = await open_daily(game, user, channel, **options)
    attempt = await attempt_of(game, user)
    words = words_of(await game.services.daily.board_of(attempt), count)
    game.clock.advance(after)
    handle = await game.standin.slash(channel, user, "daily-guess", {"words": " ".join(words)})
    await handle.followup()
    return message, attempt


async def guess_too_late(game: Harness, user: str = "alice") -> tuple[str, StoredMessage]:
    """``user`` opens the daily and guesses one of its words a second after the deadline, before
    its job has finished the attempt: the word and the bot's answer."""
    await open_daily(game, user)
    attempt = await attempt_of(game, user)
    word = words_of(await game.services.daily.board_of(attempt), 1)[0]
    game.services.daily._armed.clear()  # its job has not got to it yet
    game.services.scheduler.cancel(attempt_job(attempt.id))
    game.clock.advance(DAILY_SECONDS + 1)
    handle = await game.standin.slash("boggle", user, "daily-guess", {"words": word})
    return word, await handle.followup()
