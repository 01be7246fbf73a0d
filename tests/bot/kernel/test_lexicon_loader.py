"""The bot's lexicon: read from the cache, else built by a child process, never in the bot."""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path

import pytest

from bot.kernel.lexicon_loader import load_lexicon
from bot.kernel.lexicons import Lexicons
from core.languages import LanguageError, language
from core.lexicon import Lexicon, cache_file, load
from tests.core.brute import EN_WORDS

EN_ZIPF = language("en").frequency_file  # the bot reads English with its frequencies


@pytest.fixture(scope="module")
def english_part(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every eighth word of English's list: a child builds it in a second (the whole list, 5 s)."""
    path = tmp_path_factory.mktemp("words") / "english-part.txt"
    path.write_text("".join(f"{w}\n" for w in EN_WORDS.read_text().split()[::8]))
    return path


@pytest.fixture(scope="module")
def part_lexicon(english_part: Path, tmp_path_factory: pytest.TempPathFactory) -> Lexicon:
    """What the child must make of ``english_part``: built here, before ``no_build_here``."""
    return load(english_part, tmp_path_factory.mktemp("cache"), frequencies=EN_ZIPF)


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
    tmp_path: Path,
    english_part: Path,
    part_lexicon: Lexicon,
    no_build_here: None,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="bot.kernel.lexicon_loader")
    cache = tmp_path / "cache"
    built = await load_lexicon(english_part, cache, frequencies=EN_ZIPF)
    assert built.to_bytes() == part_lexicon.to_bytes()
    written = cache_file(part_lexicon.source_hash, cache)
    assert written.read_bytes() == part_lexicon.to_bytes()
    assert "built by a child process" in caplog.text
    caplog.clear()
    stamp = written.stat().st_mtime_ns
    again = await load_lexicon(english_part, cache, frequencies=EN_ZIPF)
    assert again.to_bytes() == part_lexicon.to_bytes()
    assert "from the cache" in caplog.text and "child" not in caplog.text
    assert written.stat().st_mtime_ns == stamp


async def test_a_damaged_cache_is_built_again(
    tmp_path: Path, english_part: Path, part_lexicon: Lexicon, no_build_here: None
) -> None:
    written = cache_file(part_lexicon.source_hash, tmp_path)
    written.write_bytes(part_lexicon.to_bytes()[:-1])
    assert (
        await load_lexicon(english_part, tmp_path, frequencies=EN_ZIPF)
    ).to_bytes() == part_lexicon.to_bytes()
    assert written.read_bytes() == part_lexicon.to_bytes()


async def test_a_cache_it_cannot_write_still_gives_the_lexicon(
    tmp_path: Path,
    english_part: Path,
    part_lexicon: Lexicon,
    no_build_here: None,
    caplog: pytest.LogCaptureFixture,
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    built = await load_lexicon(english_part, blocker, frequencies=EN_ZIPF)
    assert built.to_bytes() == part_lexicon.to_bytes()
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


async def test_another_language_is_built_by_one_child_on_first_use_then_kept(
    tmp_path: Path,
    lexicons: dict[str, Lexicon],
    no_build_here: None,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="bot.kernel.lexicon_loader")
    held = Lexicons(cache_dir=tmp_path, loaded={"en": lexicons["en"]})
    assert held.loaded("fr") is None
    assert await held.from_cache("fr") is None  # a cold cache: it must be built (not here)
    assert "child" not in caplog.text
    both = asyncio.gather(held.get("fr"), held.get("fr"))  # one load at a time
    await asyncio.sleep(0)
    assert await held.from_cache("fr") is None  # being built: not at hand yet
    first, second = await both
    assert first is second and held.loaded("fr") is first
    assert await held.from_cache("fr") is first
    assert first.to_bytes() == lexicons["fr"].to_bytes()  # French letters and frequencies
    assert caplog.text.count("built by a child process") == 1
    zipf = first.zipf("etre")
    assert "etre" in first and zipf is not None and zipf == lexicons["fr"].zipf("etre") and zipf > 4
    assert await held.get("fr") is first and await held.get("en") is lexicons["en"]
    fresh = Lexicons(cache_dir=tmp_path)  # another start reads what the child cached
    caplog.clear()
    at_hand = await fresh.from_cache("fr")
    assert at_hand is not None and at_hand.to_bytes() == first.to_bytes()
    assert await fresh.get("fr") is at_hand
    assert "from the cache" in caplog.text and "child" not in caplog.text


async def test_english_is_boggle_dictionary_with_englishs_frequencies(
    tmp_path: Path, no_build_here: None
) -> None:
    words = tmp_path / "words.txt"
    words.write_text("cat\nzyzzyva\nhouse\n")
    english = await Lexicons(words, tmp_path / "cache").get("en")
    assert sorted(english) == ["cat", "house", "zyzzyva"]
    assert english.zipf("house") == language_lexicon_zipf("house") and english.zipf("zyzzyva") == 0
    with pytest.raises(LanguageError):
        await Lexicons(words, tmp_path / "cache").get("xx")


def language_lexicon_zipf(word: str) -> float:
    """The Zipf of ``word`` in English's frequency file."""
    for line in EN_ZIPF.read_text().splitlines():
        listed, _, value = line.partition("\t")
        if listed == word:
            return int(value) / 10
    raise AssertionError(f"{word} is not in {EN_ZIPF}")
