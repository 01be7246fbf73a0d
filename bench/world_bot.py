"""bench_world's bot process through the stand-in: ``load_bot``'s real bot, its world round on a
clock the bench moves (to the opening, then to the close), each close of a round timed.
"""

from __future__ import annotations

import asyncio
import cProfile
import logging
import sys
import threading
import time
import traceback
from multiprocessing.connection import Connection
from typing import Any

from load_bot import BotSide
from load_link import proc_status, serve
from load_records import BotConfig, Started

TICK = 0.005  # the stall watcher's sleep (s)
STALL_MS = 20.0  # lateness counted as a stall


class WorldBotSide(BotSide):
    """The calls bench_world makes to a bot process, beside ``BotSide``'s."""

    def __init__(self, config: BotConfig) -> None:
        super().__init__(config)
        self.closes: list[tuple[float, int | None]] = []  # (seconds, players ranked or None)
        self.guesses_ms: list[float] = []  # a world guess inside the bot: call to verdict
        self.stalls_ms: list[float] = []  # the event loop late by more than STALL_MS
        # Where a guess's time goes: its entry found, its words queued and written, a batch.
        self.parts_ms: dict[str, list[float]] = {
            "entry": [],
            "queued and written": [],
            "a batch's transaction": [],
        }
        self._watch: asyncio.Task[None] | None = None
        self._beat = time.perf_counter()
        self.stall_samples: dict[str, int] = {}  # where the loop's thread was, stalled

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

        storage.close_world_round = timed  # the bench's wrappers; the bot's code unchanged
        world: Any = self.services.world
        world.guess = self._timed(world.guess, self.guesses_ms)
        world.play = self._timed(world.play, self.parts_ms["entry"])
        world.writer.add = self._timed(world.writer.add, self.parts_ms["queued and written"])
        storage.add_world_word_batch = self._timed(
            storage.add_world_word_batch, self.parts_ms["a batch's transaction"]
        )
        self._watch = asyncio.get_running_loop().create_task(self._watch_loop())
        if self.config.profile:
            self.profiler = cProfile.Profile()
            self.profiler.enable()
        return started

    def _timed(self, call: Any, into: list[float]) -> Any:
        async def timed(*args: Any) -> Any:
            begun = time.perf_counter()
            try:
                return await call(*args)
            finally:
                into.append(1000 * (time.perf_counter() - begun))

        return timed

    def _stack_sampler(self, main: int) -> None:
        """A thread's look at the event loop's thread whenever its heartbeat is STALL_MS old:
        where the stalls are (the innermost frames of the project's code, counted)."""
        while True:  # a daemon thread: it ends with the process
            time.sleep(TICK)
            if 1000 * (time.perf_counter() - self._beat) < STALL_MS:
                continue
            frame = sys._current_frames().get(main)
            if frame is None:
                continue
            frames = traceback.extract_stack(frame)
            ours = [f for f in frames if "/bot/" in f.filename or "/core/" in f.filename]
            where = ours[-1] if ours else frames[-1]
            inner = frames[-1]
            key = (
                f"{where.filename.rsplit('/', 2)[-2]}/{where.filename.rsplit('/', 1)[-1]}"
                f":{where.lineno} {where.name} <- {inner.filename.rsplit('/', 1)[-1]}:{inner.name}"
            )
            self.stall_samples[key] = self.stall_samples.get(key, 0) + 1

    async def _watch_loop(self) -> None:
        """How late the event loop wakes from a short sleep: what every answer waits behind."""
        sampler = threading.Thread(
            target=self._stack_sampler, args=(threading.get_ident(),), daemon=True
        )
        sampler.start()
        while True:
            self._beat = begun = time.perf_counter()
            await asyncio.sleep(TICK)
            late = 1000 * (time.perf_counter() - begun - TICK)
            if late > STALL_MS:
                self.stalls_ms.append(late)

    async def board(self, number: int) -> list[str]:
        return sorted((await self.services.world.board("en", number)).words)

    def world(
        self,
    ) -> tuple[
        list[tuple[float, int | None]],
        int,
        int,
        float,
        list[float],
        list[float],
        dict[str, list[float]],
        dict[str, int],
    ]:
        """The closes timed, the world's words writer's transactions, boards skipped, RSS (MB),
        the world guesses' times inside the bot and the event loop's stalls (ms)."""
        world = self.services.world
        if self.profiler is not None and self.config.profile:
            self.profiler.disable()
            self.profiler.dump_stats(self.config.profile)
        return (
            self.closes,
            world.writer.batches,
            world.boards_skipped,
            proc_status("VmRSS"),
            self.guesses_ms,
            self.stalls_ms,
            self.parts_ms,
            self.stall_samples,
        )


def run_world_bot(conn: Connection, config: BotConfig) -> None:
    """The child process's entry point: serve the bench's calls until it says stop."""
    logging.basicConfig(
        level=logging.WARNING, format=f"bot {config.shard} %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("discord.client").setLevel(logging.ERROR)
    asyncio.run(serve(conn, WorldBotSide(config)))
