"""How the bot's memory grows with the servers it is in: what sizes a process for running at scale.

A real ``python -m bot`` runs every shard (2,500 servers a shard, as Discord recommends) of a
stand-in holding that many servers; its VmRSS and time to ready once every GUILD_CREATE is in.
The figure that sizes a deployment is the memory per 1,000 servers above one server's.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench_memory import proc_status  # noqa: E402
from report_table import Table  # noqa: E402

from core.dice import DATA_DIR  # noqa: E402
from core.lexicon import load  # noqa: E402
from standin import StandIn, World  # noqa: E402
from standin.shards import GUILDS_PER_SHARD, recommended_shards  # noqa: E402
from tests.bot.harness import bot_env, spawn_bot  # noqa: E402

TOKEN = "MTIzNDU2Nzg5.bench.token"
READY_TIMEOUT = 300.0


def world_of(servers: int) -> World:
    world = World()
    shards = recommended_shards(servers, GUILDS_PER_SHARD)
    for number in range(servers):
        world.add_play_guild(f"Server {number}", shard=(number % shards, shards))
    return world


async def measure(servers: int, folder: Path, cache: Path) -> tuple[float, float]:
    """The bot's RSS (MB) once ready in ``servers`` servers, and seconds from start to ready."""
    async with StandIn(world_of(servers)) as standin:
        env = bot_env(
            folder,
            BOGGLE_DATABASE=str(folder / f"boggle-{servers}.sqlite3"),
            BOGGLE_CACHE_DIR=str(cache),
            DISCORD_TOKEN=TOKEN,
            DISCORD_API_BASE=standin.api_base,
            DISCORD_GATEWAY_URL=standin.gateway_url,
        )
        started = time.perf_counter()
        process = await spawn_bot(env, folder)
        try:
            assert process.stderr is not None
            while b"ready as" not in (
                line := await asyncio.wait_for(process.stderr.readline(), READY_TIMEOUT)
            ):
                if not line:
                    raise RuntimeError("the bot stopped before it was ready")
            ready = time.perf_counter() - started
            await asyncio.sleep(1.0)  # let the last events settle
            rss = proc_status(process.pid)["VmRSS"]
        finally:
            process.send_signal(signal.SIGTERM)
            await process.wait()
    return rss, ready


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--servers", type=int, nargs="+", default=[1000, 2500, 5000])
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        cache = folder / "cache"
        load(DATA_DIR / "words" / "en.txt", cache_dir=cache)  # every start is warm
        base_rss, base_ready = asyncio.run(measure(1, folder, cache))
        table = Table()
        table.add("bot RSS in 1 server (baseline)", f"{base_rss:.1f} MB")
        for servers in args.servers:
            rss, ready = asyncio.run(measure(servers, folder, cache))
            per_thousand = (rss - base_rss) / servers * 1000
            table.add(
                f"bot RSS in {servers:,} servers",
                f"{rss:.1f} MB",
                f"{base_rss:.1f} MB",
                f"{rss / base_rss:.2f}x",
            )
            table.add(
                f"  per 1,000 servers above the baseline ({servers:,})", f"{per_thousand:.1f} MB"
            )
            table.add(f"  start to ready ({servers:,})", f"{ready:.1f} s", f"{base_ready:.1f} s")
    print()
    table.print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
