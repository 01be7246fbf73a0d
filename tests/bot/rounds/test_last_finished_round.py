"""The rounds' SQL for what comes after a round (issue 10): a channel's last finished board, on
both engines (``storage`` runs each test on SQLite and PostgreSQL)."""

from __future__ import annotations

from pathlib import Path

from bot.rounds.statements import LAST_FINISHED_ROUND_SQL
from bot.stores import Storage
from bot.stores.sqlite import SQLiteStorage
from core.board import Board
from tests.bot.rounds.stored import new_round, plan, results_for


async def test_the_last_finished_round_of_a_channel(storage: Storage) -> None:
    assert await storage.last_finished_round(10) is None
    first = await new_round(storage, board=Board.parse("abcd/efgh/ijkl/mnop"))
    assert await storage.last_finished_round(10) is None  # still running
    await storage.finish_round(first.id, results_for({}), 1200.0, {})
    second = await new_round(storage, started_at=1300.0, deadline=1480.0)
    other = await new_round(storage, channel_id=11)
    await storage.finish_round(other.id, results_for({}), 1250.0, {})
    last = await storage.last_finished_round(10)
    assert last is not None and last.id == first.id and last.board == "abcd/efgh/ijkl/mnop"
    await storage.finish_round(second.id, results_for({}), 1500.0, {})
    last = await storage.last_finished_round(10)
    assert last is not None and (last.id, last.seconds, last.dice) == (second.id, 180, "classic")
    last = await storage.last_finished_round(11)
    assert last is not None and last.id == other.id


async def test_the_last_finished_round_reads_an_index(tmp_path: Path) -> None:
    store = await SQLiteStorage.open(tmp_path / "boggle.db")
    try:
        details = await plan(store, LAST_FINISHED_ROUND_SQL, 10)
        assert details == ["SEARCH rounds USING INDEX rounds_by_channel (channel_id=?)"], details
    finally:
        await store.close()


async def test_a_round_keeps_whether_it_shows_hints(storage: Storage) -> None:
    plain = await new_round(storage)
    hinted = await new_round(storage, channel_id=11, hints=True)
    assert (plain.hints, hinted.hints) == (False, True)
    assert [r.hints for r in await storage.unfinished_rounds()] == [False, True]
    got = await storage.get_round(hinted.id)
    assert got is not None and got.hints is True
