"""``/boggle rules``: how to play, the modes, the minimum length and the points for each word
length, from core's scoring table (no second copy of it here), and the daily board's fair-play
rule with core's limits."""

from __future__ import annotations

from collections.abc import Collection

from bot.discord.render.board import mode_rule
from bot.discord.render.text import CONTENT_LIMIT, fit, plural, pts
from bot.i18n.catalogue import text
from bot.i18n.languages import DEFAULT_LANGUAGE
from core.fairplay import rule_figures
from core.round import Mode
from core.scoring import points_by_length


def rules_text(
    size: int,
    min_length: int,
    banned: Collection[str] = (),
    language: str = DEFAULT_LANGUAGE,
    reads_messages: bool = True,
) -> str:
    """The rules of a ``size`` board whose shortest word is ``min_length`` letters, and how to
    guess with this bot (``reads_messages``: whether it has the message-content intent)."""
    lines = [
        text("rules.title", language, size=size),
        text("rules.how", language),
        text("rules.guess_chat" if reads_messages else "rules.guess_reply", language),
        text("rules.length", language, min_length=min_length),
        "",
        text("rules.modes", language),
        *(f"• {mode_rule(mode, language)}" for mode in Mode),
        "",
        text("rules.scoring", language),
    ]
    table = points_by_length(min_length)
    for index, (letters, points) in enumerate(table):
        key = "rules.score_longer" if index == len(table) - 1 else "rules.score"
        lines.append(text(key, language, letters=letters, points=pts(points, language)))
    lines += ["", text("rules.fair_play", language, **rule_figures())]
    if banned:
        words = plural(len(banned), "word", language)
        lines += ["", text("rules.banned", language, words=words)]
    return fit("\n".join(lines), CONTENT_LIMIT)
