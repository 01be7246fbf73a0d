"""``/boggle check word``: the check service's answer, written and drawn for Discord."""

from __future__ import annotations

import io

import discord
from discord import app_commands

from bot.check.discord.render import check_text
from bot.check.discord.uses import CHECK
from bot.discord.answers import reader_language, tell
from bot.discord.render.text import PATH_FILE
from bot.i18n.catalogue import text
from bot.kernel.refusal import Refusal

LONGEST_CHECKED = 40  # letters: longer than any word a board of 6x6 three-letter faces spells


@app_commands.describe(word=text("commands.check_word"))
async def check(
    interaction: discord.Interaction, word: app_commands.Range[str, 1, LONGEST_CHECKED]
) -> None:
    """Whether a word was good on this channel's last board (``CheckService.check``), privately,
    with its path drawn on the board where the bot may attach files."""
    uses = CHECK.of(interaction)
    if interaction.guild_id is None or interaction.channel_id is None:
        await tell(interaction, text("replies.not_in_dm", reader_language(interaction)))
        return
    # The server's language speaks through its own install of the bot only (see server_language).
    server = interaction.guild_id if interaction.is_guild_integration() else None

    async def thinking() -> None:  # a first load of the round's lexicon may take seconds
        await interaction.response.defer(ephemeral=True, thinking=True)

    checked = await uses.check.check(interaction.channel_id, server, word, thinking)
    if isinstance(checked, Refusal):
        await tell(interaction, checked.text(reader_language(interaction)))
        return
    reply = check_text(checked)
    png = None
    if checked.path is not None and interaction.app_permissions.attach_files:
        png = await uses.pictures.board(checked.board, checked.path, lang=checked.language)
    if png is None:
        await tell(interaction, reply)
        return
    file = discord.File(io.BytesIO(png), filename=PATH_FILE)
    if interaction.response.is_done():
        await interaction.followup.send(reply, file=file, ephemeral=True)
    else:
        await interaction.response.send_message(reply, file=file, ephemeral=True)
