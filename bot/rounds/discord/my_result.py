"""The results' **My result** button: a player's own rank, points and words, answered privately,
for any number of players (those whose every word was refused too). Its custom id carries the
round's id, so it works from any results message, after any restart."""

from __future__ import annotations

import discord

from bot.discord.answers import refuse, tell
from bot.discord.buttons import IdButton
from bot.discord.render.text import CONTENT_LIMIT, escape, fit, pack, plural, pts
from bot.i18n.catalogue import text
from bot.kernel.refusal import Refusal
from bot.rounds.discord.crowd_status import refused_item
from bot.rounds.discord.uses import ROUNDS
from bot.rounds.my_result import MyResult


class MyResultButton(IdButton, prefix="boggle:mine", label="stadium.my_result", emoji="🎯"):
    """Answers the player who presses it with their own result, privately."""

    async def callback(self, interaction: discord.Interaction) -> None:
        mine = await ROUNDS.of(interaction).rounds.my_result(self.target_id, interaction.user.id)
        if isinstance(mine, Refusal):
            await refuse(interaction, mine)
            return
        await tell(interaction, my_result_text(mine))


def my_result_text(mine: MyResult) -> str:
    """'**12.** of 300 · 14 pts · 5 words', the words, then the refused ones with their reason."""
    language = mine.language
    lines = []
    if mine.rank is None:
        lines.append(text("stadium.mine_unranked", language, players=mine.players))
    else:
        lines.append(
            text(
                "stadium.mine_rank",
                language,
                rank=mine.rank,
                players=mine.players,
                points=pts(mine.points, language),
                words=plural(len(mine.words), "word", language),
            )
        )
        items = [f"~~{escape(w)}~~" if w in mine.shared else escape(w) for w in mine.words]
        listed, _ = pack(items, 1000, language=language)
        lines.append(text("stadium.mine_words", language, words=listed))
    if mine.refused:
        items = [refused_item(w, v, language) for w, v in mine.refused]
        listed, _ = pack(items, 700, language=language)
        lines.append(text("stadium.mine_refused", language, words=listed))
    elif mine.rank is None:
        lines.append(text("stadium.mine_nothing", language))
    return fit("\n".join(lines), CONTENT_LIMIT)
