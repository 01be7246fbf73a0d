"""The end-of-day post of the daily board, decided here and sent by a front end: after a server's
day ends (its time zone), its daily channel gets the day's board, the server's ranking (fair
results only) and the words nobody there found, once per (server, date, language) across
restarts and processes.

A day is posted once its midnight is ``DAILY_POST_DELAY`` behind (an attempt opened at 23:59
plays until 00:02), and first the server's attempts of that day still unfinished past their
deadline are finished through ``DailyService.finish`` (scored, flagged, their players told), so
the ranking is whole even when the process whose timer held them is gone; while one of them
still runs, the server's post waits for the next pass.

A job of the process's scheduler posts what is due, then sets itself for the next instant a post
comes due (the earliest next day's end, or a running attempt's deadline), and sooner when a
server's time zone or daily channel changes; a server is posted for only by the process that
owns its shard. A post goes out at most once, whatever dies when: its content
is read first, then it is taken in the database (once for good: ``take_daily_post``), then sent;
a send that certainly did not go out is released to be tried again, and a process that dies
between the take and the send loses that one post rather than doubling it (nothing written
before a send can say whether the send happened). The players' results are in the database
either way.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Protocol
from zoneinfo import ZoneInfo

from bot.daily.model import BattleDayPlace, DailyAttempt, DailyChannel, DailyRanked
from bot.daily.service import DailyService
from bot.daily.store import DailyPostStore
from bot.kernel.scheduler import Scheduler
from bot.server_settings.events import ServerTimesChanged
from core.daily import DAILY_POST_DELAY, DailyBoard
from core.days import day_end, last_ended_day

log = logging.getLogger(__name__)

JOB = "daily posts"
RETRY = 30.0  # a post held back by an attempt not finished, or not sent


@dataclass(frozen=True)
class DailyPost:
    """One server's post of one ended day in one language, ready to show."""

    guild_id: int
    channel_id: int
    board: DailyBoard
    ranking: Sequence[DailyRanked]
    missed: Sequence[str]
    language: str  # the server's, which the post is written in
    spellings: Mapping[str, str] = field(default_factory=dict)  # words shown otherwise ("été")
    battle: BattleDayPlace | None = None  # the server's place in the day's battle table

    def spelled(self, word: str) -> str:
        return self.spellings.get(word, word)


# A server's place in a day's battle table, in a language (None: it takes no part).
BattlePlaces = Callable[[int, str, date], Awaitable[BattleDayPlace | None]]


class DailyPostSender(Protocol):
    async def wait_until_ready(self) -> None: ...

    async def send_daily_post(self, post: DailyPost) -> bool:
        """Show the post; False only when it certainly did not go out (to be tried again);
        True once it may have (a platform that timed out may still have posted it)."""
        ...


class DailyPoster:
    """Posts each owned server's ended day in its daily channel, once."""

    def __init__(
        self,
        store: DailyPostStore,
        daily: DailyService,
        sender: DailyPostSender,
        clock: Callable[[], float],
        owns: Callable[[int], bool],
        scheduler: Scheduler,
        battles: BattlePlaces | None = None,
    ) -> None:
        self.store = store
        self.battles = battles
        self.daily = daily
        self.sender = sender
        self.clock = clock
        self.owns = owns
        self.scheduler = scheduler
        daily.server_settings.events.subscribe(ServerTimesChanged, lambda _: self.start())

    def start(self) -> None:
        """Post what is due now (once the front end is ready), then at each next day's end."""
        self.scheduler.at(JOB, self.clock(), self._step, looks=True)

    async def _step(self) -> float:
        await self.sender.wait_until_ready()
        return (await self._pass())[1]

    async def post_due(self) -> int:
        """One pass: post every ended day not posted yet; the number posted."""
        return (await self._pass())[0]

    async def _pass(self) -> tuple[int, float]:
        """One pass: the number posted, and the earliest instant a post comes due next."""
        store = self.store
        posted = 0
        unfinished: list[DailyAttempt] | None = None  # read once a pass, if a server is owned
        now = self.clock()
        following = now + 86400.0  # no daily channel: nothing before a change says so
        for server in await store.daily_channels():
            if not self.owns(server.guild_id):
                continue
            zone = ZoneInfo(server.timezone) if server.timezone else datetime.UTC
            day = last_ended_day(now, zone, DAILY_POST_DELAY)
            tomorrow = day_end(day + datetime.timedelta(days=1), zone) + DAILY_POST_DELAY
            following = min(following, tomorrow)
            if unfinished is None:
                unfinished = await store.unfinished_daily_attempts()
            waits = await self._finish_day(server.guild_id, day, unfinished)
            if waits is not None:
                following = min(following, waits)
                continue
            for language in await store.due_daily_posts(server.guild_id, day):
                post = await self._post(server, day, language)  # a failed read takes nothing
                if not await store.take_daily_post(server.guild_id, day, language, self.clock()):
                    continue  # another process took it
                if await self.sender.send_daily_post(post):
                    await store.mark_daily_posted(server.guild_id, day, language, self.clock())
                    posted += 1
                else:
                    await store.release_daily_post(server.guild_id, day, language)
                    following = min(following, self.clock() + RETRY)
        return posted, following

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
        battle = None
        if self.battles is not None:
            battle = await self.battles(server.guild_id, language, day)
        return DailyPost(
            server.guild_id, server.channel_id, board, ranking, missed, spoken, spellings, battle
        )
