"""The language cases of the rounds through the real client (``tests/bot/rounds/languages/``):
each file's word is on its board and in its language's list, worth its points, and its plain
form folds to the same word exactly when the file says it is accepted."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from core.board import Board
from core.languages import LANGUAGES
from core.lexicon import Lexicon
from core.scoring import word_score
from core.solver import find_path

CASES = Path(__file__).resolve().parent.parent / "bot" / "rounds" / "languages"
FILES = sorted(CASES.glob("*.toml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_language_case_is_right(path: Path, lexicons: dict[str, Lexicon]) -> None:
    case = tomllib.loads(path.read_text(encoding="utf-8"))
    lang = LANGUAGES[path.stem]
    faces = case["faces"]
    assert len(faces) == 16 and all(f == lang.casing.lower(f) for f in faces)
    board = Board(4, 4, tuple(faces))
    word = lang.fold(case["word"])
    assert word is not None and word in lexicons[lang.code], case["word"]
    assert find_path(board, word) is not None, word
    assert word_score(word, 3) == case["points"]
    plain = lang.fold(case["plain"])
    assert (plain == word) is case["plain_accepted"], case["plain"]
    assert isinstance(case["results"], str) and case["results"]
