"""``OutboxStore`` held to its Protocol: the same assertions on SQLite, on PostgreSQL and on the
in-memory store the outbox's own tests run on."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.kernel.outbox import OutboxStore, Owed
from bot.storage.outbox_sql import claim_channel_in, owe_in
from tests.bot.kernel.memory_outbox import MemoryOutboxStore
from tests.stores import ENGINES, STORES, engine_storage

T0 = 1_000_000.0


@pytest.fixture(params=STORES)
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[OutboxStore]:
    if request.param == "memory":
        yield MemoryOutboxStore()
        return
    async with engine_storage(request.param, tmp_path) as storage:
        yield storage


def owed(channel: int, text: str, guild: int = 1) -> Owed:
    return Owed("note", guild, channel, f'{{"text": "{text}"}}')


async def test_a_channels_posts_come_in_the_order_they_were_owed(store: OutboxStore) -> None:
    await store.owe_posts([owed(10, "a"), owed(20, "x", guild=2)], T0)
    await store.owe_posts([owed(10, "b")], T0 + 1)
    posts = await store.channel_posts(10)
    assert [p.payload for p in posts] == ['{"text": "a"}', '{"text": "b"}']
    assert [(p.kind, p.guild_id, p.tries, p.due_at) for p in posts] == [
        ("note", 1, 0, T0),
        ("note", 1, 0, T0 + 1),
    ]
    assert posts[0].id < posts[1].id and posts[0].nonce(1) == f"b{posts[0].id}.1"
    assert await store.channels_owed(T0 + 1) == [(1, 10), (2, 20)]


async def test_sent_given_up_and_later(store: OutboxStore) -> None:
    await store.owe_posts([owed(10, "a"), owed(10, "b"), owed(10, "c")], T0)
    a, b, c = await store.channel_posts(10)
    await store.posts_sent([a.id], T0 + 1)
    await store.post_given_up(b.id, "Missing Access", T0 + 1)
    await store.post_later(c.id, T0 + 30)
    (left,) = await store.channel_posts(10)
    assert (left.id, left.tries, left.due_at) == (c.id, 1, T0 + 30)
    assert await store.channels_owed(T0 + 29) == []
    assert await store.channels_owed(T0 + 30) == [(1, 10)]
    # Only what is done is pruned, and only what was owed before the instant given.
    assert await store.prune_posts(T0) == 0
    assert await store.prune_posts(T0 + 1) == 2
    assert [p.id for p in await store.channel_posts(10)] == [c.id]


async def test_a_post_is_claimed_by_one_sender_until_its_claim_ends(store: OutboxStore) -> None:
    await store.owe_posts([owed(10, "a")], T0)
    (post,) = await store.channel_posts(10)
    assert await store.claim_post(post.id, T0, T0 + 10)
    assert not await store.claim_post(post.id, T0 + 9, T0 + 19)  # another sender, meanwhile
    (claimed,) = await store.channel_posts(10)
    assert claimed.due_at == T0 + 10
    assert await store.claim_post(post.id, T0 + 10, T0 + 20)  # its sender died: taken again
    await store.release_post(post.id, T0 + 12)  # its sender stopped without sending it
    assert await store.channels_owed(T0 + 12) == [(1, 10)]
    assert await store.claim_post(post.id, T0 + 12, T0 + 22)
    await store.posts_sent([post.id], T0 + 13)
    await store.release_post(post.id, T0 + 14)  # sent: stays sent
    assert not await store.claim_post(post.id, T0 + 30, T0 + 40)
    assert await store.channel_posts(10) == []


@pytest.mark.parametrize("engine", ENGINES)
async def test_a_channels_posts_are_claimed_in_the_transaction_owing_them(
    engine: str, tmp_path: Path
) -> None:
    """``claim_channel_in``: every owed post of the channel, the older ones first, claimed with
    the fact that owes the newest; none while one of them waits, and none if the fact fails."""
    async with engine_storage(engine, tmp_path) as storage:
        await storage.owe_posts([owed(10, "a")], T0)
        async with storage._write() as session:
            await owe_in(session, [owed(10, "b"), owed(20, "x", guild=2)], T0 + 1)
            claimed = await claim_channel_in(session, 10, T0 + 1, T0 + 6)
        assert [p.payload for p in claimed] == ['{"text": "a"}', '{"text": "b"}']
        assert await storage.channel_posts(10) == claimed
        assert {p.due_at for p in claimed} == {T0 + 6}
        assert not await storage.claim_post(claimed[0].id, T0 + 5, T0 + 10)
        await storage.post_later(claimed[0].id, T0 + 60)  # a waits out a retry: b behind it
        async with storage._write() as session:
            await owe_in(session, [owed(10, "c")], T0 + 7)
            assert await claim_channel_in(session, 10, T0 + 7, T0 + 12) == []
        assert [p.due_at for p in await storage.channel_posts(10)] == [T0 + 60, T0 + 6, T0 + 7]
        with pytest.raises(RuntimeError):
            async with storage._write() as session:
                assert await claim_channel_in(session, 20, T0 + 8, T0 + 13)
                raise RuntimeError("the fact is not stored")
        (x,) = await storage.channel_posts(20)
        assert x.due_at == T0 + 1 and await storage.claim_post(x.id, T0 + 8, T0 + 13)
