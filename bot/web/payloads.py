"""What every page side builds its messages with: the page's language and words, a board, a
judged word, and how many players a page's table shows."""

from __future__ import annotations

from typing import Literal

from bot.i18n.catalogue import text
from bot.i18n.languages import (
    DEFAULT_LANGUAGE,
    LANGUAGE_CODES,
    language_of_locale,
)
from bot.i18n.verdicts import verdict_reason
from bot.web.messages import BoardJson, VerdictJson
from core.board import Board
from core.round import Judgement, Verdict

PAGE_TOP = 10  # rows of a page's table (scoreboard, results, standings); the reader's own follows

# What the page writes, in the player's language (the catalogue's [web] section).
PAGE_KEYS = (
    "web.title",
    "web.connecting",
    "web.time_left",
    "web.your_words",
    "web.players",
    "web.no_round",
    "web.start",
    "web.play_again",
    "web.results",
    "web.missed",
    "web.words_of",
    "web.type_here",
    "web.submit",
    "web.clear",
    "web.reconnecting",
    "web.board",
    "web.die",
    "web.shared",
    "web.you",
    "web.nobody",
    "web.tap_word",
    "web.signed_out",
    "web.waiting",
    "web.daily",
    "web.back",
    "web.sign_in_failed",
    "web.not_in_instance",
    "web.instance_gone",
    "web.trace_hint",
    "web.your_rank",
    "web.you_nothing",
    "web.standings",
    "web.new_achievements",
    "web.close",
    "leaderboard.empty",
    "leaderboard.not_ranked",
    "stadium_page.you_refused",
)


def page_language(locales: str) -> str:
    """The first of ``locales`` (a Discord locale, or a browser's list: "pt-BR,fr-FR,en") the
    bot speaks, by its exact Discord locale or its language ("fr-CA": French); else English."""
    for wanted in locales.split(","):
        locale = wanted.strip()
        found = language_of_locale(locale) or locale.split("-")[0].lower()
        if found in LANGUAGE_CODES:
            return found
    return DEFAULT_LANGUAGE


def strings(language: str) -> dict[str, str]:
    """The page's words and each refusal's reason (``reasons.*``), by short name."""
    found = {key.split(".", 1)[1]: text(key, language) for key in PAGE_KEYS}
    for verdict in Verdict:
        if verdict is not Verdict.ACCEPTED:
            found[f"reason_{verdict.value}"] = verdict_reason(verdict, language)
    return found


def board(game: Board, language: str) -> BoardJson:
    """A board for the page, with its ``language`` (a code), by which it shows capitals."""
    return {"rows": game.rows, "cols": game.cols, "faces": list(game.cells), "language": language}


def judged_word(
    kind: Literal["verdict", "daily_verdict"],
    judged: Judgement,
    shown: str,
    points: int | None,
    language: str,
    path: list[int] | None,
) -> VerdictJson:
    """A word's verdict: ``shown`` as the dictionary spells it (traced letters carry no
    accents), ``points`` where certain, why it was refused in the player's words."""
    accepted = judged.verdict is Verdict.ACCEPTED
    return {
        "type": kind,
        "word": judged.word,
        "shown": shown,
        "verdict": judged.verdict.value,
        "points": points if accepted else None,
        "reason": None if accepted else verdict_reason(judged.verdict, language, judged.meant),
        "path": path,
    }
