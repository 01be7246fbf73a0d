"""A tournament's tie-breaks, each at its boundary.

Two entrants equal on every earlier key differ on one; every later key (the sign-up order
included) favours the other, both ways round: reversing or dropping a tie-break fails a test.
"""

from __future__ import annotations

from typing import Any

import pytest

from core.tournament import Format, RoundScore, standings

FIRST, SECOND = 1, 2  # sign-up order: FIRST signed up first


def scores(
    player: int,
    points: int = 4,
    words: int = 2,
    longest: str | None = "cats",
    finished: float | None = 30.0,
) -> RoundScore:
    return RoundScore(player, points, words, longest, longest, points, finished)


# Each key: the figures that make an entrant better on it, then worse, all else equal. Every
# later key (and the sign-up order) favours the other entrant, so only this key can decide.
BETTER_WORSE: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "points": ({"points": 5, "words": 1, "longest": "cat", "finished": 90.0}, {}),
    "words": ({"words": 3, "longest": "cat", "finished": 90.0}, {}),
    "longest": ({"longest": "tigers", "finished": 90.0}, {"longest": "cats"}),
    "finished": ({"finished": 10.0}, {"finished": 20.0}),
}


@pytest.mark.parametrize("kind", [Format.SERIES, Format.KNOCKOUT])
@pytest.mark.parametrize("key", list(BETTER_WORSE))
def test_each_tie_break_decides_alone_both_ways(kind: Format, key: str) -> None:
    better, worse = BETTER_WORSE[key]
    # The later sign-up is the better on this key: every later key says otherwise.
    first_round = {FIRST: scores(FIRST, **worse), SECOND: scores(SECOND, **better)}
    placed = standings(kind, [FIRST, SECOND], [first_round], 1)
    assert [p.player for p in placed] == [SECOND, FIRST]
    # The same key reversed: the other one wins it.
    reversed_round = {FIRST: scores(FIRST, **better), SECOND: scores(SECOND, **worse)}
    placed = standings(kind, [FIRST, SECOND], [reversed_round], 1)
    assert [p.player for p in placed] == [FIRST, SECOND]


def test_equal_on_everything_the_earlier_sign_up_is_placed_first() -> None:
    # Whichever signed up first is placed first (sorted is stable: the key says so all the same).
    for signed in ([FIRST, SECOND], [SECOND, FIRST]):
        tied = {FIRST: scores(FIRST), SECOND: scores(SECOND)}
        placed = standings(Format.SERIES, signed, [tied], 1)
        assert [p.player for p in placed] == signed


def test_scoring_nothing_finishes_last_and_a_series_adds_the_times_up() -> None:
    # FIRST was quicker in round one, but scored nothing in round two: it never finished.
    rounds = [
        {FIRST: scores(FIRST, finished=5.0), SECOND: scores(SECOND, finished=50.0)},
        {FIRST: scores(FIRST, 0, 0, None, None), SECOND: scores(SECOND, 0, 0, None, 60.0)},
    ]
    placed = standings(Format.SERIES, [FIRST, SECOND], rounds, 2)
    assert [(p.player, p.points, p.words) for p in placed] == [(SECOND, 4, 2), (FIRST, 4, 2)]
    # Summed, not the last round's: 5 + 60 beats 50 + 20.
    rounds[1] = {FIRST: scores(FIRST, 0, 0, None, 60.0), SECOND: scores(SECOND, 0, 0, None, 20.0)}
    placed = standings(Format.SERIES, [SECOND, FIRST], rounds, 2)
    assert [p.player for p in placed] == [FIRST, SECOND]


def test_a_series_breaks_ties_on_the_totals_not_on_a_round() -> None:
    # SECOND found more words in round one, FIRST more over the two rounds.
    rounds = [
        {FIRST: scores(FIRST, words=1), SECOND: scores(SECOND, words=3)},
        {FIRST: scores(FIRST, words=4), SECOND: scores(SECOND, words=1)},
    ]
    placed = standings(Format.SERIES, [FIRST, SECOND], rounds, 2)
    assert [(p.player, p.words) for p in placed] == [(FIRST, 5), (SECOND, 4)]


def test_a_knockout_cut_breaks_ties_on_that_rounds_figures() -> None:
    # Four in, two out after round one; 2 and 3 tie on points there, 3 found more words.
    entrants = [1, 2, 3, 4]
    first = {1: scores(1, 9), 2: scores(2, 4, 2), 3: scores(3, 4, 3), 4: scores(4, 1)}
    final = {1: scores(1, 1), 3: scores(3, 2)}
    placed = standings(Format.KNOCKOUT, entrants, [first, final], 2)
    assert [(p.place, p.player, p.out_after) for p in placed] == [
        (1, 3, None),
        (2, 1, None),
        (3, 2, 1),  # out after the same round as 4, above it: that round's order
        (4, 4, 1),
    ]


def test_the_longest_word_over_the_rounds_is_the_longer_then_the_first_alphabetically() -> None:
    rounds = [
        {FIRST: scores(FIRST, longest="zebra"), SECOND: scores(SECOND, longest="cat")},
        {FIRST: scores(FIRST, longest="tiger"), SECOND: scores(SECOND, longest="tigers")},
    ]
    placed = {p.player: p for p in standings(Format.SERIES, [FIRST, SECOND], rounds, 2)}
    assert placed[FIRST].longest == "tiger"
    assert placed[SECOND].longest == "tigers"
