"""DailyService without Discord, on both engines: an attempt keeps the board it was opened on
even when the day now rolls another (a new dictionary), and the timer finishes it on time."""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime, timedelta

from bot.config.shards import ShardSlice
from bot.daily.events import DailyAttemptEnded
from bot.daily.model import DailyAttempt, DailyOpening
from bot.daily.service import DailyService
from bot.kernel.lexicons import Lexicons
from bot.kernel.refusal import Refusal
from bot.server_settings.service import ServerSettingsService
from bot.stores import Storage
from core.commonness import missed_order
from core.daily import DAILY_RULES, DAILY_SECONDS, daily_board
from core.lexicon import Lexicon
from core.round import Verdict
from core.solver import solve
from tests.bot.daily_helpers import running_scheduler
from tests.bot.harness import Clock, StoppedClock

OTHER_BOARD = "cato/dogs/rent/lime"
UMLAUTS = {"ae": "ä", "oe": "ö", "ue": "ü"}


class SlowLexicons:
    """The bot's ``Lexicons``, but every load takes ``seconds`` of the clock (a first German
    board reads its lexicon from disk and solves: seconds)."""

    def __init__(self, lexicons: Lexicons, clock: StoppedClock, seconds: float) -> None:
        self.lexicons = lexicons
        self.clock = clock
        self.seconds = seconds

    async def get(self, code: str) -> Lexicon:
        self.clock.advance(self.seconds)
        return await self.lexicons.get(code)

    async def from_cache(self, code: str) -> Lexicon | None:
        return None  # every load is slow


async def test_an_attempt_keeps_its_stored_board(storage: Storage, lexicon: Lexicon) -> None:
    clock = Clock()
    service = DailyService(
        storage,
        ServerSettingsService(storage),
        Lexicons(loaded={"en": lexicon}),
        clock,
        scheduler=running_scheduler(clock),
    )
    opened = await service.open(7, "en", UTC, None, 1)
    assert not opened.existed and opened.state.result is None
    again = await service.open(7, "en", UTC, None, 1)
    assert again.existed and again.state.attempt.id == opened.state.attempt.id
    attempt = opened.state.attempt
    changed = type(attempt)(**vars(attempt) | {"board": OTHER_BOARD})
    board = await service.board_of(changed)
    assert board.board.text() == OTHER_BOARD
    assert board.words.keys() == solve(board.board, lexicon, 3).keys()
    ended = asyncio.Event()

    async def told(event: DailyAttemptEnded) -> None:
        ended.set()

    service.events.subscribe(DailyAttemptEnded, told)
    clock.advance(DAILY_SECONDS)  # its job at the deadline: the moved clock wakes the scheduler
    async with asyncio.timeout(5):
        await ended.wait()
    stored = await storage.get_daily_attempt(attempt.id)
    assert stored is not None and stored.finished and stored.points == 0
    await service.scheduler.close()


async def test_a_german_attempt_reads_guesses_by_german_rules(
    storage: Storage, lexicons: dict[str, Lexicon]
) -> None:
    """A German daily is rolled on the German dice with the German words, and a guess typed
    with an umlaut is read as German folds it ("ü" is "ue"; English would read "u"). On a
    day whose board has such a word: the real clock's day may have none (2026-11-28 had none)."""
    day = next(
        day
        for n in range(60)
        if (day := date(2026, 6, 1) + timedelta(days=n))
        and any(p in w for w in daily_board(day, "de", lexicons["de"]).words for p in UMLAUTS)
    )
    clock = StoppedClock(datetime(day.year, day.month, day.day, 12, 0, tzinfo=UTC).timestamp())
    service = DailyService(
        storage,
        ServerSettingsService(storage),
        Lexicons(loaded=lexicons),
        clock,
        scheduler=running_scheduler(clock),
    )
    opened = await service.open(7, "de", UTC, None, 1)
    board = opened.state.board
    assert board.dice == "4x4-de" and board.words
    assert board.words.keys() == solve(board.board, lexicons["de"], 3).keys()
    word, pair = next((w, p) for w in sorted(board.words) for p in UMLAUTS if p in w)
    typed = word.replace(pair, UMLAUTS[pair], 1).upper()
    guessed = await service.guess(7, opened.state.attempt.id, typed)
    assert not isinstance(guessed, Refusal)
    assert [(j.word, j.verdict) for j in guessed.judgements] == [(word, Verdict.ACCEPTED)]
    await service.scheduler.close()


async def test_the_three_minutes_start_once_the_board_is_ready(
    storage: Storage, lexicon: Lexicon
) -> None:
    """The board takes 5 s to make (its lexicon loads): the player still gets 3 minutes from
    when it is ready, and the day is the one /daily came on."""
    clock = StoppedClock(datetime(2026, 6, 1, 23, 59, 59, tzinfo=UTC).timestamp())
    asked = clock()
    slow = SlowLexicons(Lexicons(loaded={"en": lexicon}), clock, 5)
    service = DailyService(
        storage, ServerSettingsService(storage), slow, clock, scheduler=running_scheduler(clock)
    )
    opened = await service.open(7, "en", UTC, None, 1)
    attempt = opened.state.attempt
    assert attempt.started_at == asked + 5
    assert attempt.deadline == asked + 5 + DAILY_SECONDS
    assert attempt.date == datetime.fromtimestamp(asked, UTC).date()  # not the next day
    await service.scheduler.close()


async def test_a_results_missed_words_come_most_common_first(
    storage: Storage, lexicon: Lexicon
) -> None:
    """As everywhere (issue 11): the missed words a result lists teach known words first, not
    the most valuable (on this day's board the two orders differ)."""
    clock = StoppedClock(datetime(2026, 6, 1, 12, 0, tzinfo=UTC).timestamp())
    service = DailyService(
        storage,
        ServerSettingsService(storage),
        Lexicons(loaded={"en": lexicon}),
        clock,
        scheduler=running_scheduler(clock),
    )
    opened = await service.open(7, "en", UTC, None, 1)
    board = opened.state.board
    found = sorted(board.words, key=lambda w: (len(w), w))[0]
    assert not isinstance(await service.guess(7, opened.state.attempt.id, found), Refusal)
    clock.advance(DAILY_SECONDS)
    finished = await service.finish(opened.state.attempt.id)
    result = (await service.state(finished)).result
    assert result is not None
    rest = [w for w in board.words if w != found]
    assert result.missed_total == len(rest)
    common = [(w, DAILY_RULES.points(w)) for w in missed_order(rest, lexicon)][:15]
    assert list(result.missed) == common
    valuable = sorted(rest, key=lambda w: (-DAILY_RULES.points(w), -len(w), w))[:15]
    assert [w for w, _ in common] != valuable  # the old order would have listed others first
    assert (lexicon.zipf(common[0][0]) or 0) > (lexicon.zipf(valuable[0]) or 0)
    await service.scheduler.close()


async def test_attempts_outside_servers_are_resumed_by_every_process(
    storage: Storage, lexicon: Lexicon
) -> None:
    """Shards split over two processes on one database: a server's attempt is resumed by its
    shard's process only, one outside servers (a DM) by both, so it ends on time even while
    the process of shard 0 is down; the database finishes each once."""
    clock = StoppedClock(datetime(2026, 6, 1, 12, 0, tzinfo=UTC).timestamp())
    shard_0, shard_1 = 2 << 22, 3 << 22  # guild ids: (id >> 22) % 2 is the shard
    dm, in_0, in_1 = [
        (
            await storage.start_daily(
                DailyOpening(
                    player_id=player,
                    language="en",
                    day=datetime.fromtimestamp(clock(), UTC).date(),
                    guild_id=guild,
                    channel_id=player,
                    board="abcd/efgh/ijkl/mnop",
                    max_points=10,
                    started_at=clock(),
                )
            )
        ).attempt.id
        for player, guild in ((1, None), (2, shard_0), (3, shard_1))
    ]
    english = Lexicons(loaded={"en": lexicon})

    def process(shard: int, heard: list[int]) -> DailyService:
        owns = ShardSlice(count=2, ids=(shard,)).owns
        service = DailyService(
            storage,
            ServerSettingsService(storage),
            english,
            clock,
            scheduler=running_scheduler(clock),
            owns=owns,
        )

        async def listener(attempt: DailyAttempt) -> None:
            heard.append(attempt.id)

        service.events.subscribe(DailyAttemptEnded, lambda e: listener(e.attempt))
        return service

    heard_0: list[int] = []
    first = process(0, heard_0)
    assert await first.resume_all() == 2 and first._armed.keys() == {dm, in_0}
    await first.scheduler.close()  # shard 0's process goes down before the deadline

    heard_1: list[int] = []
    second = process(1, heard_1)
    assert await second.resume_all() == 2 and second._armed.keys() == {dm, in_1}
    clock.advance(DAILY_SECONDS)
    for _ in range(500):  # the timer's next ticks
        if len(heard_1) == 2:
            break
        await asyncio.sleep(0.01)
    assert sorted(heard_1) == [dm, in_1]
    stored = await storage.get_daily_attempt(in_0)
    assert stored is not None and not stored.finished  # shard 0's, for its process

    again = process(0, heard_0)  # shard 0's process is back: finishes its own, once
    assert await again.resume_all() == 0 and heard_0 == [in_0]
    assert await storage.unfinished_daily_attempts() == []
    for service in (second, again):
        await service.scheduler.close()


async def test_the_process_holding_an_attempt_hears_its_end_when_another_finished_it(
    storage: Storage, lexicon: Lexicon
) -> None:
    """A DM attempt is armed by the process that opened it (which holds the player's message)
    and by another that restarted: whichever finishes it first, the holder is told, so the
    player's message shows the result (before, the holder saw it finished already and said
    nothing)."""
    clock = StoppedClock(datetime(2026, 6, 1, 12, 0, tzinfo=UTC).timestamp())
    english = Lexicons(loaded={"en": lexicon})
    heard: dict[str, list[int]] = {"holder": [], "other": []}

    def process(name: str) -> DailyService:
        service = DailyService(
            storage,
            ServerSettingsService(storage),
            english,
            clock,
            scheduler=running_scheduler(clock),
        )

        async def listener(attempt: DailyAttempt) -> None:
            heard[name].append(attempt.id)

        service.events.subscribe(DailyAttemptEnded, lambda e: listener(e.attempt))
        return service

    holder, other = process("holder"), process("other")
    opened = await holder.open(1, "en", UTC, None, 1)
    attempt = opened.state.attempt
    assert await other.resume_all() == 1
    clock.advance(DAILY_SECONDS)
    await other.finish(attempt.id)  # the other process's timer got there first
    for _ in range(500):  # the holder's timer's next ticks
        if heard["holder"]:
            break
        await asyncio.sleep(0.01)
    assert heard == {"holder": [attempt.id], "other": [attempt.id]}
    assert not holder._armed
    for service in (holder, other):
        await service.scheduler.close()
