"""The bot on Discord: an AutoShardedBot whose setup_hook wires the services (``bot.app``)
and adds the cogs before it connects."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import random
import time
from collections.abc import Callable, Mapping

import discord
from discord.ext import commands

from bot.app import Services, Tuning, close_services, open_services, start_services
from bot.config.settings import Settings
from bot.daily.discord.posts import DiscordDailyPosts
from bot.discord.answers import reader_language, server_language
from bot.discord.entry_point import BoggleTree
from bot.discord.features import add_cogs
from bot.discord.translator import CatalogueTranslator
from bot.i18n.catalogue import text
from bot.kernel.lexicons import Lexicons
from bot.kernel.limits import Limiter
from bot.rounds.discord.publisher import DiscordPublisher
from bot.web.server import WebServer, start_web
from core.lexicon import Lexicon

log = logging.getLogger(__name__)

# A fast human types about 3 guesses a second; a script types far more.
GUESSES_PER_SECOND = 4.0
GUESS_BURST = 10.0
# The collector's thresholds once ready (Python's: 700, 10, 10).
GC_THRESHOLDS = (700, 10, 50)
# A failed command's reply waits this long for the server's language (it is deferred first, so
# Discord's 3 s to answer are kept).
ERROR_LANGUAGE_WAIT = 1.0


def intents_for(reads_messages: bool) -> discord.Intents:
    intents = discord.Intents.none()
    intents.guilds = True
    intents.guild_messages = True
    intents.guild_reactions = True
    intents.message_content = reads_messages
    return intents


class BoggleBot(commands.AutoShardedBot):
    def __init__(
        self,
        settings: Settings,
        *,
        reads_messages: bool = True,
        clock: Callable[[], float] = time.time,
        tick: float = 0.5,
        lexicon: Lexicon | None = None,
        lexicons: Mapping[str, Lexicon] | None = None,
        rng: random.Random | None = None,
        busy_timeout: float = 5.0,
        standby: bool = True,
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
        self.clock = clock
        # What wiring takes (tests and benchmarks change these before the bot starts).
        self.tick = tick
        self.rng = rng
        self.busy_timeout = busy_timeout
        self.standby = standby
        self.daily_post_every = 30.0  # end-of-day posts are looked for this often
        # Every language's lexicon (bot.kernel.lexicons): ``lexicon`` is English's when already
        # at hand, ``lexicons`` any language's (tests, benchmarks); others load on first use.
        at_hand = dict(lexicons or {})
        if lexicon is not None:
            at_hand["en"] = lexicon
        self.lexicons = Lexicons(settings.dictionary, loaded=at_hand)
        self.guess_limiter = Limiter(GUESSES_PER_SECOND, GUESS_BURST, clock)
        self._services: Services | None = None
        self.web: WebServer | None = None  # the Activity's page and socket (BOGGLE_WEB_PORT)
        self._ready_once = False
        self._closing = False

    @property
    def services(self) -> Services:
        """The services this bot's cogs use; there once ``setup_hook`` has run."""
        if self._services is None:
            raise RuntimeError("the bot's services are not built yet")
        return self._services

    @property
    def claims_lost(self) -> bool:
        """The database's hold on our shards was lost: the process exits non-zero."""
        return self._services is not None and self._services.claims.lost

    async def setup_hook(self) -> None:
        """Everything a round needs, before the first event arrives."""
        tuning = Tuning(
            self.clock,
            self.tick,
            self.rng,
            self.busy_timeout,
            self.daily_post_every,
            self.standby,
        )
        services = await open_services(
            self.settings,
            tuning,
            self.lexicons,
            self.guess_limiter,
            lambda pictures: DiscordPublisher(
                self,
                pictures,
                reads_messages=self.reads_messages,
                activity=self.settings.web.activity,
            ),
            lambda pictures: DiscordDailyPosts(self, pictures),
            lambda: self._closing,
        )
        self._services = services
        self.tree.error(self._on_command_error)
        await self.tree.set_translator(CatalogueTranslator())
        await add_cogs(self, services)
        await self._sync_commands()
        await start_services(services, self.close)
        if self.settings.web.port is not None and self.application_id is not None:
            mock = self.settings.token is None  # the sandbox: the page is opened outside Discord
            token, base = self.http.token or "", discord.http.Route.BASE  # the bot's own
            self.web = await start_web(services, self.application_id, token, base, mock=mock)

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
        try:
            servers = self.services.server_settings
            return await asyncio.wait_for(
                server_language(servers, interaction), ERROR_LANGUAGE_WAIT
            )
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

    async def close(self) -> None:
        """Stop the services (rounds saved, every guess committed, the database closed), then
        disconnect: within about 10 s even while Discord fails."""
        if self._closing:
            return await super().close()
        self._closing = True
        try:
            if self.web is not None:  # the pages reconnect to the next process
                await self.web.stop()
        except Exception:  # the page's server failing to stop never costs a guess
            log.exception("the Activity's page did not stop cleanly")
        finally:
            if self._services is not None:
                await close_services(self._services)
            await super().close()
