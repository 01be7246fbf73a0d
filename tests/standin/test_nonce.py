"""A message's ``nonce`` with ``enforce_nonce``, as Discord keeps it: a create repeated with the
same nonce (a retry after a crash) returns the first message, and no second one appears."""

from __future__ import annotations

from standin import StandIn
from tests.standin.rest_client import call


def _path(standin: StandIn) -> str:
    return f"/channels/{standin.channel('boggle').id}/messages"


async def test_a_create_repeated_with_its_nonce_returns_the_first_message(
    standin: StandIn,
) -> None:
    body = {"content": "results", "nonce": "o12p0", "enforce_nonce": True}
    status, first = await call(standin, "POST", _path(standin), body)
    assert status == 200 and first["nonce"] == "o12p0"
    status, again = await call(standin, "POST", _path(standin), body | {"content": "other"})
    assert status == 200 and again["id"] == first["id"] and again["content"] == "results"
    sent = [m for m in standin.world.messages.values() if m.content in ("results", "other")]
    assert len(sent) == 1


async def test_without_enforce_nonce_a_repeat_is_a_second_message(standin: StandIn) -> None:
    body = {"content": "twice", "nonce": "n1"}
    _, first = await call(standin, "POST", _path(standin), body)
    _, second = await call(standin, "POST", _path(standin), body)
    assert first["id"] != second["id"]


async def test_a_nonce_longer_than_discord_takes_is_refused(standin: StandIn) -> None:
    body = {"content": "x", "nonce": "n" * 26, "enforce_nonce": True}
    status, error = await call(standin, "POST", _path(standin), body)
    assert status == 400 and error["code"] == 50035 and "nonce" in error["errors"]
