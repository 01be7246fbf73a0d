"""A verdict's wording, in one place for every front end: its line (a private reply to the form
or ``/guess``, the daily board) and its short reason (the board's live status, the page)."""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n.catalogue import text
from bot.i18n.languages import DEFAULT_LANGUAGE
from core.round import Verdict


def verdict_line(
    word: str,
    verdict: Verdict,
    points: int,
    min_length: int,
    language: str = DEFAULT_LANGUAGE,
    meant: str | None = None,
    *,
    shown: Callable[[str], str] = str,
) -> str:
    """What a word did, with its points or why not; ``meant``: the board's word a refused one
    is without a letter's mark ("żal", not "zal"); ``shown``: how the front end shows a word
    (Discord: escaped, shortened)."""
    if meant is not None and verdict is not Verdict.ACCEPTED:
        return text("verdicts.meant", language, word=shown(word), meant=shown(meant))
    key = f"verdicts.{verdict.value}"
    return text(key, language, word=shown(word), points=points, min_length=min_length)


def verdict_reason(
    verdict: Verdict, language: str = DEFAULT_LANGUAGE, meant: str | None = None
) -> str:
    """Why a word was refused, in a few words ("not on the board"; with ``meant``, how the
    board's word is spelled: "pisze się żal")."""
    if meant is not None:
        return text("reasons.meant", language, meant=meant)
    return text(f"reasons.{verdict.value}", language)
