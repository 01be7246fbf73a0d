"""``/boggle start``, ``/boggle stop`` and ``/guess``."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from core.dice import available
from core.lexicon import LexiconError
from core.round import Mode
from core.rules import MIN_LENGTH_HIGHEST, MIN_LENGTH_LOWEST, SIZES, may_stop

from .. import render
from ..catalogue import text
from ..languages import (
    DEFAULT_LANGUAGE,
    DICTIONARIES,
    LANGUAGE_CODES,
    LANGUAGE_NAMES,
    language_of_locale,
)
from ..live_round import NoBoard, RoundOptions
from ..options import NO_SETTINGS, OptionError, hints_for, replayed, round_options
from ..publisher import Gone, PublishError, Refused
from ..render.rules import rules_text
from ..render.settings import channels_text
from ..render.text import plural
from ..storage import ChannelBusy, ServerSettings
from ..translator import choice

if TYPE_CHECKING:
    from ..app import BoggleBot

log = logging.getLogger(__name__)
CommandT = TypeVar("CommandT", bound=Callable[..., Any])

# Each choice worded in the reader's language (bot.translator); sizes with their dice, each
# language by its own name (and the reader's name for it), each dictionary with what it holds.
SIZE_CHOICES = [choice("choices.size", n, side=n, dice=n * n) for n in SIZES]
MODE_CHOICES = [choice(f"mode_names.{m.value}", m.value) for m in Mode]
LANGUAGE_CHOICES = [
    choice(f"choices.language_{code}", code, name=LANGUAGE_NAMES[code]) for code in LANGUAGE_CODES
]
DICTIONARY_CHOICES = [choice(f"dictionaries.{name}", name) for name in DICTIONARIES]


def dice_choices() -> list[app_commands.Choice[str]]:
    """Every dice set, for a ``dice`` option (Discord takes 25 choices at most)."""
    return [app_commands.Choice(name=name, value=name) for name in available()][:25]


def round_option_docs(command: CommandT) -> CommandT:
    """The descriptions and choices of a round's options (size, dice, time, mode, min_length),
    shared by ``/boggle start`` and the server defaults of ``/boggle-config set``."""
    command = app_commands.describe(
        size=text("commands.start_size"),
        dice=text("commands.start_dice"),
        time=text("commands.start_time"),
        mode=text("commands.start_mode"),
        min_length=text("commands.start_min_length"),
    )(command)
    command = app_commands.choices(size=SIZE_CHOICES)(command)
    return app_commands.choices(mode=MODE_CHOICES, dice=dice_choices())(command)


def language_option_docs(language: str, dictionary: str) -> Callable[[CommandT], CommandT]:
    """The ``language`` and ``dictionary`` options described so, with their choices: each
    language by its own name, each dictionary with what it holds."""

    def document(command: CommandT) -> CommandT:
        command = app_commands.describe(language=language, dictionary=dictionary)(command)
        return app_commands.choices(language=LANGUAGE_CHOICES, dictionary=DICTIONARY_CHOICES)(
            command
        )

    return document


class Game(commands.Cog):
    boggle = app_commands.Group(name="boggle", description=text("commands.boggle"))

    def __init__(self, bot: BoggleBot) -> None:
        self.bot = bot

    @boggle.command(name="start", description=text("commands.start"))
    @round_option_docs
    @app_commands.describe(board=text("commands.start_board"), hints=text("commands.start_hints"))
    @language_option_docs(text("commands.start_language"), text("commands.start_dictionary"))
    async def start(
        self,
        interaction: discord.Interaction,
        size: int | None = None,
        dice: str | None = None,
        time: str | None = None,
        mode: str | None = None,
        min_length: app_commands.Range[int, MIN_LENGTH_LOWEST, MIN_LENGTH_HIGHEST] | None = None,
        board: app_commands.Range[str, 1, 80] | None = None,
        hints: bool | None = None,
        language: str | None = None,
        dictionary: str | None = None,
    ) -> None:
        if interaction.guild_id is None or interaction.channel is None:
            await tell(interaction, text("replies.not_in_dm", reader_language(interaction)))
            return
        server = await self.bot.storage.server_settings(interaction.guild_id)
        try:
            replay = replayed(board, size, dice, language) if board else None
            if replay is not None:
                size, dice, language = replay[0].size, replay[1], replay[2]
            options = round_options(
                size, dice, time, mode, min_length, server, language, dictionary
            )
            options = dataclasses.replace(
                options,
                board=replay[0] if replay else None,
                hints=hints_for(hints, options.mode, server.hints),
            )
        except OptionError as exc:
            await tell(interaction, refusal(exc, server.language))
            return
        await begin_round(self.bot, interaction, options, server)

    @boggle.command(name="rules", description=text("commands.rules"))
    @app_commands.describe(size=text("commands.rules_size"))
    @app_commands.choices(size=SIZE_CHOICES)
    async def rules(self, interaction: discord.Interaction, size: int | None = None) -> None:
        """The rules of a round started here now, with ``size`` if given."""
        server = dataclasses.replace(NO_SETTINGS, language=reader_language(interaction))
        if interaction.guild_id is not None:
            server = await self.bot.storage.server_settings(interaction.guild_id)
        try:
            options = round_options(size=size, defaults=server)
        except OptionError as exc:  # a server's dice set that has since been removed
            await tell(interaction, refusal(exc, server.language))
            return
        rules = rules_text(options.size, options.min_length, server.banned, server.language)
        await tell(interaction, rules)

    @boggle.command(name="stop", description=text("commands.stop"))
    async def stop(self, interaction: discord.Interaction) -> None:
        live = self.bot.rounds.running(interaction.channel_id or 0)
        if live is None:
            language = await server_language(self.bot, interaction)
            await tell(interaction, text("replies.no_round", language))
            return
        moderates = interaction.permissions.manage_messages
        if not may_stop(live.stored.starter_id, interaction.user.id, moderates):
            await tell(interaction, text("replies.stop_refused", live.language))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        stopped = await self.bot.rounds.stop(live.channel_id)
        if stopped is None:
            reply = "replies.already_ending"
        elif self.bot.rounds.running(stopped.channel_id) is stopped:
            reply = "replies.stopped_pending"
        else:
            reply = "replies.stopped_posted"
        await interaction.followup.send(text(reply, live.language), ephemeral=True)

    @app_commands.command(name="guess", description=text("commands.guess"))
    @app_commands.describe(words=text("commands.guess_words"))
    async def guess(
        self, interaction: discord.Interaction, words: app_commands.Range[str, 1, 400]
    ) -> None:
        rounds = self.bot.rounds
        live = rounds.running(interaction.channel_id or 0)
        if live is None:
            language = await server_language(self.bot, interaction)
            await tell(interaction, text("replies.no_round_start", language))
            return
        language = live.language
        if not self.bot.guess_limiter.allow((live.channel_id, interaction.user.id)):
            await tell(interaction, text("replies.slow_down", language))
            return
        guessed = rounds.guess(
            live.channel_id, interaction.user.id, interaction.user.display_name, words
        )
        if guessed is None:
            await tell(interaction, text("replies.just_ended", language))
            return
        judgements = guessed.judgements
        if not judgements:
            await tell(interaction, text("replies.nothing_to_judge", language))
            return
        # "Accepted" should mean stored; but Discord wants an answer within 3 s, and the
        # verdicts are decided either way.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(rounds.committed(guessed.ticket), 2.0)
        lines = [
            render.verdict_text(j.word, j.verdict, j.points, live.game.rules.min_length, language)
            for j in judgements
        ]
        await tell(interaction, render.fit("\n".join(lines), render.CONTENT_LIMIT))

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A deleted channel ends its round at once: results are stored, nothing is posted."""
        if self.bot.rounds.running(channel.id) is not None:
            await self.bot.rounds.stop(channel.id)


async def begin_round(
    bot: BoggleBot,
    interaction: discord.Interaction,
    options: RoundOptions,
    server: ServerSettings,
) -> None:
    """Start a round in the interaction's channel (``/boggle start``, or Play again) through the
    one ``RoundService.start`` call, within the ``server``'s settings (its round channels, its
    banned words), answering the player once, privately: in the server's language, and once
    the round is on, in the round's."""
    language = server.language
    if interaction.guild_id is None or interaction.channel is None:
        await tell(interaction, text("replies.not_in_dm", reader_language(interaction)))
        return
    if server.channels and interaction.channel.id not in server.channels:
        where = channels_text(server.channels, language)
        await tell(interaction, text("replies.not_a_round_channel", language, channels=where))
        return
    rounds = bot.rounds
    running = rounds.running(interaction.channel.id)
    if running is not None:
        await tell(interaction, _busy_text(running.channel_id, running.game.deadline, language))
        return
    perms = interaction.app_permissions
    if not (perms.send_messages and perms.view_channel):
        await tell(interaction, text("replies.cannot_post", language))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        live = await rounds.start(
            interaction.guild_id,
            interaction.channel.id,
            interaction.user.id,
            interaction.user.display_name,
            options,
            server.banned,
        )
    except ChannelBusy:
        running = rounds.running(interaction.channel.id)
        deadline = running.game.deadline if running else bot.clock()
        await interaction.followup.send(
            _busy_text(interaction.channel_id, deadline, language), ephemeral=True
        )
        return
    except NoBoard:
        await interaction.followup.send(
            text("replies.no_board", language, min_length=options.min_length), ephemeral=True
        )
        return
    except LexiconError:
        log.exception("the %s lexicon could not be loaded", options.language)
        name = LANGUAGE_NAMES[options.language]
        await interaction.followup.send(
            text("replies.lexicon_failed", language, language=name), ephemeral=True
        )
        return
    except PublishError as exc:
        log.warning("channel %s: board not posted (%s)", interaction.channel.id, exc.reason)
        await interaction.followup.send(text(_not_posted(exc), language), ephemeral=True)
        return
    words = plural(len(live.game.solution), "word", live.language)
    await interaction.followup.send(
        text("replies.started", live.language, words=words), ephemeral=True
    )


def _not_posted(exc: PublishError) -> str:
    """The catalogue key that says why the board is not there: Discord's own reason is English
    (and for the logs), so the kind of failure is what the player reads."""
    if isinstance(exc, Gone):
        return "replies.board_gone"
    if isinstance(exc, Refused):
        return "replies.board_refused"
    return "replies.board_not_posted"


def _busy_text(channel_id: int | None, deadline: float, language: str) -> str:
    return text("replies.busy", language, channel=channel_id, deadline=int(deadline))


def reader_language(interaction: discord.Interaction) -> str:
    """Where no server speaks (a DM): the reader's Discord language if it is one of ours."""
    return language_of_locale(str(interaction.locale)) or DEFAULT_LANGUAGE


async def server_language(bot: BoggleBot, interaction: discord.Interaction) -> str:
    """The language of a private reply that belongs to no round: the server's (one language
    per server, whoever asks) through the server's install of the bot; elsewhere (a DM, a user
    install) the reader's."""
    if interaction.guild_id is None or not interaction.is_guild_integration():
        return reader_language(interaction)
    return (await bot.storage.server_settings(interaction.guild_id)).language


def refusal(exc: OptionError, language: str) -> str:
    """The one line that refuses a bad option, in ``language``."""
    return text("replies.bad_option", language, error=exc.text(language))


async def tell(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer, whether or not the interaction was deferred."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: BoggleBot) -> None:
    await bot.add_cog(Game(bot))
