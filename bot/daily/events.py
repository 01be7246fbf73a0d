"""What the daily feature tells others: an attempt ended (what shows it, the battle table), and
a player's fair attempt at a server's daily board ended (their streak and boards count, for the
achievements that follow them)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.daily.model import DailyAttempt


@dataclass(frozen=True)
class DailyAttemptEnded:
    """A daily attempt ended, told by the process whose call ended it or that had it armed
    (another may have finished it first; the one holding the player's message still shows
    the result). The service waits for its listeners before ``finish`` returns."""

    attempt: DailyAttempt


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
