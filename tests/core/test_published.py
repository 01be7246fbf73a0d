"""The boards of the published cross-checks, checked against the brute force with the repository's
word list (the published numbers need ENABLE2K, which a clone of the repository does not have)."""

from __future__ import annotations

import pytest

from core.board import Board
from core.lexicon import Lexicon
from core.scoring import total_score, word_score
from core.solver import find_path, path_spells, solve
from tests.core.brute import EN_WORDS, brute_score, brute_solve, spell_or_none, words_of_letters

PUBLISHED = ["perslatgsineters", "streaedlp", "abcdefghijklmnop", "catdlinem"]
BIG = "sepesdsracietilmanesligdr"

# Words these boards hold, with their points (3+ letter scoring), found by hand on the grids.
KNOWN = {
    "perslatgsineters": {"replastering": 11, "plaster": 5, "sterilant": 11, "tin": 1},
    "streaedlp": {"plaster": 5, "petrales": 11, "treadles": 11, "sea": 1},
    "abcdefghijklmnop": {"knife": 2, "plonk": 2, "glop": 1, "fink": 1},
    "catdlinem": {"claimed": 5, "claim": 2, "alien": 2, "aimed": 2},
}
# Words made of the board's letters that no legal path spells.
ABSENT = {
    "abcdefghijklmnop": ["dog", "fade", "hop"],  # d-o, f-a..., h-o are not adjacent
    "catdlinem": ["mac", "cinema"],
}


@pytest.mark.parametrize("text", [*PUBLISHED, BIG])
def test_board_solution_equals_brute_force(text: str, en_lexicon: Lexicon) -> None:
    board = Board.parse(text)
    words = words_of_letters(EN_WORDS, set(text))
    expected = brute_solve(board, words, 3)
    assert expected, "the brute force should find words on every published board"
    for lexicon in (Lexicon.from_words(words), en_lexicon):
        found = solve(board, lexicon, 3)
        assert set(found) == expected
        for word, path in found.items():
            assert spell_or_none(board, path) == word
        assert total_score(found) == sum(brute_score(w, 3) for w in expected)
    big_min = solve(board, en_lexicon, 4)
    assert set(big_min) == {w for w in expected if len(w) >= 4}


@pytest.mark.parametrize("text", PUBLISHED)
def test_known_words_and_points(text: str, en_lexicon: Lexicon) -> None:
    board = Board.parse(text)
    found = solve(board, en_lexicon, 3)
    for word, points in KNOWN[text].items():
        assert word in found, word
        assert word_score(word) == points == brute_score(word, 3)
        path = find_path(board, word)
        assert path is not None, word
        assert path_spells(board, path) == word
    for word in ABSENT.get(text, []):
        assert word in en_lexicon
        assert word not in found
        assert find_path(board, word) is None


def test_board_shapes() -> None:
    assert (Board.parse("streaedlp").rows, Board.parse("streaedlp").cols) == (3, 3)
    assert Board.parse(BIG).size == 5
    assert Board.parse("perslatgsineters").text() == "pers/latg/sine/ters"
