"""A page relayed between the bot's processes: the relaying process proves itself and names the
player with a signature that lasts seconds."""

from __future__ import annotations

import json
import time

import pytest

from bot.web.discord_api import Person
from bot.web.relay import FRESH_FOR, identified, identity, relay_secret


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
    monkeypatch.setattr(time, "time", lambda: now - FRESH_FOR - 1)
    stale = json.loads(identity(alice, 20, 10, key))  # signed right, but too long ago
    monkeypatch.setattr(time, "time", lambda: now)
    assert identified(stale, key) is None
