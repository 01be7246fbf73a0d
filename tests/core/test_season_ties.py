"""A season's tie-breaks (its places and its recap's records), each at its boundary.

The rows come in the order that favours the other player: reversing or dropping a tie-break
fails a test.
"""

from __future__ import annotations

from core.seasons import ResultRow, places, recap

LOW, HIGH = 10, 20  # player ids


def row(
    player: int, points: int, words: int, *, round_id: int = 1, longest: str | None = None
) -> ResultRow:
    return ResultRow(round_id, player, points, words, False, longest)


def ranked(rows: list[ResultRow]) -> list[tuple[int, int]]:
    return [(p.place, p.user_id) for p in places(rows)]


def test_points_then_words_then_fewer_rounds_each_decide_alone_both_ways() -> None:
    # points: HIGH has more, and fewer words and more rounds (the later keys favour LOW).
    rows = [row(LOW, 5, 9), row(HIGH, 3, 1), row(HIGH, 3, 1, round_id=2)]
    assert ranked(rows) == [(1, HIGH), (2, LOW)]
    rows = [row(HIGH, 5, 9), row(LOW, 3, 1), row(LOW, 3, 1, round_id=2)]
    assert ranked(rows) == [(1, LOW), (2, HIGH)]
    # words: equal points; HIGH found more, in more rounds.
    rows = [row(LOW, 6, 2), row(HIGH, 3, 2), row(HIGH, 3, 1, round_id=2)]
    assert ranked(rows) == [(1, HIGH), (2, LOW)]
    rows = [row(HIGH, 6, 2), row(LOW, 3, 2), row(LOW, 3, 1, round_id=2)]
    assert ranked(rows) == [(1, LOW), (2, HIGH)]
    # fewer rounds: equal points and words; HIGH in one round, LOW in two.
    rows = [row(LOW, 3, 2), row(LOW, 3, 2, round_id=2), row(HIGH, 6, 4)]
    assert ranked(rows) == [(1, HIGH), (2, LOW)]
    rows = [row(HIGH, 3, 2), row(HIGH, 3, 2, round_id=2), row(LOW, 6, 4)]
    assert ranked(rows) == [(1, LOW), (2, HIGH)]


def test_equal_on_all_three_share_a_place_listed_by_player_id() -> None:
    rows = [row(HIGH, 4, 2), row(30, 9, 1), row(LOW, 4, 2), row(40, 1, 1)]
    assert ranked(rows) == [(1, 30), (2, LOW), (2, HIGH), (4, 40)]
    # Equal on points and words only: no shared place.
    rows = [row(HIGH, 4, 2), row(LOW, 2, 1), row(LOW, 2, 1, round_id=2)]
    assert ranked(rows) == [(1, HIGH), (2, LOW)]
    # Equal on points and rounds only: no shared place.
    assert ranked([row(HIGH, 4, 3), row(LOW, 4, 2)]) == [(1, HIGH), (2, LOW)]


def test_most_words_ties_go_to_the_lower_player_id() -> None:
    # HIGH is placed above LOW (more points): the first met is not the one the tie gives it to.
    assert recap([row(HIGH, 9, 5), row(LOW, 2, 5)], {}).most_words == (LOW, 5)
    assert recap([row(HIGH, 2, 5), row(LOW, 9, 5)], {}).most_words == (LOW, 5)
    assert recap([row(HIGH, 2, 6), row(LOW, 9, 5)], {}).most_words == (HIGH, 6)


def test_the_longest_word_is_the_longer_then_the_first_alphabetically_then_the_lower_id() -> None:
    def longest(low: str, high: str) -> tuple[int, str] | None:
        rows = [row(HIGH, 9, 1, longest=high), row(LOW, 2, 1, round_id=2, longest=low)]
        return recap(rows, {}).longest_word

    assert longest("cat", "tiger") == (HIGH, "tiger")
    assert longest("zebra", "tiger") == (HIGH, "tiger")
    assert longest("tiger", "zebra") == (LOW, "tiger")
    assert longest("tiger", "tiger") == (LOW, "tiger")
    # A player's own longest over the season: the longer, then the first alphabetically.
    rows = [row(LOW, 1, 1, longest="zebra"), row(LOW, 1, 1, round_id=2, longest="tiger")]
    assert places(rows)[0].longest_word == "tiger"
    rows = [row(LOW, 1, 1, longest="tiger"), row(LOW, 1, 1, round_id=2, longest="zebra")]
    assert places(rows)[0].longest_word == "tiger"


def test_the_best_round_ties_go_to_the_earlier_round_then_the_lower_player_id() -> None:
    def best(rows: list[ResultRow]) -> tuple[int, int, int] | None:
        return recap(rows, {}).best_round

    # Rounds: the later round and the higher id come first in the rows.
    assert best([row(HIGH, 7, 1, round_id=5), row(LOW, 7, 1, round_id=3)]) == (LOW, 7, 3)
    assert best([row(LOW, 7, 1, round_id=5), row(HIGH, 7, 1, round_id=3)]) == (HIGH, 7, 3)
    # The same round: the lower player id.
    assert best([row(HIGH, 7, 1, round_id=3), row(LOW, 7, 1, round_id=3)]) == (LOW, 7, 3)
    assert best([row(LOW, 6, 1, round_id=1), row(HIGH, 7, 1, round_id=9)]) == (HIGH, 7, 9)


def test_the_most_improved_ties_go_to_the_lower_player_id() -> None:
    # Both gained 3; HIGH is placed above LOW.
    rows = [row(HIGH, 9, 1), row(LOW, 5, 1)]
    assert recap(rows, {HIGH: 6, LOW: 2}).most_improved == (LOW, 3)
    assert recap(rows, {HIGH: 6, LOW: 3}).most_improved == (HIGH, 3)
    assert recap(rows, {HIGH: 9, LOW: 5}).most_improved is None  # no gain
