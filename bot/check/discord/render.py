"""``/boggle check``'s answer as Discord shows it: the facts the check service found, in that
round's language, with the word's path in words (for screen readers and channels without
pictures)."""

from __future__ import annotations

from bot.check.service import Checked, Worth
from bot.discord.render.board import shape
from bot.discord.render.text import pts
from bot.i18n.catalogue import text
from core.languages import language as language_of

WORTH_KEYS = {
    Worth.NOTHING: "check.no_points",
    Worth.BANNED: "check.banned",
    Worth.RARE: "check.rare",
    Worth.TOO_SHORT: "check.too_short",
}


def check_text(checked: Checked) -> str:
    """Which dictionary has the word and how common it is, the board (the path in words) and
    what it was worth, in the round's language."""
    language, board = checked.language, checked.board
    capital = language_of(language).casing.capital  # a face as the die shows it: Turkish "İ"
    lines = [
        text("check.head", language, word=checked.word, shape=shape(board, checked.rules, language))
    ]
    if checked.band is None:
        lines.append(text("check.not_in_dictionary", language))
    else:
        which = "check.in_everyday" if checked.everyday else "check.in_full_only"
        lines.append(text(which, language, band=text(f"bands.{checked.band.value}", language)))
    if checked.path is None:
        lines.append(text("check.not_on_board", language))
    else:
        steps = " → ".join(
            text("check.step", language, face=capital(board.cells[c]), row=r + 1, col=k + 1)
            for c in checked.path
            for r, k in [board.position(c)]
        )
        lines.append(text("check.on_board", language, path=steps))
    if checked.worth is Worth.POINTS:
        lines.append(text("check.points", language, points=pts(checked.points, language)))
    else:
        key = WORTH_KEYS[checked.worth]
        lines.append(text(key, language, min_length=checked.rules.min_length))
    return "\n".join(lines)
