"""The server settings' SQL (``/boggle-config``): a server's defaults for new rounds, the
channels its rounds may start in, its banned words and its time zone.

``ServerSettingsSQL`` is both what callers see of a server's settings and the one SQL every
engine runs for them. The daily channel is kept beside them but is the daily board's
(``bot/daily/sql.py``), as the battle entry is the battles' (``bot/battles/sql.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from bot.i18n.languages import DEFAULT_DICTIONARY, DEFAULT_LANGUAGE
from bot.server_settings.model import ServerSettings
from bot.storage.database import Database, Session
from bot.storage.tables import table
from core.round import Mode
from core.rules import Timer

# A server's settings: one row of defaults, its round channels, its banned words.
_DEFAULTS = table("server_settings")
# The daily channel and the battle entry are set on their own (the daily board's and the
# battles' SQL): saving the defaults keeps them.
_APART = ("daily_channel", "battles", "battle_name", "guild_name")
_DEFAULT_FIELDS = tuple(c for c in _DEFAULTS.columns[1:] if c not in _APART)
SERVER_DEFAULTS_SQL = (
    f"SELECT {', '.join(_DEFAULT_FIELDS)}, daily_channel FROM server_settings WHERE guild_id = ?"
)
SAVE_DEFAULTS_SQL = (
    f"INSERT INTO server_settings (guild_id, {', '.join(_DEFAULT_FIELDS)})"
    f" VALUES ({', '.join('?' * (1 + len(_DEFAULT_FIELDS)))})"
    " ON CONFLICT (guild_id) DO UPDATE SET "
    + ", ".join(f"{c} = excluded.{c}" for c in _DEFAULT_FIELDS)
)
SERVER_LOCALE_SQL = "SELECT timezone, language FROM server_settings WHERE guild_id = ?"
ADOPT_LANGUAGE_SQL = (
    "INSERT INTO server_settings (guild_id, language) VALUES (?, ?)"
    " ON CONFLICT (guild_id) DO NOTHING"
)
ROUND_CHANNELS_SQL = "SELECT channel_id FROM round_channels WHERE guild_id = ?"
ADD_ROUND_CHANNEL_SQL = (
    "INSERT INTO round_channels (guild_id, channel_id) VALUES (?, ?)"
    " ON CONFLICT (guild_id, channel_id) DO NOTHING"
)
REMOVE_ROUND_CHANNEL_SQL = "DELETE FROM round_channels WHERE guild_id = ? AND channel_id = ?"
CLEAR_ROUND_CHANNELS_SQL = "DELETE FROM round_channels WHERE guild_id = ?"
BANNED_WORDS_SQL = "SELECT word FROM banned_words WHERE guild_id = ?"
COUNT_BANNED_SQL = "SELECT COUNT(*) AS n FROM banned_words WHERE guild_id = ?"
BAN_WORD_SQL = (
    "INSERT INTO banned_words (guild_id, word) VALUES (?, ?)"
    " ON CONFLICT (guild_id, word) DO NOTHING"
)
UNBAN_WORD_SQL = "DELETE FROM banned_words WHERE guild_id = ? AND word = ?"


class ServerSettingsSQL(Database, Protocol):
    """A server's settings, all empty (the bot's defaults) until set."""

    async def server_settings(self, guild_id: int) -> ServerSettings:
        """The server's defaults, round channels and banned words (all empty if never set)."""
        defaults = await self._fetch(SERVER_DEFAULTS_SQL, guild_id)
        channels = await self._fetch(ROUND_CHANNELS_SQL, guild_id)
        banned = await self._fetch(BANNED_WORDS_SQL, guild_id)
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
                SAVE_DEFAULTS_SQL,
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

    async def server_locale(
        self, guild_id: int, within: Session | None = None
    ) -> tuple[str | None, str]:
        """The server's IANA time zone (``/boggle-config set timezone:``; None: UTC) and language,
        one read: ``server_settings`` takes three. ``within``: a transaction it is read in (a
        round's finish)."""
        if within is not None:
            rows = await within.fetch(SERVER_LOCALE_SQL, guild_id)
        else:
            rows = await self._fetch(SERVER_LOCALE_SQL, guild_id)
        row = rows[0] if rows else {}
        return row.get("timezone"), row.get("language", DEFAULT_LANGUAGE)

    async def adopt_language(self, guild_id: int, language: str) -> None:
        """Store ``language`` as the server's, unless it has settings of its own already (its
        language then stays as it is)."""
        async with self._write() as session:
            await session.execute(ADOPT_LANGUAGE_SQL, guild_id, language)

    async def set_round_channel(self, guild_id: int, channel_id: int, allowed: bool) -> None:
        """Add a channel to (or take it off) the ones where the server's rounds may start."""
        query = ADD_ROUND_CHANNEL_SQL if allowed else REMOVE_ROUND_CHANNEL_SQL
        async with self._write() as session:
            await session.execute(query, guild_id, channel_id)

    async def clear_round_channels(self, guild_id: int) -> None:
        """Rounds may start in any channel again."""
        async with self._write() as session:
            await session.execute(CLEAR_ROUND_CHANNELS_SQL, guild_id)

    async def ban_words(self, guild_id: int, words: Iterable[str], banned: bool) -> int:
        """Add words to the server's banned list (``banned``) or take them off; how many were
        added or taken off (words already in that state are not counted)."""
        query = BAN_WORD_SQL if banned else UNBAN_WORD_SQL
        async with self._write() as session:
            before = (await session.fetch(COUNT_BANNED_SQL, guild_id))[0]["n"]
            await session.executemany(query, [(guild_id, w) for w in sorted(set(words))])
            after = (await session.fetch(COUNT_BANNED_SQL, guild_id))[0]["n"]
        return int(abs(after - before))
