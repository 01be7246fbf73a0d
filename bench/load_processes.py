"""bench_load's driver of one configuration's child processes: each started with a pipe
(``load_link``) and ended on the way out, and ``Load``, which runs the phases over them and
gathers what each bot process made of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from load_link import STOP, Remote
from load_players import Sent
from load_records import Key, Running, Taken
from load_report import Phase

RESULTS_TIMEOUT = 30.0
SHOWN_TIMEOUT = 30.0  # after the load, how long every accepted word has to appear


@asynccontextmanager
async def spawned(target: Callable[..., None], *args: Any) -> AsyncIterator[Remote]:
    """A child process running ``target(pipe, *args)``; told to stop (then ended) on the way out."""
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    child = context.Process(target=target, args=(theirs, *args), daemon=True)
    child.start()
    theirs.close()  # so that a dead child reads as EOF here
    try:
        yield Remote(ours)
    finally:
        with contextlib.suppress(OSError):
            ours.send((STOP,))
        await asyncio.to_thread(child.join, 10)
        if child.is_alive():
            child.terminate()
            await asyncio.to_thread(child.join)


@dataclass
class Load:
    """One configuration's processes, as the bench drives them: the players and the bots, and
    which bot (shard) runs each channel."""

    driver: Remote
    bots: list[Remote]
    shard_of: dict[int, int]
    texts: list[tuple[int, int, str]] = field(default_factory=list)
    times: dict[Key, list[float]] = field(default_factory=dict)
    ids: dict[Key, list[int]] = field(default_factory=dict)

    async def each(self, name: str, *args: Any) -> list[Any]:
        """The same call to every bot process at once; their answers, by shard."""
        return list(await asyncio.gather(*(bot.call(name, *args) for bot in self.bots)))

    async def rounds(self) -> dict[int, Running]:
        """Each channel's round, from the bot process that runs it."""
        mine = [{c for c, s in self.shard_of.items() if s == i} for i in range(len(self.bots))]
        found = await asyncio.gather(
            *(b.call("rounds", m) for b, m in zip(self.bots, mine, strict=True))
        )
        return {channel: running for part in found for channel, running in part.items()}

    async def phase(self, name: str, seconds: float, rate: float | None) -> Phase:
        """The players send for ``seconds``; then wait until every bot has caught up."""
        await self.each("begin", name)
        sent: Sent = await self.driver.call("phase", seconds, rate)
        self.texts += sent.texts
        for key, times in sent.times.items():
            self.times.setdefault(key, []).extend(times)
            self.ids.setdefault(key, []).extend(sent.ids[key])
        parts = await asyncio.gather(
            *(bot.call("end", self.sent_to(shard)) for shard, bot in enumerate(self.bots))
        )
        api_calls, routes = await self.driver.call("calls")
        phase = Phase(name, sent, Taken.merge(parts), len(self.bots), api_calls, routes)
        phase.join(self.times)
        return phase

    def sent_to(self, shard: int) -> dict[Key, int]:
        """How many messages each player of the shard's channels has sent in all."""
        return {k: len(t) for k, t in self.times.items() if self.shard_of[k[0]] == shard}

    async def wait_shown(self, phases: list[Phase]) -> None:
        """Before the rounds end: when each word accepted from chat became visible to its player
        (the stand-in saw the ✅ or the edit); those not shown within ``SHOWN_TIMEOUT`` never
        are, as the round's last edit names no news."""
        accepted = [(phase, *item) for phase in phases for item in phase.bot.accepted]
        words = [(*key, self.ids[key][index], word) for _, key, index, word in accepted]
        seen, edits = await self.driver.call("wait_shown", words, SHOWN_TIMEOUT)
        for (phase, key, index, word), (reacted, named) in zip(accepted, seen, strict=True):
            phase.shown(key, word, self.times[key][index], reacted, named)
        for phase in phases:
            phase.edits(edits)

    async def end_rounds(self) -> tuple[list[float], list[float], int]:
        """Move every bot's clock past its deadlines; seconds until each channel's results
        appeared after its bot's clock moved, and each tournament's standings; the run's API
        calls."""
        await self.driver.call("watch_results")
        ended = await self.each("end_rounds")
        posted, standings, calls = await self.driver.call(
            "wait_results", len(self.shard_of), RESULTS_TIMEOUT
        )
        await self.each("quiet")

        def after(times: dict[int, float]) -> list[float]:
            return sorted(t - ended[self.shard_of[c]] for c, t in times.items())

        return after(posted), after(standings), calls
