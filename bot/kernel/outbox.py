"""The outbox: every post the bot owes a channel or a member, kept until it is out.

A feature owes a post (``Owed``) in the transaction that stores the fact owing it. Each channel's
posts are a scheduler job of their own: in order, one at a time, a failing one retried with
backoff while other channels go on. A post is claimed before it is sent and marked sent once the
platform took it; one sent but not marked (a crash between) goes again with the same nonce, which
returns the first message. One that can never go (``Undeliverable``) is given up, logged and
counted. Posts claimed for this process in the very transaction that owed them (``take``: a
round's results) go without a read or a claim of their own.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from bot.kernel.backoff import Backoff
from bot.kernel.gathered import Gathered
from bot.kernel.scheduler import Scheduler

log = logging.getLogger(__name__)

# Posts owed by another process for this one's servers (a shard handed over) are looked for this
# often; a post owed in this process is delivered at once.
LOOK_EVERY = 30.0
RETRY = Backoff(first=1.0, most=300.0)
# A post being sent is claimed this long: another process owning the channel (a shard being
# handed over) leaves it alone meanwhile; after a crash it goes again, with the same nonce. Short,
# as a restart waits it out; a send that outlasts it is still shown once (the nonce).
CLAIM = 5.0
SENT_KEPT_DAYS = 7.0  # sent and given-up posts are pruned after this long
PRUNE_EVERY = 3600.0


@dataclass(frozen=True)
class Owed:
    """A post owed: its kind (which deliverer sends it), where, and what it says (``payload``,
    JSON text: ``bot.kernel.codec.dumps`` of the feature's event)."""

    kind: str
    guild_id: int
    channel_id: int  # the order key: a channel's posts go in the order they were owed
    payload: str


@dataclass(frozen=True)
class Post:
    """An owed post as the outbox keeps it."""

    id: int
    kind: str
    guild_id: int
    channel_id: int
    payload: str
    tries: int
    due_at: float

    def nonce(self, part: int = 0) -> str:
        """The platform's nonce of the post's ``part``-th message: the same on every try, so a
        create repeated after a crash returns the first message."""
        return f"b{self.id}.{part}"


class Undeliverable(Exception):
    """The post can never go (the channel is gone, a permission is missing): given up."""


Deliver = Callable[[Post], Awaitable[None]]


class OutboxStore(Protocol):
    """What the outbox keeps (``bot/storage/outbox_sql.py`` on both engines)."""

    async def owe_posts(self, posts: Sequence[Owed], now: float) -> None:
        """Owe ``posts`` on their own (a fact's transaction owes its posts itself)."""

    async def channels_owed(self, now: float) -> list[tuple[int, int]]:
        """(guild, channel) of every post still owed whose time has come."""
        ...

    async def channel_posts(self, channel_id: int) -> list[Post]:
        """The channel's posts still owed, oldest first."""
        ...

    async def claim_post(self, post_id: int, now: float, until: float) -> bool:
        """Take the post, still owed and due at ``now``, for sending until ``until``; False
        when it is not (another process took it, or it went)."""
        ...

    async def release_post(self, post_id: int, now: float) -> None:
        """End this process's claim on a post it did not send: due again at ``now``."""

    async def posts_sent(self, post_ids: Sequence[int], now: float) -> None:
        """Mark posts sent, in one transaction."""

    async def post_given_up(self, post_id: int, reason: str, now: float) -> None: ...

    async def post_later(self, post_id: int, due_at: float) -> None:
        """Count a failed try and set the next one."""

    async def prune_posts(self, before: float) -> int:
        """Forget posts sent or given up before ``before``; how many."""
        ...


@dataclass(eq=False)
class Outbox:
    """Delivers owed posts through the deliverers the front end registers, kind by kind."""

    store: OutboxStore
    scheduler: Scheduler
    clock: Callable[[], float]
    owns: Callable[[int], bool]
    backoff: Backoff = RETRY
    deliverers: dict[str, Deliver] = field(init=False, default_factory=dict)
    given_up: int = field(init=False, default=0)  # posts given up since start (a metric)
    sent: int = field(init=False, default=0)
    _held: dict[int, int] = field(init=False, default_factory=dict)  # channel -> holds (``hold``)
    _claimed: set[int] = field(init=False, default_factory=set)  # claimed here, not finished
    _taken: dict[int, list[Post]] = field(init=False, default_factory=dict)  # channel -> ``take``
    _told: set[int] = field(init=False, default_factory=set)  # channels woken since their read
    _marks: Gathered[int, None] = field(init=False)  # posts sent: marked together (``posts_sent``)

    def __post_init__(self) -> None:
        self._marks = Gathered(lambda ids: self.store.posts_sent(ids, self.clock()))

    def deliver_with(self, kinds: Mapping[str, Deliver]) -> None:
        """The front end's way to send each kind of post."""
        self.deliverers.update(kinds)

    def start(self) -> None:
        """Look for what is owed now (what came due while the bot was down), and regularly;
        forget what went out long ago, hourly."""
        self.scheduler.at("outbox", self.clock(), self._look, looks=True)
        self.scheduler.at("outbox pruning", self.clock() + PRUNE_EVERY, self._prune)

    async def owe(self, posts: Sequence[Owed]) -> None:
        """Owe ``posts`` outside any fact's transaction, and send them."""
        await self.store.owe_posts(posts, self.clock())
        self.owed(posts)

    def owed(self, posts: Sequence[Owed]) -> None:
        """``posts`` were owed in a fact's transaction: send them now (their channels' jobs)."""
        self.wake((post.guild_id, post.channel_id) for post in posts)

    def wake(self, places: Iterable[tuple[int, int]]) -> None:
        """Send what the channels (guild, channel) are owed now, this process's among them:
        posts another process owed them a moment ago."""
        for guild_id, channel_id in places:
            if self.owns(guild_id):
                self._told.add(channel_id)
                self._send_now(channel_id)

    def take(self, posts: Sequence[Post]) -> None:
        """``posts`` were claimed for this process (until their ``due_at``) in the transaction that
        owed them, each channel's in order and none of its older ones left: they go at their
        channel's next delivery (``release``, ``wake``) without a read or a claim of their own,
        while half their claim is left; past that, as any other owed post."""
        for post in posts:
            self._taken.setdefault(post.channel_id, []).append(post)
            self._claimed.add(post.id)

    async def flush(self, timeout: float) -> None:
        """Deliver what is owed now, for ``timeout`` seconds at most (at a stop, once the
        scheduler is closed: the results of the rounds that have just ended); what is left
        goes after the next start."""
        self._held.clear()
        self._taken.clear()  # their claims are released below: read and claimed again
        await self._release_claims()  # sends the closed scheduler cut off go again now
        owed = await self.store.channels_owed(self.clock())
        channels = [channel for guild, channel in owed if self.owns(guild)]
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                done = await asyncio.gather(
                    *(self._deliver(c) for c in channels), return_exceptions=True
                )
                for failure in (d for d in done if isinstance(d, BaseException)):
                    log.warning("owed posts not delivered at the stop: %r", failure)
        await self._release_claims()  # the next start need not wait out our claims

    async def _release_claims(self) -> None:
        for post_id in sorted(self._claimed):
            await self.store.release_post(post_id, self.clock())
        self._claimed.clear()

    def hold(self, channel_id: int) -> None:
        """Keep the channel's posts back until ``release``: what this process shows there first
        (a round's final status before its results) is under way."""
        self._held[channel_id] = self._held.get(channel_id, 0) + 1

    def release(self, channel_id: int) -> None:
        """The channel's posts may go (now)."""
        left = self._held.get(channel_id, 0) - 1
        if left > 0:
            self._held[channel_id] = left
            return
        self._held.pop(channel_id, None)
        self._send_now(channel_id)

    def _send_now(self, channel_id: int) -> None:
        self.scheduler.at(
            _job(channel_id), self.clock(), lambda: self._deliver(channel_id), earliest=True
        )

    async def _look(self) -> float:
        now = self.clock()
        # within a claim's span: a post claimed by a process that died goes when its claim ends
        for guild_id, channel_id in await self.store.channels_owed(now + CLAIM):
            if self.owns(guild_id) and self.scheduler.when(_job(channel_id)) is None:
                self._told.add(channel_id)
                self._send_now(channel_id)
        return now + LOOK_EVERY

    async def _deliver(self, channel_id: int) -> float | None:
        """The channel's owed posts in order; the instant of the next try when one must wait."""
        if channel_id in self._held:
            return None  # ``release`` sends them
        taken = self._taken.pop(channel_id, None)
        if taken:
            due = await self._send_taken(taken)
            if due is not None or channel_id not in self._told:
                return due  # nothing owed since the claim: no read
        self._told.discard(channel_id)
        for post in await self.store.channel_posts(channel_id):
            if not self.owns(post.guild_id):
                return None  # the shard moved: its new process delivers
            if post.due_at > self.clock():
                return post.due_at  # waiting out its backoff: the later ones wait behind it
            now = self.clock()
            if not await self.store.claim_post(post.id, now, now + CLAIM):
                return now + CLAIM  # another process is sending it
            self._claimed.add(post.id)
            due = await self._send(post)
            if due is not None:
                return due
        return None

    async def _send_taken(self, posts: list[Post]) -> float | None:
        """Posts claimed in the transaction that owed them (``take``), in order; the instant of
        the next try when one must wait."""
        for index, post in enumerate(posts):
            left = posts[index:]
            if not self.owns(post.guild_id):
                self._claimed.difference_update(p.id for p in left)
                return None  # the shard moved: its new process delivers once the claims end
            if self.clock() > post.due_at - CLAIM / 2:  # held too long: claimed again, as owed
                self._claimed.difference_update(p.id for p in left)
                return post.due_at
            due = await self._send(post)
            if due is not None:  # the later ones go after it, claimed again then
                for later in left[1:]:
                    await self.store.release_post(later.id, self.clock())
                    self._claimed.discard(later.id)
                return due
        return None

    async def _send(self, post: Post) -> float | None:
        """Deliver a post this process claimed and mark it; the instant of its next try when it
        failed (None: sent or given up)."""
        deliver = self.deliverers.get(post.kind)
        if deliver is None:
            self._claimed.discard(post.id)
            await self._give_up(post, "no deliverer for this kind")
            return None
        try:
            await deliver(post)
        except Undeliverable as exc:
            self._claimed.discard(post.id)
            await self._give_up(post, str(exc) or type(exc).__name__)
            return None
        except Exception as exc:
            due = self.clock() + self.backoff.delay(post.tries)
            log.warning(
                "post %s (%s) to %s not out yet (%s); again in %.1f s",
                post.id,
                post.kind,
                post.channel_id,
                exc,
                due - self.clock(),
            )
            self._claimed.discard(post.id)
            await self.store.post_later(post.id, due)
            return due
        self._claimed.discard(post.id)
        await self._marks.add(post.id)  # with the posts other channels sent meanwhile
        self.sent += 1
        return None

    async def _give_up(self, post: Post, reason: str) -> None:
        log.warning("post %s (%s) to %s given up: %s", post.id, post.kind, post.channel_id, reason)
        self.given_up += 1
        await self.store.post_given_up(post.id, reason[:200], self.clock())

    async def _prune(self) -> float:
        await self.store.prune_posts(self.clock() - SENT_KEPT_DAYS * 86_400)
        return self.clock() + PRUNE_EVERY


def _job(channel_id: int) -> str:
    return f"outbox {channel_id}"
