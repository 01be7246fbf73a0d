"""``/boggle start``, ``/boggle stop`` and ``/guess``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from core.dice import available
from core.round import Mode

from .. import render
from ..options import OptionError, round_options
from ..rounds import NoBoard
from ..storage import ChannelBusy

if TYPE_CHECKING:
    from ..app import BoggleBot

log = logging.getLogger(__name__)

SIZE_CHOICES = [app_commands.Choice(name=f"{n}x{n}", value=n) for n in (4, 5, 6)]
MODE_CHOICES = [app_commands.Choice(name=m.value, value=m.value) for m in Mode]


def _dice_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=name, value=name) for name in available()][:25]


class Game(commands.Cog):
    boggle = app_commands.Group(name="boggle", description="Play Boggle in this channel")

    def __init__(self, bot: BoggleBot) -> None:
        self.bot = bot

    @boggle.command(name="start", description="Start a timed round of Boggle in this channel")
    @app_commands.describe(
        size="Board size (default 4x4)",
        dice="Dice set (default: the usual set for the size)",
        time="Round length, e.g. 90s, 3m, 2m30s (30s to 30m, default 3m)",
        mode="classic: shared words score for nobody; race: first finder scores; casual: all score",
        min_length="Shortest word allowed (default 3 on 4x4, 4 on bigger boards)",
    )
    @app_commands.choices(size=SIZE_CHOICES, mode=MODE_CHOICES, dice=_dice_choices())
    async def start(
        self,
        interaction: discord.Interaction,
        size: int | None = None,
        dice: str | None = None,
        time: str | None = None,
        mode: str | None = None,
        min_length: app_commands.Range[int, 3, 8] | None = None,
    ) -> None:
        if interaction.guild_id is None or interaction.channel is None:
            await _tell(interaction, "Rounds are played in server channels, not in DMs.")
            return
        try:
            options = round_options(size, dice, time, mode, min_length)
        except OptionError as exc:
            await _tell(interaction, f"⚠️ {exc}")
            return
        rounds = self.bot.rounds
        running = rounds.live.get(interaction.channel_id)
        if running is not None:
            await _tell(interaction, _busy_text(running.channel_id, running.game.deadline))
            return
        perms = interaction.app_permissions
        if not (perms.send_messages and perms.view_channel):
            await _tell(
                interaction, "I can't post in this channel: I need View Channel and Send Messages."
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            live = await rounds.start(
                interaction.guild_id,
                interaction.channel,  # type: ignore[arg-type]
                interaction.channel_id,  # type: ignore[arg-type]
                interaction.user.id,
                interaction.user.display_name,
                options,
            )
        except ChannelBusy:
            running = rounds.live.get(interaction.channel_id)
            deadline = running.game.deadline if running else self.bot.clock()
            await interaction.followup.send(
                _busy_text(interaction.channel_id, deadline), ephemeral=True
            )
            return
        except NoBoard:
            await interaction.followup.send(
                f"⚠️ No board I rolled has a word of {options.min_length}+ letters; "
                "try a smaller min_length.",
                ephemeral=True,
            )
            return
        except discord.HTTPException as exc:
            await interaction.followup.send(
                f"I could not post the board here ({exc.text or exc.status}).", ephemeral=True
            )
            return
        await interaction.followup.send(
            f"Round started: {len(live.game.solution)} words on the board. Good luck!",
            ephemeral=True,
        )

    @boggle.command(name="stop", description="End this channel's round now and post the results")
    async def stop(self, interaction: discord.Interaction) -> None:
        live = self.bot.rounds.live.get(interaction.channel_id or 0)
        if live is None:
            await _tell(interaction, "No round is running in this channel.")
            return
        allowed = (
            interaction.user.id == live.stored.starter_id or interaction.permissions.manage_messages
        )
        if not allowed:
            await _tell(
                interaction,
                "Only the player who started the round, or a member with Manage Messages, can stop it.",
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        stopped = await self.bot.rounds.stop(live.channel_id)
        if stopped is None:
            text = "The round is already ending."
        elif stopped.channel_id in self.bot.rounds.live:
            text = "Round stopped; the results are on their way."
        else:
            text = "Round stopped; results are posted."
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(
        name="guess", description="Guess words in this channel's round (see each verdict)"
    )
    @app_commands.describe(words="One or more words, separated by spaces or commas")
    async def guess(
        self, interaction: discord.Interaction, words: app_commands.Range[str, 1, 400]
    ) -> None:
        rounds = self.bot.rounds
        live = rounds.live.get(interaction.channel_id or 0)
        if live is None:
            await _tell(
                interaction, "No round is running in this channel. Start one with `/boggle start`."
            )
            return
        if not self.bot.guess_limiter.allow((live.channel_id, interaction.user.id)):
            await _tell(interaction, "Slow down a little: too many guesses at once.")
            return
        judgements = rounds.guess(
            live.channel_id, interaction.user.id, interaction.user.display_name, words
        )
        if judgements is None:
            await _tell(interaction, "The round has just ended.")
            return
        if not judgements:
            await _tell(
                interaction, "I found no words to judge in that (use letters only, e.g. `cat dog`)."
            )
            return
        # "Accepted" should mean stored; but Discord wants an answer within 3 s, and the
        # verdicts are decided either way.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(rounds.writer.wait_for(rounds.writer.submitted), 2.0)
        lines = [
            render.verdict_text(j.word, j.verdict, j.points, live.game.rules.min_length)
            for j in judgements
        ]
        await _tell(interaction, "\n".join(lines)[:2000])

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A deleted channel ends its round at once: results are stored, nothing is posted."""
        if channel.id in self.bot.rounds.live:
            await self.bot.rounds.stop(channel.id)


def _busy_text(channel_id: int | None, deadline: float) -> str:
    return f"A round is already running in <#{channel_id}>; it ends <t:{int(deadline)}:R>."


async def _tell(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer, whether or not the interaction was deferred."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: BoggleBot) -> None:
    await bot.add_cog(Game(bot))
