"""A guess without a letter's mark, where the mark makes another letter: the refusal names the
board's word ("żal", not "zal"); where marks fold away, the plain form is the word itself."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from core.board import Board
from core.languages import LANGUAGES, POLISH, _plain_letter, language
from core.lexicon import Lexicon
from core.misspelt import Misspellings
from core.round import Mode, Round, Rules, Verdict


def test_plain_drops_the_marks_even_where_unicode_keeps_the_letter_whole() -> None:
    assert language("pl").plain("żółć") == "zolc"
    assert language("pl").plain("łza") == "lza"  # ł has no decomposition
    assert language("es").plain("año") == "ano"
    assert language("en").plain("cat") == "cat"


def test_the_board_word_a_plain_guess_lacks_its_marks_for() -> None:
    board_words = ["żal", "żak", "kal", "ala"]
    found = Misspellings(language("pl"), board_words)
    assert found.meant("zal") == "żal"
    assert found.meant("zak") == "żak"
    assert found.meant("kal") is None  # the board's own word
    assert found.meant("lak") is None  # no board word of that plain form


def test_a_round_refuses_the_plain_form_naming_the_word() -> None:
    lexicon = Lexicon.from_words(["żal", "żala", "kal", "zal"], alphabet=POLISH)
    board = Board(2, 2, ("ż", "a", "k", "l"))
    game = Round.start(board, lexicon, Rules(Mode.CASUAL, 3), 1e12, lang=language("pl"))
    assert "żal" in game.solution
    refused = game.judge(1, "zal", 0)  # a word of its own, not on this board
    assert (refused.verdict, refused.meant) == (Verdict.NOT_ON_BOARD, "żal")
    missing = game.judge(1, "ZALA", 0)
    assert (missing.verdict, missing.meant) == (Verdict.NOT_A_WORD, None)  # "żala" is not here
    accepted = game.judge(1, "ŻAL", 0)
    assert (accepted.verdict, accepted.meant) == (Verdict.ACCEPTED, None)


@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=12))
def test_a_word_of_plain_letters_is_its_own_plain_form_in_every_language(word: str) -> None:
    """The shortcut for words without a mark gives what the letter-by-letter way gives."""
    for code in LANGUAGES:
        assert language(code).plain(word) == word == "".join(map(_plain_letter, word))


def test_a_round_can_reuse_the_misspellings_of_its_board() -> None:
    """A world round's judge is rebuilt at each guess from a board kept whole: its misspellings,
    built once, name the meant word as the round's own would."""
    lexicon = Lexicon.from_words(["żal", "kal", "zal"], alphabet=POLISH)
    board = Board(2, 2, ("ż", "a", "k", "l"))
    kept = Misspellings(language("pl"), ["żal", "kal"])
    for _ in range(2):
        game = Round.rebuild(
            board, lexicon, Rules(Mode.CASUAL, 3), 1e12, [], lang=language("pl"), misspellings=kept
        )
        refused = game.judge(1, "zal", 0)
        assert (refused.verdict, refused.meant) == (Verdict.NOT_ON_BOARD, "żal")
    assert kept._by_plain == {"zal": "żal"}  # built once, by the first judge
