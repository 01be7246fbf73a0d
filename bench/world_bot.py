"""bench_world's bot process through the stand-in: ``load_bot``'s real bot, its world round on a
clock the bench moves (to the opening, then to the close), each close of a round timed.
"""

from __future__ import annotations

import asyncio
import logging
import time
from multiprocessing.connection import Connection
from typing import Any

from load_bot import BotSide
from load_link import proc_status, serve
from load_records import BotConfig, Started


class WorldBotSide(BotSide):
    """The calls bench_world makes to a bot process, beside ``BotSide``'s."""

    def __init__(self, config: BotConfig) -> None:
        super().__init__(config)
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
