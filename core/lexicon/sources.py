"""What a lexicon is built from: the word list and frequency files, read and digested. The
digest names the cache file, so an edited list never meets a stale cache.

A file whose name ends in ``.xz`` is read decompressed, and the digest is of the decompressed
bytes: compressing a list leaves its cache where it was."""

from __future__ import annotations

import lzma
import os
import re
from collections.abc import Iterator
from pathlib import Path

from core.lexicon.alphabet import ALPHABET, LexiconError

_WORD = re.compile(r"\S+")  # \s is str.isspace, the whitespace str.split() splits on


def source_digest(
    words: bytes,
    alphabet: str = ALPHABET,
    frequencies: bytes | None = None,
    spellings: bytes | None = None,
) -> bytes:
    """What a lexicon is built from, as one SHA-256: the word list's own digest for an a-z list
    without frequencies or spellings (as before alphabets), else a digest of them all."""
    import hashlib  # here, not at the top: reading a cached lexicon never needs it (OpenSSL)

    digest = hashlib.sha256(words).digest()
    if alphabet == ALPHABET and frequencies is None and spellings is None:
        return digest
    parts = [b"boggle-lexicon", digest, alphabet.encode()]
    if frequencies is not None:
        parts.append(hashlib.sha256(frequencies).digest())
    if spellings is not None:
        parts += [b"spellings", hashlib.sha256(spellings).digest()]
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
    spellings: str | os.PathLike[str] | None = None,
) -> tuple[bytes, bytes | None, bytes | None, bytes]:
    """The word list, the frequency and spellings files (if any) and the digest of what they
    build."""
    data = read_word_file(path)
    freq_data = None if frequencies is None else read_word_file(frequencies)
    spell_data = None if spellings is None else read_word_file(spellings)
    return data, freq_data, spell_data, source_digest(data, alphabet, freq_data, spell_data)


def spellings_beside(path: str | os.PathLike[str]) -> Path | None:
    """The spellings file that belongs to a word list, ``<stem>-spellings.txt`` (or ``.txt.xz``)
    beside it (``fr.txt``: ``fr-spellings.txt``; ``it.txt.xz``: ``it-spellings.txt.xz``), when
    there is one: a caller that names only the list (the bot's cache look-up, its build in a
    child) gets the lexicon ``lexicon_for`` makes."""
    name = Path(path).name
    stem = name.removesuffix(".xz").removesuffix(".txt")
    for candidate in (f"{stem}-spellings.txt", f"{stem}-spellings.txt.xz"):
        beside = Path(path).with_name(candidate)
        if beside.is_file():
            return beside
    return None


def read_word_file(path: str | os.PathLike[str]) -> bytes:
    """A file's bytes, decompressed when its name ends in ``.xz``; LexiconError naming the file
    when it cannot be read or does not decompress (corrupt, truncated)."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise LexiconError(f"cannot read word list {os.fspath(path)!r}: {exc.strerror}") from exc
    if not os.fspath(path).endswith(".xz"):
        return data
    try:
        return lzma.decompress(data, format=lzma.FORMAT_XZ)
    except lzma.LZMAError as exc:
        raise LexiconError(f"cannot decompress word list {os.fspath(path)!r}: {exc}") from exc


def read_word_text(path: str | os.PathLike[str]) -> str:
    """A word list, frequency or spellings file as text (UTF-8, decompressed as
    ``read_word_file``): what every reader of ``data/words`` goes through."""
    data = read_word_file(path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LexiconError(f"word list {os.fspath(path)!r} is not UTF-8: {exc}") from exc


def split_words(data: bytes) -> Iterator[str]:
    """The words of a file as ``str.split`` finds them, one at a time: the builder keeps only the
    clean ones, so the raw list is never held beside them."""
    for match in _WORD.finditer(data.decode("utf-8", errors="replace")):
        yield match.group()
