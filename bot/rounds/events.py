"""What the round service tells its listeners (the web hub, and any front end that shows rounds
live): published on the process's ``EventBus`` (``bot.kernel.events``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.rounds.view import RoundView
from core.round import Results


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
