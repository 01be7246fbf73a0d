"""The bot on Discord: an AutoShardedBot, the Discord front end, naming no feature. The
composition root (``bot.app``) builds the services at its set-up and hands ``install`` each
feature's Discord side as a plug-in (its ``setup`` with what it uses, never the whole
``bot.services`` bag), which adds every feature's commands before the bot connects."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Concatenate, ParamSpec

import discord
from discord.ext import commands

from bot.config.settings import Settings
from bot.discord.answers import reader_language, speaking_server
from bot.discord.entry_point import BoggleTree
from bot.discord.translator import CatalogueTranslator
from bot.i18n.catalogue import text
from bot.i18n.languages import language_of_locale
from bot.kernel.shard_claims import ShuttingDown

log = logging.getLogger(__name__)

# The collector's thresholds once ready (Python's: 700, 10, 10).
GC_THRESHOLDS = (700, 10, 50)
# A failed command's reply waits this long for the server's language (it is deferred first, so
# Discord's 3 s to answer are kept).
ERROR_LANGUAGE_WAIT = 1.0
# A stop during start-up waits this long for the start to end (the database opened, the commands
# synced) before tearing down what it opened; what the start opens later is torn down when it
# ends. Within the 10 s a stop is given (docs/hosting.md, docker-compose's grace of 15 s).
SETUP_WAIT = 5.0

P = ParamSpec("P")
# A feature's Discord side, ready to install: its commands, buttons and listeners added to the
# bot it is given (python-discord's extensions: the client never names a feature).
Plugin = Callable[[commands.AutoShardedBot], Awaitable[None]]
# A server's language, by the server's id (the server settings'): a failed command's reply.
ServerLanguage = Callable[[int], Awaitable[str]]
# The language of a server's Discord locale (ours, or None), told before each of its commands.
AdoptLocale = Callable[[int, str | None], Awaitable[None]]


def plugin(
    setup: Callable[Concatenate[commands.AutoShardedBot, P], Awaitable[None]],
    /,
    *args: P.args,
    **kwargs: P.kwargs,
) -> Plugin:
    """A feature's ``setup`` given what it uses (``args``, ``kwargs``), for ``install``."""

    async def installed(bot: commands.AutoShardedBot) -> None:
        await setup(bot, *args, **kwargs)

    return installed


async def _adopt(adopt_locale: AdoptLocale, interaction: discord.Interaction) -> None:
    """The server's Discord locale (``guild_locale``: Discord sends it with every command in a
    server) as our language, told through the server's install of the bot; a failure to store
    it is logged, and the command runs on."""
    server, locale = speaking_server(interaction), interaction.guild_locale
    if server is None or locale is None:
        return
    try:
        await adopt_locale(server, language_of_locale(str(locale)))
    except Exception:
        log.warning("server %s: its locale's language was not stored", server, exc_info=True)


def intents_for(reads_messages: bool) -> discord.Intents:
    intents = discord.Intents.none()
    intents.guilds = True
    intents.guild_messages = True
    intents.guild_reactions = True
    intents.message_content = reads_messages
    return intents


class BoggleBot(commands.AutoShardedBot):
    """The Discord front end. What runs behind it is the composition root's (``bot.app``): at
    set-up it calls ``setup`` (which builds the services and calls ``install``), and at close
    ``teardown`` (everything in reverse), then disconnects."""

    def __init__(
        self,
        settings: Settings,
        *,
        setup: Callable[[BoggleBot], Awaitable[None]],
        teardown: Callable[[], Awaitable[None]],
        reads_messages: bool = True,
        **options: object,
    ) -> None:
        shards = settings.shards
        if shards.count is not None:
            options.setdefault("shard_count", shards.count)
            if shards.ids is not None:
                options.setdefault("shard_ids", list(shards.ids))
        # No message cache: the bot reads every message it needs from its event (a reply carries
        # the message it answers) and edits by id; 1,000 cached messages a process were only
        # memory and garbage-collector time.
        options.setdefault("max_messages", None)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents_for(reads_messages),
            help_command=None,
            tree_cls=BoggleTree,
            allowed_mentions=discord.AllowedMentions.none(),
            **options,  # type: ignore[arg-type]
        )
        self.settings = settings
        self.reads_messages = reads_messages
        self._setup = setup
        self._teardown = teardown
        self._server_language: ServerLanguage | None = None  # there once installed
        self._ready_once = False
        self._closing = False
        self._set_up: asyncio.Event | None = None  # from the set-up's start; set once it ended
        self._torn_down = False

    @property
    def closing(self) -> bool:
        return self._closing

    async def setup_hook(self) -> None:
        """Everything a round needs, before the first event arrives (``bot.app``'s set-up)."""
        if self._closing:  # stopped before the set-up began: nothing is opened
            raise ShuttingDown
        self._set_up = asyncio.Event()
        try:
            await self._setup(self)
        finally:
            self._set_up.set()
            if self._torn_down:  # stopped meanwhile, past SETUP_WAIT: close what came after
                await self._teardown()

    async def install(
        self,
        plugins: Sequence[Plugin],
        server_language: ServerLanguage,
        adopt_locale: AdoptLocale | None = None,
    ) -> None:
        """The Discord side over the services: the commands' translations, every feature's
        commands and buttons (``plugins``, installed in their order), and the commands synced
        to Discord; ``server_language``: a failed command's answer in the server's language;
        ``adopt_locale``: told the language of a server's Discord locale before its commands
        (a server that never chose one speaks its locale's)."""
        self._server_language = server_language
        tree = self.tree
        assert isinstance(tree, BoggleTree)
        if adopt_locale is not None:
            tree.before_command = lambda interaction: _adopt(adopt_locale, interaction)
        tree.error(self._on_command_error)
        await self.tree.set_translator(CatalogueTranslator())
        for installed in plugins:
            await installed(self)
        await self._sync_commands()

    async def _sync_commands(self) -> None:
        """The commands to Discord: to the sync guild while developing, else globally, keeping
        the application's Entry Point command (the bot's own where it has an Activity). A sync
        Discord refuses is one line in the log: the commands it had stay, and the bot plays on."""
        tree = self.tree
        assert isinstance(tree, BoggleTree)
        try:
            if self.settings.sync_guild is not None:
                guild = discord.Object(self.settings.sync_guild)
                tree.copy_global_to(guild=guild)
                synced = len(await tree.sync(guild=guild))
            else:
                tree.entry_point = self.settings.web.activity
                synced = await tree.sync_global()
        except discord.HTTPException as exc:
            refusal = " ".join(str(exc).split())  # Discord's field errors come one a line
            log.error("Discord refused the command sync, the commands it had stay: %s", refusal)
            return
        log.info("synced %d commands", synced)

    async def _on_command_error(
        self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError
    ) -> None:
        """Every interaction gets an answer, even when a command fails: in the reader's language."""
        log.error(
            "command %s failed",
            interaction.command and interaction.command.qualified_name,
            exc_info=error,
        )
        with contextlib.suppress(discord.HTTPException):
            if interaction.response.is_done():
                language = await self._reply_language(interaction)
                await interaction.followup.send(text("replies.failed", language), ephemeral=True)
            else:  # answered at once: the language may take the database's time
                await interaction.response.defer(ephemeral=True, thinking=True)
                language = await self._reply_language(interaction)
                await interaction.edit_original_response(content=text("replies.failed", language))

    async def _reply_language(self, interaction: discord.Interaction) -> str:
        """The server's language through the server's install of the bot; elsewhere (a DM, a user
        install), or when the failure is the database's and it does not answer in time, the
        reader's Discord language."""
        language_of, server = self._server_language, speaking_server(interaction)
        if language_of is None or server is None:  # no command runs before ``install``
            return reader_language(interaction)
        try:
            return await asyncio.wait_for(language_of(server), ERROR_LANGUAGE_WAIT)
        except Exception:  # the answer matters more than its language
            log.warning("server %s: its language is unknown", interaction.guild_id)
            return reader_language(interaction)

    async def on_message(self, message: discord.Message, /) -> None:
        """No prefix commands: chat is read by the guesses cog alone, and a message that starts
        with a mention of the bot is a guess, not an unknown command."""

    async def on_ready(self) -> None:
        if self._ready_once:
            return
        self._ready_once = True
        # What start-up built (modules, the lexicons' tables, the servers' cache) lives as long
        # as the process: out of the collector's way, full collections stop walking it each time
        # (they stalled the event loop for 100-200 ms under load).
        gc.freeze()
        # A full collection stalls every player for tens of milliseconds; the oldest generation
        # is collected after 50 collections of the middle one instead of 10.
        gc.set_threshold(*GC_THRESHOLDS)
        log.info("ready as %s in %d servers", self.user, len(self.guilds))

    async def _setup_ended(self) -> None:
        """A stop during start-up lets the set-up end first, for a while (a stand-by's wait ends
        at once, as ``closing`` says): an open SQLite connection's thread would keep the
        process alive for good."""
        if self._set_up is None:
            return
        try:
            async with asyncio.timeout(SETUP_WAIT):  # not wait_for: 3.11 may lose a cancel
                await self._set_up.wait()
        except TimeoutError:
            log.warning("stopping before the start has ended (%.0f s)", SETUP_WAIT)

    async def close(self) -> None:
        """Stop everything behind the bot (the page's server, the services: rounds saved, every
        guess committed, the database closed), then disconnect: within about 10 s even while
        Discord fails."""
        if self._closing:
            return await super().close()
        self._closing = True
        try:
            await self._setup_ended()
            await self._teardown()
            self._torn_down = True
        finally:
            await super().close()
