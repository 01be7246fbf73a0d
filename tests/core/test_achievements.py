"""The achievement rules' quick paths against their definitions: a board's top ten and longest
word read from a round's results (its words found and missed) against every word of the board
scored and sorted, on random boards' worth of words and on real boards."""

from __future__ import annotations

import dataclasses
import random
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from core.achievements import (
    ACHIEVEMENTS,
    TIER_BITS,
    Facts,
    Measure,
    reached,
    reached_bits,
    round_figures,
    top_ten,
    world_figures,
)
from core.board import Board
from core.dice import dice_set
from core.lexicon import Lexicon
from core.round import Mode, Round, Rules, tally
from core.scoring import TABLE, word_score
from core.solver import Path

WORDS = st.lists(st.text("abcdeq", min_size=1, max_size=11), min_size=1, max_size=60, unique=True)


def by_definition(words: list[str], rules: Rules) -> frozenset[str]:
    """Most points, then longest, then alphabetical: every word scored and sorted."""
    return frozenset(sorted(words, key=lambda w: (-rules.points(w), -len(w), w))[:10])


def test_points_never_fall_as_a_word_grows() -> None:
    """What the top ten's quick path stands on: ranked by length, it is ranked by points."""
    assert all(a <= b for a, b in pairwise(TABLE))
    for least in range(1, 6):
        scores = [word_score("x" * n, least) for n in range(1, 20)]
        assert all(a <= b for a, b in pairwise(scores))


@settings(max_examples=500, deadline=None)
@given(WORDS, st.lists(st.sets(st.integers(0, 59)), max_size=4), st.integers(1, 5))
def test_the_top_ten_from_the_results_is_the_definitions(
    words: list[str], found: list[set[int]], least: int
) -> None:
    rules = Rules(Mode.CLASSIC, least)
    solution: dict[str, Path] = {w: () for w in words if len(w) >= least}
    board = sorted(solution)
    said = {p: [board[i] for i in sorted(picks) if i < len(board)] for p, picks in enumerate(found)}
    results = tally(solution, said, rules)
    # The bot lists missed words most common first (core.commonness.missed_order), not longest
    # first: the figures must not depend on the order they come in.
    results = dataclasses.replace(results, missed=tuple(sorted(results.missed, key=hash)))
    assert top_ten(results) == by_definition(board, rules)
    figures = round_figures(results, rules.mode, 5, 12)
    longest = max(map(len, board), default=0)
    for player in results.players:
        mine = max(len(w.word) for w in player.words)
        assert figures[player.player][Measure.BOARD_LONGEST] == int(mine == longest)


def top_ten_held(
    lexicon: Lexicon, board: Board, solution: dict[str, Path], found: dict[int, list[str]]
) -> dict[int, int]:
    """Each player's TOP_TEN figure after a casual round in which they found ``found``."""
    rules = Rules(Mode.CASUAL)
    game = Round.start(board, lexicon, rules, 0.0, solution=solution)
    for player, words in found.items():
        for word in words:
            game.restore(player, word, 0.0)
    figures = round_figures(game.results(), rules.mode, board.rows, 12)
    for player in found.keys() & {1, 2}:  # those with the ten hold the longest word too
        assert figures[player][Measure.BOARD_LONGEST] == 1
    return {p: f[Measure.TOP_TEN] for p, f in figures.items()}


def test_a_rounds_figures_on_real_boards(lexicon: Lexicon) -> None:
    """Whoever holds the board's ten best words has the top ten (with more words, or exactly
    those, alone in the round), whoever misses one of them has not, and nobody has it on a board
    that is not 4x4."""
    rng = random.Random(7)
    for dice in ("4x4-new", "5x5-original"):
        checked = 0
        while checked < 20:
            board = dice_set(dice).roll(rng)
            solution = dict(Round.start(board, lexicon, Rules(Mode.CASUAL), 0.0).solution)
            if len(solution) < 12:
                continue
            best = by_definition(list(solution), Rules(Mode.CASUAL))
            other = min(set(solution) - best)
            nine = [*sorted(best)[1:], other]
            ten = int(board.rows == 4)
            held = top_ten_held(lexicon, board, solution, {1: [*best, other], 3: nine})
            assert held == {1: ten, 3: 0}
            assert top_ten_held(lexicon, board, solution, {2: list(best)}) == {2: ten}
            checked += 1


def test_every_tier_is_reached_at_its_threshold_and_not_one_short() -> None:
    """Each tier of the table, from the facts alone: its figure reaches it, one less does not
    (the totals' tiers, 5,000 words or 1,000 rounds, are played for here; the round's measures
    through real rounds in ``tests/bot/achievements/test_round_check.py``)."""
    for achievement in ACHIEVEMENTS:
        for tier in achievement.tiers:
            award = (achievement.code, tier)
            assert award in reached(Facts({achievement.measure: tier})), award
            assert award not in reached(Facts({achievement.measure: tier - 1})), award
    assert len(ACHIEVEMENTS) >= 25 and len(TIER_BITS) == sum(len(a.tiers) for a in ACHIEVEMENTS)
    assert len(set(TIER_BITS.values())) == len(TIER_BITS)  # one bit each


def by_the_table(figures: dict[Measure, int]) -> list[tuple[str, int]]:
    """Each achievement of the table in turn, each tier its figure reaches: the definition."""
    return [
        (a.code, t)
        for a in ACHIEVEMENTS
        if a.measure in figures
        for t in a.tiers
        if figures[a.measure] >= t
    ]


@given(st.dictionaries(st.sampled_from(list(Measure)), st.integers(-1, 6000)))
def test_the_tiers_reached_are_the_tables(figures: dict[Measure, int]) -> None:
    """The rules' quick path (a ladder of bits a measure) against the table read in turn, on
    any figures."""
    assert reached(Facts(figures)) == by_the_table(figures)
    assert reached_bits(figures) == sum(TIER_BITS[award] for award in by_the_table(figures))


def test_a_world_round_reaches_its_three_tiers_by_rank_among_those_who_scored() -> None:
    assert reached(Facts(world_figures(1, 3))) == [("world_round", 1)]
    assert reached(Facts(world_figures(10, 11))) == [("world_round", 1), ("world_top_ten", 1)]
    assert reached(Facts(world_figures(2, 200))) == [
        ("world_round", 1),
        ("world_top_ten", 1),
        ("world_top_percent", 1),
    ]
    assert reached(Facts(world_figures(11, 1100))) == [("world_round", 1), ("world_top_percent", 1)]
