"""Which process serves a page: the one running the server's shard, whose address it recorded in
the database; never another one (review: a page was served where its server's rounds are not)."""

from __future__ import annotations

import json
import time

import pytest

from bot.config.shards import ShardSlice
from bot.storage import Storage
from bot.web import relay
from bot.web.discord_api import Person
from bot.web.relay import FRESH_FOR, HERE, identified, identity, owner_address, relay_secret

THEIRS = 1 << 22  # a server on shard 1
OURS = 0  # a server on shard 0


async def test_a_page_goes_to_its_server_s_process_and_never_elsewhere(storage: Storage) -> None:
    ours = ShardSlice(2, (0,))
    assert ours.owns(OURS) and not ours.owns(THEIRS)
    assert await owner_address(ours, storage, OURS) == HERE
    assert await owner_address(ours, storage, None) == HERE  # a DM: every process's
    assert await owner_address(ShardSlice(), storage, THEIRS) == HERE  # one process runs all
    # the owner has recorded no page yet: not served here (where that server's rounds are not)
    assert await owner_address(ours, storage, THEIRS) is None
    await storage.record_web_address([1], "http://127.0.0.2:8780/", 0.0)
    assert await owner_address(ours, storage, THEIRS) == "http://127.0.0.2:8780/"


def test_a_relayed_identity_is_signed_fresh_and_for_one_player_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The relaying process sends HMACs, never the key: an identity signed with another key,
    altered after signing, or older than FRESH_FOR is refused (a captured relay was good for any
    player in any channel, for ever)."""
    key = relay_secret("the bot's token")
    alice = Person(7, "Alice", "en-US")
    sent = json.loads(identity(alice, 20, 10, key))
    assert identified(sent, key) == (alice, 20, 10)
    assert key not in json.dumps(sent)
    assert identified(sent, relay_secret("another bot's token")) is None
    assert identified({**sent, "channel_id": 21}, key) is None  # another channel
    assert identified({**sent, "you": {**sent["you"], "id": 8}}, key) is None  # another player
    now = time.time()
    monkeypatch.setattr(relay.time, "time", lambda: now - FRESH_FOR - 1)
    stale = json.loads(identity(alice, 20, 10, key))  # signed right, but too long ago
    monkeypatch.setattr(relay.time, "time", lambda: now)
    assert identified(stale, key) is None
