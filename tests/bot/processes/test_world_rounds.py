"""A world round through real ``python -m bot`` processes and the stand-in, killed at its close.

Three servers opted in and one not, players typing in their world channels (bob in two servers,
one entry): every player's world rank and points, and each server's place, come out as the
words and core's scoring say. On PostgreSQL with the shards split across two processes, the one
that closes the round is killed -9 inside its close (held by a lock on the outbox); the other
closes it, the killed one restarted sends its channels' results. On SQLite one process is
killed inside its close or while its results are sent, then restarted. Either way each channel
gets its results once, and no word with its ✅ is lost.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from bot.world.service import CLOSE_GRACE
from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.processes.owed import MESSAGES, database
from tests.bot.processes.test_sharded_processes import Bot, processes
from tests.bot.processes.world_round import (
    MARGIN,
    RHYTHM,
    SETTINGS,
    opt_in,
    play,
    results_once,
    socket_owner,
    until_deadline,
    until_open,
    words_kept,
    world,
)
from tests.stores import PostgresTarget

# A bot's session waiting for the outbox's lock: the closer, its round's row locked.
CLOSING_SQL = (
    "SELECT client_port FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
    " AND wait_event = 'relation' AND query ILIKE 'INSERT INTO outbox%'"
)
CLOSED_SQL = "SELECT closed_at FROM world_rounds WHERE number = ?"
RESULTS_SENT = (  # round n's results posts marked sent (owed since its close)
    "SELECT COUNT(*) FROM outbox WHERE kind = 'world results' AND sent_at IS NOT NULL"
    " AND owed_at >= (SELECT closed_at FROM world_rounds WHERE number = ?)"
)


async def closer(target: PostgresTarget, bots: list[Bot], timeout: float) -> Bot:
    """The process whose session closes the round: the one waiting on the outbox's lock."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for (port,) in await target.rows(CLOSING_SQL):
            pid = socket_owner(int(port), [b.process.pid for b in bots])
            if pid is not None:
                return next(b for b in bots if b.process.pid == pid)
        await asyncio.sleep(0.05)
    raise TimeoutError("no process came to close the round")


async def test_a_world_round_across_two_processes_survives_its_closer_killed(
    tmp_path: Path, lexicon: Lexicon
) -> None:
    async with (
        database("postgres", tmp_path) as target,
        StandIn(world()) as standin,
        processes(standin, target.target, tmp_path) as (started, start),
    ):
        assert isinstance(target, PostgresTarget)
        await opt_in(standin, target)
        shards = {0: await start("0", **SETTINGS), 1: await start("1", **SETTINGS)}
        for shard in shards:
            await standin.wait_for_connection(30, shard=(shard, 2))
        number = await until_open(standin)
        played = await play(standin, lexicon, number)

        await until_deadline(number, MARGIN / 2)
        async with target.blocking_writes("outbox"):  # the closer waits inside its close
            killed = await closer(target, list(shards.values()), MARGIN + CLOSE_GRACE + 5)
            killed.kill()
            await killed.process.wait()
        survivor = next(b for b in shards.values() if b is not killed)
        shard = next(s for s, b in shards.items() if b is killed)
        await survivor.log.wait_for(f"world round en #{number} closed: 5 players ranked", 15)
        again = await start(str(shard), **SETTINGS)
        await standin.wait_for_connection(30, shard=(shard, 2))

        await results_once(standin, played)
        await words_kept(target, played)
        assert "closed: 5 players ranked" not in str(killed.log)
        for bot in (survivor, again):
            assert await bot.stop() == 0, str(bot.log)
        assert not any("Traceback" in str(bot.log) for bot in started)


@pytest.mark.parametrize("step", ["closing", "sending"])
async def test_a_world_round_in_one_process_survives_a_kill_at_its_close(
    step: str, tmp_path: Path, lexicon: Lexicon
) -> None:
    """``closing``: the database's write lock held across the deadline, the process killed while
    its close waits on it (the round not closed); ``sending``: killed once a results post is made,
    its answer held (the round closed, its posts owed)."""
    async with (
        database("sqlite", tmp_path) as target,
        StandIn(world()) as standin,
        processes(standin, target.target, tmp_path) as (started, start),
    ):
        await opt_in(standin, target)
        first = await start(None, **SETTINGS)
        await standin.wait_for_connection(30)
        number = await until_open(standin)
        played = await play(standin, lexicon, number)
        if step == "closing":
            await until_deadline(number, MARGIN / 2)
            async with target.blocking_writes("world_rounds"):
                await asyncio.sleep(RHYTHM.closes_at(number) + CLOSE_GRACE + 1.0 - time.time())
                first.kill()
                await first.process.wait()
            assert await target.rows(CLOSED_SQL, number) == [(None,)]
        else:
            standin.faults.answer_late(MESSAGES, 5.0, times=1)
            await first.log.wait_for(f"world round en #{number} closed: 5 players ranked", 15)
            await standin.wait_until(lambda: standin.faults.fired, 10)
            first.kill()
            await first.process.wait()
        assert await target.value(RESULTS_SENT, number) < 3  # the process died owing some
        again = await start(None, **SETTINGS)
        await standin.wait_for_connection(30)

        await results_once(standin, played)
        await words_kept(target, played)
        assert await again.stop() == 0, str(again.log)
        assert not any("Traceback" in str(bot.log) for bot in started)
