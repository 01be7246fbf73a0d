"""What a finished round adds to a player's history: the figures leaderboards and /stats rank.

A win is first place (ties share it) with points in a round where at least two players found a
word: a player alone at the board wins nothing. The longest word is the longest that scored (a
word cancelled in classic or taken in race is not the player's), ties alphabetical.
"""

from __future__ import annotations

from core.round import PlayerResult, Results

MIN_PLAYERS_FOR_A_WIN = 2


def won(results: Results, player: PlayerResult) -> bool:
    """Whether this result counts as a win."""
    return len(results.players) >= MIN_PLAYERS_FOR_A_WIN and player.player in results.winners


def longest_scoring(player: PlayerResult) -> str | None:
    """The player's longest word that scored, or None when none did."""
    scoring = [w.word for w in player.words if not w.cancelled]
    return min(scoring, key=lambda w: (-len(w), w)) if scoring else None


def share_of_max(results: Results, player: PlayerResult) -> float | None:
    """The player's points as a share of the board's maximum (None for a board worth nothing)."""
    return player.points / results.max_score if results.max_score else None
