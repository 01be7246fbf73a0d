"""A round's runner until its deadline: it waits for the deadline stored in the database,
checking the clock every ``tick`` seconds (so a restart that reloads the round waits for the
same moment), warns the channel once near the end and lets the feedback edit the live status.
A bonus or untimed round's deadline moves with its words: the runner follows it and stores it
as it moves (at most once a tick), so a restart waits for the moved deadline.
Guesses are judged against the clock when they arrive, so a late tick never lets a late guess in.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.rounds.feedback import Feedback
from bot.rounds.live import LiveRound
from bot.rounds.publisher import Publisher
from core.rules import Timer

log = logging.getLogger(__name__)

WARN_BEFORE = 30.0


async def until_deadline(
    live: LiveRound,
    publisher: Publisher,
    feedback: Feedback,
    clock: Callable[[], float],
    tick: float,
    store_deadline: Callable[[int, float], Awaitable[None]],
) -> None:
    """Return once the round's deadline has passed (or at once if it has already)."""
    # A round resumed at start-up is judged at once, but its channel is known (to edit the
    # board and post results) only once the client is ready.
    await publisher.wait_until_ready()
    # A warning is for rounds of a minute or more, and is not sent twice across a restart
    # (one resumed in its last 30 seconds may have had it).
    stored = live.stored
    stored_at = stored.deadline
    live.warned = (
        stored.timer is Timer.UNTIMED  # no clock: a quiet spell is not a countdown
        or stored.deadline - stored.started_at < 2 * WARN_BEFORE
        or live.game.deadline - clock() <= WARN_BEFORE
    )
    while True:
        if live.game.deadline != stored_at and not live.finishing:
            stored_at = live.game.deadline
            try:
                await store_deadline(live.id, stored_at)
            except Exception:  # kept in memory; the next move or a tick stores it again
                log.warning("round %s: moved deadline not stored", live.id, exc_info=True)
                stored_at = stored.deadline
        left = live.game.deadline - clock()
        if left <= 0:
            return
        if not live.warned and left <= WARN_BEFORE:
            live.warned = True
            feedback.warn(live, left)
        feedback.tick(live)
        await asyncio.sleep(min(tick, left))
