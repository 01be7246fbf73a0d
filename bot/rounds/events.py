"""What the round service tells its listeners (the web hub, and any front end that shows rounds
live): published on the process's ``EventBus`` (``bot.kernel.events``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from bot.rounds.view import RoundView
from core.round import Results, Verdict


@dataclass(frozen=True)
class RoundStarted:
    """A round's board is out: guesses count from now."""

    round: RoundView


@dataclass(frozen=True)
class StandingsChanged:
    """Someone's word was accepted (from any front end): the standings moved."""

    round: RoundView


@dataclass(frozen=True)
class RoundEnded:
    """A round's results are scored from what the database holds (every word committed)."""

    round: RoundView
    results: Results
    names: Mapping[int, str]


@dataclass(frozen=True)
class ResultsPosted:
    """A round's results went out in its channel (what is told under them may follow now)."""

    round_id: int
    channel_id: int


class GuessSource(StrEnum):
    """Where a player's words came from (the metrics count guesses by it)."""

    CHAT = "chat"  # typed in the channel, a reply to the board or a mention
    FORM = "form"  # the board's Guess button
    COMMAND = "command"  # /guess
    PAGE = "page"  # the Activity's page


@dataclass(frozen=True)
class GuessesJudged:
    """A player's words were judged in a round (each word's verdict, accepted or not)."""

    round_id: int
    guild_id: int
    channel_id: int
    source: GuessSource
    verdicts: tuple[Verdict, ...]
