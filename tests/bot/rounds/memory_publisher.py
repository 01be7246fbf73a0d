"""The ``Publisher`` protocol's second implementation (``bot.rounds.discord.port``): a platform
that keeps in memory what the round's channel view asked it to show, in order, and fails on
demand (``fail``), so the service and its channel view are tested without Discord. It also
tells players' names (``member_names``, the service's question to the platform)."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from bot.rounds.discord.port import News, PublishError
from bot.rounds.events import ChatMessage, Ending, ResultsReport
from bot.rounds.view import RoundView
from core.round import Standing


@dataclass(frozen=True)
class StatusEdit:
    """One edit of a board message, as it was asked for."""

    message_id: int
    standings: list[Standing]
    names: dict[int, str]
    news: dict[int, News]
    ending: Ending | None


@dataclass(frozen=True)
class ResultsPost:
    """One call to post results: ``nonce`` is its first message's."""

    channel_id: int
    report: ResultsReport
    nonce: str


@dataclass
class MemoryPublisher:
    """Shows everything at once; ``ready`` is unset while the front end is not connected."""

    ready: asyncio.Event = field(default_factory=asyncio.Event)
    members: dict[int, str] = field(default_factory=dict)  # what member_names can tell
    boards: list[RoundView] = field(default_factory=list)
    edits: list[StatusEdit] = field(default_factory=list)
    warnings: list[tuple[int, float, str]] = field(default_factory=list)
    reactions: list[tuple[ChatMessage, bool]] = field(default_factory=list)
    results: list[ResultsPost] = field(default_factory=list)  # every call, failed ones too
    delivered: list[ResultsPost] = field(default_factory=list)  # the calls that went out
    asked_names: list[list[int]] = field(default_factory=list)
    calls: list[str] = field(default_factory=list)  # every call made, by method, failed or not
    _failures: dict[str, list[PublishError]] = field(default_factory=dict)
    _gates: dict[str, asyncio.Event] = field(default_factory=dict)
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1000))
    _changed: asyncio.Condition = field(default_factory=asyncio.Condition)

    # --- for the tests -------------------------------------------------------------------------

    def fail(self, method: str, *errors: PublishError) -> None:
        """The next calls of ``method`` raise ``errors``, one each, in order."""
        self._failures.setdefault(method, []).extend(errors)

    def hold(self, method: str) -> asyncio.Event:
        """Calls of ``method`` wait until the returned event is set (a board still being posted)."""
        gate = self._gates[method] = asyncio.Event()
        return gate

    def chat(self, channel_id: int, author_id: int, author_name: str) -> ChatMessage:
        """A chat message written now (its id after every message so far, as on Discord)."""
        return ChatMessage(next(self._ids), channel_id, author_id, author_name)

    async def until(self, done: Callable[[MemoryPublisher], bool], timeout: float = 10.0) -> None:
        """Return once ``done(self)`` holds (checked after every call); a test that waits in vain
        fails after ``timeout`` seconds instead of hanging."""
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: done(self)), timeout)

    async def _called(self, method: str) -> None:
        gate = self._gates.get(method)
        if gate is not None:
            await gate.wait()
        self.calls.append(method)
        async with self._changed:
            self._changed.notify_all()
        failures = self._failures.get(method)
        if failures:
            raise failures.pop(0)

    # --- the protocol ----------------------------------------------------------------------------

    async def wait_until_ready(self) -> None:
        await self.ready.wait()

    async def post_board(self, round: RoundView) -> int:
        await self._called("post_board")
        self.boards.append(round)
        return next(self._ids)

    async def edit_status(
        self,
        round: RoundView,
        message_id: int,
        standings: Sequence[Standing],
        names: Mapping[int, str],
        news: Mapping[int, News],
        ending: Ending | None = None,
    ) -> dict[int, tuple[int, int]]:
        await self._called("edit_status")
        shown = {p: News(list(n.accepted), list(n.refused)) for p, n in news.items()}
        self.edits.append(StatusEdit(message_id, list(standings), dict(names), shown, ending))
        await self._notify()
        return {p: (len(n.accepted), len(n.refused)) for p, n in news.items()}

    async def post_warning(self, channel_id: int, seconds_left: float, language: str) -> None:
        await self._called("post_warning")
        self.warnings.append((channel_id, seconds_left, language))
        await self._notify()

    async def react(self, message: ChatMessage, accepted: bool) -> None:
        await self._called("react")
        self.reactions.append((message, accepted))
        await self._notify()

    async def post_results(
        self, channel_id: int, report: ResultsReport, nonce: Callable[[int], str]
    ) -> None:
        call = ResultsPost(channel_id, report, nonce(0))
        self.results.append(call)
        await self._called("post_results")
        self.delivered.append(call)
        await self._notify()

    async def member_names(self, guild_id: int, players: Sequence[int]) -> dict[int, str]:
        self.asked_names.append(list(players))
        return {p: self.members[p] for p in players if p in self.members}

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()
