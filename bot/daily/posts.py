"""The end-of-day post of the daily board, owed here and sent by a front end through the
outbox: after a server's day ends (its time zone), its daily channel gets the day's board, the
server's ranking (fair results only), the words nobody there found and the server's place in the
day's server battle, once per (server, date, language) across restarts and processes.

A day is posted once its midnight is ``DAILY_POST_DELAY`` behind (an attempt opened at 23:59
plays until 00:02), and first the server's attempts of that day still unfinished past their
deadline are finished through ``DailyService.finish`` (scored, flagged, their players told), so
the ranking is whole even when the process whose timer held them is gone; while one of them
still runs, the server's post waits for the next pass.

A job of the process's scheduler owes what is due (the day's end is the fact that owes a post),
then sets itself for the next instant a post comes due (the earliest next day's end, or a
running attempt's deadline), and sooner when a server's time zone or daily channel changes; a
server is posted for only by the process that owns its shard. The post's content is read first,
then one transaction claims the day (``daily_posts``: the database's key lets one process, once,
ever) and owes the post on the outbox (``DAILY_POST``), which sends it: each channel on its own,
in order, a failing one retried with backoff while the others go on, a send repeated after a
crash with the same nonce (so it appears once). A server whose reads fail is looked at again
``RETRY`` later; the others are owed meanwhile.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from zoneinfo import ZoneInfo

from bot.daily.model import DailyAttempt, DailyChannel, DailyRanked
from bot.daily.service import DailyService
from bot.daily.store import DailyPostStore
from bot.kernel import codec
from bot.kernel.outbox import Outbox, Owed, Post
from bot.kernel.scheduler import Scheduler
from bot.server_settings.events import ServerTimesChanged
from core.battles import BattlePlace
from core.board import Board
from core.daily import DAILY_POST_DELAY
from core.days import day_end, last_ended_day

log = logging.getLogger(__name__)

JOB = "daily posts"
DAILY_POST = "daily post"  # the outbox's kind
RETRY = 30.0  # a server held back by an attempt not finished, or a read that failed


@dataclass(frozen=True)
class DailyPost:
    """One server's post of one ended day in one language, as it was at the day's end (what
    the outbox keeps until it is out)."""

    guild_id: int
    channel_id: int
    day: str  # the ended day, ISO
    number: int  # the board's
    board_language: str
    board: Board
    ranking: tuple[DailyRanked, ...]
    missed: tuple[str, ...]
    language: str  # the server's, which the post is written in
    spellings: Mapping[str, str] = field(default_factory=dict)  # words shown otherwise ("été")
    battle: BattlePlace | None = None  # the server's place in the day's battle table

    def spelled(self, word: str) -> str:
        return self.spellings.get(word, word)


# A server's place in a day's battle table, in a language (None: it takes no part).
BattlePlaces = Callable[[int, str, date], Awaitable[BattlePlace | None]]
# The front end's way to show a post: the post and its message's nonce (the same on every try).
PostSender = Callable[[DailyPost, str], Awaitable[None]]


@dataclass(eq=False)
class DailyPoster:
    """Owes each owned server's ended day to its daily channel, once."""

    store: DailyPostStore
    daily: DailyService
    outbox: Outbox
    clock: Callable[[], float]
    owns: Callable[[int], bool]
    scheduler: Scheduler
    battles: BattlePlaces | None = None

    def __post_init__(self) -> None:
        self.daily.server_settings.events.subscribe(ServerTimesChanged, lambda _: self.start())

    def posts_sent_by(self, send: PostSender) -> None:
        """The front end's way to show an end-of-day post (the outbox calls it until it is out,
        with the same nonce each time)."""

        async def deliver(post: Post) -> None:
            await send(codec.loads(DailyPost, post.payload), post.nonce(0))

        self.outbox.deliver_with({DAILY_POST: deliver})

    def start(self) -> None:
        """Owe what is due now, then at each next day's end."""
        self.scheduler.at(JOB, self.clock(), self._step, looks=True)

    async def _step(self) -> float:
        return (await self._pass())[1]

    async def post_due(self) -> int:
        """One pass: owe every ended day not owed yet; the number owed."""
        return (await self._pass())[0]

    async def _pass(self) -> tuple[int, float]:
        """One pass: the number owed, and the earliest instant a post comes due next. A server
        that fails (a read, an attempt's finish) is looked at again ``RETRY`` later, alone."""
        owed = 0
        unfinished: list[DailyAttempt] | None = None  # read once a pass, if a server is owned
        now = self.clock()
        following = now + 86400.0  # no daily channel: nothing before a change says so
        for server in await self.store.daily_channels():
            if not self.owns(server.guild_id):
                continue
            zone = ZoneInfo(server.timezone) if server.timezone else datetime.UTC
            day = last_ended_day(now, zone, DAILY_POST_DELAY)
            tomorrow = day_end(day + datetime.timedelta(days=1), zone) + DAILY_POST_DELAY
            following = min(following, tomorrow)
            try:
                if unfinished is None:
                    unfinished = await self.store.unfinished_daily_attempts()
                waits = await self._finish_day(server.guild_id, day, unfinished)
                if waits is not None:
                    following = min(following, waits)
                    continue
                owed += await self._owe_day(server, day)
            except Exception:  # this server waits; the others go on
                log.exception("daily post of server %d: not owed yet", server.guild_id)
                following = min(following, self.clock() + RETRY)
        return owed, following

    async def _owe_day(self, server: DailyChannel, day: date) -> int:
        """Owe the server's posts of ``day`` (a language each) nobody has owed; how many."""
        owed = 0
        for language in await self.store.due_daily_posts(server.guild_id, day):
            post = await self._post(server, day, language)  # a failed read owes nothing
            posts = [Owed(DAILY_POST, server.guild_id, server.channel_id, codec.dumps(post))]
            store = self.store
            if await store.owe_daily_post(server.guild_id, day, language, self.clock(), posts):
                self.outbox.owed(posts)
                owed += 1
        return owed

    async def _finish_day(
        self, guild_id: int, day: date, unfinished: list[DailyAttempt]
    ) -> float | None:
        """Finish the server's attempts of ``day`` that are past their deadline; while one of
        them still runs (or could not be finished), the instant to look again (the post waits)."""
        now = self.clock()
        waits: float | None = None
        for attempt in unfinished:
            if attempt.guild_id != guild_id or attempt.date != day:
                continue
            if now < attempt.deadline:
                waits = min(waits or attempt.deadline, attempt.deadline)
                continue
            try:
                await self.daily.finish(attempt.id)
            except Exception:  # this server waits for the next pass; the others go on
                log.exception("daily attempt %d: not finished before its post", attempt.id)
                waits = min(waits or now + RETRY, now + RETRY)
        return waits

    async def _post(self, server: DailyChannel, day: date, language: str) -> DailyPost:
        store = self.store
        board = await self.daily.board(day, language)
        ranking = await store.daily_ranking(server.guild_id, language, day)
        found = await store.daily_found_words(server.guild_id, language, day)
        spoken = await self.daily.server_settings.language(server.guild_id)
        missed = [w for w in board.words if w not in found]
        lexicon = await self.daily.lexicons.get(language)
        spellings = lexicon.respelled(missed)
        battles = self.battles
        battle = None if battles is None else await battles(server.guild_id, language, day)
        return DailyPost(
            server.guild_id,
            server.channel_id,
            day.isoformat(),
            board.number,
            board.language,
            board.board,
            tuple(ranking),
            tuple(missed),
            spoken,
            dict(spellings),
            battle,
        )
