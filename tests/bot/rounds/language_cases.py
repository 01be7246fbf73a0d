"""Each language's round case, ``tests/bot/rounds/languages/<code>.toml``: a 4x4 board, a word
on it typed with its diacritics and without, its points and a fragment of the results post.
Read by the round played through the real client (``test_each_language.py``) and by the
cases' check against core."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from core.board import Board

CASES_DIR = Path(__file__).resolve().parent / "languages"
FIELDS = {
    "faces": list,
    "word": str,
    "plain": str,
    "plain_accepted": bool,
    "points": int,
    "results": str,
}


@dataclass(frozen=True)
class LanguageCase:
    code: str
    faces: tuple[str, ...]  # 16, row by row, as lexicon letters (lowercase)
    word: str  # typed as a player writes it
    plain: str  # typed without diacritics
    plain_accepted: bool  # False: a missing mark makes another letter, and it is refused
    points: int  # what ``word`` scores alone
    results: str  # a fragment of the results post

    @property
    def board(self) -> Board:
        return Board(4, 4, self.faces)


def read_case(code: str) -> LanguageCase:
    """The language's case; AssertionError naming what is missing or wrong."""
    path = CASES_DIR / f"{code}.toml"
    assert path.is_file(), f"no round case for {code!r}: write {path}"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    for name, kind in FIELDS.items():
        assert isinstance(data.get(name), kind), f"{path.name}: {name} must be a {kind.__name__}"
    assert set(data) == set(FIELDS), f"{path.name}: keys {sorted(set(data) ^ set(FIELDS))}"
    faces = tuple(data["faces"])
    assert len(faces) == 16 and all(isinstance(f, str) and f == f.lower() for f in faces), (
        f"{path.name}: faces must be 16 lowercase faces"
    )
    return LanguageCase(
        code,
        faces,
        data["word"],
        data["plain"],
        data["plain_accepted"],
        data["points"],
        data["results"],
    )
