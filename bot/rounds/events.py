"""What the round service tells its listeners, published on the process's ``EventBus``.

A round's life: ``RoundOpened`` (the channel's view hands the board message's id back,
``RoundService.board_posted``) -> ``RoundStarted`` -> per guess ``GuessesJudged`` (and
``StandingsChanged`` for an accepted word); ``RoundTicked`` each tick, ``EndingSoon`` once ->
``RoundEnded`` -> ``ResultsDue`` (answered by ``RoundService.results_posted``) ->
``ResultsPosted``. The guess writer tells each batch it commits (``GuessesCommitted``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from bot.i18n.languages import DEFAULT_DICTIONARY, DEFAULT_LANGUAGE
from bot.rounds.model import GuessRow
from bot.rounds.view import RoundView
from core.board import Board
from core.round import Judgement, Results, Rules, Verdict


@dataclass(frozen=True)
class ChatMessage:
    """A chat message read as guesses: enough to mark it and to name its author."""

    id: int
    channel_id: int
    author_id: int
    author_name: str


class Ending(StrEnum):
    """How a round ended, as its board message says at the end."""

    OVER = "over"
    STOPPED = "stopped"


class NotPosted(StrEnum):
    """Why a round's board could not be shown, as the refusal its starter reads: its channel is
    gone, the bot may not post there, or the platform failed (rate limited, an error). The
    platform's own reason is English and for the logs; the kind of failure is what is read."""

    GONE = "replies.board_gone"
    REFUSED = "replies.board_refused"
    FAILED = "replies.board_not_posted"


@dataclass(frozen=True)
class ResultsReport:
    """A finished round as the results messages show it."""

    results: Results
    names: Mapping[int, str]
    board: Board
    rules: Rules
    round_id: int | None = None  # for the Play again button
    code: str | None = None  # the board code that replays this board (None: it has none)
    language: str = DEFAULT_LANGUAGE  # the round's: the results are written in it
    dictionary: str = DEFAULT_DICTIONARY  # the round's: the results name it
    spellings: Mapping[str, str] = field(default_factory=dict)  # words shown otherwise ("été")

    def spelled(self, word: str) -> str:
        return self.spellings.get(word, word)


@dataclass(frozen=True)
class RoundOpened:
    """A round is rolled and stored and its board is to be shown: what shows the round's channel
    posts it and hands the message's id back (``RoundService.board_posted``), or says why it
    could not (``board_not_posted``). The service waits for its listeners; guesses count from
    then (chat written meanwhile is held, and judged if it came after the board)."""

    round: RoundView


@dataclass(frozen=True)
class RoundStarted:
    """A round's board is out: guesses count from now."""

    round: RoundView


@dataclass(frozen=True)
class StandingsChanged:
    """Someone's word was accepted (from any front end): the standings moved."""

    round: RoundView


@dataclass(frozen=True)
class RoundTicked:
    """A running round's clock, at every tick of its runner (0.5 s in production), once what
    shows its channel is ready: a live status paces its edits by it."""

    round: RoundView


@dataclass(frozen=True)
class EndingSoon:
    """A round of a minute or more ends in ``seconds_left`` (told once, never twice across a
    restart)."""

    round: RoundView
    seconds_left: float


@dataclass(frozen=True)
class RoundEnded:
    """A round's results are scored from what the database holds (every word committed)."""

    round: RoundView
    results: Results
    names: Mapping[int, str]


@dataclass(frozen=True)
class ResultsDue:
    """A round's results are stored and owed to its channel: what shows the channel posts them
    (after the board's final status, ``ending``, for the ``round`` that has just ended) and says
    so (``RoundService.results_posted``). The service waits for its listeners. Told again after
    a restart for results never posted (then without ``round``: its board is left as it was)."""

    round_id: int
    channel_id: int
    report: ResultsReport
    round: RoundView | None = None
    ending: Ending = Ending.OVER


@dataclass(frozen=True)
class RoundLost:
    """A round this process ran was finished by another process (which posts its results):
    what showed it here forgets it."""

    round_id: int


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
    """A player's words were judged in a round (each word's verdict, accepted or not), queued
    for the database under ``ticket`` (``RoundService.committed``); from chat, with the
    ``message`` they came in (the channel's view marks it and names its words)."""

    round: RoundView
    source: GuessSource
    player_id: int
    judgements: tuple[Judgement, ...]
    ticket: int
    message: ChatMessage | None = None

    @property
    def round_id(self) -> int:
        return self.round.id

    @property
    def guild_id(self) -> int:
        return self.round.guild_id

    @property
    def channel_id(self) -> int:
        return self.round.channel_id

    @property
    def verdicts(self) -> tuple[Verdict, ...]:
        return tuple(j.verdict for j in self.judgements)


@dataclass(frozen=True)
class GuessesCommitted:
    """The guess writer committed a batch (``bot.rounds.writer``): its ``rows`` in ticket order,
    and how long its commit took, retries included. Told as it lands, before any wait for it
    returns (the metrics' histogram, the load benchmark's clock)."""

    rows: Sequence[GuessRow]
    seconds: float
