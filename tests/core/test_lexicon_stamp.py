"""The sources' stamp: a load with unchanged files takes the digest from it and never rereads
them; a changed list (in place, replaced, with its old modification time put back, or written a
moment ago) is read, hashed and rebuilt."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from core import compile as compile_command
from core.lexicon import cache as cache_module
from core.lexicon import cached, load
from core.lexicon import stamp as stamp_module
from core.lexicon.sources import read_sources

WORDS = "cat\ndog\nbird\n"


@pytest.fixture
def word_file(tmp_path: Path) -> Path:
    path = tmp_path / "words.txt"
    path.write_text(WORDS)
    return path


@pytest.fixture
def cache_dir(tmp_path: Path) -> Path:
    return tmp_path / "cache"


def later(monkeypatch: pytest.MonkeyPatch) -> None:
    """Loads happen ten seconds after the files were written (no longer 'racy')."""
    monkeypatch.setattr(stamp_module, "_now", lambda: time.time_ns() + 10 * 10**9)


def count_reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The word lists the cache reads in full (passed through to the real reader)."""
    reads: list[Path] = []

    def counting(path: Path, *args: Any, **kwargs: Any) -> Any:
        reads.append(Path(path))
        return read_sources(path, *args, **kwargs)

    monkeypatch.setattr(cache_module, "read_sources", counting)
    return reads


def stamps(cache_dir: Path) -> list[Path]:
    return sorted(cache_dir.glob("*.stamp"))


def test_an_unchanged_list_is_not_read_again(
    word_file: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    later(monkeypatch)
    reads = count_reads(monkeypatch)
    first = load(word_file, cache_dir, alphabet="abcdefghijklmnopqrstuvwxyz")
    assert reads == [word_file]
    (stamp,) = stamps(cache_dir)
    assert stamp.read_text().split("\n")[0] == first.source_hash.hex()
    again = load(word_file, cache_dir)
    also = cached(word_file, cache_dir)
    assert reads == [word_file]  # both from the stamp
    assert list(again) == list(first) == ["bird", "cat", "dog"]
    assert also is not None and list(also) == list(first)


def test_a_list_edited_in_place_is_rebuilt_even_with_its_old_mtime(
    word_file: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    later(monkeypatch)
    load(word_file, cache_dir)
    before = word_file.stat()
    word_file.write_text(WORDS + "emu\n")
    os.utime(word_file, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert list(load(word_file, cache_dir)) == ["bird", "cat", "dog", "emu"]
    assert list(load(word_file, cache_dir)) == ["bird", "cat", "dog", "emu"]


def test_a_list_replaced_by_one_of_the_same_size_and_mtime_is_rebuilt(
    word_file: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    later(monkeypatch)
    load(word_file, cache_dir)
    before = word_file.stat()
    other = word_file.with_name("other.txt")
    other.write_text(WORDS.replace("dog", "emu"))  # same size
    os.utime(other, ns=(before.st_atime_ns, before.st_mtime_ns))
    os.replace(other, word_file)  # how editors and git write
    assert word_file.stat().st_size == before.st_size
    assert list(load(word_file, cache_dir)) == ["bird", "cat", "emu"]
    assert cached(word_file, cache_dir) is not None


def test_a_list_written_a_moment_ago_is_never_stamped(
    word_file: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Timestamps are a clock tick coarse: a same-size rewrite within the tick would look stamped,
    so a file changed within RACY_NS is hashed every time."""
    reads = count_reads(monkeypatch)
    load(word_file, cache_dir)
    assert stamps(cache_dir) == []
    before = word_file.stat()
    word_file.write_text(WORDS.replace("dog", "emu"))  # same size, same tick perhaps
    os.utime(word_file, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert list(load(word_file, cache_dir)) == ["bird", "cat", "emu"]
    assert reads == [word_file, word_file]


@pytest.mark.parametrize(
    "damage",
    [lambda text: "", lambda text: "zz" * 32 + text[64:], lambda text: "ab" * 32 + text[64:]],
    ids=["empty", "not-hex", "another-digest"],
)
def test_a_damaged_stamp_costs_a_read(
    word_file: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch, damage: Any
) -> None:
    later(monkeypatch)
    first = load(word_file, cache_dir)
    (stamp,) = stamps(cache_dir)
    stamp.write_text(damage(stamp.read_text()))
    reads = count_reads(monkeypatch)
    assert list(load(word_file, cache_dir)) == list(first)
    assert reads == [word_file]
    assert stamp.read_text().startswith(first.source_hash.hex())  # stamped again


def test_the_stamp_knows_the_alphabet_and_the_other_files(
    word_file: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    later(monkeypatch)
    plain = load(word_file, cache_dir)
    freq = word_file.with_name("zipf.tsv")
    freq.write_text("cat\t50\n")
    with_freq = load(word_file, cache_dir, frequencies=freq)
    other_letters = load(word_file, cache_dir, alphabet="abcdefghijklmnopqrstuvwxyzé")
    digests = {plain.source_hash, with_freq.source_hash, other_letters.source_hash}
    assert len(digests) == 3 and len(stamps(cache_dir)) == 3
    freq.write_text("cat\t10\n")
    assert with_freq.zipf("cat") == 5.0
    assert load(word_file, cache_dir, frequencies=freq).zipf("cat") == 1.0


def test_compile_stamps_what_it_builds(
    word_file: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    later(monkeypatch)
    argv = ["--dict", str(word_file), "--cache-dir", str(cache_dir)]
    assert compile_command.main(argv, stdout=open(os.devnull, "wb")) == 0  # noqa: SIM115
    reads = count_reads(monkeypatch)
    assert list(load(word_file, cache_dir)) == ["bird", "cat", "dog"]
    assert reads == []
