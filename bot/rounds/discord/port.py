"""What the round service needs from a chat platform, in the project's own types.

The service (``bot.rounds.service``) decides what happens and when; a ``Publisher`` shows it. The Discord
implementation is ``bot.rounds.discord.publisher``; a test or another front end can supply its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from bot.i18n.languages import DEFAULT_DICTIONARY, DEFAULT_LANGUAGE
from bot.storage import StoredRound
from core.board import Board
from core.coop import TeamScore
from core.round import Results, Rules, Standing, Verdict


class PublishError(Exception):
    """The platform did not take a message; ``reason`` is its own words, for logs and replies."""

    def __init__(self, reason: str, posted: int = 0) -> None:
        super().__init__(reason)
        self.reason = reason
        self.posted = posted  # results messages that did go out before the failure


class Gone(PublishError):
    """The channel or message no longer exists: nothing will ever be shown there."""


class Refused(PublishError):
    """The bot lacks a permission there; it may be given back later."""


class Unavailable(PublishError):
    """Rate limited or a server error: worth trying again later."""


class Ending(StrEnum):
    """How a round ended, as its board message says at the end."""

    OVER = "over"
    STOPPED = "stopped"


@dataclass(frozen=True)
class ChatMessage:
    """A chat message read as guesses: enough to mark it and to name its author."""

    id: int
    channel_id: int
    author_id: int
    author_name: str


@dataclass
class News:
    """What one player's chat guesses did since the board last showed it, oldest first."""

    accepted: list[str] = field(default_factory=list)
    refused: list[tuple[str, Verdict]] = field(default_factory=list)


@dataclass(frozen=True)
class BoardPost:
    """Everything the board message shows besides the live status."""

    round: StoredRound
    board: Board
    rules: Rules
    deadline: float
    starter_name: str
    hints: tuple[int, ...] | None = None  # drawn on the picture: words starting at each die
    team: TeamScore | None = None  # a co-op round's team score so far


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


class Publisher(Protocol):
    async def wait_until_ready(self) -> None:
        """Return once messages can be posted (the connection is up)."""

    async def post_board(self, post: BoardPost) -> int:
        """Post a round's board; the message's id. Raises PublishError."""

    async def edit_status(
        self,
        post: BoardPost,
        message_id: int,
        standings: Sequence[Standing],
        names: Mapping[int, str],
        news: Mapping[int, News],
        ending: Ending | None = None,
    ) -> dict[int, tuple[int, int]]:
        """Show the live status (or, with ``ending``, the final one) on the board message; per
        player, how many accepted and refused news items it showed. Raises PublishError."""

    async def post_warning(self, channel_id: int, seconds_left: float, language: str) -> None:
        """Tell the channel (in the round's ``language``) the round ends soon. Raises
        PublishError."""

    async def react(self, message: ChatMessage, accepted: bool) -> None:
        """Mark a guess message: accepted, or every word already found. Raises PublishError."""

    async def post_results(self, channel_id: int, report: ResultsReport, skip: int) -> None:
        """Post the results messages after the first ``skip``; on failure raise PublishError
        with ``posted`` set to how many of them are out in all."""

    async def member_names(self, guild_id: int, players: Sequence[int]) -> dict[int, str]:
        """Display names of members, asked of the platform; those it cannot tell are left out."""
