"""DailyService without Discord, on the real storage with a stopped clock: guesses judged by
core's rules and stored, one attempt per player, language and day, and the deadline that ends an
attempt once, whether its player guesses or not. (test_service.py holds the others: stored
boards, languages, restarts, shards; test_use_cases.py the front ends' use cases, in memory.)"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC

import pytest

from bot.daily.events import DailyAttemptEnded
from bot.daily.model import DailyAttempt
from bot.daily.service import DailyService, Guessed
from bot.kernel.lexicons import Lexicons
from bot.kernel.refusal import Refusal
from bot.server_settings.service import ServerSettingsService
from bot.stores import Storage
from core.daily import DAILY_RULES, DAILY_SECONDS
from core.lexicon import Lexicon
from core.round import Verdict
from tests.bot.daily_helpers import running_scheduler, words_of
from tests.bot.harness import StoppedClock
from tests.bot.rounds.conftest import ALICE, BOB, CHANNEL, GUILD

DAY = 24 * 3600


class Finishes:
    """A finish listener: the attempts it heard of, in order."""

    def __init__(self) -> None:
        self.heard: list[DailyAttempt] = []
        self.event = asyncio.Event()

    async def __call__(self, attempt: DailyAttempt) -> None:
        self.heard.append(attempt)
        self.event.set()


@pytest.fixture
async def daily(
    storage: Storage, lexicon: Lexicon, clock: StoppedClock
) -> AsyncIterator[DailyService]:
    english = Lexicons(loaded={"en": lexicon})
    service = DailyService(
        storage, ServerSettingsService(storage), english, clock, scheduler=running_scheduler(clock)
    )
    yield service
    await service.scheduler.close()


async def guess(daily: DailyService, attempt_id: int, words: str) -> Guessed:
    """Alice's words on her attempt, judged (not refused)."""
    guessed = await daily.guess(ALICE, attempt_id, words)
    assert not isinstance(guessed, Refusal)
    return guessed


async def test_guesses_are_judged_by_cores_rules_and_stored(daily: DailyService) -> None:
    opened = await daily.open(ALICE, "en", UTC, GUILD, CHANNEL)
    board = opened.state.board
    first, second = words_of(board, 2)
    assert "zebra" not in board.words
    guessed = await guess(daily, opened.state.attempt.id, f"{first} {first} zebra xqzt at")
    judgements, state = guessed.judgements, guessed.state
    assert not guessed.late
    assert [(j.word, j.verdict, j.points) for j in judgements] == [
        (first, Verdict.ACCEPTED, DAILY_RULES.points(first)),
        (first, Verdict.ALREADY_FOUND, 0),
        ("zebra", Verdict.NOT_ON_BOARD, 0),
        ("xqzt", Verdict.NOT_A_WORD, 0),
        ("at", Verdict.TOO_SHORT, 0),
    ]
    assert [(g.word, g.verdict) for g in state.guesses] == [(j.word, j.verdict) for j in judgements]
    state = (await guess(daily, opened.state.attempt.id, second.upper())).state
    assert state.points == DAILY_RULES.points(first) + DAILY_RULES.points(second)
    assert state.result is None and not state.attempt.finished


async def test_one_attempt_per_player_language_and_day(
    daily: DailyService, clock: StoppedClock
) -> None:
    first = await daily.open(ALICE, "en", UTC, GUILD, CHANNEL)
    again = await daily.open(ALICE, "en", UTC, None, CHANNEL + 1)  # elsewhere, a DM say
    assert not first.existed and again.existed
    assert again.state.attempt.id == first.state.attempt.id
    other = await daily.open(BOB, "en", UTC, GUILD, CHANNEL)
    assert not other.existed and other.state.attempt.id != first.state.attempt.id
    clock.advance(DAILY_SECONDS)
    finished = await daily.open(ALICE, "en", UTC, GUILD, CHANNEL)  # over: the result, no retry
    assert finished.existed and finished.state.attempt.id == first.state.attempt.id
    assert finished.state.result is not None and finished.state.attempt.points == 0
    clock.advance(DAY)
    tomorrow = await daily.open(ALICE, "en", UTC, GUILD, CHANNEL)
    assert not tomorrow.existed and tomorrow.state.attempt.id != first.state.attempt.id
    assert tomorrow.state.attempt.date != first.state.attempt.date


async def test_the_deadline_ends_an_attempt_once(
    daily: DailyService, storage: Storage, clock: StoppedClock
) -> None:
    """Nobody guesses after the first word: the timer ends the attempt at its deadline, with the
    word's points, and its listener hears of it once."""
    finishes = Finishes()
    daily.events.subscribe(DailyAttemptEnded, lambda e: finishes(e.attempt))
    opened = await daily.open(ALICE, "en", UTC, GUILD, CHANNEL)
    attempt = opened.state.attempt
    [word] = words_of(opened.state.board, 1, skip=3)
    await guess(daily, attempt.id, word)
    clock.advance(DAILY_SECONDS - 1)
    running = await storage.get_daily_attempt(attempt.id)
    assert running is not None and not running.finished and finishes.heard == []
    clock.advance(1)
    await asyncio.wait_for(finishes.event.wait(), 10)
    [heard] = finishes.heard
    assert heard.id == attempt.id and heard.finished
    assert (heard.points, heard.words) == (DAILY_RULES.points(word), 1)
    assert (await daily.finish(attempt.id)).points == heard.points
    assert len(finishes.heard) == 1
    result = (await daily.state(heard)).result
    assert result is not None and result.missed_total == len(opened.state.board.words) - 1


async def test_a_guess_from_the_deadline_on_is_too_late_and_not_stored(
    daily: DailyService, storage: Storage, clock: StoppedClock
) -> None:
    finishes = Finishes()
    daily.events.subscribe(DailyAttemptEnded, lambda e: finishes(e.attempt))
    opened = await daily.open(ALICE, "en", UTC, GUILD, CHANNEL)
    attempt = opened.state.attempt
    daily._armed.clear()  # the timer has not got to it yet: the guess finds it over
    clock.advance(DAILY_SECONDS)
    late = await guess(daily, attempt.id, words_of(opened.state.board, 1)[0])
    assert late.late and late.judgements == ()
    assert late.state.attempt.finished and late.state.attempt.points == 0
    assert late.state.result is not None  # the result, to show at once
    assert await storage.daily_guesses(attempt.id) == []
    assert [a.id for a in finishes.heard] == [attempt.id]
