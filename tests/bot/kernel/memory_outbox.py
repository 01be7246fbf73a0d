"""The outbox's store in memory, held to ``OutboxStore`` by ``test_outbox_store.py``."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.kernel.outbox import Outbox, OutboxStore, Owed, Post
from bot.kernel.scheduler import Scheduler


@dataclass
class _Row:
    owed: Owed
    owed_at: float
    due_at: float
    tries: int = 0
    sent_at: float | None = None
    given_up: str | None = None

    @property
    def open(self) -> bool:
        return self.sent_at is None and self.given_up is None


class MemoryOutboxStore:
    def __init__(self) -> None:
        self.rows: dict[int, _Row] = {}

    async def owe_posts(self, posts: Sequence[Owed], now: float) -> None:
        for post in posts:
            self.rows[len(self.rows) + 1] = _Row(post, now, now)

    async def channels_owed(self, now: float) -> list[tuple[int, int]]:
        found = {(r.owed.guild_id, r.owed.channel_id) for r in self.rows.values() if r.open}
        return sorted(
            (g, c)
            for g, c in found
            if any(r.open and r.due_at <= now for r in self.rows.values() if r.owed.channel_id == c)
        )

    async def channel_posts(self, channel_id: int) -> list[Post]:
        return [
            Post(i, r.owed.kind, r.owed.guild_id, channel_id, r.owed.payload, r.tries, r.due_at)
            for i, r in sorted(self.rows.items())
            if r.open and r.owed.channel_id == channel_id
        ]

    async def claim_post(self, post_id: int, now: float, until: float) -> bool:
        row = self.rows[post_id]
        if not row.open or row.due_at > now:
            return False
        row.due_at = until
        return True

    async def release_post(self, post_id: int, now: float) -> None:
        if self.rows[post_id].open:
            self.rows[post_id].due_at = now

    async def posts_sent(self, post_ids: Sequence[int], now: float) -> None:
        for post_id in post_ids:
            self.rows[post_id].sent_at = now

    async def post_given_up(self, post_id: int, reason: str, now: float) -> None:
        self.rows[post_id].given_up, self.rows[post_id].due_at = reason, now

    async def post_later(self, post_id: int, due_at: float) -> None:
        self.rows[post_id].tries += 1
        self.rows[post_id].due_at = due_at

    async def prune_posts(self, before: float) -> int:
        old = [i for i, r in self.rows.items() if not r.open and r.owed_at < before]
        for i in old:
            del self.rows[i]
        return len(old)


def outbox_kept(store: OutboxStore, clock: Callable[[], float] = time.time) -> Outbox:
    """An outbox that keeps what is owed in ``store`` and sends nothing (its scheduler is never
    started): for a service's tests that read what it owes, or do not care."""
    return Outbox(store, Scheduler(clock), clock, lambda guild: True)
