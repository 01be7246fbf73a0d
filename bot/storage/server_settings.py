"""The server settings aggregate (``/boggle-config``): a server's defaults for new rounds, the
channels its rounds may start in, its banned words and its time zone.

``SettingsStorage`` is both what callers see of a server's settings and the one SQL every engine
runs for them. The daily channel is kept beside them but is the daily board's (``daily.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from bot.i18n.languages import DEFAULT_DICTIONARY, DEFAULT_LANGUAGE
from bot.kernel.model import ServerSettings
from bot.storage import statements as sql
from bot.storage.database import Database
from core.round import Mode
from core.rules import Timer


class SettingsStorage(Database, Protocol):
    """A server's settings, all empty (the bot's defaults) until set."""

    async def server_settings(self, guild_id: int) -> ServerSettings:
        """The server's defaults, round channels and banned words (all empty if never set)."""
        defaults = await self._fetch(sql.SERVER_DEFAULTS_SQL, guild_id)
        channels = await self._fetch(sql.ROUND_CHANNELS_SQL, guild_id)
        banned = await self._fetch(sql.BANNED_WORDS_SQL, guild_id)
        row = defaults[0] if defaults else {}
        mode = row.get("mode")
        return ServerSettings(
            size=row.get("size"),
            dice=row.get("dice"),
            seconds=row.get("seconds"),
            mode=Mode(mode) if mode else None,
            min_length=row.get("min_length"),
            timezone=row.get("timezone"),
            hints=bool(row.get("hints", 0)),
            language=row.get("language", DEFAULT_LANGUAGE),
            dictionary=row.get("dictionary", DEFAULT_DICTIONARY),
            channels=frozenset(r["channel_id"] for r in channels),
            banned=frozenset(r["word"] for r in banned),
            daily_channel=row.get("daily_channel"),
            timer=Timer(timer) if (timer := row.get("timer")) else None,
            quiet_seconds=row.get("quiet_seconds"),
        )

    async def save_defaults(self, guild_id: int, settings: ServerSettings) -> None:
        """Store the server's defaults for new rounds (its channels and words are left as they
        are)."""
        mode = settings.mode.value if settings.mode else None
        async with self._write() as session:
            await session.execute(
                sql.SAVE_DEFAULTS_SQL,
                guild_id,
                settings.size,
                settings.dice,
                settings.seconds,
                mode,
                settings.min_length,
                settings.timezone,
                int(settings.hints),
                settings.language,
                settings.dictionary,
                settings.timer.value if settings.timer else None,
                settings.quiet_seconds,
            )

    async def guild_timezone(self, guild_id: int) -> str | None:
        """The IANA time zone the guild's periods are counted in (``/boggle-config set
        timezone:``); None: UTC."""
        rows = await self._fetch(sql.GUILD_TIMEZONE_SQL, guild_id)
        return rows[0]["timezone"] if rows else None

    async def server_locale(self, guild_id: int) -> tuple[str | None, str]:
        """The server's time zone (None: UTC) and language, one read: ``server_settings`` takes
        three."""
        rows = await self._fetch(sql.SERVER_LOCALE_SQL, guild_id)
        row = rows[0] if rows else {}
        return row.get("timezone"), row.get("language", DEFAULT_LANGUAGE)

    async def set_round_channel(self, guild_id: int, channel_id: int, allowed: bool) -> None:
        """Add a channel to (or take it off) the ones where the server's rounds may start."""
        query = sql.ADD_ROUND_CHANNEL_SQL if allowed else sql.REMOVE_ROUND_CHANNEL_SQL
        async with self._write() as session:
            await session.execute(query, guild_id, channel_id)

    async def clear_round_channels(self, guild_id: int) -> None:
        """Rounds may start in any channel again."""
        async with self._write() as session:
            await session.execute(sql.CLEAR_ROUND_CHANNELS_SQL, guild_id)

    async def ban_words(self, guild_id: int, words: Iterable[str], banned: bool) -> int:
        """Add words to the server's banned list (``banned``) or take them off; how many were
        added or taken off (words already in that state are not counted)."""
        query = sql.BAN_WORD_SQL if banned else sql.UNBAN_WORD_SQL
        async with self._write() as session:
            before = (await session.fetch(sql.COUNT_BANNED_SQL, guild_id))[0]["n"]
            await session.executemany(query, [(guild_id, w) for w in sorted(set(words))])
            after = (await session.fetch(sql.COUNT_BANNED_SQL, guild_id))[0]["n"]
        return int(abs(after - before))
