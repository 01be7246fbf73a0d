"""The bot's lexicon: read from the cache, else built by a child process, never in the bot."""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path

import pytest

from bot.lexicon_loader import load_lexicon
from core.lexicon import Lexicon, cache_file
from tests.core.brute import EN_WORDS


@pytest.fixture
def no_build_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """Building in this process fails the test: the bot must only ever read a built lexicon."""

    def refuse(*args: object, **kwargs: object) -> Lexicon:
        raise AssertionError("the lexicon was built inside the bot's process")

    monkeypatch.setattr(Lexicon, "from_words", classmethod(refuse))


def children_of_this_process() -> list[int]:
    tasks = Path(f"/proc/{os.getpid()}/task")
    return [int(pid) for task in tasks.iterdir() for pid in (task / "children").read_text().split()]


async def test_a_missing_cache_is_built_by_a_child_then_read(
    tmp_path: Path, lexicon: Lexicon, no_build_here: None, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.lexicon_loader")
    cache = tmp_path / "cache"
    built = await load_lexicon(EN_WORDS, cache)
    assert built.to_bytes() == lexicon.to_bytes()
    written = cache_file(lexicon.source_hash, cache)
    assert written.read_bytes() == lexicon.to_bytes()
    assert "built by a child process" in caplog.text
    caplog.clear()
    stamp = written.stat().st_mtime_ns
    again = await load_lexicon(EN_WORDS, cache)
    assert again.to_bytes() == lexicon.to_bytes()
    assert "from the cache" in caplog.text and "child" not in caplog.text
    assert written.stat().st_mtime_ns == stamp


async def test_a_damaged_cache_is_built_again(
    tmp_path: Path, lexicon: Lexicon, no_build_here: None
) -> None:
    written = cache_file(lexicon.source_hash, tmp_path)
    written.write_bytes(lexicon.to_bytes()[:-1])
    assert (await load_lexicon(EN_WORDS, tmp_path)).to_bytes() == lexicon.to_bytes()
    assert written.read_bytes() == lexicon.to_bytes()


async def test_a_cache_it_cannot_write_still_gives_the_lexicon(
    tmp_path: Path, lexicon: Lexicon, no_build_here: None, caplog: pytest.LogCaptureFixture
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    built = await load_lexicon(EN_WORDS, blocker)
    assert built.to_bytes() == lexicon.to_bytes()
    assert "cannot write the lexicon cache" in caplog.text


async def test_stopped_while_building_the_child_is_killed(tmp_path: Path) -> None:
    before = set(children_of_this_process())
    loading = asyncio.create_task(load_lexicon(EN_WORDS, tmp_path / "cache"))
    for _ in range(500):
        started = set(children_of_this_process()) - before
        if started or loading.done():
            break
        await asyncio.sleep(0.01)
    assert started, "no child process was started"
    loading.cancel()
    with pytest.raises(asyncio.CancelledError):
        await loading
    assert not started & set(children_of_this_process())
    assert not (tmp_path / "cache").exists() or not any((tmp_path / "cache").iterdir())
