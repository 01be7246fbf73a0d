"""Which process serves a page: the one running the server's shard, whose address it recorded in
the database; never another one (review: a page was served where its server's rounds are not)."""

from __future__ import annotations

from bot.config.shards import ShardSlice
from bot.kernel.pages import HERE, PageDirectory
from bot.stores import Storage

THEIRS = 1 << 22  # a server on shard 1
OURS = 0  # a server on shard 0


async def test_a_page_goes_to_its_server_s_process_and_never_elsewhere(storage: Storage) -> None:
    ours = ShardSlice(2, (0,))
    assert ours.owns(OURS) and not ours.owns(THEIRS)
    pages = PageDirectory(storage, ours, lambda: 0.0)
    assert await pages.owner(OURS) == HERE
    assert await pages.owner(None) == HERE  # a DM: every process's
    alone = PageDirectory(storage, ShardSlice(), lambda: 0.0)
    assert await alone.owner(THEIRS) == HERE  # one process runs all
    # the owner has recorded no page yet: not served here (where that server's rounds are not)
    assert await pages.owner(THEIRS) is None
    await storage.record_web_address([1], "http://127.0.0.2:8780/", 0.0)
    assert await pages.owner(THEIRS) == "http://127.0.0.2:8780/"
