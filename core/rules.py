"""The limits of a round and who may do what: one place for each rule the front ends apply."""

from __future__ import annotations

PlayerId = int

SIZES = (4, 5, 6)  # the board sizes the dice sets are for
MIN_LENGTH_LOWEST = 3  # shorter words score nothing
MIN_LENGTH_HIGHEST = 8  # 8 letters and up all score the most


def may_stop(starter: PlayerId, player: PlayerId, moderates: bool) -> bool:
    """Who may end a round early: the player who started it, or a moderator of the channel."""
    return player == starter or moderates
