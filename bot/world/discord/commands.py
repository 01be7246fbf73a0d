"""``/world [language]`` and ``/world-guess words:``: the world round played privately, anywhere
(a server, the DM with the bot, a user install), as ``/daily`` is; its message shows the results
once the round closes. Chat in a server's world channel plays the same round (``chat.py``)."""

from __future__ import annotations

import contextlib
import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.answers import reader_language
from bot.discord.choices import language_option
from bot.discord.reach import anywhere
from bot.discord.render import BOARD_FILE
from bot.discord.render.text import CONTENT_LIMIT, fit
from bot.i18n.catalogue import text
from bot.kernel.refusal import Refusal
from bot.world.discord.render import play_text, results_text, verdict_lines, your_result
from bot.world.discord.uses import WorldUses
from bot.world.events import WorldRoundClosed
from bot.world.model import WorldGuessed, WorldPlay

NO_PINGS = discord.AllowedMentions.none()
SHOWN_KEPT = 5000  # players' private messages kept to show a round's results (a process's)


class World(commands.Cog):
    def __init__(self, uses: WorldUses) -> None:
        self.uses = uses
        # Each player's private message of a round, edited with the results at its close (a
        # token lives 15 minutes, a round 2).
        self.shown: dict[tuple[str, int], dict[int, discord.Interaction]] = {}
        uses.world.events.subscribe(WorldRoundClosed, self.on_closed)

    async def _language(self, interaction: discord.Interaction, chosen: str | None) -> str:
        """The round's language: the one chosen, else the server's world channel's, else the
        server's, else the reader's."""
        if chosen is not None:
            return chosen
        guild = interaction.guild_id if interaction.is_guild_integration() else None
        if guild is not None:
            channel = await self.uses.world.world_channel(guild)
            if channel is not None:
                return channel.language
            return await self.uses.server_settings.language(guild)
        return reader_language(interaction)

    def _place(self, interaction: discord.Interaction) -> tuple[int | None, int]:
        guild = interaction.guild_id if interaction.is_guild_integration() else None
        return guild, interaction.channel_id or 0

    @app_commands.command(name="world", description=text("world_round.command_world"))
    @anywhere
    @language_option(text("world_round.command_language"))
    async def world(self, interaction: discord.Interaction, language: str | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        code = await self._language(interaction, language)
        user, (guild, channel) = interaction.user, self._place(interaction)
        played = await self.uses.world.play(user.id, user.display_name, code, guild, channel)
        if isinstance(played, Refusal):
            await interaction.edit_original_response(content=played.text(code))
            return
        files: list[discord.File] = []
        if interaction.app_permissions.attach_files:
            png = await self.uses.pictures.board(played.board.board, lang=played.board.language)
            if png is not None:
                files.append(discord.File(io.BytesIO(png), filename=BOARD_FILE))
        self._keep(played, interaction)
        await interaction.edit_original_response(
            content=play_text(played, code), attachments=files, allowed_mentions=NO_PINGS
        )

    @app_commands.command(name="world-guess", description=text("world_round.command_guess"))
    @anywhere
    @app_commands.describe(words=text("world_round.command_words"))
    @language_option(text("world_round.command_language"))
    async def world_guess(
        self,
        interaction: discord.Interaction,
        words: app_commands.Range[str, 1, 400],
        language: str | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        code = await self._language(interaction, language)
        guessed = await answer_guess(self.uses, interaction, words, code, *self._place(interaction))
        if guessed is None:
            return
        shown = self.shown.get(_key(guessed.play), {}).get(interaction.user.id)
        if shown is not None:  # the board's own message shows the words so far too
            with contextlib.suppress(discord.HTTPException):
                await shown.edit_original_response(content=play_text(guessed.play, code))

    def _keep(self, played: WorldPlay, interaction: discord.Interaction) -> None:
        kept = self.shown.setdefault(_key(played), {})
        if len(kept) < SHOWN_KEPT:
            kept[played.entry.player_id] = interaction

    async def on_closed(self, closed: WorldRoundClosed) -> None:
        """Each private message of the round shows the world's results and the player's own."""
        shown = self.shown.pop((closed.language, closed.number), {})
        if not shown:
            return
        results = await self.uses.world.results(closed.language, closed.number)
        for player, interaction in shown.items():
            language = reader_language(interaction)
            content = f"{results_text(results, None, language)}\n\n"
            content += your_result(results, player, language)
            with contextlib.suppress(discord.HTTPException):
                await interaction.edit_original_response(
                    content=fit(content, CONTENT_LIMIT), attachments=[]
                )


def _key(play: WorldPlay | WorldGuessed) -> tuple[str, int]:
    entry = play.entry if isinstance(play, WorldPlay) else play.play.entry
    return entry.language, entry.number


async def answer_guess(
    uses: WorldUses,
    interaction: discord.Interaction,
    words: str,
    language: str,
    guild_id: int | None,
    channel_id: int,
) -> WorldGuessed | None:
    """Judge ``words`` on the world round open now and answer (deferred) privately with each
    verdict; what they made, or None when refused (the refusal said)."""
    user = interaction.user
    guessed = await uses.world.guess(
        user.id, user.display_name, language, guild_id, channel_id, words
    )
    if isinstance(guessed, Refusal):
        await interaction.followup.send(guessed.text(language), ephemeral=True)
        return None
    lines = verdict_lines(guessed.judgements, language)
    reply = play_text(guessed.play, language, lines) if lines else play_text(guessed.play, language)
    await interaction.followup.send(fit(reply, CONTENT_LIMIT), ephemeral=True)
    return guessed


async def guess_in_world_channel(
    uses: WorldUses, interaction: discord.Interaction, words: str
) -> bool:
    """``/guess`` in a server's world channel (no round of its own there): the world round's
    guess, as ``/world-guess``; False elsewhere."""
    channel = uses.world.channels.get(interaction.channel_id or 0)
    if channel is None or channel.guild_id != interaction.guild_id:
        return False
    await interaction.response.defer(ephemeral=True, thinking=True)
    await answer_guess(
        uses, interaction, words, channel.language, channel.guild_id, channel.channel_id
    )
    return True
