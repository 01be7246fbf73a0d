"""Starting a round from an interaction (``/boggle start``, Play again): one answer to the
player, privately, whatever happens."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from bot.discord.answers import reader_language, tell
from bot.discord.render.text import plural
from bot.i18n.catalogue import text
from bot.i18n.languages import language_name
from bot.kernel.refusal import Refusal
from bot.rounds.options import RoundOptions, RoundRequest
from bot.rounds.service import RoundService
from bot.rounds.view import RoundView
from bot.server_settings.model import ServerSettings


async def begin_round(
    rounds: RoundService,
    interaction: discord.Interaction,
    options: RoundOptions,
    server: ServerSettings,
) -> None:
    """Start a round in the interaction's channel (``/boggle start``, or Play again) through the
    one ``RoundService.open_round`` use case, within the ``server``'s settings (its round channels, its
    banned words), answering the player once, privately: in the server's language, and once
    the round is on, in the round's."""
    language = server.language
    if interaction.guild_id is None or interaction.channel is None:
        await tell(interaction, text("replies.not_in_dm", reader_language(interaction)))
        return
    refused = rounds.may_open(interaction.channel.id, server)
    if refused is not None:  # answered at once
        await _refused(interaction, refused)
        return
    perms = interaction.app_permissions
    if not (perms.send_messages and perms.view_channel):
        await tell(interaction, text("replies.cannot_post", language))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)

    async def coming() -> None:  # its list is being built: seconds, the board comes after
        name = language_name(options.language)
        await tell(interaction, text("replies.board_coming", options.language, language=name))

    opened = await _opened(rounds, interaction, options, server, coming)
    if isinstance(opened, Refusal):
        await _refused(interaction, opened)
        return
    words = plural(opened.word_count, "word", opened.language)
    await tell(interaction, text("replies.started", opened.language, words=words))


async def _opened(
    rounds: RoundService,
    interaction: discord.Interaction,
    options: RoundOptions,
    server: ServerSettings,
    on_loading: Callable[[], Awaitable[None]],
) -> RoundView | Refusal:
    assert interaction.guild_id is not None and interaction.channel is not None
    user = interaction.user
    request = RoundRequest(
        interaction.guild_id, interaction.channel.id, user.id, user.display_name, options
    )
    return await rounds.open_round(request, server, on_loading)


async def _refused(interaction: discord.Interaction, refusal: Refusal) -> None:
    """A refusal in its language, else the reader's."""
    await tell(interaction, refusal.text(refusal.language or reader_language(interaction)))
