"""CheckService without Discord: refused while a round runs in the channel (the real round
service), before any finished there and for a word the round's language cannot spell; else the
word read by that round's language and rules, on its board, and what it was worth and why."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.check.service import Checked, CheckService, Worth
from bot.kernel.lexicons import Lexicons
from bot.kernel.refusal import Refusal
from bot.server_settings.model import ServerSettings
from bot.server_settings.service import ServerSettingsService
from bot.stores import Storage
from core.board import Board
from core.commonness import is_everyday
from core.lexicon import Lexicon
from core.round import Mode, Rules
from core.solver import find_path
from tests.bot.check.memory_store import MemoryRounds
from tests.bot.harness import StoppedClock
from tests.bot.rounds.conftest import BOARD, CHANNEL, GUILD, NOON, Rig
from tests.bot.server_settings.memory_store import settings_of

ROWS = "cato/dogs/rent/lime"
OTHER = "etre/mais/onzx/abcd"


@pytest.fixture
async def rig(storage: Storage, lexicon: Lexicon) -> AsyncIterator[Rig]:
    opened = Rig.open(storage, lexicon, StoppedClock(NOON))
    yield opened
    await opened.close()


def checker(store: MemoryRounds, rig: Rig, lexicon: Lexicon) -> CheckService:
    lexicons = Lexicons(loaded={"en": lexicon})
    return CheckService(store, rig.service, settings_of(store.settings), lexicons)


async def checked(service: CheckService, word: str, channel: int = CHANNEL) -> Checked:
    answer = await service.check(channel, GUILD, word)
    assert isinstance(answer, Checked), answer
    return answer


async def test_refused_while_a_round_runs_then_checked_on_its_board(
    rig: Rig, lexicon: Lexicon
) -> None:
    """Over the real storage: the round the round service ran is the one checked."""
    await rig.storage.save_defaults(GUILD, ServerSettings(language="de"))
    lexicons = Lexicons(loaded={"en": lexicon})
    service = CheckService(rig.storage, rig.service, ServerSettingsService(rig.storage), lexicons)
    live = await rig.start()

    running = await service.check(CHANNEL, GUILD, "cat")
    assert running == Refusal.of("check.round_running", "de")
    assert await service.check(CHANNEL, None, "cat") == Refusal.of("check.round_running")

    await rig.end()
    word = max(live.game.solution, key=len)
    answer = await checked(service, f"  {word.upper()} ")
    assert (answer.word, answer.board, answer.path) == (word, BOARD, live.game.solution[word])
    assert (answer.worth, answer.points) == (Worth.POINTS, live.game.rules.points(word))
    assert answer.rules == live.game.rules and answer.band is not None


async def test_refused_before_a_round_finished_here(rig: Rig, lexicon: Lexicon) -> None:
    store = MemoryRounds(settings={GUILD: ServerSettings(language="fr")})
    store.finish(GUILD, CHANNEL + 1, ROWS)  # another channel's round
    service = checker(store, rig, lexicon)
    assert await service.check(CHANNEL, GUILD, "cat") == Refusal.of("check.no_round", "fr")
    assert await service.check(CHANNEL, None, "cat") == Refusal.of("check.no_round")


async def test_a_word_the_rounds_language_cannot_spell_is_refused_in_it(
    rig: Rig, lexicon: Lexicon
) -> None:
    store = MemoryRounds(settings={GUILD: ServerSettings(language="de")})
    store.finish(GUILD, CHANNEL, OTHER, language="fr")
    service = checker(store, rig, lexicon)
    for word in ("c@t", "two words", "   "):
        assert await service.check(CHANNEL, GUILD, word) == Refusal.of("check.bad_word", "fr")


async def test_what_a_word_was_worth_and_why(rig: Rig, lexicon: Lexicon) -> None:
    store = MemoryRounds()
    service = checker(store, rig, lexicon)
    board = Board.parse(ROWS)
    rare = "cagot"  # in the full dictionary only
    assert lexicon.zipf(rare) is not None and not is_everyday(rare, lexicon)

    store.finish(GUILD, CHANNEL, ROWS, dictionary="everyday")
    cat = await checked(service, "cat")
    assert (cat.word, cat.path, cat.everyday, cat.banned) == (
        "cat",
        find_path(board, "cat"),
        True,
        False,
    )
    assert (cat.worth, cat.points, cat.rules) == (Worth.POINTS, Rules().points("cat"), Rules())
    assert (cat.language, cat.dictionary) == ("en", "everyday")
    assert ((await checked(service, rare)).worth, cat.everyday) == (Worth.RARE, True)
    assert (await checked(service, "at")).worth is Worth.TOO_SHORT
    zebra = await checked(service, "zebra")  # a word, not on the board
    assert (zebra.worth, zebra.path, zebra.points) == (Worth.NOTHING, None, 0)
    assert zebra.band is not None
    cao = await checked(service, "cao")  # on the board, no word
    assert (cao.worth, cao.band) == (Worth.NOTHING, None) and cao.path is not None

    store.finish(GUILD, CHANNEL, ROWS, mode=Mode.RACE, min_length=4, excluded="dogs rent")
    assert (await checked(service, rare)).worth is Worth.POINTS  # the full dictionary this time
    short = await checked(service, "cat")
    assert (short.worth, short.points, short.rules) == (Worth.TOO_SHORT, 0, Rules(Mode.RACE, 4))
    banned = await checked(service, "dogs")
    assert (banned.worth, banned.banned, banned.points) == (Worth.BANNED, True, 0)


async def test_a_word_is_read_by_the_rounds_language_loaded_once(
    rig: Rig, lexicon: Lexicon
) -> None:
    store = MemoryRounds()
    store.finish(GUILD, CHANNEL, OTHER, language="fr")
    service = checker(store, rig, lexicon)
    loads: list[str] = []

    async def loading() -> None:
        loads.append("fr")

    first = await service.check(CHANNEL, GUILD, "Être", loading)
    assert isinstance(first, Checked) and loads == ["fr"]  # French was not loaded yet
    assert (first.word, first.path, first.language) == ("etre", (0, 1, 2, 3), "fr")
    assert first.band is not None and first.worth is Worth.POINTS
    await service.check(CHANNEL, GUILD, "mais", loading)
    assert loads == ["fr"]  # loaded now: nothing to wait for
