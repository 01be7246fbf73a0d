"""What each language's definitions are built from: its files under data/definitions/, read and
digested (the digest names the index in the cache, so edited data never meets a stale index, and
checkouts of the same data share one index)."""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from core.definitions.model import FormKind, PartOfSpeech
from core.dice import DATA_DIR
from core.lexicon.cache import record_stamp
from core.lexicon.stamp import SourceStamp

DEFINITIONS_DIR = DATA_DIR / "definitions"
FORMAT = b"boggle-definitions-3"  # bump when the index layout or the reading of the files changes


@dataclass(frozen=True)
class Source:
    """A language's files, in order: glosses (``lemma<TAB>pos<TAB>gloss``, a sense a line, earlier
    files first for a lemma in several) and forms (``lemma<TAB>kind<TAB>form form ...``)."""

    glosses: tuple[str, ...]
    forms: tuple[str, ...]


# Spanish has none: no definitions with a licence fit for this project were found on the package
# registries (data/definitions/README.md lists what was looked at).
SOURCES: dict[str, Source] = {
    "en": Source(
        ("en-words.tsv", "en-wordnet.tsv.gz", "en-oewn.tsv.gz", "en-webster.tsv.gz"),
        ("en-forms.tsv.gz",),
    ),
    "fr": Source(("fr-wiktionary.tsv.gz",), ("fr-forms.tsv",)),
    "de": Source(("de-wiktionary.tsv.gz",), ("de-forms.tsv.gz",)),
}


def read_text(path: Path) -> str:
    """A data file's text, gunzipped when its name ends in .gz."""
    data = path.read_bytes()
    return (gzip.decompress(data) if path.suffix == ".gz" else data).decode("utf-8")


def cache_key(source: Source, directory: Path, lexicon_hash: bytes, cache_dir: Path) -> bytes:
    """The index's cache key: the builder's version (``FORMAT``), the lexicon's source hash
    (forms are resolved against its words) and the data files' contents. The files are hashed
    once per change: a stamp in the cache keeps their digest while their sizes and times hold
    (``core.lexicon.stamp``), so a process's first lookup only reads the files' status."""
    files = tuple(directory / name for name in (*source.glosses, *source.forms))
    taken = SourceStamp.take(files, "definitions", cache_dir)
    data = taken.known_digest()
    if data is None:
        data = _digest(files)
        record_stamp(taken, data)
    return hashlib.sha256(b"\0".join((FORMAT, lexicon_hash, data))).digest()


def _digest(files: tuple[Path, ...]) -> bytes:
    parts = [
        f"{path.name}\t".encode() + hashlib.sha256(path.read_bytes()).digest() for path in files
    ]
    return hashlib.sha256(b"\0".join(parts)).digest()


def _lines(path: Path) -> Iterator[list[str]]:
    for line in read_text(path).splitlines():
        if line and not line.startswith("#"):
            yield line.split("\t")


def gloss_lines(path: Path) -> Iterator[tuple[str, PartOfSpeech, str]]:
    """``(lemma, part of speech, gloss)`` for each sense of a glosses file, in its order."""
    for fields in _lines(path):
        lemma, pos, gloss = fields
        yield lemma, PartOfSpeech(pos), gloss


def form_lines(path: Path) -> Iterator[tuple[str, FormKind, str]]:
    """``(lemma, kind, form)`` for each form of a forms file."""
    for fields in _lines(path):
        lemma, kind, forms = fields
        for form in forms.split():
            yield lemma, FormKind(kind), form
