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


SIZES = (4, 5, 6)  # the board sizes the dice sets are for
MIN_LENGTH_LOWEST = 3  # shorter words score nothing
MIN_LENGTH_HIGHEST = 8  # 8 letters and up all score the most


def may_stop(starter: PlayerId, player: PlayerId, moderates: bool) -> bool:
    """Who may end a round early: the player who started it, or a moderator of the channel."""
    return player == starter or moderates
