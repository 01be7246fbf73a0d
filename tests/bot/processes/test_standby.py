"""Two processes for the same shards on one database: the second waits, and takes over at once
when the first dies, resuming its rounds with every word that had its ✅."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from core.lexicon import Lexicon
from core.solver import solve
from standin import StandIn
from tests.bot.harness import ProcessLog, bot_env, query, read_board, spawn_bot

TOKEN = "MTIzNDU2Nzg5.standby-token"


async def test_a_standby_takes_over_the_rounds_of_a_killed_process(
    tmp_path: Path, standin: StandIn, lexicon: Lexicon
) -> None:
    database = tmp_path / "boggle.sqlite3"
    env = bot_env(
        tmp_path,
        BOGGLE_DATABASE=str(database),
        DISCORD_TOKEN=TOKEN,
        DISCORD_API_BASE=standin.api_base,
        DISCORD_GATEWAY_URL=standin.gateway_url,
    )
    first = await spawn_bot(env, tmp_path)
    second: asyncio.subprocess.Process | None = None
    try:
        await standin.wait_for_connection(30)
        handle = await standin.slash("boggle", "alice", "boggle start", {"time": "5m"})
        await handle.followup(timeout=10)
        board = await standin.wait_for_message(
            "boggle", lambda m: "Boggle" in m.content, 10, after=0
        )
        words = sorted(
            solve(read_board(board.content.split("```")[1].strip().splitlines()), lexicon, 3)
        )
        said = await standin.user_says("boggle", "bob", words[0])
        await standin.wait_until(lambda: said.reactions, 10)

        second = await spawn_bot(env, tmp_path)
        log = ProcessLog(second)
        await log.wait_for("run by another process", 30)
        await asyncio.sleep(0.5)
        assert len(standin.gateway.identifies) == 1  # the stand-by has not connected

        first.send_signal(signal.SIGKILL)
        await first.wait()
        await log.wait_for("resumed 1 unfinished rounds", 30)
        await standin.wait_until(lambda: len(standin.gateway.identifies) == 2, 30)
        later = await standin.user_says("boggle", "bob", words[1])
        await standin.wait_until(lambda: later.reactions, 15)
        stop = await standin.slash("boggle", "alice", "boggle stop", {})
        await stop.followup(timeout=10)
        results = await standin.wait_for_message(
            "boggle", lambda m: "Results" in m.content or bool(m.embeds), 15, after=said.id
        )
        shown = results.content + str(results.embeds)
        assert words[0] in shown and words[1] in shown, shown
    finally:
        await stop_all(first, second)
    assert second.returncode == 0, str(log)
    rounds = query(database, "SELECT state FROM rounds")
    assert rounds == [("finished",)]
    found = query(database, "SELECT word FROM found_words ORDER BY word")
    assert found == [(words[0],), (words[1],)]


async def stop_all(*processes: asyncio.subprocess.Process | None, timeout: float = 30) -> None:
    """SIGTERM to those still running; one that has not exited within ``timeout`` is killed (a
    stop that hangs fails the test, never the run)."""
    running = [p for p in processes if p is not None and p.returncode is None]
    for process in running:
        process.send_signal(signal.SIGTERM)
    for process in running:
        try:
            await asyncio.wait_for(process.wait(), timeout)
        except TimeoutError:
            process.kill()
            await process.wait()
