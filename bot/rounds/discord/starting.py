"""Starting a round from an interaction (``/boggle start``, Play again): one answer to the
player, privately, whatever happens."""

from __future__ import annotations

import logging

import discord

from bot.discord.answers import reader_language, tell
from bot.discord.render.text import plural
from bot.i18n.catalogue import text
from bot.i18n.languages import language_name
from bot.rounds.live import NoBoard, RoundOptions
from bot.rounds.publisher import Gone, PublishError, Refused
from bot.rounds.service import RoundService
from bot.server_settings.discord.render import channels_text
from bot.storage import ChannelBusy, ServerSettings
from core.lexicon import LexiconError

log = logging.getLogger(__name__)


async def begin_round(
    rounds: RoundService,
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
        deadline = running.game.deadline if running else rounds.clock()
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
        name = language_name(options.language)
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
