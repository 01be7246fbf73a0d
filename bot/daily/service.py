"""The daily board's service: opening a player's attempt, judging its guesses, finishing it.

No Discord and no web: every front end calls the same use cases and hears of finishes as
``DailyAttemptEnded`` on the event bus. The database holds what must hold across processes (one
attempt a day, no guess from the deadline on, one finish); each armed attempt is a scheduler job
at its deadline, so it ends then (after a restart too) even when its player says nothing.
Guesses are judged by core's rules and stored before they are answered.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field, replace
from datetime import date, tzinfo
from typing import Protocol

from bot.daily.events import DailyAttemptEnded, DailyFinished
from bot.daily.model import DailyAttempt, DailyGuess, DailyOpening
from bot.daily.store import DailyStore
from bot.i18n.languages import LANGUAGE_CODES, language_name
from bot.i18n.phrase import Phrase
from bot.kernel.bounded import Bounded
from bot.kernel.events import EventBus
from bot.kernel.refusal import Refusal
from bot.kernel.scheduler import Scheduler
from bot.server_settings.model import ServerSettings
from bot.server_settings.service import ServerSettingsService, zone_named
from core.board import Board
from core.commonness import missed_order
from core.daily import DAILY_RULES, DailyBoard, ShareSummary, daily_board, share_summary
from core.days import local_date
from core.languages import language as language_named
from core.lexicon import Lexicon, LexiconError
from core.round import Judgement, Round, Verdict
from core.solver import solve
from core.streaks import Streak, streak

log = logging.getLogger(__name__)

BOARDS_KEPT = 8  # rolled boards kept (a few languages, today and yesterday)
MISSED_SHOWN = 15  # missed words a result lists, most common first


class LexiconSource(Protocol):
    """Where the service gets a language's lexicon (the bot's ``Lexicons``: loaded on first use)."""

    async def get(self, code: str) -> Lexicon: ...

    async def from_cache(self, code: str) -> Lexicon | None: ...


@dataclass(frozen=True)
class DailyState:
    """An attempt as its player sees it: the board, the guesses so far and, once finished, the
    result (``result`` None while it runs)."""

    attempt: DailyAttempt
    board: DailyBoard
    guesses: tuple[DailyGuess, ...]
    result: DailyResult | None = None
    spellings: Mapping[str, str] = field(default_factory=dict)  # words shown otherwise ("été")

    def spelled(self, word: str) -> str:
        return self.spellings.get(word, word)

    @property
    def points(self) -> int:
        return sum(g.points for g in self.guesses if g.verdict is Verdict.ACCEPTED)


@dataclass(frozen=True)
class DailyResult:
    """A finished attempt: its summary to share (no words), the streak, the missed words (with
    their points) most common first as everywhere (``core.commonness.missed_order``: known words
    teach first; at most ``MISSED_SHOWN``) and how many were missed in all."""

    summary: ShareSummary
    streak: Streak
    flagged: bool
    missed: tuple[tuple[str, int], ...]
    missed_total: int


@dataclass(frozen=True)
class Opened:
    """What ``/daily`` found: the player's attempt today, and whether it existed already."""

    state: DailyState
    existed: bool


@dataclass(frozen=True)
class Guessed:
    """A guess's answer: the verdicts (none when the words held nothing to judge) and the attempt
    as its player now sees it; ``late``: the deadline had passed, nothing was judged, and
    ``state`` is the finished attempt with its result."""

    judgements: tuple[Judgement, ...]
    state: DailyState
    late: bool = False


@dataclass(eq=False)
class DailyService:
    """Opens, judges and finishes daily attempts; one per bot process. ``events``: where
    finishes are told (by default a bus of its own)."""

    store: DailyStore
    server_settings: ServerSettingsService
    lexicons: LexiconSource
    clock: Callable[[], float]
    _: KW_ONLY
    scheduler: Scheduler
    owns: Callable[[int], bool] = lambda guild_id: True
    events: EventBus = field(default_factory=EventBus)
    _boards: Bounded[tuple[date, str], DailyBoard] = field(
        init=False, default_factory=lambda: Bounded(BOARDS_KEPT)
    )
    _armed: dict[int, float] = field(init=False, default_factory=dict)  # attempt id -> deadline
    _locks: dict[int, asyncio.Lock] = field(init=False, default_factory=dict)
    _finishing: dict[int, asyncio.Lock] = field(init=False, default_factory=dict)

    # -- the board ---------------------------------------------------------------------------

    async def board(self, day: date, language: str) -> DailyBoard:
        """The day's board in ``language`` (rolled once a process, then kept)."""
        key = (day, language)
        board = self._boards.get(key)
        if board is None:
            board = daily_board(day, language, await self.lexicons.get(language))
        return self._boards.put(key, board)

    async def board_of(self, attempt: DailyAttempt) -> DailyBoard:
        """The board the attempt was opened on: the day's roll, or (the dictionary changed
        since, so the day rolls another) the stored board solved again."""
        board = await self.board(attempt.date, attempt.language)
        stored = Board.parse(attempt.board)
        if board.board.text() == stored.text():
            return board
        words = solve(stored, await self.lexicons.get(attempt.language), DAILY_RULES.min_length)
        return replace(board, board=stored, words=words, max_points=attempt.max_points)

    # -- the use cases -----------------------------------------------------------------------

    async def open_for(
        self,
        player_id: int,
        name: str,
        guild_id: int | None,
        channel_id: int,
        language: str | None,
        reader_language: str,
        on_loading: Callable[[str], Awaitable[None]] | None = None,
    ) -> Opened | Refusal:
        """``/daily`` or the page: the player's attempt today in ``language`` (else the server's
        through its install, ``guild_id``; elsewhere ``reader_language``) on the server's day
        (its time zone), their name kept for its rankings. Refused when the language's lexicon
        cannot load (then nothing is stored: the board is made before the attempt).
        ``on_loading(language)``: awaited first when the language's lexicon must be built
        (seconds, in a child process), to tell the player the board is coming."""
        settings = await self.server_settings.of(guild_id) if guild_id is not None else None
        if language is None or language not in LANGUAGE_CODES:
            language = settings.language if settings is not None else reader_language
        try:
            if on_loading is not None and await self.lexicons.from_cache(language) is None:
                await on_loading(language)
            opened = await self.open(
                player_id, language, server_zone(settings), guild_id, channel_id
            )
        except LexiconError:
            log.exception("the %s lexicon could not be loaded", language)
            return Refusal(Phrase("daily.lexicon_failed", {"language": language_name(language)}))
        if guild_id is not None:
            await self.store.remember_names(guild_id, {player_id: name})
        return opened

    async def attempt_of(self, player_id: int, attempt_id: int) -> DailyAttempt | Refusal:
        """The player's own attempt, named by a button or form; anyone else's is refused."""
        attempt = await self.store.get_daily_attempt(attempt_id)
        if attempt is None or attempt.player_id != player_id:
            return Refusal.of("daily.not_yours")
        return attempt

    async def running_attempt(self, player_id: int) -> DailyAttempt | Refusal:
        """The attempt ``/daily-guess`` plays on (the latest opened); refused when none runs."""
        attempt = await self.running(player_id)
        return attempt if attempt is not None else Refusal.of("daily.no_attempt")

    async def guess(self, player_id: int, attempt_id: int, words: str) -> Guessed | Refusal:
        """Judge the player's ``words`` on their attempt (as chat guesses are read), stored
        before they are answered; from the deadline on nothing is judged and the attempt is
        finished (``Guessed.late``). Anyone else's attempt is refused."""
        attempt = await self.attempt_of(player_id, attempt_id)
        if isinstance(attempt, Refusal):
            return attempt
        # Read before the lock: a finish under way is caught by the deadline check, and the
        # database refuses a guess from the deadline on (add_daily_guesses) in any case.
        async with self._lock(attempt_id):
            now = self.clock()
            if attempt.finished or now >= attempt.deadline:
                return await self._late(attempt_id)
            board = await self.board_of(attempt)
            guesses = await self.store.daily_guesses(attempt_id)
            game = Round.rebuild(
                board.board,
                await self.lexicons.get(attempt.language),
                DAILY_RULES,
                attempt.deadline,
                [(attempt.player_id, g.word, g.elapsed) for g in guesses if _accepted(g)],
                solution=board.words,
                lang=language_named(attempt.language),
            )
            judgements = game.guess(attempt.player_id, words, now)
            if judgements:
                rows = [(j.word, j.verdict, j.points) for j in judgements]
                if not await self.store.add_daily_guesses(attempt_id, rows, now):
                    return await self._late(attempt_id)
            return Guessed(tuple(judgements), await self.state(attempt))

    async def _late(self, attempt_id: int) -> Guessed:
        return Guessed((), await self.state(await self.finish(attempt_id)), late=True)

    # -- an attempt --------------------------------------------------------------------------

    async def open(
        self,
        player_id: int,
        language: str,
        zone: tzinfo,
        guild_id: int | None,
        channel_id: int,
    ) -> Opened:
        """The player's attempt today (their date in ``zone``): a new one with its timer
        running, or the one they already have (running or finished), never a second.

        The day is the one ``/daily`` came on; the three minutes start once the board is ready
        (a first board of a language may wait seconds for its lexicon), not before."""
        day = local_date(self.clock(), zone)
        board = await self.board(day, language)
        now = self.clock()
        started = await self.store.start_daily(
            DailyOpening(
                player_id=player_id,
                language=language,
                day=day,
                guild_id=guild_id,
                channel_id=channel_id,
                board=board.board.text(),
                max_points=board.max_points,
                started_at=now,
            )
        )
        attempt = started.attempt
        if not attempt.finished:
            if now >= attempt.deadline:
                attempt = await self.finish(attempt.id)
            else:
                self.arm(attempt)
        return Opened(await self.state(attempt), started.existed)

    async def state(self, attempt: DailyAttempt) -> DailyState:
        """The attempt as its player sees it now."""
        board = await self.board_of(attempt)
        guesses = tuple(await self.store.daily_guesses(attempt.id))
        result = await self._result(attempt, board, guesses) if attempt.finished else None
        lexicon = await self.lexicons.get(attempt.language)
        words = {g.word for g in guesses} | {w for w, _ in (result.missed if result else ())}
        spellings = lexicon.respelled(words)
        return DailyState(attempt, board, guesses, result, spellings)

    async def running(self, player_id: int) -> DailyAttempt | None:
        """The player's attempt in progress (the latest opened), if any."""
        return await self.store.running_daily_attempt(player_id)

    async def finish(self, attempt_id: int) -> DailyAttempt:
        """End the attempt (once: a second finish returns it as it is), and tell it
        (``DailyAttemptEnded``, waiting for its listeners) when this call ended it or this
        process had it armed: another process may have finished it first (attempts outside
        servers are armed by every process), and the one that holds the player's message must
        still show the result."""
        finishing = self._finishing.setdefault(attempt_id, asyncio.Lock())
        async with finishing:  # a second finish at once (its job, a late guess) tells nothing
            held = self._armed.pop(attempt_id, None) is not None
            self._locks.pop(attempt_id, None)
            before = await self.store.get_daily_attempt(attempt_id)
            attempt = await self.store.finish_daily(attempt_id, self.clock())
        if not finishing.locked():
            self._finishing.pop(attempt_id, None)
        self.scheduler.cancel(attempt_job(attempt_id))
        if held or (before is not None and not before.finished):
            await self.events.publish_and_wait(DailyAttemptEnded(attempt))
            if before is not None and not before.finished:
                await self._tell_finished(attempt)
        return attempt

    async def _tell_finished(self, attempt: DailyAttempt) -> None:
        """``DailyFinished`` for a counted attempt in a server (by the call that ended it)."""
        if attempt.guild_id is None or attempt.flagged:
            return
        days = await self.store.daily_days(attempt.player_id)
        run = streak(days, attempt.date)
        self.events.publish(
            DailyFinished(
                attempt.guild_id,
                attempt.channel_id,
                attempt.id,
                attempt.player_id,
                run.current,
                len(set(days)),
            )
        )

    async def _result(
        self, attempt: DailyAttempt, board: DailyBoard, guesses: Sequence[DailyGuess]
    ) -> DailyResult:
        found = {g.word for g in guesses if _accepted(g)}
        lexicon = await self.lexicons.get(attempt.language)
        missed = [
            (w, DAILY_RULES.points(w))
            for w in missed_order((w for w in board.words if w not in found), lexicon)
        ]
        run = streak(await self.store.daily_days(attempt.player_id), attempt.date)
        summary = share_summary(
            attempt.date,
            attempt.language,
            attempt.words or 0,
            attempt.points or 0,
            attempt.max_points,
            run.current,
        )
        return DailyResult(summary, run, attempt.flagged, tuple(missed[:MISSED_SHOWN]), len(missed))

    # -- the timer ---------------------------------------------------------------------------

    def arm(self, attempt: DailyAttempt) -> None:
        """Finish ``attempt`` at its deadline, whatever its player does."""
        self._armed[attempt.id] = attempt.deadline
        self.scheduler.at(
            attempt_job(attempt.id), attempt.deadline, lambda: self._timed_out(attempt.id)
        )

    async def resume_all(self) -> int:
        """After a start: attempts this process owns that were running are armed again with
        their remaining time; those past their deadline are finished at once. A server's
        attempts are its shard's process's; one outside servers (a DM, a user install) belongs
        to no shard, so every process arms it: the database finishes it once, whichever
        process gets there first, and none is left without a timer when one process is down."""
        now = self.clock()
        armed = 0
        for attempt in await self.store.unfinished_daily_attempts():
            if attempt.guild_id is not None and not self.owns(attempt.guild_id):
                continue
            if now >= attempt.deadline:
                await self.finish(attempt.id)
            else:
                self.arm(attempt)
                armed += 1
        return armed

    async def _timed_out(self, attempt_id: int) -> None:
        """The attempt's job at its deadline; one not finished (the database) is still held
        when the scheduler tries again."""
        try:
            await self.finish(attempt_id)
        except Exception:
            self._armed.setdefault(attempt_id, self.clock())
            raise

    def _lock(self, attempt_id: int) -> asyncio.Lock:
        return self._locks.setdefault(attempt_id, asyncio.Lock())


def attempt_job(attempt_id: int) -> str:
    """The scheduler's name of an attempt's job (at its deadline)."""
    return f"daily attempt {attempt_id}"


def server_zone(settings: ServerSettings | None) -> tzinfo:
    """The server's time zone, where its days begin (UTC where none is set, in DMs and on user
    installs)."""
    return zone_named(settings.timezone if settings is not None else None)


def _accepted(guess: DailyGuess) -> bool:
    return guess.verdict is Verdict.ACCEPTED


async def player_streak(store: DailyStore, player_id: int, today: date) -> Streak:
    """The player's current and longest daily streaks as of ``today``."""
    return streak(await store.daily_days(player_id), today)
