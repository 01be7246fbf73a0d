"""``python -m bot`` on an empty lexicon cache: a child builds it, the next start reads it.

(test_process.py's round through the stand-in runs on an empty cache too: on a child's lexicon.)"""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from core.languages import language
from core.lexicon import Lexicon, cache_file, cached
from core.lexicon.cache import source_stamp
from core.lexicon.sources import spellings_beside
from standin import StandIn
from tests.bot.harness import bot_env, spawn_bot
from tests.core.brute import EN_WORDS

EN = language("en")
EN_ZIPF = EN.frequency_file  # the bot reads English with its frequencies

TOKEN = "MTIzNDU2Nzg5.first-start-token"


async def run_bot_once(tmp_path: Path, standin: StandIn) -> str:
    """Start the bot, wait until it is connected, stop it with SIGTERM; its logs."""
    env = bot_env(
        tmp_path,
        tmp_path / "cache",
        BOGGLE_DATABASE=str(tmp_path / "boggle.sqlite3"),
        DISCORD_TOKEN=TOKEN,
        DISCORD_API_BASE=standin.api_base,
        DISCORD_GATEWAY_URL=standin.gateway_url,
    )
    process = await spawn_bot(env, tmp_path)
    try:
        await standin.wait_for_connection(60)
    finally:
        process.send_signal(signal.SIGTERM)
        out, err = await asyncio.wait_for(process.communicate(), 30)
    logs = (out + err).decode()
    assert process.returncode == 0, logs
    return logs


async def test_first_start_builds_the_cache_in_a_child(
    tmp_path: Path, standin: StandIn, lexicon: Lexicon
) -> None:
    cache = tmp_path / "cache"  # the bot's, in run_bot_once; empty
    assert cached(EN_WORDS, cache, frequencies=EN_ZIPF) is None
    logs = await run_bot_once(tmp_path, standin)
    assert "built by a child process" in logs
    written = cache_file(lexicon.source_hash, cache)
    # The child stamps its sources under the name the bot looks its stamp up by (the same
    # alphabet, files and spellings beside the list); no temporary file left.
    stamp = source_stamp(EN_WORDS, cache, EN.alphabet, EN_ZIPF, spellings_beside(EN_WORDS)).file
    assert sorted(p.name for p in cache.iterdir()) == sorted([written.name, stamp.name])
    assert written.read_bytes() == lexicon.to_bytes()
    assert stamp.read_text().startswith(lexicon.source_hash.hex())
    from_cache = cached(EN_WORDS, cache, frequencies=EN_ZIPF)
    assert from_cache is not None and len(from_cache) == len(lexicon)

    times = written.stat().st_mtime_ns, stamp.stat().st_mtime_ns
    async with StandIn() as again:  # a stand-in of its own: no session left from the first start
        logs = await run_bot_once(tmp_path, again)
    assert "from the cache" in logs and "child" not in logs
    # Read through the child's stamp: neither file written again, no stamp of another name.
    assert (written.stat().st_mtime_ns, stamp.stat().st_mtime_ns) == times
    assert sorted(p.name for p in cache.iterdir()) == sorted([written.name, stamp.name])
