"""ServerSettingsStore in memory: what the settings service asks of storage, kept in dicts, so
its rules are tested without a database (test_store.py holds it and the engines to the same assertions)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from bot.rounds.options import round_defaults
from bot.server_settings.model import ServerSettings
from bot.server_settings.service import ServerSettingsService
from bot.storage.database import Session


class MemoryServerSettings:
    """Each server's settings as the storage engines keep them: defaults saved whole, round
    channels and banned words as sets beside them, the daily channel beside the defaults."""

    def __init__(self) -> None:
        self.defaults: dict[int, ServerSettings] = {}
        self.channels: dict[int, set[int]] = {}
        self.banned: dict[int, set[str]] = {}
        self.daily_channels: dict[int, int | None] = {}
        self.writes = 0  # every call that changes something, stored or not

    @classmethod
    def holding(cls, settings: Mapping[int, ServerSettings]) -> MemoryServerSettings:
        """A store that holds ``settings`` (each server's, whole), as if each part were saved:
        for the other features' tests, whose settings only need reading."""
        store = cls()
        for guild_id, whole in settings.items():
            store.defaults[guild_id] = dataclasses.replace(
                whole, channels=frozenset(), banned=frozenset(), daily_channel=None
            )
            store.channels[guild_id] = set(whole.channels)
            store.banned[guild_id] = set(whole.banned)
            store.daily_channels[guild_id] = whole.daily_channel
        return store

    async def server_settings(self, guild_id: int) -> ServerSettings:
        return dataclasses.replace(
            self.defaults.get(guild_id, ServerSettings()),
            channels=frozenset(self.channels.get(guild_id, ())),
            banned=frozenset(self.banned.get(guild_id, ())),
            daily_channel=self.daily_channels.get(guild_id),
        )

    async def server_locale(
        self, guild_id: int, within: Session | None = None
    ) -> tuple[str | None, str]:
        kept = self.defaults.get(guild_id, ServerSettings())
        return kept.timezone, kept.language

    async def save_defaults(self, guild_id: int, settings: ServerSettings) -> None:
        self.writes += 1
        self.defaults[guild_id] = dataclasses.replace(
            settings, channels=frozenset(), banned=frozenset(), daily_channel=None
        )

    async def adopt_language(self, guild_id: int, language: str) -> None:
        self.writes += 1
        if guild_id not in self.defaults and guild_id not in self.daily_channels:  # no row yet
            self.defaults[guild_id] = ServerSettings(language=language)

    async def set_round_channel(self, guild_id: int, channel_id: int, allowed: bool) -> None:
        self.writes += 1
        listed = self.channels.setdefault(guild_id, set())
        if allowed:
            listed.add(channel_id)
        else:
            listed.discard(channel_id)

    async def clear_round_channels(self, guild_id: int) -> None:
        self.writes += 1
        self.channels.pop(guild_id, None)

    async def ban_words(self, guild_id: int, words: Iterable[str], banned: bool) -> int:
        self.writes += 1
        listed = self.banned.setdefault(guild_id, set())
        before = len(listed)
        if banned:
            listed.update(words)
        else:
            listed.difference_update(words)
        return abs(len(listed) - before)

    async def set_daily_channel(self, guild_id: int, channel_id: int | None) -> None:
        self.writes += 1
        self.daily_channels[guild_id] = channel_id


def settings_of(settings: Mapping[int, ServerSettings]) -> ServerSettingsService:
    """The settings service over ``settings`` (each server's, whole), for the other features'
    tests."""
    return ServerSettingsService(MemoryServerSettings.holding(settings), round_defaults)
