"""What the stand-in saw: every REST call and, per channel, what a user would see.

Tests assert on these records instead of on the bot's internals; ``Changes`` lets them wait
for a record to appear instead of sleeping.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from standin.codes import MessageFlag
from standin.entities import StoredMessage
from standin.state import World

T = TypeVar("T")


class Changes:
    """A broadcast "something changed" signal; waiters re-check their predicate on each change."""

    def __init__(self) -> None:
        self._event = asyncio.Event()

    def notify(self) -> None:
        self._event.set()
        self._event = asyncio.Event()

    async def wait_until(self, check: Callable[[], T | None], timeout: float, what: str = "") -> T:
        """Return ``check()`` once it is truthy; raise TimeoutError after ``timeout`` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = check()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {timeout}s waiting for {what or check}")
            # Woken by the stand-in's own changes; the short cap also catches predicates on
            # state the stand-in does not see change (the client's side).
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._event.wait(), min(remaining, 0.05))


@dataclass
class ApiCall:
    """One REST request as received, with the answer given."""

    method: str
    route: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[tuple[str, bytes]] = field(default_factory=list)
    status: int = 0
    at: float = field(default_factory=time.monotonic)  # when it was received

    def __str__(self) -> str:
        return f"{self.method} {self.route} -> {self.status}"


@dataclass
class TranscriptEntry:
    """One thing a person in the channel would notice.

    ``kind`` is "message", "edit", "delete", "reaction" or "unreaction". Message fields are a
    snapshot at that moment. ``visible_to`` is the only user who sees an ephemeral message.
    """

    kind: str
    channel_id: int
    message_id: int
    author_id: int
    author_name: str
    content: str
    embeds: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[tuple[str, bytes]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    ephemeral: bool = False
    visible_to: int | None = None
    loading: bool = False
    emoji: str | None = None
    reactor_id: int | None = None
    reactor_name: str | None = None
    reply_to: int | None = None
    interaction_user_id: int | None = None
    by_bot: bool = False


class Recorder:
    """Holds API calls, unknown routes and transcripts; tells listeners about new entries."""

    def __init__(self, world: World, changes: Changes) -> None:
        self.world = world
        self.changes = changes
        self.calls: list[ApiCall] = []
        self.unknown_routes: list[ApiCall] = []
        self.transcripts: dict[int, list[TranscriptEntry]] = {}
        self.listeners: list[Callable[[TranscriptEntry], None]] = []

    @property
    def api_call_count(self) -> int:
        return len(self.calls)

    def record_call(self, call: ApiCall) -> None:
        self.calls.append(call)
        self.changes.notify()

    def record(
        self,
        kind: str,
        message: StoredMessage,
        *,
        emoji: str | None = None,
        reactor_id: int | None = None,
    ) -> TranscriptEntry:
        """Append a snapshot of ``message`` to its channel's transcript and tell listeners."""
        entry = self.snapshot(kind, message)
        if reactor_id is not None:
            entry.emoji, entry.reactor_id = emoji, reactor_id
            entry.reactor_name = self.world.display_name(reactor_id, message.guild_id)
        self.transcripts.setdefault(message.channel_id, []).append(entry)
        for listener in list(self.listeners):
            listener(entry)
        self.changes.notify()
        return entry

    def snapshot(self, kind: str, message: StoredMessage) -> TranscriptEntry:
        """``message`` as people in its channel see it now."""
        return TranscriptEntry(
            kind=kind,
            channel_id=message.channel_id,
            message_id=message.id,
            author_id=message.author.id,
            author_name=self.world.display_name(message.author.id, message.guild_id),
            content=message.content,
            embeds=[dict(e) for e in message.embeds],
            attachments=[(a.filename, a.data) for a in message.attachments],
            components=list(message.components),
            ephemeral=message.ephemeral,
            visible_to=message.ephemeral_for,
            loading=bool(message.flags & MessageFlag.LOADING),
            reply_to=message.reference_id,
            interaction_user_id=message.interaction_user_id,
            by_bot=message.author.id == self.world.bot.id,
        )
