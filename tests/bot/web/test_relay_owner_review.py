"""Review finding on bot/web/relay.py: a socket whose server is on another process's shard is
served by this process when the owner recorded no address (owner without BOGGLE_WEB_PORT, still
starting, or its row missing): the page can then start a round here, in a server this process
does not run, whose chat guesses reach the owner (no live round there: words lost)."""

from __future__ import annotations

from types import SimpleNamespace
from unittest.mock import AsyncMock

from bot.config.shards import ShardSlice
from bot.web.relay import owner_address


async def test_a_server_on_another_process_shard_is_never_served_here() -> None:
    shards = ShardSlice(count=2, ids=(0,))
    guild = 1 << 22  # shard 1: not this process's
    assert not shards.owns(guild)
    storage = SimpleNamespace(web_address=AsyncMock(return_value=None))
    # None means "this process serves it" (session.play then runs _run: guesses, Start).
    assert await owner_address(shards, storage, guild) is not None  # type: ignore[arg-type]
