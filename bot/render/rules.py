"""``/boggle rules``: how to play, the modes, the minimum length and the points for each word
length, from core's scoring table (no second copy of it here), and the daily board's fair-play
rule with core's limits."""

from __future__ import annotations

from collections.abc import Collection

from core.fairplay import rule_figures
from core.round import Mode
from core.scoring import points_by_length

from ..catalogue import text
from .board import mode_rule
from .text import CONTENT_LIMIT, fit, plural, pts


def rules_text(size: int, min_length: int, banned: Collection[str] = ()) -> str:
    """The rules of a ``size`` board whose shortest word is ``min_length`` letters."""
    lines = [
        text("rules.title", size=size),
        text("rules.how"),
        text("rules.length", min_length=min_length),
        "",
        text("rules.modes"),
        *(f"• {mode_rule(mode)}" for mode in Mode),
        "",
        text("rules.scoring"),
    ]
    table = points_by_length(min_length)
    for index, (letters, points) in enumerate(table):
        key = "rules.score_longer" if index == len(table) - 1 else "rules.score"
        lines.append(text(key, letters=letters, points=pts(points)))
    lines += ["", text("rules.fair_play", **rule_figures())]
    if banned:
        lines += ["", text("rules.banned", words=plural(len(banned), "word"))]
    return fit("\n".join(lines), CONTENT_LIMIT)
