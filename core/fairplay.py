"""Fair play on the daily board: results no person could reach are flagged.

A daily attempt is played alone, so nothing stops a script. An attempt is flagged when the
arrival times of its guesses break a human limit: typing speed, words found in the opening
seconds, a sustained rate, or a total. The words of one submit (a form, ``/daily-guess``) are
spread over the time since the previous one. The limits are generous on purpose (a strong player
is never flagged); flagged results are kept but left out of rankings and streaks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TypedDict

# Typing: 12 characters a second is about 140 words a minute, beyond nearly every typist while
# also reading a board; the slack lets the first message arrive early.
MAX_CHARS_PER_SECOND = 12.0
TYPING_SLACK_CHARS = 24
# The opening: at most this many accepted words in the first seconds of the board.
OPENING_SECONDS = 10.0
OPENING_MAX_WORDS = 10
# A sustained rate: at most this many accepted words in any window of this length.
WINDOW_SECONDS = 30.0
WINDOW_MAX_WORDS = 30
# The total: at most this many accepted words in one attempt, well above any person's three
# minutes on a 4x4 board.
ATTEMPT_MAX_WORDS = 100


class Flag(StrEnum):
    """Why an attempt was flagged."""

    TYPING = "typing"
    OPENING = "opening"
    RATE = "rate"
    TOTAL = "total"


@dataclass(frozen=True)
class TimedGuess:
    """A guess as fair play sees it: seconds after the board was shown, the word, and whether
    it was accepted."""

    elapsed: float
    word: str
    accepted: bool


def judge(guesses: Iterable[TimedGuess]) -> Flag | None:
    """The first human limit the guesses break (None: a result a person can reach)."""
    ordered = sorted(guesses, key=lambda g: g.elapsed)
    typed = 0
    for guess in ordered:
        typed += len(guess.word) + 1  # the word and the space or return after it
        if typed > MAX_CHARS_PER_SECOND * max(guess.elapsed, 0.0) + TYPING_SLACK_CHARS:
            return Flag.TYPING
    found = [g.elapsed for g in _spread_submits(ordered) if g.accepted]
    if sum(1 for t in found if t < OPENING_SECONDS) > OPENING_MAX_WORDS:
        return Flag.OPENING
    if _busiest_window(found, WINDOW_SECONDS) > WINDOW_MAX_WORDS:
        return Flag.RATE
    if len(found) > ATTEMPT_MAX_WORDS:
        return Flag.TOTAL
    return None


def _spread_submits(ordered: Sequence[TimedGuess]) -> list[TimedGuess]:
    """The guesses with the words of one submit (one modal or command: they share a time) spread
    evenly over the time since the previous submit, the last at its own time: a player may type
    thirty words into one modal over a minute, and the opening and rate limits must not read them
    as found in one instant. (The typing limit needs no spreading: it counts letters by arrival.)"""
    spread: list[TimedGuess] = []
    previous = 0.0
    start = 0
    while start < len(ordered):
        at = ordered[start].elapsed
        end = start
        while end < len(ordered) and ordered[end].elapsed == at:
            end += 1
        count = end - start
        step = (at - previous) / count
        for k, guess in enumerate(ordered[start:end], start=1):
            spread.append(TimedGuess(at - step * (count - k), guess.word, guess.accepted))
        previous = at
        start = end
    return spread


def _busiest_window(times: Sequence[float], seconds: float) -> int:
    """The most times (sorted) within any half-open window ``[t, t + seconds)``."""
    most = start = 0
    for end, at in enumerate(times):
        while times[start] <= at - seconds:
            start += 1
        most = max(most, end - start + 1)
    return most


class RuleFigures(TypedDict):
    """The limits as the rule's wording names them."""

    opening_words: int
    opening_seconds: int
    window_words: int
    window_seconds: int
    chars_per_second: int
    total_words: int


def rule_figures() -> RuleFigures:
    """The limits as whole numbers, for the wording of the rule in ``/boggle rules``."""
    return RuleFigures(
        opening_words=OPENING_MAX_WORDS,
        opening_seconds=int(OPENING_SECONDS),
        window_words=WINDOW_MAX_WORDS,
        window_seconds=int(WINDOW_SECONDS),
        chars_per_second=int(MAX_CHARS_PER_SECOND),
        total_words=ATTEMPT_MAX_WORDS,
    )


__all__ = [
    "ATTEMPT_MAX_WORDS",
    "MAX_CHARS_PER_SECOND",
    "OPENING_MAX_WORDS",
    "OPENING_SECONDS",
    "TYPING_SLACK_CHARS",
    "WINDOW_MAX_WORDS",
    "WINDOW_SECONDS",
    "Flag",
    "RuleFigures",
    "TimedGuess",
    "judge",
    "rule_figures",
]
