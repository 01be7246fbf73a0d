"""``ServerSettingsStore`` held to its one Protocol: the same assertions on SQLite, on PostgreSQL
and on the tests' in-memory store (what the service's unit tests run on)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.server_settings.model import ServerSettings
from bot.server_settings.service import ServerSettingsStore
from core.round import Mode
from tests.bot.server_settings.memory_store import MemoryServerSettings
from tests.stores import STORES, engine_storage

GUILD, OTHER = 10, 11


@pytest.fixture(params=STORES)
async def store(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[ServerSettingsStore]:
    if request.param == "memory":
        yield MemoryServerSettings()
        return
    async with engine_storage(request.param, tmp_path) as storage:
        yield storage


async def test_a_server_never_configured_has_the_bots_defaults(store: ServerSettingsStore) -> None:
    assert await store.server_settings(1) == ServerSettings()


async def test_round_channels_are_added_removed_and_cleared(store: ServerSettingsStore) -> None:
    for channel in (10, 11, 2**62):
        await store.set_round_channel(1, channel, True)
    await store.set_round_channel(1, 10, True)  # twice: kept once
    await store.set_round_channel(2, 12, True)
    await store.set_round_channel(1, 11, False)
    assert (await store.server_settings(1)).channels == {10, 2**62}
    await store.clear_round_channels(1)
    assert (await store.server_settings(1)).channels == frozenset()
    assert (await store.server_settings(2)).channels == {12}


async def test_banned_words_count_what_changed(store: ServerSettingsStore) -> None:
    assert await store.ban_words(1, ["cat", "dog", "cat"], True) == 2
    assert await store.ban_words(1, ["dog", "rent"], True) == 1
    assert await store.ban_words(2, ["dog"], True) == 1
    assert await store.ban_words(1, ["dog", "zebra"], False) == 1
    assert (await store.server_settings(1)).banned == {"cat", "rent"}
    assert (await store.server_settings(2)).banned == {"dog"}


async def test_the_leaderboards_time_zone_is_the_servers_setting(
    store: ServerSettingsStore,
) -> None:
    assert (await store.server_locale(1))[0] is None
    await store.save_defaults(1, ServerSettings(timezone="America/New_York"))
    await store.save_defaults(2, ServerSettings(size=5))
    assert (await store.server_locale(1))[0] == "America/New_York"
    assert (await store.server_locale(2))[0] is None


async def test_a_servers_locale_is_one_read_of_its_time_zone_and_language(
    store: ServerSettingsStore,
) -> None:
    assert await store.server_locale(1) == (None, "en")  # never configured: the defaults
    await store.save_defaults(1, ServerSettings(timezone="Asia/Tokyo", language="pl"))
    await store.set_daily_channel(2, 7)  # a row with no defaults saved
    assert await store.server_locale(1) == ("Asia/Tokyo", "pl")
    assert await store.server_locale(2) == (None, "en")


async def test_a_day_of_changes_is_kept_as_asked(store: ServerSettingsStore) -> None:
    """Saving the defaults replaces them whole but keeps the round channels, the banned words and
    the daily channel, each set on its own."""
    locales = [await store.server_locale(GUILD)]
    assert await store.server_settings(GUILD) == ServerSettings()
    await store.save_defaults(GUILD, ServerSettings(size=5, mode=Mode.RACE, language="fr"))
    await store.set_daily_channel(GUILD, 4)
    await store.set_daily_channel(OTHER, 5)  # a server with no defaults yet
    locales += [await store.server_locale(GUILD), await store.server_locale(OTHER)]
    await store.save_defaults(GUILD, ServerSettings(timezone="UTC", daily_channel=99))
    for channel in (1, 2, 3, 2):
        await store.set_round_channel(GUILD, channel, True)
    await store.set_round_channel(GUILD, 1, False)
    await store.set_round_channel(GUILD, 8, False)
    assert await store.ban_words(GUILD, ["cat", "dog", "cat"], True) == 2
    assert await store.ban_words(GUILD, ["dog", "emu"], True) == 1
    assert await store.ban_words(GUILD, ["dog", "yak"], False) == 1
    assert await store.server_settings(GUILD) == ServerSettings(
        timezone="UTC",
        channels=frozenset({2, 3}),
        banned=frozenset({"cat", "emu"}),
        daily_channel=4,
    )
    assert await store.server_settings(OTHER) == ServerSettings(daily_channel=5)
    await store.clear_round_channels(GUILD)
    await store.set_daily_channel(GUILD, None)
    assert await store.server_settings(GUILD) == ServerSettings(
        timezone="UTC", banned=frozenset({"cat", "emu"})
    )
    locales.append(await store.server_locale(GUILD))
    assert locales == [(None, "en"), (None, "fr"), (None, "en"), ("UTC", "en")]


async def test_a_locales_language_is_adopted_only_by_a_server_without_settings(
    store: ServerSettingsStore,
) -> None:
    await store.adopt_language(1, "fr")
    assert (await store.server_settings(1)).language == "fr"
    await store.adopt_language(1, "de")  # adopted once: a later locale changes nothing
    assert (await store.server_locale(1))[1] == "fr"
    await store.save_defaults(2, ServerSettings(size=5))  # settings of its own, in English
    await store.adopt_language(2, "pl")
    assert (await store.server_settings(2)) == ServerSettings(size=5)
    await store.set_daily_channel(3, 30)  # a daily channel is settings of its own too
    await store.adopt_language(3, "es")
    assert (await store.server_settings(3)).language == "en"
