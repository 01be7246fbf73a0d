"""Short replies to a player: the verdict of each word of a ``/guess``."""

from __future__ import annotations

from bot.discord.render.text import escape, fit
from bot.i18n.catalogue import text
from bot.i18n.languages import DEFAULT_LANGUAGE
from core.round import Verdict


def verdict_text(
    word: str, verdict: Verdict, points: int, min_length: int, language: str = DEFAULT_LANGUAGE
) -> str:
    """One line of a /guess reply, so players see at once what each word did."""
    word = escape(fit(word, 40))
    key = f"verdicts.{verdict.value}"
    return text(key, language, word=word, points=points, min_length=min_length)
