"""The daily use cases every front end calls, on the in-memory store.

The same through Discord and the page: tests/bot/discord/test_daily*.py,
tests/bot/web/test_page_daily.py.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, date, datetime

import pytest

from bot.daily.events import DailyAttemptEnded
from bot.daily.model import DailyAttempt
from bot.daily.service import DailyService, Guessed, LexiconSource, Opened
from bot.kernel.lexicons import Lexicons
from bot.kernel.refusal import Refusal
from bot.kernel.scheduler import Scheduler
from bot.server_settings.model import ServerSettings
from core.daily import DAILY_RULES, DAILY_SECONDS
from core.lexicon import Lexicon, LexiconError
from core.round import Verdict
from tests.bot.daily.memory_store import MemoryDailyStore
from tests.bot.daily_helpers import running_scheduler, words_of
from tests.bot.harness import StoppedClock
from tests.bot.server_settings.memory_store import settings_of

GUILD, CHANNEL = 1000, 2000
ALICE, BOB, CAROL = 1, 2, 3
NOON = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)  # already 2 June on Kiritimati (UTC+14)
FRENCH_SERVER = ServerSettings(language="fr", timezone="Pacific/Kiritimati")


class Unreadable:
    """The bot's lexicons, but one language's word list cannot be read."""

    def __init__(self, lexicons: LexiconSource, broken: str) -> None:
        self.lexicons = lexicons
        self.broken = broken

    async def get(self, code: str) -> Lexicon:
        if code == self.broken:
            raise LexiconError(f"{code}: the word list cannot be read")
        return await self.lexicons.get(code)

    async def from_cache(self, code: str) -> Lexicon | None:
        return None if code == self.broken else await self.lexicons.from_cache(code)


@pytest.fixture
def store() -> MemoryDailyStore:
    return MemoryDailyStore({GUILD: FRENCH_SERVER})


@pytest.fixture
def clock() -> StoppedClock:
    return StoppedClock(NOON.timestamp())


@pytest.fixture
async def daily(
    store: MemoryDailyStore, lexicons: dict[str, Lexicon], clock: StoppedClock
) -> AsyncIterator[DailyService]:
    service = DailyService(
        store,
        settings_of(store.settings),
        Lexicons(loaded=lexicons),
        clock,
        scheduler=running_scheduler(clock),
    )
    yield service
    await service.scheduler.close()


async def opened(daily: DailyService, player: int, guild: int | None, *asked: str | None) -> Opened:
    """``player``'s attempt opened from ``guild`` (None: a DM), a German reader."""
    language = asked[0] if asked else None
    result = await daily.open_for(player, f"player {player}", guild, CHANNEL, language, "de")
    assert isinstance(result, Opened), result
    return result


async def test_an_attempt_opens_on_the_servers_day_in_its_language_and_keeps_the_name(
    daily: DailyService, store: MemoryDailyStore
) -> None:
    """Through the server's install: its language and its time zone's date; the player's name
    is kept for its end-of-day ranking. Elsewhere (a DM): the reader's language, UTC's date."""
    attempt = (await opened(daily, ALICE, GUILD)).state.attempt
    assert (attempt.language, attempt.date, attempt.guild_id) == ("fr", date(2026, 6, 2), GUILD)
    assert store.names == {(GUILD, ALICE): f"player {ALICE}"}
    in_dm = (await opened(daily, ALICE, None)).state.attempt
    assert (in_dm.language, in_dm.date, in_dm.guild_id) == ("de", date(2026, 6, 1), None)
    assert store.names == {(GUILD, ALICE): f"player {ALICE}"}  # no server: no name kept


async def test_the_language_asked_wins_and_one_we_do_not_speak_is_not_asked(
    daily: DailyService,
) -> None:
    assert (await opened(daily, BOB, GUILD, "es")).state.attempt.language == "es"
    assert (await opened(daily, CAROL, GUILD, "xx")).state.attempt.language == "fr"
    assert (await opened(daily, CAROL, None, "xx")).state.attempt.language == "de"


async def test_the_page_and_discord_open_the_same_attempt(daily: DailyService) -> None:
    first = await opened(daily, ALICE, GUILD)
    again = await daily.open_for(ALICE, "Alice", GUILD, CHANNEL + 1, "fr", "en")
    assert isinstance(again, Opened) and again.existed and not first.existed
    assert again.state.attempt.id == first.state.attempt.id


async def test_a_lexicon_that_cannot_load_is_refused_and_nothing_is_stored(
    store: MemoryDailyStore, lexicons: dict[str, Lexicon], clock: StoppedClock
) -> None:
    unreadable = Unreadable(Lexicons(loaded=lexicons), "es")
    daily = DailyService(
        store, settings_of(store.settings), unreadable, clock, scheduler=Scheduler(clock)
    )
    refused = await daily.open_for(ALICE, "Alice", GUILD, CHANNEL, "es", "de")
    assert isinstance(refused, Refusal) and refused.key == "daily.lexicon_failed"
    assert refused.language is None  # each front end writes it for its reader
    assert "espagnol" in refused.text("fr") and "Spanish" in refused.text("en")
    assert store.attempts == {} and store.names == {}


async def test_a_button_names_its_players_attempt_only(daily: DailyService) -> None:
    attempt = (await opened(daily, ALICE, GUILD)).state.attempt
    assert await daily.attempt_of(ALICE, attempt.id) == attempt
    for player, attempt_id in ((BOB, attempt.id), (ALICE, attempt.id + 1)):
        refused = await daily.attempt_of(player, attempt_id)
        assert isinstance(refused, Refusal) and refused.key == "daily.not_yours"


async def test_daily_guess_plays_on_the_running_attempt(
    daily: DailyService, clock: StoppedClock
) -> None:
    refused = await daily.running_attempt(ALICE)
    assert isinstance(refused, Refusal) and refused.key == "daily.no_attempt"
    attempt = (await opened(daily, ALICE, GUILD)).state.attempt
    assert await daily.running_attempt(ALICE) == attempt
    clock.advance(DAILY_SECONDS)
    await daily.finish(attempt.id)
    refused = await daily.running_attempt(ALICE)
    assert isinstance(refused, Refusal) and refused.key == "daily.no_attempt"


async def test_a_guess_is_judged_and_stored_for_its_player_only(
    daily: DailyService, store: MemoryDailyStore
) -> None:
    state = (await opened(daily, ALICE, GUILD, "en")).state
    attempt_id = state.attempt.id
    [word] = words_of(state.board, 1)
    guessed = await daily.guess(ALICE, attempt_id, f"{word} {word} xqzt")
    assert isinstance(guessed, Guessed) and not guessed.late
    assert [(j.word, j.verdict) for j in guessed.judgements] == [
        (word, Verdict.ACCEPTED),
        (word, Verdict.ALREADY_FOUND),
        ("xqzt", Verdict.NOT_A_WORD),
    ]
    assert guessed.state.points == DAILY_RULES.points(word)
    assert [g.word for g in store.guesses[attempt_id]] == [word, word, "xqzt"]
    nothing = await daily.guess(ALICE, attempt_id, "!? ...")
    assert isinstance(nothing, Guessed) and nothing.judgements == () and not nothing.late
    refused = await daily.guess(BOB, attempt_id, word)
    assert isinstance(refused, Refusal) and refused.key == "daily.not_yours"
    assert len(store.guesses[attempt_id]) == 3


async def test_a_guess_from_the_deadline_on_answers_with_the_result(
    daily: DailyService, store: MemoryDailyStore, clock: StoppedClock
) -> None:
    heard: list[DailyAttempt] = []

    async def listener(attempt: DailyAttempt) -> None:
        heard.append(attempt)

    daily.events.subscribe(DailyAttemptEnded, lambda e: listener(e.attempt))
    state = (await opened(daily, ALICE, GUILD, "en")).state
    daily._armed.clear()  # the timer has not got to it yet: the guess finds it over
    clock.advance(DAILY_SECONDS)
    late = await daily.guess(ALICE, state.attempt.id, words_of(state.board, 1)[0])
    assert isinstance(late, Guessed) and late.late and late.judgements == ()
    assert late.state.attempt.finished and late.state.result is not None
    assert store.guesses[state.attempt.id] == []
    await asyncio.sleep(0)
    assert [a.id for a in heard] == [state.attempt.id]
