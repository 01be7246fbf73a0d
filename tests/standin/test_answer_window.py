"""An interaction's first answer (the callback) must come within 3 seconds of it being sent, as
on Discord: later it is 10062 Unknown interaction and the token is dead; a second answer is
40060. The window is the stand-in's ``answer_window`` (default 3 s) on its own clock."""

from __future__ import annotations

import pytest

from standin import InteractionHandle, StandIn
from tests.standin.demo_bot import DemoBot
from tests.standin.rest_client import call

CALLBACK = "POST /interactions/{webhook_id}/{webhook_token}/callback"


async def sent(standin: StandIn) -> InteractionHandle:
    standin.commands.overwrite(None, [{"name": "hint", "description": "d"}])
    return await standin.slash("boggle", "alice", "hint")


async def answer(standin: StandIn, handle: InteractionHandle) -> tuple[int, int | None]:
    path = f"/interactions/{handle.id}/{handle.token}/callback"
    status, body = await call(standin, "POST", path, {"type": 4, "data": {"content": "hi"}})
    return status, (body or {}).get("code")


def test_the_window_is_discords_three_seconds(standin: StandIn) -> None:
    assert standin.answer_window == 3.0


async def test_an_answer_within_three_seconds_is_taken(standin: StandIn) -> None:
    handle = await sent(standin)
    standin.pass_time(2.9)
    assert (await answer(standin, handle))[0] == 200
    assert handle.responded


async def test_a_late_first_answer_is_an_unknown_interaction(standin: StandIn) -> None:
    handle = await sent(standin)
    standin.pass_time(3.1)
    assert await answer(standin, handle) == (404, 10062)
    assert not handle.responded and handle.expired
    follow_up = f"/webhooks/{standin.world.application_id}/{handle.token}"
    status, body = await call(standin, "POST", follow_up, {"content": "late"})
    assert (status, body["code"]) == (401, 50027)  # the token died with it
    assert standin.messages("boggle") == []


async def test_a_second_answer_is_already_acknowledged(standin: StandIn) -> None:
    handle = await sent(standin)
    assert (await answer(standin, handle))[0] == 200
    assert await answer(standin, handle) == (400, 40060)
    standin.pass_time(10)  # late too: still 40060, as the first answer stands
    assert await answer(standin, handle) == (400, 40060)


@pytest.mark.parametrize("window", [0.5, 60.0])
async def test_the_window_can_be_changed(standin: StandIn, window: float) -> None:
    standin.answer_window = window
    handle = await sent(standin)
    standin.pass_time(1.0)
    assert (await answer(standin, handle))[0] == (200 if window > 1 else 404)


async def test_a_bot_answering_too_late_is_told_unknown_interaction(
    standin: StandIn, demo_bot: DemoBot
) -> None:
    standin.answer_window = 0.0  # the demo bot answers at once: now that is too late
    handle = await standin.slash("boggle", "alice", "boggle hint")
    await standin.wait_until(lambda: standin.calls_to(CALLBACK))
    assert [c.status for c in standin.calls_to(CALLBACK)] == [404]
    assert not handle.responded
