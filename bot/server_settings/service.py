"""A server's settings as every front end reads and changes them: one door for its defaults,
round channels, banned words, time zone and end-of-day post channel. Each use case reads the
settings, applies the rules and limits (``rules.py``), stores the change and returns the settings
as they now are, or a ``Refusal`` in the server's language (nothing stored). Who may change them
(Manage Server) is the front end's to check: it is Discord's permission."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, tzinfo
from typing import Protocol
from zoneinfo import ZoneInfo

from bot.i18n.channels import channel_list
from bot.i18n.languages import DEFAULT_LANGUAGE
from bot.i18n.phrase import Phrase
from bot.kernel.events import EventBus
from bot.kernel.options import OptionError
from bot.kernel.refusal import Refusal
from bot.server_settings.events import ServerTimesChanged
from bot.server_settings.model import ReadDefaults, ServerSettings
from bot.server_settings.rules import (
    MAX_BANNED_WORDS,
    MAX_ROUND_CHANNELS,
    DefaultsChange,
    banned_words,
    changed_defaults,
    reset_defaults,
    unbanned,
)
from bot.storage.database import Session


class ServerSettingsStore(Protocol):
    """The queries the settings feature needs (every storage engine has them)."""

    async def server_settings(self, guild_id: int) -> ServerSettings: ...

    async def server_locale(
        self, guild_id: int, within: Session | None = None
    ) -> tuple[str | None, str]: ...

    async def save_defaults(self, guild_id: int, settings: ServerSettings) -> None: ...

    async def adopt_language(self, guild_id: int, language: str) -> None: ...

    async def set_round_channel(self, guild_id: int, channel_id: int, allowed: bool) -> None: ...

    async def clear_round_channels(self, guild_id: int) -> None: ...

    async def ban_words(self, guild_id: int, words: Iterable[str], banned: bool) -> int: ...

    async def set_daily_channel(self, guild_id: int, channel_id: int | None) -> None: ...


@dataclass(frozen=True)
class BannedWordsChange:
    """What a ``words add`` or ``words remove`` did: how many words it added or took off (words
    already so do not count) and how many the server refuses now, in its ``language``."""

    changed: int
    total: int
    language: str


def zone_named(name: str | None) -> tzinfo:
    """A server's time zone by its IANA name (``/boggle-config set timezone:``); UTC where none
    is set."""
    return ZoneInfo(name) if name else UTC


def option_refusal(exc: OptionError, language: str) -> Refusal:
    """A bad option's refusal, worded as every front end words one (``⚠️`` and the reason)."""
    return Refusal.of("replies.bad_option", language, error=Phrase(exc.key, exc.fields))


class ServerSettingsService:
    """Reads and changes each server's settings; every rule and limit of a change is here."""

    def __init__(
        self,
        store: ServerSettingsStore,
        read: ReadDefaults | None = None,
        events: EventBus | None = None,
    ) -> None:
        """``read``: the rounds' reading of a server's settings, which every change of defaults
        must pass (the composition root gives it; None: each value is checked alone);
        ``events``: where ``ServerTimesChanged`` is told (a bus of its own when None)."""
        self.store = store
        self.read = read
        self.events = events if events is not None else EventBus()
        self._adopted: set[int] = set()  # servers whose locale's language was offered this process

    def _moved(self, guild_id: int) -> None:
        self.events.publish(ServerTimesChanged(guild_id))

    async def of(self, guild_id: int) -> ServerSettings:
        """The server's settings (the bot's defaults where it set nothing): what ``show`` and
        ``words list`` show, and what every other feature reads."""
        return await self.store.server_settings(guild_id)

    async def adopt_locale(self, guild_id: int, language: str | None) -> None:
        """A server speaks the language of its Discord locale (``language``: ours for it, None
        for a locale we do not speak) until it chooses one: stored at its first command, if it
        has no settings yet (a server with settings keeps its language). Once a process."""
        if language is None or language == DEFAULT_LANGUAGE or guild_id in self._adopted:
            return
        self._adopted.add(guild_id)
        await self.store.adopt_language(guild_id, language)

    async def language(self, guild_id: int | None) -> str:
        """The language a server's replies are written in; None (no server): the default."""
        if guild_id is None:
            return DEFAULT_LANGUAGE
        return (await self.store.server_locale(guild_id))[1]

    async def locale(self, guild_id: int, within: Session | None = None) -> tuple[tzinfo, str]:
        """The server's time zone and language, one read (``of`` takes three): all a round's end
        needs of its settings; ``within``: the transaction it is read in (a round's finish)."""
        timezone, language = await self.store.server_locale(guild_id, within)
        return zone_named(timezone), language

    async def set_defaults(self, guild_id: int, change: DefaultsChange) -> ServerSettings | Refusal:
        """Change some defaults of new rounds (and the time zone, the language); refused when
        nothing is given or a value is wrong (checked as a round started with them would be).
        The result is in the new language: a server that changes it is answered in it at once."""
        current = await self.of(guild_id)
        if change == DefaultsChange():
            return Refusal.of("settings.nothing_to_set", current.language)
        try:
            changed = changed_defaults(current, change, self.read)
        except OptionError as exc:
            return option_refusal(exc, current.language)
        await self.store.save_defaults(guild_id, changed)
        self._moved(guild_id)
        return changed

    async def reset_defaults(self, guild_id: int) -> ServerSettings:
        """Every default of new rounds back to the bot's own (``rules.reset_defaults`` says what
        stays)."""
        reset = reset_defaults(await self.of(guild_id))
        await self.store.save_defaults(guild_id, reset)
        self._moved(guild_id)
        return reset

    async def add_round_channel(self, guild_id: int, channel_id: int) -> ServerSettings | Refusal:
        """List a channel where rounds may start; refused past MAX_ROUND_CHANNELS (a channel
        listed already is no new one)."""
        current = await self.of(guild_id)
        listed = current.channels
        if channel_id not in listed and len(listed) >= MAX_ROUND_CHANNELS:
            return Refusal.of("settings.channel_limit", current.language, limit=MAX_ROUND_CHANNELS)
        await self.store.set_round_channel(guild_id, channel_id, True)
        return dataclasses.replace(current, channels=listed | {channel_id})

    async def remove_round_channel(
        self, guild_id: int, channel_id: int
    ) -> ServerSettings | Refusal:
        """Take a channel off the list; refused, saying where rounds may start, when it is not
        on it."""
        current = await self.of(guild_id)
        listed = current.channels
        if channel_id not in listed:
            return Refusal.of(
                "settings.channel_not_listed",
                current.language,
                channel=channel_id,
                channels=channel_list(listed),
            )
        await self.store.set_round_channel(guild_id, channel_id, False)
        return dataclasses.replace(current, channels=listed - {channel_id})

    async def clear_round_channels(self, guild_id: int) -> ServerSettings:
        """Rounds may start in any channel again."""
        current = await self.of(guild_id)
        await self.store.clear_round_channels(guild_id)
        return dataclasses.replace(current, channels=frozenset())

    async def ban_words(self, guild_id: int, typed: str) -> BannedWordsChange | Refusal:
        """Refuse the words typed in the server's rounds; refused when one cannot be a word or
        the list would pass MAX_BANNED_WORDS."""
        current = await self.of(guild_id)
        language, listed = current.language, current.banned
        try:
            words = banned_words(typed, language)
        except OptionError as exc:
            return option_refusal(exc, language)
        total = len(listed | set(words))
        if total > MAX_BANNED_WORDS:
            return Refusal.of("settings.words_limit", language, limit=MAX_BANNED_WORDS, total=total)
        changed = await self.store.ban_words(guild_id, words, True)
        return BannedWordsChange(changed, total, language)

    async def unban_words(self, guild_id: int, typed: str) -> BannedWordsChange | Refusal:
        """Accept the words typed again: every listed form the server's language reads as one of
        them (``rules.unbanned``); refused when one cannot be a word."""
        current = await self.of(guild_id)
        language, listed = current.language, current.banned
        try:
            words = sorted(unbanned(banned_words(typed, language), listed, language))
        except OptionError as exc:
            return option_refusal(exc, language)
        changed = await self.store.ban_words(guild_id, words, False) if words else 0
        return BannedWordsChange(changed, len(listed - set(words)), language)

    async def set_daily_channel(self, guild_id: int, channel_id: int) -> ServerSettings:
        """Send the daily board's end-of-day post to this channel (whether the bot may post
        there is the front end's to check first)."""
        current = await self.of(guild_id)
        await self.store.set_daily_channel(guild_id, channel_id)
        self._moved(guild_id)
        return dataclasses.replace(current, daily_channel=channel_id)

    async def clear_daily_channel(self, guild_id: int) -> ServerSettings:
        """No end-of-day post any more."""
        current = await self.of(guild_id)
        await self.store.set_daily_channel(guild_id, None)
        self._moved(guild_id)
        return dataclasses.replace(current, daily_channel=None)
