"""The server settings' SQL (``bot/server_settings/sql.py``), on both engines: defaults, round
channels, banned words, and the banned words a round keeps from its start (issue 10)."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

from bot.server_settings.model import ServerSettings
from bot.stores import Storage
from core.round import Mode
from tests.bot.old_database import add_round, database_at
from tests.bot.rounds.stored import new_round
from tests.stores import StoreTarget


async def test_defaults_are_kept_per_server_and_replaced_whole(
    storage: Storage, store_target: StoreTarget
) -> None:
    chosen = ServerSettings(5, "5x5-original", 120, Mode.RACE, 5, "Europe/Paris", True)
    await storage.save_defaults(2**60, chosen)
    await storage.save_defaults(2, ServerSettings(size=6))
    assert await storage.server_settings(2**60) == chosen
    assert await storage.server_settings(2) == ServerSettings(size=6)
    await storage.save_defaults(2**60, ServerSettings(mode=Mode.CASUAL))
    assert await storage.server_settings(2**60) == ServerSettings(mode=Mode.CASUAL)
    assert await store_target.rows("SELECT guild_id, hints FROM server_settings ORDER BY 1") == [
        (2, 0),
        (2**60, 0),
    ]


async def test_a_round_keeps_its_excluded_words_through_a_restart(
    store_target: StoreTarget,
) -> None:
    store = await store_target.open()
    try:
        stored = await new_round(store, excluded={"dog", "cat"})
        assert stored.excluded_words == {"cat", "dog"}
        plain = await new_round(store, channel_id=11)
        assert plain.excluded_words == frozenset()
    finally:
        await store.close()
    store = await store_target.open()
    try:
        [first, second] = await store.unfinished_rounds()
        assert (first.excluded_words, second.excluded_words) == (
            frozenset({"cat", "dog"}),
            frozenset(),
        )
        assert await store.get_round(stored.id) == stored
    finally:
        await store.close()


# --- languages and dictionaries (issue 11, migration 0007) ---------------------------------------


async def test_a_servers_language_and_dictionary_are_kept(
    storage: Storage, store_target: StoreTarget
) -> None:
    assert (await storage.server_settings(1)).language == "en"
    await storage.save_defaults(1, ServerSettings(size=5, language="fr", dictionary="everyday"))
    await storage.save_defaults(2, ServerSettings(language="de"))
    assert await storage.server_settings(1) == ServerSettings(
        size=5, language="fr", dictionary="everyday"
    )
    assert (await storage.server_settings(2)).dictionary == "full"
    rows = "SELECT guild_id, language, dictionary FROM server_settings ORDER BY 1"
    assert await store_target.rows(rows) == [(1, "fr", "everyday"), (2, "de", "full")]


async def test_a_round_keeps_its_language_and_dictionary_through_a_restart(
    store_target: StoreTarget,
) -> None:
    store = await store_target.open()
    try:
        plain = await new_round(store)
        spanish = await new_round(store, channel_id=11, language="es", dictionary="everyday")
        assert (plain.language, plain.dictionary) == ("en", "full")
        assert (spanish.language, spanish.dictionary) == ("es", "everyday")
    finally:
        await store.close()
    store = await store_target.open()
    try:
        assert await store.unfinished_rounds() == [plain, spanish]
        assert await store.get_round(spanish.id) == spanish
    finally:
        await store.close()


async def test_rounds_and_servers_from_before_read_as_english_on_the_full_dictionary(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.sqlite3"
    database_at(path, 6)
    round_id = add_round(path, channel_id=10, started_at=1000.0, deadline=1180.0)
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute("INSERT INTO server_settings (guild_id, size) VALUES (1, 5)")
    store = await Storage.open(path)
    try:
        assert await store.server_settings(1) == ServerSettings(size=5)
        old = await store.get_round(round_id)
        assert old is not None and (old.language, old.dictionary) == ("en", "full")
    finally:
        await store.close()
