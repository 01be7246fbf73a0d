"""The sandbox's world rounds: a short rhythm, a #world channel opted in, and a few players from
elsewhere who find words in every round, so one person alone sees a ranking with others in it."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.world.model import WorldChannel

if TYPE_CHECKING:
    from bot.world.service import WorldService
    from standin import StandIn

log = logging.getLogger(__name__)

SANDBOX_WORLD_EVERY = 30  # seconds: 20 s of play, 10 s of results (unless BOGGLE_WORLD_EVERY)
CHANNEL = "world"  # the sandbox server's world channel, shown in the terminal only from there
LANGUAGE = "en"


@dataclass(frozen=True)
class Elsewhere:
    """A simulated player of another server: ``finds`` words a round."""

    player_id: int
    name: str
    guild_id: int  # a server the sandbox does not hold: only the results name it
    finds: int


OTHERS = (  # small ids: the stand-in's snowflakes are far above them
    Elsewhere(101, "Mika", 11, 2),
    Elsewhere(102, "Noor", 12, 4),
    Elsewhere(103, "Tomás", 12, 7),
)


def add_world_channel(standin: StandIn) -> None:
    """The sandbox server's #world (a saved world from before world rounds gets it now)."""
    guild = next(iter(standin.world.guilds.values()))
    if not any(c.name == CHANNEL for c in guild.channels.values()):
        standin.world.add_channel(guild.id, CHANNEL)


async def run_world(standin: StandIn, world: Callable[[], WorldService | None]) -> None:
    """Opt #world in (unless the server chose a world channel already), then play as the others
    in every round until cancelled."""
    service = world()
    if service is None:
        return
    channel = next(c for c in standin.world.channels.values() if c.name == CHANNEL)
    assert channel.guild_id is not None  # a server's channel
    if await service.world_channel(channel.guild_id) is None:
        await service.set_channel(WorldChannel(channel.guild_id, channel.id, LANGUAGE))
    rng = random.Random()
    while True:
        try:
            await _play_round(service, rng)
        except asyncio.CancelledError:
            raise
        except Exception:  # a database error: the next round tries again
            log.exception("the sandbox's players from elsewhere missed a round")
            await asyncio.sleep(service.rhythm.every)


async def _play_round(world: WorldService, rng: random.Random) -> None:
    """Wait for a round that takes words (this one, or the next), then find the others' words
    at random moments of its play."""
    rhythm = world.rhythm
    number = world.open_number()
    if number is None:
        number = rhythm.number_at(world.clock()) + 1
        await _until(world, rhythm.opens_at(number))
    board = await world.board(LANGUAGE, number)
    closes = rhythm.closes_at(number)
    words = sorted(board.words)
    start = world.clock()
    plan = sorted(
        (rng.uniform(start, closes - 1.0), other.player_id, word)
        for other in OTHERS
        for word in rng.sample(words, min(other.finds, len(words)))
    )
    by_id = {other.player_id: other for other in OTHERS}
    for at, player_id, word in plan:
        await _until(world, at)
        other = by_id[player_id]
        await world.guess(player_id, other.name, LANGUAGE, other.guild_id, other.guild_id, word)
    await _until(world, closes)


async def _until(world: WorldService, instant: float) -> None:
    await asyncio.sleep(max(0.0, instant - world.clock()))
