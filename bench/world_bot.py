"""bench_world's bot process through the stand-in: ``load_bot``'s real bot, its world round on a
clock the bench moves (to the opening, then to the close), each close of a round timed.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from load_bot import BotSide
from load_link import proc_status, serve
from load_probe import Clock
from load_records import BotConfig, Started

from bot.world.model import WorldChannel


class MovingClock(Clock):
    """Wall time plus an offset the bench sets; the scheduler is told of each move."""

    def __init__(self) -> None:
        super().__init__()
        self.watchers: list[Callable[[], None]] = []

    def watch(self, moved: Callable[[], None]) -> Callable[[], None]:
        self.watchers.append(moved)
        return lambda: self.watchers.remove(moved)

    def move_to(self, instant: float) -> None:
        self.offset = instant - time.time()
        for moved in list(self.watchers):
            moved()


class WorldBotSide(BotSide):
    """The calls bench_world makes to a bot process, beside ``BotSide``'s."""

    def __init__(self, config: BotConfig) -> None:
        super().__init__(config)
        self.moving = self.clock = MovingClock()
        self.closes: list[tuple[float, int | None]] = []  # (seconds, players ranked or None)

    async def start(self, api_base: str, gateway_url: str) -> Started:
        started = await super().start(api_base, gateway_url)
        storage: Any = self.services.storage
        close = storage.close_world_round

        async def timed(*args: Any) -> Any:
            begun = time.perf_counter()
            ranked = await close(*args)
            self.closes.append(
                (time.perf_counter() - begun, None if ranked is None else len(ranked))
            )
            return ranked

        storage.close_world_round = timed  # the bench's wrapper; the bot's code unchanged
        return started

    def move_to(self, instant: float) -> float:
        """The bot's clock to ``instant``; when that was, on ``perf_counter``."""
        self.moving.move_to(instant)
        return time.perf_counter()

    async def set_channels(self, channels: list[tuple[int, int]]) -> None:
        """World channels (guild, channel) in English, stored as ``/boggle-config world`` does."""
        store = self.services.world.store
        for guild_id, channel_id in channels:
            await store.set_world_channel(WorldChannel(guild_id, channel_id, "en"), self.clock())

    async def board(self, number: int) -> list[str]:
        return sorted((await self.services.world.board("en", number)).words)

    def world(self) -> tuple[list[tuple[float, int | None]], int, int, float]:
        """The closes timed, the world's words writer's transactions, boards skipped, RSS (MB)."""
        world = self.services.world
        return self.closes, world.writer.batches, world.boards_skipped, proc_status("VmRSS")


def run_world_bot(conn: Connection, config: BotConfig) -> None:
    """The child process's entry point: serve the bench's calls until it says stop."""
    logging.basicConfig(
        level=logging.WARNING, format=f"bot {config.shard} %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("discord.client").setLevel(logging.ERROR)
    asyncio.run(serve(conn, WorldBotSide(config)))
