"""Opening one SQLite file from several processes at once."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from pathlib import Path

from bot.storage import MIGRATIONS_ROOT
from bot.stores import Storage


async def test_processes_opening_one_sqlite_file_together_wait_for_each_other(
    tmp_path: Path,
) -> None:
    """Several processes started at once: one migrates while the others' busy timeout runs
    out; they wait at open instead of stopping."""
    path = tmp_path / "boggle.sqlite3"
    await (await Storage.open(path)).close()
    newer = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS_ROOT / "sqlite", newer)
    (newer / "0099_later.sql").write_text("CREATE TABLE later (id INTEGER PRIMARY KEY);\n")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process writing for a while
    release = asyncio.get_running_loop().call_later(1.0, other.rollback)
    try:
        store = await Storage.open(path, migrations_dir=newer, busy_timeout=0.05)
        await store.close()
    finally:
        release.cancel()
        other.close()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT max(version) FROM schema_migrations").fetchone() == (99,)
