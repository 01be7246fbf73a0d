"""A tournament's rules: each round's scores from core's results, the series' sums, the
knockout's cuts, and every tie-break in its order."""

from __future__ import annotations

from core.round import FoundWord, PlayerResult, Results
from core.tournament import (
    Format,
    RoundScore,
    best_word,
    knocked_out,
    round_scores,
    standings,
    still_in,
)


def score(
    player: int, points: int, words: int = 1, longest: str | None = "cat", at: float | None = 5.0
) -> RoundScore:
    return RoundScore(player, points, words, longest, longest, points, at)


def test_round_scores_come_from_the_results_and_the_words_times() -> None:
    results = Results(
        players=(
            PlayerResult(
                1,
                1,
                3,
                (FoundWord("tiger", 2), FoundWord("cat", 1), FoundWord("dog", 0, cancelled=True)),
            ),
            PlayerResult(9, 2, 1, (FoundWord("ant", 1),)),  # not an entrant
            PlayerResult(2, 3, 0, (FoundWord("dog", 0, cancelled=True),)),
        ),
        winners=(1,),
        missed=(),
        total_words=10,
        max_score=20,
        found_words=4,
    )
    accepted = [
        (1, "cat", 103.0),
        (1, "tiger", 110.0),
        (1, "dog", 120.0),
        (2, "dog", 101.0),
        (9, "ant", 104.0),
    ]
    scores = round_scores(results, accepted, 100.0, [1, 2, 3])
    assert scores == {
        1: RoundScore(1, 3, 3, "tiger", "tiger", 2, 10.0),  # the cancelled dog is not its last
        2: RoundScore(2, 0, 1, None, None, 0, None),
        3: RoundScore(3),
    }


def test_the_best_word_scores_most_then_is_longer_then_first_alphabetically() -> None:
    assert best_word([("cat", 1), ("tiger", 2), ("zebra", 2), ("tigers", 3)]) == ("tigers", 3)
    assert best_word([("tiger", 2), ("zebra", 2)]) == ("tiger", 2)
    assert best_word([("cat", 0)]) is None


def test_a_series_adds_up_the_rounds_and_breaks_ties_in_order() -> None:
    entrants = [10, 20, 30, 40, 50]
    rounds = [
        {
            10: score(10, 5, 3),
            20: score(20, 5, 3, "house"),
            30: score(30, 4, 4),
            40: score(40, 5, 4),
        },
        {
            10: score(10, 1, 1),
            20: score(20, 1, 1, "cat"),
            30: score(30, 3, 1),
            40: score(40, 1, 0, None, None),
        },
    ]
    placed = standings(Format.SERIES, entrants, rounds, 3)
    assert [(p.place, p.player, p.points, p.words, p.longest) for p in placed] == [
        (1, 30, 7, 5, "cat"),
        (2, 20, 6, 4, "house"),  # 6 points and 4 words like 10 and 40: the longer longest word
        (3, 10, 6, 4, "cat"),  # ties 40 on length; finished earlier (40 scored nothing in two)
        (4, 40, 6, 4, "cat"),
        (5, 50, 0, 0, None),  # never played a word: still placed
    ]


def test_the_longest_word_and_then_earlier_and_then_sign_up_break_ties() -> None:
    entrants = [1, 2, 3, 4]
    rounds = [
        {
            1: score(1, 4, 2, "cats", 30.0),
            2: score(2, 4, 2, "tigers", 50.0),
            3: score(3, 4, 2, "cats", 20.0),
            4: score(4, 4, 2, "cats", 20.0),
        }
    ]
    placed = standings(Format.SERIES, entrants, rounds, 1)
    assert [p.player for p in placed] == [2, 3, 4, 1]


def test_a_knockout_puts_the_lower_half_out_and_the_last_round_decides() -> None:
    entrants = [1, 2, 3, 4]
    first = {1: score(1, 1), 2: score(2, 5), 3: score(3, 3), 4: score(4, 2)}
    assert still_in(Format.KNOCKOUT, entrants, [first]) == [2, 3]
    second = {2: score(2, 9), 3: score(3, 1), 1: score(1, 50)}  # 1 is out: its words count nowhere
    assert still_in(Format.KNOCKOUT, entrants, [first, second]) == [2, 3]  # never fewer than two
    third = {2: score(2, 1), 3: score(3, 2)}
    placed = standings(Format.KNOCKOUT, entrants, [first, second, third], 3)
    assert [(p.place, p.player, p.points, p.out_after) for p in placed] == [
        (1, 3, 6, None),  # the last round decides, whatever the totals
        (2, 2, 15, None),
        (3, 4, 2, 1),
        (4, 1, 1, 1),
    ]
    assert still_in(Format.SERIES, entrants, [first, second]) == entrants


def test_how_many_a_knockout_round_puts_out() -> None:
    assert [knocked_out(n) for n in range(1, 9)] == [0, 0, 1, 2, 2, 3, 3, 4]


def test_before_any_round_the_standings_are_the_sign_up_order() -> None:
    assert [p.player for p in standings(Format.KNOCKOUT, [5, 3, 4], [], 2)] == [5, 3, 4]
    assert [p.player for p in standings(Format.SERIES, [5, 3, 4], [], 2)] == [5, 3, 4]


def test_each_tie_break_decides_alone_against_every_later_one() -> None:
    """Two players level on every tie-break before one, the later ones all favouring the one
    behind: that tie-break alone puts the other ahead (sign-up order: 2 before 1)."""
    cases = {
        "words": (score(1, 5, 3, "cat", 50.0), score(2, 5, 2, "tigers", 10.0)),
        "longest word": (score(1, 5, 2, "tigers", 50.0), score(2, 5, 2, "cats", 10.0)),
        "finished first": (score(1, 5, 2, "cats", 10.0), score(2, 5, 2, "cats", 50.0)),
    }
    for tie_break, (ahead, behind) in cases.items():
        rounds = [{1: ahead, 2: behind}]
        placed = standings(Format.SERIES, [2, 1], rounds, 1)
        assert [p.player for p in placed] == [1, 2], tie_break
    level = [{1: score(1, 5, 2, "cats", 10.0), 2: score(2, 5, 2, "cats", 10.0)}]
    assert [p.player for p in standings(Format.SERIES, [2, 1], level, 1)] == [2, 1]
    assert [p.player for p in standings(Format.SERIES, [1, 2], level, 1)] == [1, 2]
