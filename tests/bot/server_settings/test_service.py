"""ServerSettingsService without Discord or a database: each ``/boggle-config`` use case over the
in-memory store, each refusal (worded in the server's language, nothing stored) and each limit at
its edge."""

from __future__ import annotations

import itertools
from datetime import UTC
from string import ascii_lowercase
from zoneinfo import ZoneInfo

import pytest

from bot.i18n.catalogue import text
from bot.i18n.channels import channel_list
from bot.kernel.refusal import Refusal
from bot.rounds.options import round_defaults
from bot.server_settings.model import ServerSettings
from bot.server_settings.rules import (
    MAX_BANNED_WORDS,
    MAX_ROUND_CHANNELS,
    DefaultsChange,
)
from bot.server_settings.service import (
    BannedWordsChange,
    ServerSettingsService,
)
from core.round import Mode
from tests.bot.server_settings.memory_store import MemoryServerSettings

GUILD, OTHER = 10, 11


@pytest.fixture
def store() -> MemoryServerSettings:
    return MemoryServerSettings()


@pytest.fixture
def service(store: MemoryServerSettings) -> ServerSettingsService:
    return ServerSettingsService(store, round_defaults)


async def french(service: ServerSettingsService) -> None:
    """Make GUILD a French-speaking server."""
    assert not isinstance(await service.set_defaults(GUILD, DefaultsChange(language="fr")), Refusal)


def refusal(result: object) -> Refusal:
    assert isinstance(result, Refusal), result
    return result


def settings(result: ServerSettings | Refusal) -> ServerSettings:
    assert isinstance(result, ServerSettings), result
    return result


def words(result: BannedWordsChange | Refusal) -> BannedWordsChange:
    assert isinstance(result, BannedWordsChange), result
    return result


async def test_a_server_never_configured_has_the_bots_defaults(
    service: ServerSettingsService,
) -> None:
    assert await service.of(GUILD) == ServerSettings()
    assert await service.language(GUILD) == "en"
    assert await service.language(None) == "en"  # no server: the default
    await french(service)
    assert await service.language(GUILD) == "fr"
    assert await service.language(OTHER) == "en"
    assert await service.locale(GUILD) == (UTC, "fr")  # one read: the zone and the language
    await service.set_defaults(GUILD, DefaultsChange(timezone="Europe/Berlin"))
    assert await service.locale(GUILD) == (ZoneInfo("Europe/Berlin"), "fr")


async def test_set_stores_the_defaults_given_and_keeps_the_others(
    service: ServerSettingsService, store: MemoryServerSettings
) -> None:
    first = settings(
        await service.set_defaults(GUILD, DefaultsChange(size=5, time="2m", mode="race"))
    )
    assert (first.size, first.seconds, first.mode) == (5, 120, Mode.RACE)
    then = await service.set_defaults(
        GUILD, DefaultsChange(timezone=" Europe/Paris ", hints=True, language="de")
    )
    assert then == ServerSettings(
        size=5, seconds=120, mode=Mode.RACE, timezone="Europe/Paris", hints=True, language="de"
    )
    assert await service.of(GUILD) == then  # what it answers is what it stored
    assert await service.of(OTHER) == ServerSettings()
    assert store.writes == 2


async def test_a_new_size_or_language_drops_dice_it_cannot_roll(
    service: ServerSettingsService,
) -> None:
    assert settings(await service.set_defaults(GUILD, DefaultsChange(dice="5x5-original"))).dice
    assert settings(await service.set_defaults(GUILD, DefaultsChange(size=4))).dice is None
    await service.set_defaults(GUILD, DefaultsChange(dice="5x5-original"))
    assert settings(await service.set_defaults(GUILD, DefaultsChange(language="fr"))).dice is None


async def test_set_with_nothing_given_is_refused_in_the_servers_language(
    service: ServerSettingsService, store: MemoryServerSettings
) -> None:
    await french(service)
    before = store.writes
    refused = refusal(await service.set_defaults(GUILD, DefaultsChange()))
    assert refused.key == "settings.nothing_to_set"
    assert refused.language == "fr"
    assert refused.text("en").startswith("Indiquez au moins un réglage à changer")
    assert store.writes == before


@pytest.mark.parametrize(
    ("change", "english"),
    [
        (DefaultsChange(time="5s"), "⚠️ time must be between 30s and 30m"),
        (DefaultsChange(timezone="Mars/Olympus"), "⚠️ timezone 'Mars/Olympus' is not a time"),
        (DefaultsChange(size=4, dice="5x5-original"), "⚠️ dice '5x5-original' are for 5x5;"),
        (DefaultsChange(mode="chaos"), "⚠️ mode must be one of classic, race, casual"),
        (DefaultsChange(min_length=9), "⚠️ min_length must be between 3 and 8"),
        (DefaultsChange(language="klingon"), "⚠️ language must be one of en (English), "),
    ],
)
async def test_a_wrong_default_is_refused_with_its_reason_and_nothing_is_stored(
    service: ServerSettingsService,
    store: MemoryServerSettings,
    change: DefaultsChange,
    english: str,
) -> None:
    refused = refusal(await service.set_defaults(GUILD, change))
    assert refused.key == "replies.bad_option"
    assert refused.language == "en"
    assert refused.text("fr").startswith(english)  # the server's language, not the reader's
    assert store.writes == 0
    assert await service.of(GUILD) == ServerSettings()


async def test_a_wrong_default_in_a_french_server_is_refused_in_french(
    service: ServerSettingsService,
) -> None:
    await french(service)
    refused = refusal(await service.set_defaults(GUILD, DefaultsChange(time="5s")))
    assert refused.text("en") == "⚠️ time doit être compris entre 30s et 30m"


async def test_reset_keeps_what_is_the_servers_own(
    service: ServerSettingsService, store: MemoryServerSettings
) -> None:
    change = DefaultsChange(size=5, time="90s", hints=True, timezone="Asia/Tokyo", language="es")
    await service.set_defaults(GUILD, change)
    await service.add_round_channel(GUILD, 7)
    await service.ban_words(GUILD, "cat")
    await service.set_daily_channel(GUILD, 8)
    reset = await service.reset_defaults(GUILD)
    assert reset == ServerSettings(
        timezone="Asia/Tokyo",
        language="es",
        channels=frozenset({7}),
        banned=frozenset({"cat"}),
        daily_channel=8,
    )
    assert await service.of(GUILD) == reset


async def test_round_channels_are_added_removed_and_cleared(
    service: ServerSettingsService,
) -> None:
    assert settings(await service.add_round_channel(GUILD, 7)).channels == {7}
    assert settings(await service.add_round_channel(GUILD, 8)).channels == {7, 8}
    assert settings(await service.add_round_channel(GUILD, 8)).channels == {7, 8}  # once
    assert settings(await service.remove_round_channel(GUILD, 7)).channels == {8}
    assert (await service.of(GUILD)).channels == {8}
    assert (await service.of(OTHER)).channels == frozenset()
    assert (await service.clear_round_channels(GUILD)).channels == frozenset()
    assert (await service.of(GUILD)).channels == frozenset()


async def test_the_round_channel_limit_holds_at_its_edge(
    service: ServerSettingsService, store: MemoryServerSettings
) -> None:
    assert MAX_ROUND_CHANNELS == 25
    for channel in range(1, MAX_ROUND_CHANNELS + 1):
        assert not isinstance(await service.add_round_channel(GUILD, channel), Refusal)
    assert len((await service.of(GUILD)).channels) == 25
    before = store.writes
    refused = refusal(await service.add_round_channel(GUILD, 26))
    assert refused.text("fr") == (
        "⚠️ At most 25 channels can be listed; take one off first, or clear the list."
    )
    assert store.writes == before and 26 not in (await service.of(GUILD)).channels
    # A channel listed already is no 26th: adding it again is fine.
    assert len(settings(await service.add_round_channel(GUILD, 25)).channels) == 25
    # One off, one more on.
    await service.remove_round_channel(GUILD, 1)
    assert 26 in settings(await service.add_round_channel(GUILD, 26)).channels


async def test_a_channel_not_listed_is_refused_saying_where_rounds_may_start(
    service: ServerSettingsService, store: MemoryServerSettings
) -> None:
    refused = refusal(await service.remove_round_channel(GUILD, 5))
    assert refused.text("fr") == "<#5> is not listed; rounds may start in: any channel."
    await french(service)
    await service.add_round_channel(GUILD, 9)
    await service.add_round_channel(GUILD, 3)
    before = store.writes
    refused = refusal(await service.remove_round_channel(GUILD, 5))
    assert refused.text("en") == (
        "<#5> n'est pas dans la liste ; les parties peuvent se lancer dans : <#3>, <#9>."
    )
    assert store.writes == before


def test_the_channel_list_is_mentions_or_any_channel_in_the_readers_language() -> None:
    assert channel_list([9, 3]) == "<#3>, <#9>"
    anywhere = channel_list([])
    assert text("settings.channels_now", "en", channels=anywhere) == (
        "✅ Rounds may start in: any channel."
    )
    assert "n'importe quel salon" in text("settings.channels_now", "fr", channels=anywhere)


async def test_banned_words_are_parsed_added_and_counted(
    service: ServerSettingsService,
) -> None:
    added = words(await service.ban_words(GUILD, "Pétard, CAFÉ café ano"))
    assert added == BannedWordsChange(changed=3, total=3, language="en")
    assert (await service.of(GUILD)).banned == {"pétard", "café", "ano"}
    again = words(await service.ban_words(GUILD, "ano zebra"))
    assert (again.changed, again.total) == (1, 4)
    assert (await service.of(OTHER)).banned == frozenset()


@pytest.mark.parametrize(
    ("typed", "english"),
    [
        ("c4t dog", "⚠️ 'c4t' cannot be a word"),
        (" , ;", "⚠️ words: give one or more words"),
        ("x" * 41, f"⚠️ '{'x' * 40}' cannot be a word"),
        ("cat ελλάδα שלום", "⚠️ 'שלום' cannot be a word"),  # Greek is a language now
    ],
)
async def test_a_word_that_cannot_be_one_is_refused_and_nothing_changes(
    service: ServerSettingsService, store: MemoryServerSettings, typed: str, english: str
) -> None:
    for use_case in (service.ban_words, service.unban_words):
        refused = refusal(await use_case(GUILD, typed))
        assert refused.key == "replies.bad_option"
        assert refused.text("de").startswith(english)
    assert store.writes == 0


async def test_the_banned_words_limit_holds_at_its_edge(
    service: ServerSettingsService, store: MemoryServerSettings
) -> None:
    assert MAX_BANNED_WORDS == 1000
    many = ["".join(letters) for letters in itertools.product(ascii_lowercase, repeat=3)][:1001]
    first = words(await service.ban_words(GUILD, " ".join(many[:999])))
    assert (first.changed, first.total) == (999, 999)
    # Two more would make 1001: refused, saying so, and nothing stored.
    before = store.writes
    refused = refusal(await service.ban_words(GUILD, f"{many[999]} {many[1000]}"))
    assert refused.text("en") == "⚠️ A server can refuse at most 1000 words; that would make 1001."
    assert store.writes == before and len((await service.of(GUILD)).banned) == 999
    # One more makes exactly 1000; words listed already do not count again.
    assert words(await service.ban_words(GUILD, f"{many[0]} {many[999]}")).total == 1000
    full = words(await service.ban_words(GUILD, many[5]))
    assert (full.changed, full.total) == (0, 1000)
    assert isinstance(await service.ban_words(GUILD, many[1000]), Refusal)
    assert len((await service.of(GUILD)).banned) == 1000


async def test_words_taken_off_are_read_by_the_servers_language(
    service: ServerSettingsService,
) -> None:
    await french(service)
    await service.ban_words(GUILD, "pétard café chien")
    taken = words(await service.unban_words(GUILD, "PETARD zebra"))
    assert taken == BannedWordsChange(changed=1, total=2, language="fr")
    assert (await service.of(GUILD)).banned == {"café", "chien"}
    none = words(await service.unban_words(GUILD, "zebra"))
    assert (none.changed, none.total) == (0, 2)


async def test_a_spanish_server_keeps_pena_apart_from_pena(
    service: ServerSettingsService,
) -> None:
    await service.set_defaults(GUILD, DefaultsChange(language="es"))
    await service.ban_words(GUILD, "peña pena")
    assert words(await service.unban_words(GUILD, "peña")).total == 1
    assert (await service.of(GUILD)).banned == {"pena"}


async def test_the_daily_channel_is_set_and_cleared(service: ServerSettingsService) -> None:
    await service.set_defaults(GUILD, DefaultsChange(timezone="Europe/Berlin", size=5))
    chosen = await service.set_daily_channel(GUILD, 42)
    assert (chosen.daily_channel, chosen.timezone, chosen.size) == (42, "Europe/Berlin", 5)
    assert await service.of(GUILD) == chosen
    cleared = await service.clear_daily_channel(GUILD)
    assert cleared.daily_channel is None and cleared.size == 5
    assert await service.of(GUILD) == cleared
