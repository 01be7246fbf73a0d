"""The outbox on a stopped clock and an in-memory store: a channel's posts in order, one failing
post holding back only its own channel's later ones until its backoff passes, a post that can
never go given up once, and at start what was owed while the bot was down."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Sequence

from bot.kernel.backoff import Backoff
from bot.kernel.outbox import CLAIM, Outbox, Owed, Post, Undeliverable
from bot.kernel.scheduler import Scheduler
from tests.bot.harness import StoppedClock
from tests.bot.kernel.memory_outbox import MemoryOutboxStore

T0 = 1_000_000.0


class Channels:
    """A deliverer that records what it sent, failing as a test tells it to."""

    def __init__(self) -> None:
        self.sent: list[tuple[int, str]] = []
        self.failing: dict[str, Exception] = {}
        self.more = asyncio.Event()

    async def deliver(self, post: Post) -> None:
        self.more.set()
        failure = self.failing.get(post.payload)
        if failure is not None:
            raise failure
        self.sent.append((post.channel_id, post.payload))

    async def until(self, count: int) -> list[tuple[int, str]]:
        async with asyncio.timeout(2):
            while len(self.sent) < count:
                self.more.clear()
                await self.more.wait()
        return self.sent


def owed(channel: int, text: str, guild: int = 1) -> Owed:
    return Owed("note", guild, channel, text)


async def started(
    store: MemoryOutboxStore,
    channels: Channels,
    clock: StoppedClock,
    owns: frozenset[int] = frozenset({1, 2}),
) -> tuple[Outbox, Scheduler]:
    scheduler = Scheduler(clock)
    outbox = Outbox(store, scheduler, clock, lambda g: g in owns, Backoff(first=10, most=10))
    outbox.deliver_with({"note": channels.deliver})
    scheduler.start()
    outbox.start()
    return outbox, scheduler


async def test_posts_owed_while_down_go_at_start_each_channel_in_order() -> None:
    store, channels, clock = MemoryOutboxStore(), Channels(), StoppedClock(T0)
    await store.owe_posts([owed(10, "a1"), owed(20, "b1", guild=2), owed(10, "a2")], T0 - 5)
    outbox, scheduler = await started(store, channels, clock)
    sent = await channels.until(3)
    assert [s for s in sent if s[0] == 10] == [(10, "a1"), (10, "a2")]
    assert (20, "b1") in sent
    await scheduler.caught_up()
    assert await store.channel_posts(10) == [] and outbox.sent == 3
    await scheduler.close()


async def test_a_failing_post_holds_back_its_channel_only_until_its_retry() -> None:
    store, channels, clock = MemoryOutboxStore(), Channels(), StoppedClock(T0)
    outbox, scheduler = await started(store, channels, clock)
    channels.failing["a1"] = ConnectionError("503")
    await outbox.owe([owed(10, "a1"), owed(10, "a2"), owed(20, "b1", guild=2)])
    assert await channels.until(1) == [(20, "b1")]
    await scheduler.caught_up()
    (waiting, behind) = await store.channel_posts(10)
    assert (waiting.payload, waiting.tries, waiting.due_at) == ("a1", 1, T0 + 10)
    await outbox.owe([owed(10, "a3")])  # owed meanwhile: waits behind a1, in order
    await scheduler.caught_up()
    assert channels.sent == [(20, "b1")] and behind.payload == "a2"
    del channels.failing["a1"]
    clock.advance(10)
    assert await channels.until(4) == [(20, "b1"), (10, "a1"), (10, "a2"), (10, "a3")]
    await scheduler.close()


async def test_a_post_that_can_never_go_is_given_up_once() -> None:
    store, channels, clock = MemoryOutboxStore(), Channels(), StoppedClock(T0)
    outbox, scheduler = await started(store, channels, clock)
    channels.failing["gone"] = Undeliverable("Unknown Channel")
    await outbox.owe([owed(10, "gone"), owed(10, "next"), Owed("unknown kind", 1, 10, "?")])
    await channels.until(1)
    await scheduler.caught_up()
    assert channels.sent == [(10, "next")] and outbox.given_up == 2
    reasons = sorted(r.given_up or "" for r in store.rows.values() if r.given_up)
    assert reasons == ["Unknown Channel", "no deliverer for this kind"]
    clock.advance(3600)
    await scheduler.caught_up()
    assert channels.sent == [(10, "next")]  # never tried again
    await scheduler.close()


async def test_posts_of_servers_another_process_runs_are_left_to_it() -> None:
    store, channels, clock = MemoryOutboxStore(), Channels(), StoppedClock(T0)
    outbox, scheduler = await started(store, channels, clock, owns=frozenset({1}))
    await outbox.owe([owed(20, "theirs", guild=2), owed(10, "ours")])
    await channels.until(1)
    clock.advance(60)  # the regular look comes and goes
    await scheduler.caught_up()
    assert channels.sent == [(10, "ours")]
    assert [p.payload for p in await store.channel_posts(20)] == ["theirs"]
    await scheduler.close()


async def test_two_processes_owning_a_channel_send_its_post_once() -> None:
    """A shard being handed over: both processes look at the channel while one is sending."""
    store, clock = MemoryOutboxStore(), StoppedClock(T0)
    sending, release = asyncio.Event(), asyncio.Event()
    first_sent: list[str] = []

    async def slow(post: Post) -> None:
        sending.set()
        await release.wait()
        first_sent.append(post.payload)

    first, first_scheduler = await started(store, Channels(), clock)
    first.deliver_with({"note": slow})
    second_channels = Channels()
    second, second_scheduler = await started(store, second_channels, clock)
    await first.owe([owed(10, "a1")])
    await sending.wait()
    second.wake([(1, 10)])
    await second_scheduler.caught_up()
    release.set()
    await first_scheduler.caught_up()
    assert first_sent == ["a1"] and second_channels.sent == []
    assert await store.channel_posts(10) == []
    for scheduler in (first_scheduler, second_scheduler):
        await scheduler.close()


async def test_a_send_the_stop_cut_off_goes_in_the_stops_flush() -> None:
    """The scheduler closes first at a stop, cancelling a send under way: its post, claimed, is
    sent by the flush all the same (not left to wait out the claim until the next start)."""
    store, clock = MemoryOutboxStore(), StoppedClock(T0)
    sending, tries = asyncio.Event(), [0]
    channels = Channels()

    async def cut_then_sent(post: Post) -> None:
        tries[0] += 1
        if tries[0] == 1:
            sending.set()
            await asyncio.Event().wait()  # held until the stop cancels it
        await channels.deliver(post)

    outbox, scheduler = await started(store, channels, clock)
    outbox.deliver_with({"note": cut_then_sent})
    await outbox.owe([owed(10, "a1")])
    await sending.wait()
    await scheduler.close()
    await outbox.flush(timeout=2)
    assert channels.sent == [(10, "a1")] and await store.channel_posts(10) == []


class Counted(MemoryOutboxStore):
    """The in-memory store, counting the reads and claims of a channel's posts."""

    def __init__(self) -> None:
        super().__init__()
        self.reads = 0
        self.claims = 0

    async def channel_posts(self, channel_id: int) -> list[Post]:
        self.reads += 1
        return await super().channel_posts(channel_id)

    async def claim_post(self, post_id: int, now: float, until: float) -> bool:
        self.claims += 1
        return await super().claim_post(post_id, now, until)


async def claimed_with_their_fact(store: Counted, posts: list[Owed], until: float) -> list[Post]:
    """``posts`` owed and claimed as a fact's transaction does it (``claim_channel_in``)."""
    await store.owe_posts(posts, T0)
    taken = []
    for post in [
        p for c in sorted({p.channel_id for p in posts}) for p in await store.channel_posts(c)
    ]:
        assert await store.claim_post(post.id, T0, until)
        taken.append(dataclasses.replace(post, due_at=until))
    store.reads = store.claims = 0
    return taken


async def test_posts_claimed_with_their_fact_go_at_the_release_unread() -> None:
    """A round's results: claimed in its finish, held until its board's last status is out,
    then sent in order without a read or a claim; a post owed there meanwhile is read after."""
    store, channels, clock = Counted(), Channels(), StoppedClock(T0)
    outbox, scheduler = await started(store, channels, clock)
    await scheduler.caught_up()  # the look at start, over before anything is owed
    outbox.hold(10)
    outbox.take(await claimed_with_their_fact(store, [owed(10, "a1"), owed(10, "a2")], T0 + 5))
    await scheduler.caught_up()
    assert channels.sent == []
    outbox.release(10)
    assert await channels.until(2) == [(10, "a1"), (10, "a2")]
    await scheduler.caught_up()
    assert (store.reads, store.claims) == (0, 0) and await store.channel_posts(10) == []
    outbox.hold(10)
    outbox.take(await claimed_with_their_fact(store, [owed(10, "a3")], T0 + 5))
    await outbox.owe([owed(10, "a4")])  # owed meanwhile, outside the fact: read after a3
    outbox.release(10)
    assert await channels.until(4) == [(10, "a1"), (10, "a2"), (10, "a3"), (10, "a4")]
    await scheduler.caught_up()
    assert (store.reads, store.claims) == (1, 1) and outbox.sent == 4
    await scheduler.close()


async def test_posts_claimed_with_their_fact_but_held_too_long_wait_for_the_claim() -> None:
    """Held past half its claim, a post taken is not sent on it (the send could outlast it):
    it goes as any owed post once the claim ends, claimed again."""
    store, channels, clock = Counted(), Channels(), StoppedClock(T0)
    outbox, scheduler = await started(store, channels, clock)
    await scheduler.caught_up()  # the look at start, over before anything is owed
    outbox.hold(10)
    outbox.take(await claimed_with_their_fact(store, [owed(10, "a1")], T0 + 5))
    clock.advance(3)
    outbox.release(10)
    await scheduler.caught_up()
    assert channels.sent == []
    clock.advance(2)
    assert await channels.until(1) == [(10, "a1")]
    await scheduler.caught_up()
    assert store.claims == 1 and await store.channel_posts(10) == []
    await scheduler.close()


async def test_a_failing_post_claimed_with_its_fact_lets_the_next_go_after_it() -> None:
    """The first of two posts taken fails: it waits out its retry, the second's claim is
    let go, and both go in order at the retry."""
    store, channels, clock = Counted(), Channels(), StoppedClock(T0)
    outbox, scheduler = await started(store, channels, clock)
    await scheduler.caught_up()  # the look at start, over before anything is owed
    channels.failing["a1"] = ConnectionError("503")
    outbox.take(await claimed_with_their_fact(store, [owed(10, "a1"), owed(10, "a2")], T0 + 5))
    outbox.wake([(1, 10)])
    await scheduler.caught_up()
    waiting, behind = await store.channel_posts(10)
    assert (waiting.tries, waiting.due_at, behind.due_at) == (1, T0 + 10, T0)
    del channels.failing["a1"]
    clock.advance(10)
    assert await channels.until(2) == [(10, "a1"), (10, "a2")]
    await scheduler.close()


class Marked(MemoryOutboxStore):
    """The in-memory store, noting each transaction that marks posts sent; ``failing``: the
    next one fails."""

    def __init__(self) -> None:
        super().__init__()
        self.marks: list[list[int]] = []
        self.failing = False

    async def posts_sent(self, post_ids: Sequence[int], now: float) -> None:
        await asyncio.sleep(0)  # a transaction takes a turn of the loop at least
        if self.failing:
            self.failing = False
            raise ConnectionError("connection reset")
        self.marks.append(list(post_ids))
        await super().posts_sent(post_ids, now)


async def test_posts_sent_together_are_marked_in_one_transaction() -> None:
    """Fifty channels' results out at once cost a few marks, not fifty commits."""
    store, clock = Marked(), StoppedClock(T0)
    out, sent = asyncio.Event(), Channels()

    async def together(post: Post) -> None:
        await out.wait()
        await sent.deliver(post)

    outbox, scheduler = await started(store, sent, clock)
    outbox.deliver_with({"note": together})
    await outbox.owe([owed(10, "a1"), owed(20, "b1", guild=2), owed(30, "c1")])
    await asyncio.sleep(0.01)
    out.set()
    await sent.until(3)
    await scheduler.caught_up()
    assert store.marks == [[1, 2, 3]] and outbox.sent == 3
    await scheduler.close()


async def test_a_post_whose_mark_failed_goes_again_with_its_nonce() -> None:
    """Sent, but its mark lost: sent again once its claim ends, with the same nonce (the
    platform returns the first message), then marked."""
    store, channels, clock = Marked(), Channels(), StoppedClock(T0)
    nonces: list[str] = []

    async def noted(post: Post) -> None:
        nonces.append(post.nonce())
        await channels.deliver(post)

    outbox, scheduler = await started(store, channels, clock)
    outbox.deliver_with({"note": noted})
    await scheduler.caught_up()
    store.failing = True
    await outbox.owe([owed(10, "a1")])
    await channels.until(1)
    await scheduler.caught_up()
    assert store.marks == [] and len(await store.channel_posts(10)) == 1
    clock.advance(CLAIM)
    await channels.until(2)
    await scheduler.caught_up()
    assert nonces == ["b1.0", "b1.0"] and store.marks == [[1]]
    assert await store.channel_posts(10) == []
    await scheduler.close()
