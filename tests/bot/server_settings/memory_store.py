"""ServerSettingsStore in memory: what the settings service asks of storage, kept in dicts, so
its rules are tested without a database (test_service.py checks it answers as the engines do)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from bot.kernel.model import ServerSettings


class MemoryServerSettings:
    """Each server's settings as the storage engines keep them: defaults saved whole, round
    channels and banned words as sets beside them, the daily channel beside the defaults."""

    def __init__(self) -> None:
        self.defaults: dict[int, ServerSettings] = {}
        self.channels: dict[int, set[int]] = {}
        self.banned: dict[int, set[str]] = {}
        self.daily_channels: dict[int, int | None] = {}
        self.writes = 0  # every call that changes something, stored or not

    async def server_settings(self, guild_id: int) -> ServerSettings:
        return dataclasses.replace(
            self.defaults.get(guild_id, ServerSettings()),
            channels=frozenset(self.channels.get(guild_id, ())),
            banned=frozenset(self.banned.get(guild_id, ())),
            daily_channel=self.daily_channels.get(guild_id),
        )

    async def save_defaults(self, guild_id: int, settings: ServerSettings) -> None:
        self.writes += 1
        self.defaults[guild_id] = dataclasses.replace(
            settings, channels=frozenset(), banned=frozenset(), daily_channel=None
        )

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
