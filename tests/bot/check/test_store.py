"""``CheckStore`` held to its one Protocol: the same assertions on SQLite, on PostgreSQL and on
the tests' in-memory store (what the service's unit tests run on)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Protocol

import pytest

from bot.check.service import CheckStore
from bot.rounds.model import RoundState, StoredRound
from core.board import Board
from core.round import Mode
from tests.bot.check.memory_store import MemoryRounds
from tests.bot.rounds.stored import new_round, results_for
from tests.stores import STORES, engine_storage

ROWS = "abcd/efgh/ijkl/mnop"


class Finish(Protocol):
    """A round on ``board`` that ended in ``channel_id`` after every one before it."""

    async def __call__(
        self, channel_id: int, board: str, *, mode: Mode = ..., excluded: str = ...
    ) -> StoredRound: ...


@pytest.fixture(params=STORES)
async def rounds(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[tuple[CheckStore, Finish]]:
    """The store, and how a round is finished in it (the engines: the rounds' own SQL)."""
    if request.param == "memory":
        memory = MemoryRounds()

        async def finish_in_memory(
            channel_id: int, board: str, *, mode: Mode = Mode.CLASSIC, excluded: str = ""
        ) -> StoredRound:
            return memory.finish(1, channel_id, board, mode=mode, excluded=excluded)

        yield memory, finish_in_memory
        return
    async with engine_storage(request.param, tmp_path) as storage:
        ended = [1000.0]

        async def finish_stored(
            channel_id: int, board: str, *, mode: Mode = Mode.CLASSIC, excluded: str = ""
        ) -> StoredRound:
            ended[0] += 1000.0
            began = ended[0] - 180
            running = await new_round(
                storage,
                channel_id,
                board=Board.parse(board),
                mode=mode,
                started_at=began,
                deadline=ended[0],
                excluded=excluded.split(),
            )
            await storage.finish_round(running.id, results_for({}), ended[0], {})
            stored = await storage.get_round(running.id)
            assert stored is not None
            return stored

        yield storage, finish_stored


async def test_the_last_finished_round_of_each_channel(rounds: tuple[CheckStore, Finish]) -> None:
    store, finish = rounds
    assert await store.last_finished_round(10) is None
    first = await finish(10, ROWS)
    other = await finish(11, ROWS)
    assert await store.last_finished_round(10) == first
    assert (first.board, first.state, first.mode) == (ROWS, RoundState.FINISHED, Mode.CLASSIC)
    second = await finish(10, "cato/dogs/rent/lime", mode=Mode.RACE, excluded="cat dog")
    assert await store.last_finished_round(10) == second
    assert (second.mode, second.excluded_words) == (Mode.RACE, frozenset({"cat", "dog"}))
    assert await store.last_finished_round(11) == other
    assert await store.last_finished_round(12) is None
