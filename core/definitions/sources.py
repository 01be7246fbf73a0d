"""What each language's definitions are built from: its files under data/definitions/, read and
digested (the digest names the index in the cache, so edited data never meets a stale index)."""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from core.definitions.model import FormKind, PartOfSpeech
from core.dice import DATA_DIR

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


def stamp(source: Source, directory: Path, lexicon_hash: bytes) -> bytes:
    """The index's cache key, cheap to check at a process's first lookup: the index format, the
    lexicon's source hash (forms are resolved against its words) and each file's name, size and
    modification time (``digest`` reads them all: README's figures, not the cache)."""
    parts = [FORMAT, lexicon_hash]
    for name in (*source.glosses, *source.forms):
        status = (directory / name).stat()
        parts.append(f"{name}\t{status.st_size}\t{status.st_mtime_ns}".encode())
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
