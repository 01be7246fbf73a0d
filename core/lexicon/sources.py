"""What a lexicon is built from: the word list and frequency files, read and digested. The
digest names the cache file, so an edited list never meets a stale cache."""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterator
from pathlib import Path

from .alphabet import ALPHABET, LexiconError

_WORD = re.compile(r"\S+")  # \s is str.isspace, the whitespace str.split() splits on


def source_digest(
    words: bytes, alphabet: str = ALPHABET, frequencies: bytes | None = None
) -> bytes:
    """What a lexicon is built from, as one SHA-256: the word list's own digest for an a-z list
    without frequencies (as before alphabets), else a digest of all three."""
    digest = hashlib.sha256(words).digest()
    if alphabet == ALPHABET and frequencies is None:
        return digest
    parts = [b"boggle-lexicon", digest, alphabet.encode()]
    if frequencies is not None:
        parts.append(hashlib.sha256(frequencies).digest())
    return hashlib.sha256(b"\0".join(parts)).digest()


def read_frequencies(data: bytes) -> dict[str, int]:
    """A frequency file's ``word<TAB>zipf x 10`` lines; LexiconError naming a bad line."""
    table: dict[str, int] = {}
    for number, line in enumerate(data.decode("utf-8", errors="replace").splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        word, _, value = line.partition("\t")
        if not value.isdigit():
            raise LexiconError(f"frequency file line {number}: expected word<TAB>number")
        table[word] = int(value)
    return table


def read_sources(
    path: str | os.PathLike[str],
    alphabet: str,
    frequencies: str | os.PathLike[str] | None,
) -> tuple[bytes, bytes | None, bytes]:
    """The word list, the frequency file (if any) and the digest of what they build."""
    data = read_word_file(path)
    freq_data = None if frequencies is None else read_word_file(frequencies)
    return data, freq_data, source_digest(data, alphabet, freq_data)


def read_word_file(path: str | os.PathLike[str]) -> bytes:
    """A file's bytes; LexiconError naming the file when it cannot be read."""
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise LexiconError(f"cannot read word list {os.fspath(path)!r}: {exc.strerror}") from exc


def split_words(data: bytes) -> Iterator[str]:
    """The words of a file as ``str.split`` finds them, one at a time: the builder keeps only the
    clean ones, so the raw list is never held beside them."""
    for match in _WORD.finditer(data.decode("utf-8", errors="replace")):
        yield match.group()
