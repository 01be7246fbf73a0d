"""The sandbox's world rounds: a short rhythm, a #world channel opted in, and a few players from
elsewhere who find words in every round, so one person alone sees a ranking with others in it."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.world.model import WorldChannel

if TYPE_CHECKING:
    from bot.world.service import WorldService
    from standin import StandIn

SANDBOX_WORLD_EVERY = 30  # seconds: 20 s of play, 10 s of results (unless BOGGLE_WORLD_EVERY)
CHANNEL = "world"  # the sandbox server's world channel, shown in the terminal only from there
LANGUAGE = "en"
JOB = "sandbox: players from elsewhere"  # the scheduler's job
KEPT = 20  # #world's latest messages kept: ten rounds' boards and results, and words typed


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
    """Opt #world in (unless the server chose a world channel already), and give the bot's
    scheduler the others' play: their words at random moments of every round."""
    service = world()
    if service is None:
        return
    channel = next(c for c in standin.world.channels.values() if c.name == CHANNEL)
    assert channel.guild_id is not None  # a server's channel
    if await service.world_channel(channel.guild_id) is None:
        await service.set_channel(WorldChannel(channel.guild_id, channel.id, LANGUAGE))
    others = Others(service, standin, channel.id, random.Random())
    service.scheduler.at(JOB, service.clock(), others.step)


@dataclass
class Others:
    """The players from elsewhere in the round open now: each word found at its moment; at each
    round #world forgets its posts but the latest ``KEPT`` (the world file keeps no picture of
    every 30 seconds' board)."""

    world: WorldService
    standin: StandIn
    channel_id: int
    rng: random.Random
    number: int | None = None
    plan: list[tuple[float, int, str]] = field(default_factory=list)  # (at, player, word)

    async def step(self) -> float:
        """Find the words due now; the next one's moment, or the next round's opening."""
        rhythm = self.world.rhythm
        number = self.world.open_number()
        if number is None:
            return rhythm.opens_at(rhythm.number_at(self.world.clock()) + 1)
        if number != self.number:
            self.number, self.plan = number, await self._plan(number)
            self._forget()
        by_id = {other.player_id: other for other in OTHERS}
        while self.plan and self.plan[0][0] <= self.world.clock():
            _, player_id, word = self.plan.pop(0)
            other = by_id[player_id]
            await self.world.guess(
                player_id, other.name, LANGUAGE, other.guild_id, other.guild_id, word
            )
        return self.plan[0][0] if self.plan else rhythm.opens_at(number + 1)

    def _forget(self) -> None:
        messages = self.standin.world.messages
        posts = [m.id for m in messages.values() if m.channel_id == self.channel_id]
        for message_id in posts[:-KEPT]:
            del messages[message_id]

    async def _plan(self, number: int) -> list[tuple[float, int, str]]:
        words = sorted((await self.world.board(LANGUAGE, number)).words)
        start, end = self.world.clock(), self.world.rhythm.closes_at(number) - 1.0
        return sorted(
            (self.rng.uniform(start, max(start, end)), other.player_id, word)
            for other in OTHERS
            for word in self.rng.sample(words, min(other.finds, len(words)))
        )
