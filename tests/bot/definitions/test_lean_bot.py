"""A small host's bot (pictures off, no metrics, no page) loads what it uses and no more.

Read from a real ``python -m bot`` process: its memory map while it runs, its modules as it
exits (bench/bench_memory.py has the figures).
"""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.harness import ProcessLog, bot_env, spawn_bot
from tests.bot.playing import define_results, play_one_word

# ``python -m bot``, writing the modules it holds as it exits to the file named by its argument.
PROBE = """
import atexit, pathlib, runpy, sys
out = pathlib.Path(sys.argv.pop(1))
atexit.register(lambda: out.write_text(" ".join(sorted(sys.modules))))
runpy.run_module("bot", run_name="__main__", alter_sys=True)
"""

NEVER = (
    "PIL",  # pictures off
    "prometheus_client",  # no BOGGLE_METRICS_PORT
    "aiohttp.web",  # nor BOGGLE_WEB_PORT: no server of ours
    "aiohttp.web_app",
    "bot.metrics.server",
    "bot.web.server",
    "core.definitions.resolve",  # the index is built by a child, never in the bot
    "core.definitions.forms",
)
USED = ("discord", "bot.definitions.service", "core.definitions.index")


def loaded(modules: set[str], prefix: str) -> bool:
    return any(name == prefix or name.startswith(prefix + ".") for name in modules)


async def test_a_bot_with_pictures_off_loads_only_what_it_uses(
    tmp_path: Path, standin: StandIn, english: Lexicon, lexicon_cache: Path
) -> None:
    env = bot_env(
        tmp_path,
        BOGGLE_DATABASE=str(tmp_path / "boggle.sqlite3"),
        BOGGLE_CACHE_DIR=str(lexicon_cache),
        BOGGLE_BOARD_PICTURES="off",
        DISCORD_TOKEN="MTIzNDU2Nzg5.lean.token",
        DISCORD_API_BASE=standin.api_base,
        DISCORD_GATEWAY_URL=standin.gateway_url,
    )
    modules_file = tmp_path / "modules.txt"
    process = await spawn_bot(env, tmp_path, start=("-c", PROBE, str(modules_file)))
    log = ProcessLog(process)
    try:
        await standin.wait_for_connection(60)
        word = await play_one_word(standin, lexicon_cache)
        answer = await define_results(standin)
        maps = await asyncio.to_thread(Path(f"/proc/{process.pid}/maps").read_text)
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.stdout is not None
        await asyncio.wait_for(process.stdout.read(), 30)
        await asyncio.wait_for(process.wait(), 30)
        await log.closed()
    assert process.returncode == 0, str(log)
    assert word in answer.lower()  # the player's word defined: the index opened and read
    assert ".defs" not in maps and str(lexicon_cache) not in maps
    modules = set(modules_file.read_text().split())
    for name in USED:
        assert loaded(modules, name), name
    for name in NEVER:
        assert not loaded(modules, name), f"the bot loaded {name}"
