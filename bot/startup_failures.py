"""The one line a process prints for a start-up failure it can name, instead of a traceback."""

from __future__ import annotations

import sys

import aiohttp
import discord

from bot.config.settings import Settings
from bot.kernel.shard_claims import ShardsTaken
from bot.storage import StorageError, database_error, printable
from core.lexicon import LexiconError

DISCORD_API = "https://discord.com/api"


def failure_line(settings: Settings, error: BaseException) -> str | None:
    """What to tell the person who started the bot, naming the setting to fix; None for an
    error nobody could have set right (a bug: let its traceback show)."""
    if isinstance(error, ShardsTaken):
        return (
            f"error: another bot process is running on {printable(settings.database)} ({error}); "
            "stop it first (another `make run`?), or set BOGGLE_DATABASE to another database"
        )
    if isinstance(error, StorageError):
        return database_error(settings.database, error)
    if isinstance(error, LexiconError):
        return f"error: word list {settings.dictionary} (BOGGLE_DICTIONARY): {error}"
    if isinstance(error, discord.PrivilegedIntentsRequired):
        return (
            "error: Discord refused the message-content intent (BOGGLE_MESSAGE_CONTENT=on): "
            "enable it in the Developer Portal (Bot, Privileged Gateway Intents), or set "
            "BOGGLE_MESSAGE_CONTENT=auto to play by replies and the Guess form without it"
        )
    if isinstance(error, discord.LoginFailure):
        return "error: DISCORD_TOKEN was refused by Discord; check the bot token"
    if isinstance(error, aiohttp.ClientConnectionError):
        where = settings.api_base or DISCORD_API
        return f"error: cannot reach Discord at {where} (DISCORD_API_BASE): {error}"
    return None


def report_failure(settings: Settings, error: Exception) -> int:
    """Print ``error``'s one line and return the exit code (1); re-raise an error no setting
    explains, so its traceback shows."""
    line = failure_line(settings, error)
    if line is None:
        raise error
    print(line, file=sys.stderr)
    return 1
