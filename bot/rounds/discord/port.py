"""What the round's channel view (``bot.rounds.discord.channel_view``) needs of Discord, in the
project's own types: the ``Publisher`` it shows a round through and the errors it raises.
``bot.rounds.discord.publisher.DiscordPublisher`` is the Discord one; the service tests supply
one that keeps in memory what it was asked to show. The round service never sees this port: it
publishes events, and the channel view listens.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from bot.rounds.events import ChatMessage, Ending, NotPosted, ResultsReport
from bot.rounds.view import RoundView
from core.round import Standing, Verdict


class PublishError(Exception):
    """The platform did not take a message; ``reason`` is its own words, for logs and replies."""

    why = NotPosted.FAILED  # what the round's starter reads when it is the board that failed

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Gone(PublishError):
    """The channel or message no longer exists: nothing will ever be shown there."""

    why = NotPosted.GONE


class Refused(PublishError):
    """The bot lacks a permission there; it may be given back later."""

    why = NotPosted.REFUSED


class Unavailable(PublishError):
    """Rate limited or a server error: worth trying again later."""


@dataclass
class News:
    """What one player's chat guesses did since the board last showed it, oldest first."""

    accepted: list[str] = field(default_factory=list)
    refused: list[tuple[str, Verdict]] = field(default_factory=list)
    # A refused word (as typed) that is a board's word without a letter's mark: that word.
    meant: dict[str, str] = field(default_factory=dict)


class Publisher(Protocol):
    async def wait_until_ready(self) -> None:
        """Return once messages can be posted (the connection is up)."""

    async def post_board(self, round: RoundView) -> int:
        """Post a round's board; the message's id. Raises PublishError."""

    async def edit_status(
        self,
        round: RoundView,
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

    async def post_results(
        self, channel_id: int, report: ResultsReport, nonce: Callable[[int], str]
    ) -> None:
        """Post the results messages, the n-th with ``nonce(n)`` (a message already made with it
        is not made again); raise PublishError."""
