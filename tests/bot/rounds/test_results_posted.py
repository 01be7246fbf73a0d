"""Storage of whether a round's results reached the channel: the basis of "posted once" (the
first test on both engines)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.storage import load_migrations
from bot.storage.sqlite import MIGRATIONS_DIR
from bot.stores import Storage
from tests.bot.old_database import add_round, database_at
from tests.bot.rounds.stored import new_round, results_for


async def test_unposted_results_until_marked(storage: Storage) -> None:
    running = await new_round(storage, channel_id=1)
    first = await new_round(storage, channel_id=2)
    second = await new_round(storage, channel_id=3)
    assert await storage.finish_round(second.id, results_for({}), 2000.0, {})
    assert await storage.finish_round(first.id, results_for({}), 1500.0, {})
    assert [r.id for r in await storage.unposted_results()] == [first.id, second.id]

    await storage.mark_results_posted([first.id], 1600.0)
    await storage.mark_results_posted([first.id], 9999.0)  # a second mark changes nothing
    assert [r.id for r in await storage.unposted_results()] == [second.id]
    stored = await storage.get_round(first.id)
    assert stored is not None and stored.results_posted_at == 1600.0
    assert running.results_posted_at is None


async def test_an_upgrade_never_reposts_old_results(tmp_path: Path) -> None:
    """A database made at migration 0001 with finished rounds: after 0002 they count as posted."""
    path = tmp_path / "boggle.db"
    database_at(path, 1)
    done = add_round(path, 1, started_at=1000.0, deadline=1180.0, ended_at=1500.0, points={5: 2})
    running = add_round(path, 2, started_at=1000.0, deadline=1180.0)

    store = await Storage.open(path)
    try:
        assert await store.unposted_results() == []
        upgraded = await store.get_round(done)
        assert upgraded is not None and upgraded.results_posted_at == 1500.0
        still = await store.get_round(running)
        assert still is not None and still.results_posted_at is None
    finally:
        await store.close()
    with sqlite3.connect(path) as conn:
        latest = load_migrations(MIGRATIONS_DIR)[-1].version
        assert conn.execute("SELECT MAX(version) FROM schema_migrations").fetchone() == (latest,)


async def test_results_never_posted_before_the_outbox_are_owed_on_it(tmp_path: Path) -> None:
    """A database at migration 0014 with results stored but not posted: 0015 owes them on the
    outbox, in the order the rounds ended; posted ones are not owed again."""
    path = tmp_path / "boggle.db"
    database_at(path, 14)
    late = add_round(path, 7, started_at=1000.0, deadline=1180.0, ended_at=1600.0, points={5: 2})
    early = add_round(path, 8, started_at=1000.0, deadline=1180.0, ended_at=1500.0, points={5: 1})
    posted = add_round(path, 9, started_at=1000.0, deadline=1180.0, ended_at=1400.0)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE rounds SET results_posted_at = NULL WHERE id != ?", (posted,))
        conn.execute("UPDATE rounds SET results_posted_at = 1401 WHERE id = ?", (posted,))
    store = await Storage.open(path)
    try:
        owed = [*await store.channel_posts(8), *await store.channel_posts(7)]
        assert [(p.kind, p.payload, p.due_at) for p in owed] == [
            ("round results", f'{{"round_id":{early}}}', 1500.0),
            ("round results", f'{{"round_id":{late}}}', 1600.0),
        ]
        assert owed[0].id < owed[1].id and await store.channel_posts(9) == []
    finally:
        await store.close()
