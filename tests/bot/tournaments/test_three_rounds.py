"""Three-round tournaments of four entrants and a non-entrant through the real client and the
stand-in, a series and a knockout: after every round the standings posted and stored are the
ones the test computes itself (core's solver and scoring), and so is the podium."""

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
    sign_up,
    start,
)

# Each round, how many words of their own each types (one more is shared by the first two).
SERIES = (
    {"alice": 4, "bob": 3, "carol": 2, "dave": 1},
    {"alice": 1, "bob": 3, "carol": 5, "dave": 3},
    {"alice": 2, "bob": 0, "carol": 1, "dave": 6},
)
KNOCKOUT = (
    {"alice": 1, "bob": 4, "carol": 2, "dave": 3},  # alice and carol out
    {"bob": 2, "dave": 1, "alice": 3, "carol": 2},  # those out type too: never counted
    {"bob": 1, "dave": 2, "alice": 1, "carol": 1},
)


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
        for counts in plan:
            live, said = await play(game, expected, seen, counts)
            await finish(game, tid, expected, live, said)
        if kind is Format.KNOCKOUT:
            placed = expected.standings()
            assert [p.out_after for p in placed] == [None, None, 1, 1]
