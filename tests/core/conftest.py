"""Shared fixtures: the repository's English word list (built once, by tests/conftest.py).
Every language's lexicon is the ``lexicons`` fixture of tests/conftest.py."""

from __future__ import annotations

import pytest

from core.lexicon import Lexicon
from tests.core.brute import EN_WORDS


@pytest.fixture(scope="session")
def en_lexicon(lexicon: Lexicon) -> Lexicon:
    return lexicon


@pytest.fixture(scope="session")
def en_words() -> list[str]:
    return EN_WORDS.read_text().split()
