"""The lexicon against a plain Python set, its compact form, and the on-disk cache."""

from __future__ import annotations

import hashlib
import os
import re
import struct
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NoReturn

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import lexicon as lexicon_module
from core.lexicon import Lexicon, LexiconError, load

short_words = st.text(alphabet="abcdeq", min_size=1, max_size=7)
entries = st.one_of(
    short_words,
    short_words.map(str.upper),
    st.text(alphabet="abcAB1-' éİ", min_size=0, max_size=5),
)


def clean_set(raw: Iterable[str]) -> set[str]:
    """The rule: an entry counts when, lowercased, it is letters a-z only."""
    return {w.strip().lower() for w in raw if re.fullmatch(r"[a-z]+", w.strip().lower())}


def prefixes(words: Iterable[str]) -> set[str]:
    return {w[:i] for w in words for i in range(len(w) + 1)} | {""}


def minimal_nodes(words: set[str]) -> int:
    """States of the minimal automaton: distinct sets of endings after the prefixes of the words."""
    return len({frozenset(w[len(p) :] for w in words if w.startswith(p)) for p in prefixes(words)})


@settings(max_examples=300, deadline=None)
@given(
    st.lists(entries, max_size=60), st.lists(st.text(alphabet="abcdeqx", max_size=8), max_size=30)
)
def test_matches_a_python_set(raw: list[str], probes: list[str]) -> None:
    words = clean_set(raw)
    lex = Lexicon.from_words(raw)
    assert len(lex) == len(words) == lex.stats.words
    assert list(lex) == sorted(words)
    starts = prefixes(words) if words else {""}
    for probe in [*probes, *words, *starts]:
        assert (probe in lex) == (probe in words), probe
        assert lex.has_prefix(probe) == (probe in starts), probe
    assert lex.stats.nodes == minimal_nodes(words)  # a DAWG: minimal, every shared suffix merged


def test_non_letter_entries_are_skipped() -> None:
    lex = Lexicon.from_words(["Cat", "dog's", "e-mail", "café", "x2", "", "  ", "ok ", "ZEBRA"])
    assert list(lex) == ["cat", "ok", "zebra"]
    assert 42 not in lex
    assert "" not in lex
    assert lex.has_prefix("")


def test_dawg_shares_suffixes() -> None:
    stems = ["walk", "talk", "stalk", "balk", "chalk", "jump", "bump", "pump", "lump"]
    words = [s + e for s in stems for e in ("", "s", "ed", "ing", "er", "ers")]
    lex = Lexicon.from_words(words)
    trie_nodes = len(prefixes(words))
    assert lex.stats.nodes < trie_nodes / 3
    assert set(lex) == set(words)


def test_walk_child_and_word_nodes() -> None:
    lex = Lexicon.from_words(["tea", "ten", "to"])
    node = lex.walk("te")
    assert node >= 0 and not lex.is_word_node(node)
    assert lex.is_word_node(lex.child(node, "a"))
    assert lex.child(node, "x") == -1
    assert lex.walk("tx") == -1
    assert not lex.is_word_node(-1)
    assert lex.walk("") == 0


@settings(max_examples=100, deadline=None)
@given(st.lists(short_words, max_size=40))
def test_bytes_round_trip(words: list[str]) -> None:
    lex = Lexicon.from_words(words, hashlib.sha256(b"x").digest())
    again = Lexicon.from_bytes(lex.to_bytes(), expect_source=hashlib.sha256(b"x").digest())
    assert list(again) == list(lex)
    assert (again.mask, again.first, again.kids) == (lex.mask, lex.first, lex.kids)
    assert again.source_hash == lex.source_hash
    with pytest.raises(LexiconError, match="another word list"):
        Lexicon.from_bytes(lex.to_bytes(), expect_source=b"\1" * 32)


BLOB = Lexicon.from_words(["alpha", "beta", "gamma", "alphabet"]).to_bytes()


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(BLOB) - 1), st.integers(1, 255))
def test_any_flipped_byte_is_detected(position: int, flip: int) -> None:
    damaged = bytearray(BLOB)
    damaged[position] ^= flip
    with pytest.raises(LexiconError):
        Lexicon.from_bytes(bytes(damaged))


@settings(max_examples=100, deadline=None)
@given(st.integers(0, len(BLOB) - 1))
def test_any_truncation_is_detected(length: int) -> None:
    with pytest.raises(LexiconError):
        Lexicon.from_bytes(BLOB[:length])


def resealed(body: bytes) -> bytes:
    """A body with a correct checksum: damage that only the structure checks can find."""
    return body + hashlib.blake2b(body, digest_size=16).digest()


def test_bad_structure_with_good_checksum() -> None:
    body = BLOB[:-16]
    with pytest.raises(LexiconError, match="version"):
        Lexicon.from_bytes(resealed(b"NOTADAWG" + body[8:]))
    header = struct.Struct("<8s32sIII")
    magic, source, nodes, edges, words = header.unpack_from(body)
    wrong = header.pack(magic, source, nodes + 1, edges, words) + body[header.size :]
    with pytest.raises(LexiconError, match="length"):
        Lexicon.from_bytes(resealed(wrong))


# --- files and the cache ---------------------------------------------------------------------


@pytest.fixture
def word_file(tmp_path: Path) -> Path:
    path = tmp_path / "words.txt"
    path.write_text("cat\ndog\nbird\nDOGS\nnaïve\n")
    return path


@pytest.fixture
def cache_dir(tmp_path: Path) -> Path:
    return tmp_path / "cache"


def cache_files(cache_dir: Path) -> list[Path]:
    return sorted(cache_dir.glob("*.dawg"))


def forbid_building(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> NoReturn:
        raise AssertionError("the lexicon was rebuilt instead of read from the cache")

    monkeypatch.setattr(Lexicon, "from_words", classmethod(refuse))


def count_builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = Lexicon.from_words

    def counting(cls: type[Lexicon], *args: Any, **kwargs: Any) -> Lexicon:  # passed through
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(Lexicon, "from_words", classmethod(counting))
    return calls


def test_from_file(word_file: Path) -> None:
    lex = Lexicon.from_file(word_file)
    assert list(lex) == ["bird", "cat", "dog", "dogs"]
    assert lex.source_hash == hashlib.sha256(word_file.read_bytes()).digest()


def test_load_writes_then_reads_the_cache(
    word_file: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = load(word_file, cache_dir=cache_dir)
    assert list(first) == ["bird", "cat", "dog", "dogs"]
    (cached,) = cache_files(cache_dir)
    stamp = cached.stat().st_mtime_ns
    os.utime(cached, ns=(stamp - 10**9, stamp - 10**9))
    forbid_building(monkeypatch)
    second = load(word_file, cache_dir=cache_dir)
    assert list(second) == list(first)
    assert cached.stat().st_mtime_ns == stamp - 10**9  # read, not written again
    assert cache_files(cache_dir) == [cached]


@pytest.mark.parametrize(
    "damage",
    [
        lambda blob: blob[: len(blob) // 2],
        lambda blob: blob[:-1],
        lambda blob: b"",
        lambda blob: blob[:100] + bytes([blob[100] ^ 0x01]) + blob[101:],
        lambda blob: blob[:-3] + bytes([blob[-3] ^ 0x80]) + blob[-2:],
        lambda blob: blob + b"\0",
    ],
    ids=["half", "short-by-one", "empty", "flip-in-body", "flip-in-check", "extra-byte"],
)
def test_damaged_cache_is_rebuilt(
    word_file: Path,
    cache_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    damage: Callable[[bytes], bytes],
) -> None:
    good = load(word_file, cache_dir=cache_dir)
    (cached,) = cache_files(cache_dir)
    sound = cached.read_bytes()
    cached.write_bytes(damage(sound))
    builds = count_builds(monkeypatch)
    again = load(word_file, cache_dir=cache_dir)
    assert builds == [1]
    assert list(again) == list(good)
    assert cached.read_bytes() == sound  # the cache is repaired


def test_stale_cache_is_not_used(
    word_file: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load(word_file, cache_dir=cache_dir)
    (old,) = cache_files(cache_dir)
    word_file.write_text("cat\nemu\n")
    builds = count_builds(monkeypatch)
    edited = load(word_file, cache_dir=cache_dir)
    assert list(edited) == ["cat", "emu"]
    assert builds == [1]
    # Even an old cache file under the new list's name is refused: it was built from other words.
    new = next(p for p in cache_files(cache_dir) if p != old)
    new.write_bytes(old.read_bytes())
    assert list(load(word_file, cache_dir=cache_dir)) == ["cat", "emu"]
    assert builds == [1, 1]


def test_unreadable_word_list(tmp_path: Path, cache_dir: Path) -> None:
    with pytest.raises(LexiconError, match="cannot read"):
        load(tmp_path / "missing.txt", cache_dir=cache_dir)
    with pytest.raises(LexiconError):
        load(tmp_path, cache_dir=cache_dir)  # a directory
    with pytest.raises(LexiconError):
        Lexicon.from_file(tmp_path / "missing.txt")


def test_unwritable_cache_still_loads(word_file: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("")
    assert list(load(word_file, cache_dir=blocker)) == ["bird", "cat", "dog", "dogs"]


def test_default_cache_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("BOGGLE_CACHE_DIR", str(tmp_path / "explicit"))
    assert lexicon_module.default_cache_dir() == tmp_path / "explicit"
    monkeypatch.delenv("BOGGLE_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert lexicon_module.default_cache_dir() == tmp_path / "xdg" / "boggle"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert lexicon_module.default_cache_dir() == tmp_path / "home" / ".cache" / "boggle"


def test_real_word_list(en_lexicon: Lexicon, en_words: list[str]) -> None:
    assert len(en_lexicon) == len(set(en_words))
    for word in ("cat", "quit", "plaster", "zymurgy"):
        assert word in en_lexicon
    assert "qzx" not in en_lexicon and not en_lexicon.has_prefix("qzx")


POLISH = "aąbcćdeęfghijklłmnńoóprsśtuwyzźż"  # 32 letters: the masks are 64-bit


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(alphabet="ażźóa", min_size=1, max_size=6), max_size=40))
def test_a_32_letter_alphabet_round_trips_with_wide_masks(words: list[str]) -> None:
    """The last letter of a 32-letter alphabet and the end-of-word bit past it (bit 32) survive
    the build, the bytes and the queries: the masks are 64-bit, not cut to 32."""
    lex = Lexicon.from_words(words, hashlib.sha256(b"pl").digest(), alphabet=POLISH)
    assert lex.mask.typecode == "Q" and lex.terminal == 1 << 32
    assert list(lex) == sorted(set(words), key=lambda w: [POLISH.index(c) for c in w])
    again = Lexicon.from_bytes(lex.to_bytes(), expect_source=hashlib.sha256(b"pl").digest())
    assert list(again) == list(lex) and again.mask == lex.mask and again.count == lex.count
    for word in words:
        assert word in again
        assert (word + "ż" in again) == (word + "ż" in words)


def test_31_letter_alphabets_keep_32_bit_masks() -> None:
    lex = Lexicon.from_words(["añob"], alphabet="abcdefghijklmnñopqrstuvwxyz")
    assert lex.mask.typecode == "I" and lex.mask.itemsize == 4


def test_an_alphabet_of_64_letters_is_refused() -> None:
    letters = "".join(chr(0x3B1 + i) for i in range(25)) + POLISH[:32] + "абвгдеж"
    with pytest.raises(LexiconError, match="at most 63"):
        Lexicon.from_words(["αβ"], alphabet=letters)
