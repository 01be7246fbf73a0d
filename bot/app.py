"""The bot: an AutoShardedBot whose setup_hook makes it ready to play before it connects."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable, Mapping

import discord
from discord.ext import commands

from core.lexicon import Lexicon

from .catalogue import text
from .cogs import EXTENSIONS
from .cogs.game import reader_language, server_language
from .daily_posts import DailyPoster
from .daily_service import DailyService
from .discord_publisher import DiscordPublisher
from .lexicons import Lexicons
from .limits import Limiter
from .pruning import GuessPruner
from .rounds import FINISH_GRACE, RoundService
from .settings import Settings
from .storage import GuessWriter, Storage
from .translator import CatalogueTranslator

log = logging.getLogger(__name__)

# A fast human types about 3 guesses a second; a script types far more.
GUESSES_PER_SECOND = 4.0
GUESS_BURST = 10.0
# Shutdown: rounds that are ending get FINISH_GRACE (rounds.py); feedback still in flight (a
# reaction waiting on a rate limit) gets this long, then is dropped.
FEEDBACK_GRACE = 1.0
# A database that does not answer at shutdown (unreachable, locked) gets this long to take the
# players' names, and as long again for the guesses still waiting (never shown accepted).
WRITER_GRACE = 3.0
# Shards another process holds are asked for again this often.
CLAIM_RETRY = 5.0
# The hold on ours is checked this often; a process that lost it stops judging at once and ends
# no round (each check takes up to 2 s when the database is slow to answer).
CLAIM_CHECK = 1.0
# A stand-by that had to wait for its shards waits this long more before it resumes their rounds,
# so that a process which lost them (rather than died) has seen it and stopped.
TAKEOVER_GRACE = 2 * CLAIM_CHECK + 3.0
# Ended days are looked for this often (the end-of-day posts).
DAILY_POST_EVERY = 30.0
# A failed command's reply waits this long for the server's language (it is deferred first, so
# Discord's 3 s to answer are kept).
ERROR_LANGUAGE_WAIT = 1.0


class ShuttingDown(Exception):
    """The bot was told to stop before it had its shards."""


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
        **options: object,
    ) -> None:
        shards = settings.shards
        if shards.count is not None:
            options.setdefault("shard_count", shards.count)
            if shards.ids is not None:
                options.setdefault("shard_ids", list(shards.ids))
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
        # Every language's lexicon (bot.lexicons): ``lexicon`` is English's when already at hand,
        # ``lexicons`` any language's (tests, benchmarks); the others are loaded on first use.
        at_hand = dict(lexicons or {})
        if lexicon is not None:
            at_hand["en"] = lexicon
        self.lexicons = Lexicons(settings.dictionary, loaded=at_hand)
        self.rng = rng
        self.busy_timeout = busy_timeout
        self.daily_post_every = DAILY_POST_EVERY
        self.guess_limiter = Limiter(GUESSES_PER_SECOND, GUESS_BURST, clock)
        self._ready_once = False
        self._closing = False
        self.claims_lost = False  # the database's hold on our shards was lost: exit non-zero

    async def setup_hook(self) -> None:
        """Everything a round needs, before the first event arrives."""
        await self.lexicons.get("en")  # English at start: a bad BOGGLE_DICTIONARY stops it here
        self.storage = await Storage.open(self.settings.database, busy_timeout=self.busy_timeout)
        await self._claim_shards()
        self.writer = GuessWriter(self.storage)
        self.pruner = GuessPruner(self.storage, self.settings.guess_retention_days, self.clock)
        self.pruner.start()
        self.rounds = RoundService(
            DiscordPublisher(
                self, reads_messages=self.reads_messages, pictures=self.settings.board_pictures
            ),
            self.storage,
            self.writer,
            self.lexicons,
            self.clock,
            tick=self.tick,
            rng=self.rng,
            owns=self.settings.shards.owns,
        )
        self.daily = DailyService(
            self.storage,
            self.lexicons,
            self.clock,
            tick=self.tick,
            owns=self.settings.shards.owns,
        )
        self.tree.error(self._on_command_error)
        await self.tree.set_translator(CatalogueTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self._sync_commands()
        # Unfinished rounds are live again before the first event: a guess typed right after a
        # restart counts. Their runners post nothing until the connection is ready.
        resumed = await self.rounds.resume_all()
        if resumed:
            log.info("resumed %d unfinished rounds", resumed)
        self.rounds.post_unposted()
        armed = await self.daily.resume_all()
        if armed:
            log.info("resumed %d daily attempts", armed)
        self.daily_poster = DailyPoster(self, every=self.daily_post_every)
        self.daily_poster.start()
        self.claims_watch = asyncio.create_task(self._watch_claims(), name="watch-shard-claims")

    async def _claim_shards(self) -> None:
        """Hold our shards in the database before running anything: a process whose shards
        another live process holds waits for them (a stand-by), so no round runs twice."""
        shards = self.settings.shards
        wanted, count = shards.claimed
        held = await self.storage.claim_shards(wanted, count)
        waited = len(held) < len(wanted)
        if waited:
            log.warning(
                "shards %s are run by another process on this database; waiting for them",
                ", ".join(map(str, sorted(set(wanted) - held))),
            )
        while len(held) < len(wanted):
            await asyncio.sleep(CLAIM_RETRY)
            if self._closing:
                raise ShuttingDown
            held = await self.storage.claim_shards(wanted, count)
        if waited:  # taken over from a process that may not know yet: let it see and stop
            await asyncio.sleep(TAKEOVER_GRACE)
        log.info("running %s", shards.describe())

    async def _watch_claims(self) -> None:
        """A process that may have lost its shards stops (exit 1) rather than run a round that
        another process may take."""
        while True:
            await asyncio.sleep(CLAIM_CHECK)
            if not await self.storage.claims_intact():
                break
        log.error("the database no longer holds our shards for us; stopping")
        self.claims_lost = True
        await self.close()

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
            return await asyncio.wait_for(server_language(self, interaction), ERROR_LANGUAGE_WAIT)
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
        if not self.reads_messages:
            log.warning("no message-content intent: guesses go through /guess only")
        log.info("ready as %s in %d servers", self.user, len(self.guilds))

    async def close(self) -> None:
        """Stop the runners, commit every guess, close the database, then disconnect: within
        about 10 s even while Discord fails (see FINISH_GRACE and FEEDBACK_GRACE)."""
        if self._closing:
            return await super().close()
        self._closing = True
        watch = getattr(self, "claims_watch", None)
        if watch is not None and watch is not asyncio.current_task():
            watch.cancel()
        rounds = getattr(self, "rounds", None)
        if rounds is not None:
            # Rounds whose shards are lost are the new owner's to end: none is ended here.
            grace = 0.0 if self.claims_lost else FINISH_GRACE
            await rounds.shutdown(grace, names_timeout=WRITER_GRACE)
            await rounds.feedback.drain(timeout=FEEDBACK_GRACE)
        poster = getattr(self, "daily_poster", None)
        if poster is not None:
            await poster.close()
        daily = getattr(self, "daily", None)
        if daily is not None:
            await daily.close()
        pruner = getattr(self, "pruner", None)
        if pruner is not None:
            await pruner.close()
        writer = getattr(self, "writer", None)
        if writer is not None:  # every guess committed (the database permitting)
            await writer.close(timeout=WRITER_GRACE)
        storage = getattr(self, "storage", None)
        if storage is not None:
            try:
                await storage.close()
            except Exception:  # nothing is lost that a call returned for; disconnect anyway
                log.exception("the database did not close cleanly")
        await super().close()
