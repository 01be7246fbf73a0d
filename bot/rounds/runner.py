"""A round's runner until its deadline: it waits for the deadline stored in the database,
checking the clock every ``tick`` seconds (so a restart that reloads the round waits for the
same moment), and tells the listeners each tick (``RoundTicked``: the channel's live status is
paced by it) and once near the end (``EndingSoon``).
A bonus or untimed round's deadline moves with its words: the runner follows it and stores it
as it moves (at most once a tick), so a restart waits for the moved deadline.
Guesses are judged against the clock when they arrive, so a late tick never lets a late guess in.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.kernel.events import EventBus
from bot.rounds.events import EndingSoon, RoundTicked
from bot.rounds.live import LiveRound
from core.rules import Timer

log = logging.getLogger(__name__)

WARN_BEFORE = 30.0


async def until_deadline(
    live: LiveRound,
    events: EventBus,
    clock: Callable[[], float],
    tick: float,
    store_deadline: Callable[[int, float], Awaitable[None]],
) -> None:
    """Return once the round's deadline has passed (or at once if it has already). Started
    once what shows the round's channel is ready (a resumed round's channel is known only then)."""
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
            events.publish(EndingSoon(live.view(), left))
        events.publish(RoundTicked(live.view()))
        await asyncio.sleep(min(tick, left))
