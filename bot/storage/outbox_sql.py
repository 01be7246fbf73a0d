"""The outbox's SQL (``bot.kernel.outbox``): posts owed, written with the fact that owes them
(``owe_in``, inside that fact's transaction), read a channel at a time, marked sent or given up.
A channel's posts may be claimed in that same transaction (``claim_channel_in``), for the process
that sends them next."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.kernel.outbox import Owed, Post
from bot.storage.database import Database, Session

OWE_SQL = (
    "INSERT INTO outbox (kind, guild_id, channel_id, payload, owed_at, due_at, tries)"
    " VALUES (?, ?, ?, ?, ?, ?, 0)"
)
_OWED = "sent_at IS NULL AND given_up IS NULL"
CHANNELS_SQL = f"SELECT DISTINCT guild_id, channel_id FROM outbox WHERE {_OWED} AND due_at <= ?"
CHANNEL_SQL = (
    "SELECT id, kind, guild_id, channel_id, payload, tries, due_at FROM outbox"
    f" WHERE channel_id = ? AND {_OWED} ORDER BY id"
)
CLAIM_SQL = f"UPDATE outbox SET due_at = ? WHERE id = ? AND due_at <= ? AND {_OWED}"
# A channel's owed posts, all claimed or none (one waits: the channel's sender takes them in turn).
CLAIM_CHANNEL_SQL = (
    f"UPDATE outbox SET due_at = ? WHERE channel_id = ? AND {_OWED} AND due_at <= ?"
    " AND NOT EXISTS (SELECT 1 FROM outbox AS o WHERE o.channel_id = ?"
    " AND o.sent_at IS NULL AND o.given_up IS NULL AND o.due_at > ?)"
    " RETURNING id, kind, guild_id, channel_id, payload, tries, due_at"
)
RELEASE_SQL = f"UPDATE outbox SET due_at = ? WHERE id = ? AND {_OWED}"
SENT_SQL = "UPDATE outbox SET sent_at = ? WHERE id = ?"
GIVEN_UP_SQL = "UPDATE outbox SET given_up = ?, sent_at = NULL, due_at = ? WHERE id = ?"
LATER_SQL = "UPDATE outbox SET tries = tries + 1, due_at = ? WHERE id = ?"
PRUNE_SQL = f"DELETE FROM outbox WHERE NOT ({_OWED}) AND owed_at < ?"


async def owe_in(session: Session, posts: Sequence[Owed], now: float) -> None:
    """Owe ``posts`` in the transaction ``session`` is in: kept if, and only if, it commits."""
    if posts:
        await session.executemany(
            OWE_SQL, [(p.kind, p.guild_id, p.channel_id, p.payload, now, now) for p in posts]
        )


async def claim_channel_in(
    session: Session, channel_id: int, now: float, until: float
) -> list[Post]:
    """In the transaction ``session`` is in (the one that owes the channel its newest posts):
    claim the channel's owed posts until ``until`` when every one is due at ``now`` (none
    waiting out a retry or claimed by a sender); those claimed, oldest first, as claimed (kept
    only if the transaction commits), else none. One statement: it runs where many finishes
    queue on one connection."""
    rows = await session.fetch(CLAIM_CHANNEL_SQL, until, channel_id, now, channel_id, now)
    return sorted((Post(**r) for r in rows), key=lambda post: post.id)


class OutboxSQL(Database, Protocol):
    """Posts owed, until they are out."""

    async def owe_posts(self, posts: Sequence[Owed], now: float) -> None:
        async with self._write() as session:
            await owe_in(session, posts, now)

    async def channels_owed(self, now: float) -> list[tuple[int, int]]:
        rows = await self._fetch(CHANNELS_SQL, now)
        return [(int(r["guild_id"]), int(r["channel_id"])) for r in rows]

    async def channel_posts(self, channel_id: int) -> list[Post]:
        return [Post(**r) for r in await self._fetch(CHANNEL_SQL, channel_id)]

    async def claim_post(self, post_id: int, now: float, until: float) -> bool:
        async with self._write() as session:
            return await session.execute(CLAIM_SQL, until, post_id, now) == 1

    async def release_post(self, post_id: int, now: float) -> None:
        async with self._write() as session:
            await session.execute(RELEASE_SQL, now, post_id)

    async def posts_sent(self, post_ids: Sequence[int], now: float) -> None:
        async with self._write() as session:
            await session.executemany(SENT_SQL, [(now, post_id) for post_id in post_ids])

    async def post_given_up(self, post_id: int, reason: str, now: float) -> None:
        async with self._write() as session:
            await session.execute(GIVEN_UP_SQL, reason, now, post_id)

    async def post_later(self, post_id: int, due_at: float) -> None:
        async with self._write() as session:
            await session.execute(LATER_SQL, due_at, post_id)

    async def prune_posts(self, before: float) -> int:
        async with self._write() as session:
            return await session.execute(PRUNE_SQL, before)
