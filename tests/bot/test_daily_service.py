"""DailyService without Discord, on both engines: an attempt keeps the board it was opened on
even when the day now rolls another (a new dictionary), and the timer finishes it on time."""

from __future__ import annotations

import asyncio
from datetime import UTC

from bot.daily_service import DailyService
from bot.lexicons import Lexicons
from bot.storage import Storage
from core.daily import DAILY_SECONDS
from core.lexicon import Lexicon
from core.round import Verdict
from core.solver import solve

from .harness import Clock

OTHER_BOARD = "cato/dogs/rent/lime"


async def test_an_attempt_keeps_its_stored_board(storage: Storage, lexicon: Lexicon) -> None:
    clock = Clock()
    service = DailyService(storage, Lexicons(loaded={"en": lexicon}), clock, tick=0.01)
    opened = await service.open(7, "en", UTC, None, 1)
    assert not opened.existed and opened.state.result is None
    again = await service.open(7, "en", UTC, None, 1)
    assert again.existed and again.state.attempt.id == opened.state.attempt.id
    attempt = opened.state.attempt
    changed = type(attempt)(**vars(attempt) | {"board": OTHER_BOARD})
    board = await service.board_of(changed)
    assert board.board.text() == OTHER_BOARD
    assert board.words.keys() == solve(board.board, lexicon, 3).keys()
    clock.advance(DAILY_SECONDS)
    for _ in range(200):  # the timer's next ticks
        if (stored := await storage.get_daily_attempt(attempt.id)) and stored.finished:
            break
        await asyncio.sleep(0.01)
    assert stored is not None and stored.finished and stored.points == 0
    await service.close()


async def test_a_german_attempt_reads_guesses_by_german_rules(
    storage: Storage, lexicons: dict[str, Lexicon]
) -> None:
    """A German daily is rolled on the German dice with the German words, and a guess typed
    with an umlaut is read as German folds it ("ü" is "ue"; English would read "u")."""
    service = DailyService(storage, Lexicons(loaded=lexicons), Clock(), tick=0.01)
    opened = await service.open(7, "de", UTC, None, 1)
    board = opened.state.board
    assert board.dice == "4x4-de" and board.words
    assert board.words.keys() == solve(board.board, lexicons["de"], 3).keys()
    umlauts = {"ae": "ä", "oe": "ö", "ue": "ü"}
    word, pair = next((w, p) for w in sorted(board.words) for p in umlauts if p in w)
    typed = word.replace(pair, umlauts[pair], 1).upper()
    judgements, _ = await service.guess(opened.state.attempt.id, typed)
    assert [(j.word, j.verdict) for j in judgements] == [(word, Verdict.ACCEPTED)]
    await service.close()
