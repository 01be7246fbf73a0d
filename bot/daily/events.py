"""What the daily feature tells others: a player's fair attempt at a server's daily board ended
(their streak and boards count, for the achievements that follow them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DailyFinished:
    """A daily attempt in a server ended, counted (not flagged): ``streak`` days in a row and
    ``boards`` daily boards finished so far, as of its day."""

    guild_id: int
    channel_id: int
    attempt_id: int
    player_id: int
    streak: int
    boards: int
