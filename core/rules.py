"""The limits of a round and who may do what: one place for each rule the front ends apply."""

from __future__ import annotations

from enum import StrEnum

PlayerId = int


class Mode(StrEnum):
    """How a word found by several players scores. Here, not in ``core.round``, so the command
    line's parser lists the modes without importing the round (``python -m core solve`` never
    plays one)."""

    CLASSIC = "classic"  # a word found by two or more players scores for nobody
    RACE = "race"  # only the first finder scores a word
    CASUAL = "casual"  # every finder scores
    COOP = "coop"  # one team against the board: a word counts once, for whoever found it first


class Timer(StrEnum):
    """How a round's clock runs (``core.round.Clock``)."""

    STANDARD = "standard"  # a fixed length
    BONUS = "bonus"  # a short start; each accepted word adds its points in seconds, capped
    UNTIMED = "untimed"  # no clock: ends after a quiet spell with no new word, or when stopped


SIZES = (4, 5, 6)  # the board sizes the dice sets are for
MIN_LENGTH_LOWEST = 3  # shorter words score nothing
MIN_LENGTH_HIGHEST = 8  # 8 letters and up all score the most
BONUS_CAP_FACTOR = 2  # a bonus round's time left never goes above twice its start


def may_stop(starter: PlayerId, player: PlayerId, moderates: bool) -> bool:
    """Who may end a round early: the player who started it, or a moderator of the channel."""
    return player == starter or moderates
