"""Shared fixtures: the repository's English word list (built once, by tests/conftest.py) and
every language's lexicon (built once a session: German takes seconds)."""

from __future__ import annotations

import pytest

from core.languages import LANGUAGE_CODES, lexicon_for
from core.lexicon import Lexicon
from tests.core.brute import EN_WORDS


@pytest.fixture(scope="session")
def en_lexicon(lexicon):
    return lexicon


@pytest.fixture(scope="session")
def en_words() -> list[str]:
    return EN_WORDS.read_text().split()


@pytest.fixture(scope="session")
def lexicons(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Lexicon]:
    cache = tmp_path_factory.mktemp("languages")
    return {code: lexicon_for(code, cache) for code in LANGUAGE_CODES}
