"""A language's first define opens its index from the machine's cache, where ``make`` built it
at set-up: no child process builds it, and the file is read, never written again
(``bench/bench_first_define.py`` times that first call)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.definitions.service import DefinitionsService
from bot.kernel.lexicons import Lexicons
from core.definitions import Definitions, Entry

WORDS = {"en": "geese", "fr": "chevaux", "de": "häusern"}


async def test_the_first_define_opens_the_cached_index_without_a_build(
    definitions_cache: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.definitions.service")
    lexicons = Lexicons(cache_dir=definitions_cache)
    files = {
        code: Definitions.open(code, definitions_cache, lexicon=await lexicons.get(code))
        for code in WORDS
    }
    indexes = {code: opened.index_path() for code, opened in files.items()}
    before = {code: (p.stat().st_ino, p.stat().st_mtime_ns) for code, p in indexes.items()}
    service = DefinitionsService(Lexicons(cache_dir=definitions_cache))
    try:
        for code, word in WORDS.items():
            assert isinstance(await service.define(word, code), Entry)
        assert service.opened() == sorted(WORDS)
    finally:
        service.close()
    assert [r.getMessage() for r in caplog.records if "building" in r.getMessage()] == []
    after = {code: (p.stat().st_ino, p.stat().st_mtime_ns) for code, p in indexes.items()}
    assert after == before
