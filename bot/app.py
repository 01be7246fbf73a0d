"""The bot: an AutoShardedBot whose setup_hook makes it ready to play before it connects."""

from __future__ import annotations

import contextlib
import logging
import random
import time
from collections.abc import Callable

import discord
from discord.ext import commands

from core.lexicon import Lexicon

from .catalogue import text
from .cogs import EXTENSIONS
from .discord_publisher import DiscordPublisher
from .lexicon_loader import load_lexicon
from .limits import Limiter
from .pruning import GuessPruner
from .rounds import RoundService
from .settings import Settings
from .storage import GuessWriter, Storage

log = logging.getLogger(__name__)

# A fast human types about 3 guesses a second; a script types far more.
GUESSES_PER_SECOND = 4.0
GUESS_BURST = 10.0
# Shutdown: rounds that are ending get FINISH_GRACE (rounds.py); feedback still in flight (a
# reaction waiting on a rate limit) gets this long, then is dropped.
FEEDBACK_GRACE = 1.0


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
        rng: random.Random | None = None,
        busy_timeout: float = 5.0,
        **options: object,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents_for(reads_messages),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            **options,  # type: ignore[arg-type]
        )
        self.settings = settings
        self.reads_messages = reads_messages
        self.clock = clock
        self.tick = tick
        self.lexicon = lexicon
        self.rng = rng
        self.busy_timeout = busy_timeout
        self.guess_limiter = Limiter(GUESSES_PER_SECOND, GUESS_BURST, clock)
        self._ready_once = False
        self._closing = False

    async def setup_hook(self) -> None:
        """Everything a round needs, before the first event arrives."""
        if self.lexicon is None:
            self.lexicon = await load_lexicon(self.settings.dictionary)
        self.storage = await Storage.open(self.settings.database, busy_timeout=self.busy_timeout)
        self.writer = GuessWriter(self.storage)
        self.pruner = GuessPruner(self.storage, self.settings.guess_retention_days, self.clock)
        self.pruner.start()
        self.rounds = RoundService(
            DiscordPublisher(self, reads_messages=self.reads_messages),
            self.storage,
            self.writer,
            self.lexicon,
            self.clock,
            tick=self.tick,
            rng=self.rng,
        )
        self.tree.error(self._on_command_error)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self._sync_commands()
        # Unfinished rounds are live again before the first event: a guess typed right after a
        # restart counts. Their runners post nothing until the connection is ready.
        resumed = await self.rounds.resume_all()
        if resumed:
            log.info("resumed %d unfinished rounds", resumed)
        self.rounds.post_unposted()

    async def _sync_commands(self) -> None:
        if self.settings.sync_guild is not None:
            guild = discord.Object(self.settings.sync_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands", len(synced))

    async def _on_command_error(
        self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError
    ) -> None:
        """Every interaction gets an answer, even when a command fails."""
        log.error(
            "command %s failed",
            interaction.command and interaction.command.qualified_name,
            exc_info=error,
        )
        reply = text("replies.failed")
        with contextlib.suppress(discord.HTTPException):
            if interaction.response.is_done():
                await interaction.followup.send(reply, ephemeral=True)
            else:
                await interaction.response.send_message(reply, ephemeral=True)

    async def on_message(self, message: discord.Message, /) -> None:
        """No prefix commands: chat is read by the guesses cog alone, and a message that starts
        with a mention of the bot is a guess, not an unknown command."""

    async def on_ready(self) -> None:
        if self._ready_once:
            return
        self._ready_once = True
        if not self.reads_messages:
            log.warning("no message-content intent: guesses go through /guess only")
        log.info("ready as %s in %d servers", self.user, len(self.guilds))

    async def close(self) -> None:
        """Stop the runners, commit every guess, close the database, then disconnect: within
        about 10 s even while Discord fails (see FINISH_GRACE and FEEDBACK_GRACE)."""
        if self._closing:
            return await super().close()
        self._closing = True
        rounds = getattr(self, "rounds", None)
        if rounds is not None:
            await rounds.shutdown()
            await rounds.feedback.drain(timeout=FEEDBACK_GRACE)
        pruner = getattr(self, "pruner", None)
        if pruner is not None:
            await pruner.close()
        writer = getattr(self, "writer", None)
        if writer is not None:
            await writer.close()
        storage = getattr(self, "storage", None)
        if storage is not None:
            await storage.close()
        await super().close()
