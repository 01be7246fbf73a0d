"""What the round service's use cases answer (``bot.rounds.service`` names them for the front
ends): the typed results, and the refusals a front end may word its own way."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.kernel.refusal import Refusal
from bot.rounds.events import NotPosted
from bot.rounds.view import RoundView
from core.round import Judgement

# The refusals a front end may word its own way (the page has no channel mentions).
NO_ROUND = "replies.no_round_start"
ROUND_OVER = "guess.round_over"
NOT_A_ROUND_CHANNEL = "replies.not_a_round_channel"
BUSY = "replies.busy"
NO_BOARD = "replies.no_board"
LEXICON_FAILED = "replies.lexicon_failed"
NOT_POSTED = tuple(why.value for why in NotPosted)
NOT_ENTERED = "tournaments.not_entered"


@dataclass(frozen=True)
class NotEntered(Refusal):
    """A tournament round, and the player is not among its entrants: their words do not count.
    ``first``: the first time in the round (chat tells them once; an interaction every time)."""

    first: bool = True


@dataclass(frozen=True)
class Submitted:
    """Words judged in a round: a verdict per word, and the ticket ``committed`` waits for."""

    round: RoundView
    judgements: list[Judgement]
    ticket: int


class StopOutcome(StrEnum):
    """What ``/boggle stop`` did (the reply says which)."""

    ALREADY_ENDING = "replies.already_ending"
    PENDING = "replies.stopped_pending"  # still storing or posting its results
    POSTED = "replies.stopped_posted"


@dataclass(frozen=True)
class Stopped:
    outcome: StopOutcome
    language: str  # the round's
