"""Review findings on bot/web/hub.py, with fakes (no browser, no stand-in)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from bot.web import hub as hub_module
from bot.web.hub import Hub


class FakeGame:
    def standings(self) -> list[object]:
        return []


class FakeRounds:
    def __init__(self) -> None:
        self.live: dict[int, Any] = {}
        self.fail_scores = 0
        self.settler = SimpleNamespace(score=self._score)

    def running(self, channel_id: int) -> Any:
        return self.live.get(channel_id)

    async def _score(self, stored: Any, game: Any) -> Any:
        if self.fail_scores:
            self.fail_scores -= 1
            raise ConnectionError("database hiccup")
        return SimpleNamespace(players=[])


class FakeSocket:
    player_id = 7
    language = "en"

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)


def live_round(round_id: int, *, posted: bool) -> Any:
    stored = SimpleNamespace(guild_id=1, id=round_id)
    return SimpleNamespace(
        id=round_id, game=FakeGame(), names={}, posted=posted, finishing=False, stored=stored
    )


@pytest.fixture(autouse=True)
def simple_payloads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        hub_module.payloads,
        "round_state",
        lambda round_id, *args: {"type": "round", "round_id": round_id},
    )
    monkeypatch.setattr(
        hub_module.payloads,
        "results",
        lambda round_id, *args: {"type": "results", "round_id": round_id},
    )


async def test_the_results_reach_the_page_after_one_failed_look() -> None:
    """Hub._look forgets the round (watched.live = None) before scoring it: a database hiccup
    in _ended ('the next look tries again') loses the results for every page in the channel."""
    rounds = FakeRounds()
    rounds.live[10] = live_round(1, posted=True)
    hub = Hub(rounds, storage=None, clock=lambda: 0.0, poll=0.01)  # type: ignore[arg-type]
    socket = FakeSocket()
    try:
        await hub.join(10, socket)
        rounds.fail_scores = 1
        del rounds.live[10]  # the round is over
        await asyncio.sleep(0.2)
        assert any(m.get("type") == "results" for m in socket.sent), socket.sent
    finally:
        await hub.close()
