"""Loading a lexicon through the on-disk cache: one file a word list, named by the digest of what
it is built from, read when sound, else built and written atomically. The digest comes from the
sources' stamp (``stamp``) while their files are unchanged, so a load need not reread them."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path

from core.lexicon.alphabet import ALPHABET, LexiconError
from core.lexicon.dawg import Lexicon
from core.lexicon.fileformat import BUILDER_VERSION
from core.lexicon.sources import read_frequencies, read_sources, spellings_beside, split_words
from core.lexicon.stamp import SourceStamp


def load(
    path: str | os.PathLike[str],
    cache_dir: str | os.PathLike[str] | None = None,
    *,
    alphabet: str = ALPHABET,
    frequencies: str | os.PathLike[str] | None = None,
    spellings: str | os.PathLike[str] | None = None,
    fold: Callable[[str], str | None] | None = None,
) -> Lexicon:
    """The lexicon for a word list (in ``alphabet``, with the Zipf values of a ``frequencies``
    file and the dictionary spellings of a ``spellings`` file, read by the language's ``fold``;
    with a ``fold`` and no ``spellings``, the list's own ``<stem>-spellings.txt`` if it has one),
    from the cache when it holds a sound copy, else built and cached.

    The cache file is named by the SHA-256 of what it is built from (``source_digest``), so an
    edited list never meets a stale cache; a damaged cache fails its checksum and is rebuilt. The
    digest is read from the sources' stamp while their sizes and times are the stamped ones.
    """
    if spellings is None and fold is not None:
        spellings = spellings_beside(path)
    stamp = source_stamp(path, cache_dir, alphabet, frequencies, spellings)
    lexicon = _read_stamped(stamp, cache_dir)
    if lexicon is not None:
        return lexicon
    data, freq_data, spell_data, digest = read_sources(path, alphabet, frequencies, spellings)
    target = cache_file(digest, cache_dir)
    lexicon = _read_cache(target, digest)
    if lexicon is None:
        table = None if freq_data is None else read_frequencies(freq_data)
        written = () if spell_data is None else split_words(spell_data)
        lexicon = Lexicon.from_words(split_words(data), digest, alphabet, table, written, fold)
        try:
            write_atomically(target, lexicon.to_bytes())
        except OSError:  # a read-only cache only costs a rebuild next time
            return lexicon
    record_stamp(stamp, digest)
    return lexicon


def cached(
    path: str | os.PathLike[str],
    cache_dir: str | os.PathLike[str] | None = None,
    *,
    alphabet: str = ALPHABET,
    frequencies: str | os.PathLike[str] | None = None,
    spellings: str | os.PathLike[str] | None = None,
) -> Lexicon | None:
    """The lexicon for a word list when the cache holds a sound copy, else None. Never builds: the
    build takes several times the memory of its result, so a long-lived caller builds elsewhere.
    Without ``spellings``, the list's own ``<stem>-spellings.txt`` if it has one (as ``load``
    and ``python -m core.compile`` read it with the language's fold)."""
    # The list is held until the cache is read, as in load: freed first, its 3 MB would raise
    # malloc's mmap threshold and the arrays would settle above a hole the heap keeps for good.
    if spellings is None:
        spellings = spellings_beside(path)
    stamp = source_stamp(path, cache_dir, alphabet, frequencies, spellings)
    lexicon = _read_stamped(stamp, cache_dir)
    if lexicon is not None:
        return lexicon
    _data, _freq, _spell, digest = read_sources(path, alphabet, frequencies, spellings)
    lexicon = _read_cache(cache_file(digest, cache_dir), digest)
    if lexicon is not None:
        record_stamp(stamp, digest)
    return lexicon


def source_stamp(
    path: str | os.PathLike[str],
    cache_dir: str | os.PathLike[str] | None,
    alphabet: str,
    frequencies: str | os.PathLike[str] | None,
    spellings: str | os.PathLike[str] | None,
) -> SourceStamp:
    """The sources' stamp as they are now; taken before they are read, so a file changed while
    it is read is not stamped with the digest of what was read."""
    cache = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    return SourceStamp.take((path, frequencies, spellings), alphabet, cache)


def record_stamp(stamp: SourceStamp, digest: bytes) -> None:
    """Keep the digest of the stamped sources (best effort: without it a load rehashes them)."""
    line = stamp.line(digest)
    if line is not None:
        with contextlib.suppress(OSError):
            write_atomically(stamp.file, line)


def cache_file(source_hash: bytes, cache_dir: str | os.PathLike[str] | None = None) -> Path:
    """Where the lexicon of the word list with this SHA-256 is cached: named by the digest and
    the builder's version, so checkouts of different versions share a cache without trading
    one file back and forth."""
    cache = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    return cache / f"{source_hash.hex()[:32]}-{BUILDER_VERSION}.dawg"


def default_cache_dir() -> Path:
    """``$BOGGLE_CACHE_DIR``, else ``$XDG_CACHE_HOME/boggle``, else ``~/.cache/boggle``: the one
    cache of the machine's lexicons and definitions indexes (the bot, the CLI and the tests)."""
    explicit = os.environ.get("BOGGLE_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "boggle"


def write_atomically(target: Path, blob: bytes) -> None:
    """Write a temporary file of this writer's own, then rename it over ``target``: readers, and
    processes writing the same cache at once, see a whole file, never a torn one (a file torn by
    a crash fails its checksum). Raises OSError when the cache cannot be written."""
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = target.with_name(f".{target.name}.{os.urandom(6).hex()}.tmp")
    try:
        with open(temp, "xb") as out:
            out.write(blob)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise


def _read_stamped(stamp: SourceStamp, cache_dir: str | os.PathLike[str] | None) -> Lexicon | None:
    known = stamp.known_digest()
    return None if known is None else _read_cache(cache_file(known, cache_dir), known)


def _read_cache(target: Path, source_hash: bytes) -> Lexicon | None:
    try:
        return Lexicon.from_bytes(target.read_bytes(), expect_source=source_hash)
    except (OSError, LexiconError):
        return None
