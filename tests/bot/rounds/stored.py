"""Rounds stored in a real database, for the tests of whatever reads them (the rounds' SQL, the
standings, the copy between engines): a round on one board, its guesses and results."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from pathlib import Path

from bot.i18n.languages import DEFAULT_DICTIONARY, DEFAULT_LANGUAGE
from bot.rounds.model import GuessRow, StoredRound
from bot.stores import Storage
from bot.stores.sqlite import SQLiteStorage
from core.board import Board
from core.round import Mode, Results, Rules, Verdict, tally

BOARD = "cato/dogs/rent/lime"
WORDS = ["cat", "cats", "dog", "dogs", "act", "tag", "rent", "lime", "mile", "ten", "net"]
ACCEPTED = Verdict.ACCEPTED


async def new_round(
    store: Storage,
    channel_id: int = 10,
    guild_id: int = 1,
    *,
    starter_id: int = 7,
    board: Board | None = None,
    mode: Mode = Mode.CLASSIC,
    started_at: float = 1000.0,
    deadline: float = 1180.0,
    excluded: Iterable[str] = (),
    hints: bool = False,
    language: str = DEFAULT_LANGUAGE,
    dictionary: str = DEFAULT_DICTIONARY,
) -> StoredRound:
    """A running 4x4 classic round of 3-letter words on ``BOARD``, started at 1000 for 180 s,
    unless told otherwise."""
    return await store.create_round(
        guild_id=guild_id,
        channel_id=channel_id,
        starter_id=starter_id,
        board=board or Board.parse(BOARD),
        dice="classic",
        mode=mode,
        min_length=3,
        started_at=started_at,
        deadline=deadline,
        excluded=excluded,
        hints=hints,
        language=language,
        dictionary=dictionary,
    )


def raw(path: Path) -> sqlite3.Connection:
    """A second, plain connection: what another process would see."""
    return sqlite3.connect(path, isolation_level=None)


def accepted(round_id: int, player: int, word: str, at: float) -> GuessRow:
    return GuessRow(round_id, player, word, ACCEPTED, len(word) - 2, at)


def results_for(found: dict[int, list[str]], words: list[str] = WORDS) -> Results:
    return tally({w: () for w in words}, found, Rules(Mode.CASUAL))


async def plan(storage: SQLiteStorage, sql: str, *params: object) -> list[str]:
    return [
        row[3] for row in await storage._db.execute_fetchall("EXPLAIN QUERY PLAN " + sql, params)
    ]
