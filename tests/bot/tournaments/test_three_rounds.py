"""Three-round tournaments of four entrants and a non-entrant through the real client and the
stand-in, a series and a knockout: after every round the standings posted and stored are the
ones the test computes itself (core's solver and scoring), and so is the podium; the tables
posted are also held to ones worked out by hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from core.lexicon import Lexicon
from core.tournament import Format
from standin import StandIn
from tests.bot.harness import Clock, bot_session
from tests.bot.tournaments.play import (
    ENTRANTS,
    Expected,
    add_people,
    finish,
    play,
    posted_table,
    sign_up,
    start,
)

# Each round, how many words of their own each types (one more is shared by the first two).
SERIES = (
    {"alice": 4, "bob": 3, "carol": 2, "dave": 1},
    {"alice": 1, "bob": 3, "carol": 5, "dave": 4},
    {"alice": 2, "bob": 0, "carol": 1, "dave": 6},
)
KNOCKOUT = (
    {"alice": 1, "bob": 4, "carol": 2, "dave": 3},  # alice and carol out
    {"bob": 2, "dave": 1, "alice": 3, "carol": 2},  # those out type too: never counted
    {"bob": 1, "dave": 2, "alice": 1, "carol": 1},
)

# The standings posted after each round, worked out by hand from the plans: each word 1 point,
# the shared word cancelled (no point) but counted among its sayers' words.
OUT = " · out after round 1"
BY_HAND = {
    Format.SERIES: (
        [
            "1. Alice: 4 pts · 5 words",
            "2. Bob: 3 pts · 4 words",
            "3. Carol: 2 pts · 2 words",
            "4. Dave: 1 pt · 1 word",
        ],
        [
            "1. Carol: 7 pts · 7 words",
            "2. Bob: 6 pts · 8 words",
            "3. Alice: 5 pts · 7 words",  # above Dave on words
            "4. Dave: 5 pts · 5 words",
        ],
        [
            "1. Dave: 11 pts · 11 words",
            "2. Carol: 8 pts · 8 words",
            "3. Alice: 7 pts · 10 words",
            "4. Bob: 6 pts · 9 words",
        ],
    ),
    Format.KNOCKOUT: (
        [
            "1. Bob: 4 pts · 5 words",
            "2. Dave: 3 pts · 3 words",
            "3. Carol: 2 pts · 2 words" + OUT,
            "4. Alice: 1 pt · 2 words" + OUT,
        ],
        [
            "1. Bob: 6 pts · 8 words",
            "2. Dave: 4 pts · 5 words",
            "3. Carol: 2 pts · 2 words" + OUT,
            "4. Alice: 1 pt · 2 words" + OUT,
        ],
        [
            "1. Dave: 6 pts · 8 words",  # the last round decides
            "2. Bob: 7 pts · 10 words",
            "3. Carol: 2 pts · 2 words" + OUT,
            "4. Alice: 1 pt · 2 words" + OUT,
        ],
    ),
}


@pytest.mark.parametrize(("kind", "plan"), [(Format.SERIES, SERIES), (Format.KNOCKOUT, KNOCKOUT)])
async def test_three_rounds_of_four_entrants(
    standin: StandIn,
    database: Path,
    clock: Clock,
    lexicon: Lexicon,
    kind: Format,
    plan: tuple[dict[str, int], ...],
) -> None:
    add_people(standin)
    async with bot_session(standin, database, clock, lexicon) as game:
        options: dict[str, Any] = {
            "name": "Cup",
            "rounds": 3,
            "pause": "0",
            "format": kind.value,
            "size": 5,
        }
        tid = await sign_up(game, **options)
        expected = Expected(kind, 3, [game.user_id(p) for p in ENTRANTS])
        await start(game)
        seen: set[int] = set()
        tables: list[list[str]] = []
        for counts in plan:
            live, said = await play(game, expected, seen, counts)
            # The tables below hold if every word is worth 1 (4 letters on this 5x5 board).
            assert {len(w) for words in said.values() for w in words} == {4}, said
            post = await finish(game, tid, expected, live, said)
            tables.append(posted_table(post))
        assert tables == list(BY_HAND[kind])
        if kind is Format.KNOCKOUT:
            placed = expected.standings()
            assert [p.out_after for p in placed] == [None, None, 1, 1]
