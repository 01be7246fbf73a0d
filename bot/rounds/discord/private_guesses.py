"""A round's guesses answered privately (``/guess``, the board's Guess form): the verdict of each
word, once the accepted ones are stored."""

from __future__ import annotations

import discord

from bot.app import Services
from bot.discord import render
from bot.discord.answers import server_language, tell
from bot.i18n.catalogue import text


async def guess_privately(
    services: Services, interaction: discord.Interaction, words: str, round_id: int | None = None
) -> None:
    """Judge ``words`` in the interaction's channel's round (``round_id``'s only, when given: a
    form opened on an older board is refused politely) and answer with each verdict."""
    rounds = services.rounds
    live = rounds.running(interaction.channel_id or 0)
    if live is None or (round_id is not None and live.id != round_id):
        language = (
            live.language if live else await server_language(services.server_settings, interaction)
        )
        key = "guess.round_over" if round_id is not None else "replies.no_round_start"
        await tell(interaction, text(key, language))
        return
    language = live.language
    if not services.guess_limiter.allow((live.channel_id, interaction.user.id)):
        await tell(interaction, text("replies.slow_down", language))
        return
    guessed = rounds.guess(
        live.channel_id, interaction.user.id, interaction.user.display_name, words
    )
    if guessed is None:
        await tell(interaction, text("replies.just_ended", language))
        return
    if not guessed.judgements:
        await tell(interaction, text("replies.nothing_to_judge", language))
        return
    # "Accepted" means stored: the answer waits for the commit (deferred: Discord's 3 s are kept).
    await interaction.response.defer(ephemeral=True, thinking=True)
    await rounds.committed(guessed.ticket)
    rules = live.game.rules
    lines = [
        render.verdict_text(
            live.game.spelled(j.word, j.typed), j.verdict, j.points, rules.min_length, language
        )
        for j in guessed.judgements
    ]
    await interaction.edit_original_response(
        content=render.fit("\n".join(lines), render.CONTENT_LIMIT)
    )
