"""The tables of languages: data/words/README.md's (where each list comes from) and README.md's,
which repeats it; a language the game speaks has its row in both, as its list is."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from bot.i18n.catalogue import text
from core.languages import LANGUAGE_CODES, language
from core.lexicon.sources import read_word_file

REPO = Path(__file__).resolve().parent.parent
WORDS_README = REPO / "data" / "words" / "README.md"
README = REPO / "README.md"
SHARED = ("code", "language", "word list (source)", "licence", "words")


def table(path: Path) -> list[dict[str, str]]:
    """The rows of the file's table of languages (the one whose header starts with ``code``
    and ``language``), by column name."""
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    heads = [i for i, line in enumerate(lines) if line.startswith("| code | language |")]
    assert len(heads) == 1, f"{path.name}: one table of languages, its header | code | language |"
    start = heads[0]
    columns = [cell.strip() for cell in lines[start].strip("|").split("|")]
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        assert len(cells) == len(columns), f"{path.name}: {line}"
        rows.append(dict(zip(columns, cells, strict=True)))
    return rows


def count_words(path: Path) -> int:
    """The words of a list, one a line (gzipped, xz-compressed or not)."""
    data = read_word_file(path)
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    return sum(1 for line in data.splitlines() if line.strip())


def test_every_language_has_its_row_in_both_tables_in_the_games_order() -> None:
    sources = table(WORDS_README)
    assert [row["code"] for row in sources] == list(LANGUAGE_CODES)
    shown = table(README)
    assert [{k: row[k] for k in SHARED} for row in shown] == [
        {k: row[k] for k in SHARED} for row in sources
    ], "README.md's table of languages repeats data/words/README.md's"
    for row in shown:
        assert row["letters"], f"README.md: the letters of {row['code']}"


@pytest.mark.parametrize("code", LANGUAGE_CODES)
def test_a_languages_row_names_it_and_counts_its_list(code: str) -> None:
    row = next(r for r in table(WORDS_README) if r["code"] == code)
    assert row["language"] == text(f"language_names.{code}", "en")
    assert row["word list (source)"]
    assert row["licence"]
    assert int(row["words"].replace(",", "")) == count_words(language(code).words_file)
