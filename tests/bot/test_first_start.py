"""``python -m bot`` on an empty lexicon cache: a child builds it, the bot plays, the next start
reads it."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from core.lexicon import Lexicon, cache_file, cached
from core.solver import solve
from standin import StandIn
from tests.core.brute import EN_WORDS

from .harness import bot_env, read_board, spawn_bot

TOKEN = "MTIzNDU2Nzg5.first-start-token"


async def run_bot_once(tmp_path: Path, standin: StandIn, play: Lexicon | None = None) -> str:
    """Start the bot, wait until it is connected (and, given a lexicon, play a word it must
    accept), stop it with SIGTERM; its logs."""
    env = bot_env(
        tmp_path,
        BOGGLE_DATABASE=str(tmp_path / "boggle.sqlite3"),
        DISCORD_TOKEN=TOKEN,
        DISCORD_API_BASE=standin.api_base,
        DISCORD_GATEWAY_URL=standin.gateway_url,
    )
    process = await spawn_bot(env, tmp_path)
    try:
        await standin.wait_for_connection(60)
        if play is not None:
            handle = await standin.slash("boggle", "alice", "boggle start", {"time": "5m"})
            await handle.followup(timeout=10)
            board = await standin.wait_for_message(
                "boggle", lambda m: "Boggle" in m.content, 10, after=0
            )
            grid = board.content.split("```")[1].strip().splitlines()
            word = max(solve(read_board(grid), play, 3), key=len)
            message = await standin.user_says("boggle", "bob", word)
            await standin.wait_until(lambda: message.reactions, 10)
    finally:
        process.send_signal(signal.SIGTERM)
        out, err = await asyncio.wait_for(process.communicate(), 30)
    logs = (out + err).decode()
    assert process.returncode == 0, logs
    return logs


async def test_first_start_builds_the_cache_in_a_child_and_plays(
    tmp_path: Path, standin: StandIn, lexicon: Lexicon
) -> None:
    cache = tmp_path / "cache"  # where bot_env puts it; empty
    assert cached(EN_WORDS, cache) is None
    logs = await run_bot_once(tmp_path, standin, play=lexicon)
    assert "built by a child process" in logs
    written = cache_file(lexicon.source_hash, cache)
    assert [p.name for p in cache.iterdir()] == [written.name]  # no temporary file left
    assert written.read_bytes() == lexicon.to_bytes()
    from_cache = cached(EN_WORDS, cache)
    assert from_cache is not None and len(from_cache) == len(lexicon)

    stamp = written.stat().st_mtime_ns
    async with StandIn() as again:  # a stand-in of its own: no session left from the first start
        logs = await run_bot_once(tmp_path, again)
    assert "from the cache" in logs and "child" not in logs
    assert written.stat().st_mtime_ns == stamp
