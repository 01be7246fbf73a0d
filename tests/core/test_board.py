"""Board text form, errors, the grid picture and adjacency."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.board import Board, BoardError
from tests.core.brute import adjacency, boards


@settings(max_examples=300, deadline=None)
@given(boards())
def test_text_round_trip(board: Board) -> None:
    assert Board.parse(board.text()) == board
    assert Board.parse(board.compact()) == board
    assert Board.parse(board.text().upper()) == board
    if board.rows > 1:
        assert Board.parse(board.text().replace("/", " ")) == board
    assert Board.parse(f"  {board.text()}\n") == board
    if board.rows == board.cols:
        assert "/" not in board.compact()


def test_faces() -> None:
    board = Board.parse("q[q][th]./[qu]AB[In]")
    assert (board.rows, board.cols) == (2, 4)
    assert board.cells == ("qu", "q", "th", "", "qu", "a", "b", "in")


def test_one_row_board_round_trips() -> None:
    """A single row must not be read back as a square (1x4 "abcd" is not the 2x2 "ab/cd")."""
    for board in (Board(1, 4, tuple("abcd")), Board(1, 2, ("a", "qu")), Board(4, 1, tuple("abcd"))):
        assert Board.parse(board.text()) == board
        assert Board.parse(board.compact()) == board


def test_q_means_qu_and_bracketed_q_is_plain() -> None:
    assert Board.parse("q").cells == ("qu",)
    assert Board.parse("Q").cells == ("qu",)
    assert Board.parse("[q]").cells == ("q",)
    assert Board.parse("[Qu]").cells == ("qu",)
    assert Board.parse("[th]").cells == ("th",)
    assert Board.parse("[TH]").cells == ("th",)
    assert Board.parse(".").cells == ("",)


def test_rows_forms() -> None:
    expected = Board(2, 3, ("a", "b", "c", "d", "qu", ""))
    for text in ("abc/dq.", "abc dq.", "ABC/DQ.", "abc / dq.", "abc\ndq.", "abc\t dq."):
        assert Board.parse(text) == expected
    square = Board.parse("perslatgsineters")
    assert (square.rows, square.cols) == (4, 4)
    assert square == Board.parse("pers/latg/sine/ters") == Board.parse("PERS LATG SINE TERS")
    assert Board.parse("[th]abc").cells == ("th", "a", "b", "c")  # four cells make 2x2


def test_text_forms() -> None:
    board = Board(2, 3, ("qu", "q", "th", "", "a", "b"))
    assert board.text() == "q[q][th]/.ab"
    assert board.compact() == board.text()
    assert str(board) == board.text()
    assert Board.parse("abcd").compact() == "abcd"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("abc/de", ["ragged", "row 2"]),
        ("ab/cd/e", ["ragged", "row 3"]),
        ("ab!c", ["unknown character", "!"]),
        ("ab/c3", ["unknown character", "3"]),
        ("", ["empty"]),
        ("   \n ", ["empty"]),
        ("abc", ["square", "3 cells"]),
        ("abcde", ["square"]),
        ("ab[th", ["never closed"]),
        ("[]", ["not a face"]),
        ("[a1]", ["not a face"]),
        ("[abcd]", ["more than 3 letters"]),
        ("a" * 17 * 17, ["larger than"]),
        ("/", ["empty"]),
        (" / / ", ["empty"]),
    ],
)
def test_bad_text_names_the_problem(text: str, words: list[str]) -> None:
    with pytest.raises(BoardError) as caught:
        Board.parse(text)
    message = str(caught.value).lower()
    for word in words:
        assert word.lower() in message


def test_letters_without_a_plain_lowercase_form_raise_board_error() -> None:
    for text in ("İ", "aİ", "ab/cİ", "ﬁ", "ａｂｃｄ", "a1", "[x\u0303]abc"):
        with pytest.raises(BoardError):
            Board.parse(text)


def test_non_ascii_letters_are_faces() -> None:
    board = Board.parse("añ/ÑB")
    assert board.cells == ("a", "ñ", "ñ", "b")
    assert Board.parse("an\u0303/ab").cells == ("a", "ñ", "a", "b")  # n + combining tilde
    assert Board.parse(board.text()) == board
    assert Board.parse("[ßa]bcd").cells[0] == "ßa"
    assert board.grid().splitlines()[0] == "A  Ñ"


@settings(max_examples=400, deadline=None)
@given(
    st.one_of(
        st.text(max_size=40),
        st.text(alphabet="abq[]./ \nTHİé1", max_size=40),
    )
)
def test_parse_returns_a_board_or_raises_board_error(text: str) -> None:
    try:
        board = Board.parse(text)
    except BoardError as exc:
        assert str(exc)
        return
    assert Board.parse(board.text()) == board


def test_board_checks_its_cells() -> None:
    with pytest.raises(BoardError):
        Board(0, 3, ())
    with pytest.raises(BoardError):
        Board(2, 2, ("a", "b", "c"))
    with pytest.raises(BoardError):
        Board(1, 1, ("A",))
    with pytest.raises(BoardError):
        Board(1, 1, ("abcd",))
    with pytest.raises(BoardError):
        Board(1, 1, ("1",))


def test_grid_alignment() -> None:
    board = Board.parse("q[th].a/bcde")
    lines = board.grid().split("\n")
    assert lines == ["Qu Th ·  A", "B  C  D  E"]
    assert Board.parse("[in]./.a").grid() == "In ·\n·  A"


@settings(max_examples=150, deadline=None)
@given(boards())
def test_grid_every_cell_two_wide(board: Board) -> None:
    lines = board.grid().split("\n")
    assert len(lines) == board.rows
    for r, line in enumerate(lines):
        padded = line.ljust(3 * board.cols)
        for c in range(board.cols):
            face = board.face_at(r, c)
            shown = padded[3 * c : 3 * c + 2]
            assert padded[3 * c + 2] == " "
            if face:
                assert shown.rstrip() == face[0].upper() + face[1:]
            else:
                assert shown == "· "


def test_neighbour_counts() -> None:
    board = Board.parse("abcd/efgh/ijkl/mnop")
    assert [len(board.neighbours[i]) for i in range(16)] == [
        3, 5, 5, 3,
        5, 8, 8, 5,
        5, 8, 8, 5,
        3, 5, 5, 3,
    ]  # fmt: skip
    assert set(board.neighbours[0]) == {1, 4, 5}
    assert set(board.neighbours[5]) == {0, 1, 2, 4, 6, 8, 9, 10}


def test_neighbours_skip_blanks() -> None:
    board = Board.parse("a.c/.e./g.i")
    assert board.neighbours[4] == (0, 2, 6, 8)
    assert board.neighbours[0] == (4,)
    assert board.neighbours[1] == ()  # a blank cell has no neighbours
    single = Board.parse("a")
    assert single.neighbours == ((),)


@settings(max_examples=200, deadline=None)
@given(boards())
def test_neighbours_match_coordinates(board: Board) -> None:
    around = adjacency(board)
    for cell, got in enumerate(board.neighbours):
        expected = [] if not board.cells[cell] else [n for n in around[cell] if board.cells[n]]
        assert sorted(got) == expected


def test_size_position_face_at() -> None:
    board = Board.parse("abc/def")
    assert board.size == 3
    assert board.position(4) == (1, 1)
    assert board.face_at(1, 2) == "f"
