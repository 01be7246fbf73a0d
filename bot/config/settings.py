"""Settings from the environment and an optional ``.env`` file; real environment variables win.

Every setting is checked at start; a bad one stops the bot with a message that names it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

from bot.config.database import printable
from bot.config.shards import SHARD_LIMIT, ShardSlice, parse_shard_ids
from core.dice import DATA_DIR

DEFAULT_DATABASE = "boggle.sqlite3"
DEFAULT_DICTIONARY = str(DATA_DIR / "words" / "en.txt")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
# BOGGLE_MESSAGE_CONTENT: ask Discord for the message-content intent and read chat (on), never
# ask and play by replies, mentions and the Guess form (off), or ask and fall back (auto).
MESSAGE_CONTENT_MODES = ("auto", "on", "off")
# BOGGLE_LOG_FORMAT: lines for a person (text) or one JSON object a line for a log collector.
LOG_FORMATS = ("text", "json")


class SettingsError(ValueError):
    """A setting that cannot be used; the message names it."""


@dataclass(frozen=True)
class WebSettings:
    """The Activity's web front end (``bot/web``): off unless ``port`` is set (0: any free port).
    ``activity``: the application has an Activity, so the board offers "Play on the board"."""

    host: str = "127.0.0.1"
    port: int | None = None
    client_secret: str | None = None  # DISCORD_CLIENT_SECRET: the OAuth2 code exchange
    activity: bool = False

    def __repr__(self) -> str:  # never print the secret
        secret = "set" if self.client_secret else "unset"
        return (
            f"WebSettings(host={self.host!r}, port={self.port!r}, client_secret={secret}, "
            f"activity={self.activity!r})"
        )


@dataclass(frozen=True)
class Settings:
    token: str | None = None
    api_base: str | None = None
    gateway_url: str | None = None
    database: str = DEFAULT_DATABASE
    log_level: str = "INFO"
    sync_guild: int | None = None
    dictionary: str = DEFAULT_DICTIONARY
    guess_retention_days: int | None = None  # None: every guess is kept
    shards: ShardSlice = field(default_factory=ShardSlice)
    board_pictures: bool = True  # off: text boards only, and about 12 MB less memory
    message_content: str = "auto"  # one of MESSAGE_CONTENT_MODES
    web: WebSettings = field(default_factory=lambda: WebSettings())
    log_format: str = "text"  # one of LOG_FORMATS
    # BOGGLE_METRICS_PORT: /healthz and /metrics (bot/metrics) served there; None: not served.
    metrics_host: str = "127.0.0.1"
    metrics_port: int | None = None
    world_every: int = 180  # BOGGLE_WORLD_EVERY: seconds from one world round to the next
    world_secret: str | None = None  # BOGGLE_WORLD_SECRET: seeds every world board

    def __repr__(self) -> str:  # never print the token
        shown = "set" if self.token else "unset"
        return (
            f"Settings(token={shown}, api_base={self.api_base!r}, gateway_url={self.gateway_url!r}, "
            f"database={printable(self.database)!r}, log_level={self.log_level!r}, "
            f"sync_guild={self.sync_guild!r}, dictionary={self.dictionary!r}, "
            f"guess_retention_days={self.guess_retention_days!r}, shards={self.shards!r}, "
            f"board_pictures={self.board_pictures!r}, message_content={self.message_content!r}, "
            f"web={self.web!r}, log_format={self.log_format!r}, "
            f"metrics_host={self.metrics_host!r}, metrics_port={self.metrics_port!r}, "
            f"world_every={self.world_every!r}, "
            f"world_secret={'set' if self.world_secret else 'unset'})"
        )

    __str__ = __repr__

    @classmethod
    def from_env(
        cls, environ: Mapping[str, str] | None = None, env_file: str | Path | None = ".env"
    ) -> Settings:
        """Read the settings: ``.env`` first, then the real environment over it."""
        values: dict[str, str] = {}
        if env_file is not None and Path(env_file).is_file():
            values.update(read_env_file(Path(env_file)))
        values.update(os.environ if environ is None else environ)
        return cls(
            token=values.get("DISCORD_TOKEN") or None,
            api_base=_url(values, "DISCORD_API_BASE", ("http", "https")),
            gateway_url=_url(values, "DISCORD_GATEWAY_URL", ("ws", "wss")),
            database=values.get("BOGGLE_DATABASE") or DEFAULT_DATABASE,
            log_level=_log_level(values),
            sync_guild=_snowflake(values, "BOGGLE_SYNC_GUILD"),
            dictionary=_dictionary(values),
            guess_retention_days=_retention_days(values),
            shards=_shards(values),
            board_pictures=_switch(values, "BOGGLE_BOARD_PICTURES", default=True),
            message_content=_message_content(values),
            web=web_settings(values),
            log_format=_choice(values, "BOGGLE_LOG_FORMAT", LOG_FORMATS),
            metrics_host=values.get("BOGGLE_METRICS_HOST", "").strip() or "127.0.0.1",
            metrics_port=_port(values, "BOGGLE_METRICS_PORT"),
            world_every=_world_every(values),
            world_secret=values.get("BOGGLE_WORLD_SECRET", "").strip() or None,
        )


def read_env_file(path: Path) -> dict[str, str]:
    """``KEY=value`` lines; ``#`` comments, blank lines and surrounding quotes allowed."""
    values = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export ") :]
        key, sep, value = line.partition("=")
        if not sep or not key.strip():
            raise SettingsError(f"{path}:{number}: expected KEY=value")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def _url(values: Mapping[str, str], name: str, schemes: tuple[str, ...]) -> str | None:
    text = values.get(name, "").strip()
    if not text:
        return None
    parsed = urlparse(text)
    if parsed.scheme not in schemes or not parsed.netloc:
        raise SettingsError(f"{name} must be a {' or '.join(schemes)} URL, got {text!r}")
    return text.rstrip("/")


def _log_level(values: Mapping[str, str]) -> str:
    level = (values.get("BOGGLE_LOG_LEVEL") or "INFO").strip().upper()
    if level not in LOG_LEVELS:
        raise SettingsError(
            f"BOGGLE_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, got {level!r}"
        )
    return level


def _snowflake(values: Mapping[str, str], name: str) -> int | None:
    text = values.get(name, "").strip()
    if not text:
        return None
    if not text.isdigit() or not 0 < int(text) < 2**64:
        raise SettingsError(f"{name} must be a Discord id (a number), got {text!r}")
    return int(text)


def _dictionary(values: Mapping[str, str]) -> str:
    path = values.get("BOGGLE_DICTIONARY") or DEFAULT_DICTIONARY
    if not Path(path).is_file():
        raise SettingsError(f"BOGGLE_DICTIONARY: no word list at {path!r}")
    return path


def _world_every(values: Mapping[str, str]) -> int:
    every = _whole_number(
        values, "BOGGLE_WORLD_EVERY", range(15, 86_401), "a number of seconds from 15 to 86400"
    )
    return 180 if every is None else every


def _retention_days(values: Mapping[str, str]) -> int | None:
    return _whole_number(
        values,
        "BOGGLE_GUESS_RETENTION_DAYS",
        range(1, 2**63),
        "a whole number of days (1 or more), or empty to keep every guess",
    )


SWITCH_WORDS = {
    "on": True,
    "1": True,
    "true": True,
    "yes": True,
    "off": False,
    "0": False,
    "false": False,
    "no": False,
}


def _switch(values: Mapping[str, str], name: str, *, default: bool) -> bool:
    text = values.get(name, "").strip().lower()
    if not text:
        return default
    if text not in SWITCH_WORDS:
        raise SettingsError(f"{name} must be on or off, got {text!r}")
    return SWITCH_WORDS[text]


def _message_content(values: Mapping[str, str]) -> str:
    return _choice(values, "BOGGLE_MESSAGE_CONTENT", MESSAGE_CONTENT_MODES)


def _choice(values: Mapping[str, str], name: str, choices: tuple[str, ...]) -> str:
    """One of ``choices`` (the first when empty)."""
    chosen = values.get(name, "").strip().lower() or choices[0]
    if chosen not in choices:
        raise SettingsError(
            f"{name} must be {', '.join(choices[:-1])} or {choices[-1]}, got {chosen!r}"
        )
    return chosen


def _port(values: Mapping[str, str], name: str) -> int | None:
    """A port number (0: any free port), or None when unset."""
    return _whole_number(values, name, range(65536), "a port number (0-65535)")


def _whole_number(values: Mapping[str, str], name: str, within: range, must: str) -> int | None:
    """A whole number ``within`` the range (ASCII digits), or None when unset."""
    text = values.get(name, "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or int(text) not in within:
        raise SettingsError(f"{name} must be {must}, got {text!r}")
    return int(text)


def web_settings(values: Mapping[str, str]) -> WebSettings:
    """BOGGLE_WEB_HOST, BOGGLE_WEB_PORT, DISCORD_CLIENT_SECRET, BOGGLE_ACTIVITY: a web front end
    on Discord needs the secret (the page's OAuth2 code is exchanged with it)."""
    host = values.get("BOGGLE_WEB_HOST", "").strip() or "127.0.0.1"
    port = _port(values, "BOGGLE_WEB_PORT")
    secret = values.get("DISCORD_CLIENT_SECRET", "").strip() or None
    if port is not None and values.get("DISCORD_TOKEN") and secret is None:
        raise SettingsError(
            "BOGGLE_WEB_PORT needs DISCORD_CLIENT_SECRET (the OAuth2 code exchange)"
        )
    activity = _switch(values, "BOGGLE_ACTIVITY", default=False)
    return WebSettings(host, port, secret, activity)


def _shards(values: Mapping[str, str]) -> ShardSlice:
    count_text = values.get("BOGGLE_SHARD_COUNT", "").strip()
    ids_text = values.get("BOGGLE_SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            raise SettingsError("BOGGLE_SHARD_IDS needs BOGGLE_SHARD_COUNT (the shards in all)")
        return ShardSlice()
    if (
        not (count_text.isascii() and count_text.isdigit())
        or not 1 <= int(count_text) <= SHARD_LIMIT
    ):
        raise SettingsError(
            f"BOGGLE_SHARD_COUNT must be a whole number from 1 to {SHARD_LIMIT}, got {count_text!r}"
        )
    count = int(count_text)
    if not ids_text:
        return ShardSlice(count)
    try:
        ids = parse_shard_ids(ids_text)
    except ValueError as exc:
        raise SettingsError(
            f"BOGGLE_SHARD_IDS must be shard ids such as 0-3 or 4,5, got {ids_text!r} (at {exc})"
        ) from None
    outside = [i for i in ids if i >= count]
    if outside:
        raise SettingsError(
            f"BOGGLE_SHARD_IDS: shard {outside[0]} is outside BOGGLE_SHARD_COUNT={count} "
            f"(ids 0 to {count - 1})"
        )
    return ShardSlice(count, ids)
