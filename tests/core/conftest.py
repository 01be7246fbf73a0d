"""Shared fixtures: the repository's English word list, built once into a temporary cache."""

from __future__ import annotations

import pytest

from core import lexicon as lexicon_module
from tests.core.brute import EN_WORDS


@pytest.fixture(scope="session")
def en_lexicon(tmp_path_factory):
    return lexicon_module.load(EN_WORDS, cache_dir=tmp_path_factory.mktemp("lexicon-cache"))


@pytest.fixture(scope="session")
def en_words() -> list[str]:
    return EN_WORDS.read_text().split()
