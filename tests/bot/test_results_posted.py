"""Storage of whether a round's results reached the channel: the basis of "posted once"."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from bot.storage import MIGRATIONS_DIR, Storage

from .test_storage import new_round, results_for


async def test_unposted_results_until_marked(tmp_path: Path) -> None:
    store = await Storage.open(tmp_path / "boggle.db")
    try:
        running = await new_round(store, channel_id=1)
        first = await new_round(store, channel_id=2)
        second = await new_round(store, channel_id=3)
        assert await store.finish_round(second.id, results_for({}), 2000.0, {})
        assert await store.finish_round(first.id, results_for({}), 1500.0, {})
        assert [r.id for r in await store.unposted_results()] == [first.id, second.id]

        await store.mark_results_posted(first.id, 1600.0)
        await store.mark_results_posted(first.id, 9999.0)  # a second mark changes nothing
        assert [r.id for r in await store.unposted_results()] == [second.id]
        stored = await store.get_round(first.id)
        assert stored is not None and stored.results_posted_at == 1600.0
        assert running.results_posted_at is None
    finally:
        await store.close()


async def test_an_upgrade_never_reposts_old_results(tmp_path: Path) -> None:
    """A database made at migration 0001 with finished rounds: after 0002 they count as posted."""
    old = tmp_path / "migrations"
    old.mkdir()
    shutil.copy(MIGRATIONS_DIR / "0001_initial.sql", old)
    path = tmp_path / "boggle.db"
    store = await Storage.open(path, migrations_dir=old)
    try:
        done = await new_round(store, channel_id=1)
        await store.finish_round(done.id, results_for({}), 1500.0, {})
        running = await new_round(store, channel_id=2)
    finally:
        await store.close()

    store = await Storage.open(path)
    try:
        assert await store.unposted_results() == []
        upgraded = await store.get_round(done.id)
        assert upgraded is not None and upgraded.results_posted_at == 1500.0
        still = await store.get_round(running.id)
        assert still is not None and still.results_posted_at is None
    finally:
        await store.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT MAX(version) FROM schema_migrations").fetchone() == (2,)
