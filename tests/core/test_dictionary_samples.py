"""Committed samples of common words every dictionary accepts and of slurs and obscenities it
refuses (issue 21), read from tests/core/data/, judged by each language's lexicon as the game
judges (built from the shipped lists, not a rebuild)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.languages import LANGUAGE_CODES, language
from core.lexicon import Lexicon

DATA = Path(__file__).resolve().parent / "data"


def samples(name: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            code, _, words = line.partition(":")
            found.setdefault(code, []).extend(words.split())
    return found


def language_samples() -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The ``samples-<code>.txt`` files (issue 39's languages, one file each): ``accepted:`` and
    ``refused:`` lines, each as many times as it takes."""
    accepted: dict[str, list[str]] = {}
    refused: dict[str, list[str]] = {}
    for path in sorted(DATA.glob("samples-??.txt")):
        code = path.stem.removeprefix("samples-")
        found = samples(path.name)
        accepted[code], refused[code] = found["accepted"], found["refused"]
    return accepted, refused


ACCEPTED = samples("samples-accepted.txt")
REFUSED = samples("samples-refused.txt")
ACCEPTED.update(language_samples()[0])
REFUSED.update(language_samples()[1])


def test_every_language_has_both_samples() -> None:
    assert set(ACCEPTED) == set(REFUSED) == set(LANGUAGE_CODES)


@pytest.mark.parametrize("code", LANGUAGE_CODES)
def test_common_words_are_accepted(code: str, lexicons: dict[str, Lexicon]) -> None:
    lang = language(code)
    missing = [w for w in ACCEPTED[code] if lang.fold(w) not in lexicons[code]]
    assert missing == []


@pytest.mark.parametrize("code", LANGUAGE_CODES)
def test_slurs_and_obscenities_are_refused(code: str, lexicons: dict[str, Lexicon]) -> None:
    lang = language(code)
    present = [w for w in REFUSED[code] if lang.fold(w) in lexicons[code]]
    assert present == []
