"""A round's guesses answered privately (``/guess``, the board's Guess form): the verdict of each
word, once the accepted ones are stored."""

from __future__ import annotations

import discord

from bot.discord import render
from bot.discord.answers import refusal_text, tell
from bot.kernel.refusal import Refusal
from bot.rounds.answers import NO_ROUND
from bot.rounds.discord.uses import RoundsUses
from bot.rounds.events import GuessSource


async def guess_privately(
    uses: RoundsUses, interaction: discord.Interaction, words: str, round_id: int | None = None
) -> None:
    """Judge ``words`` in the interaction's channel's round (``round_id``'s only, when given: a
    form opened on an older board is refused politely) and answer with each verdict."""
    user = interaction.user
    rounds = uses.rounds
    source = GuessSource.COMMAND if round_id is None else GuessSource.FORM
    channel = interaction.channel_id or 0
    submitted = rounds.submit(
        channel, user.id, user.display_name, words, source=source, round_id=round_id
    )
    if isinstance(submitted, Refusal):
        elsewhere = uses.elsewhere  # a world channel takes /guess for its world round
        if submitted.reason.key == NO_ROUND and elsewhere and await elsewhere(interaction, words):
            return
        await tell(interaction, await refusal_text(uses.server_settings, interaction, submitted))
        return
    # "Accepted" means stored: the answer waits for the commit (deferred: Discord's 3 s are kept).
    await interaction.response.defer(ephemeral=True, thinking=True)
    await rounds.committed(submitted.ticket)
    game = submitted.round
    language = game.language
    lines = [
        render.verdict_text(
            game.spelled(j.word, j.typed),
            j.verdict,
            j.points,
            game.rules.min_length,
            language,
            j.meant,
        )
        for j in submitted.judgements
    ]
    await interaction.edit_original_response(
        content=render.fit("\n".join(lines), render.CONTENT_LIMIT)
    )
