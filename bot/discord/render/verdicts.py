"""Short replies to a player: the verdict of each word of a ``/guess``."""

from __future__ import annotations

from bot.discord.render.text import escape, fit
from bot.i18n.languages import DEFAULT_LANGUAGE
from bot.i18n.verdicts import verdict_line
from core.round import Verdict


def verdict_text(
    word: str,
    verdict: Verdict,
    points: int,
    min_length: int,
    language: str = DEFAULT_LANGUAGE,
    meant: str | None = None,
) -> str:
    """One line of a /guess reply, so players see at once what each word did."""
    shown = None if meant is None else escape(fit(meant, 40))
    return verdict_line(escape(fit(word, 40)), verdict, points, min_length, language, shown)
