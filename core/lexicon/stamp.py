"""A lexicon's source digest without rereading its sources, from a stamp beside the cache.

The stamp keeps each source's size, modification and change times (Polish's 24 MB list costs
38 ms to hash). A file written within ``RACY_NS`` of the stamp is never trusted: timestamps are
a clock tick coarse, and ``touch`` cannot set a change time back.
"""

from __future__ import annotations

import os
import time

# CPython's own BLAKE2 (hashlib's blake2b): importing hashlib would load OpenSSL at every start.
from _blake2 import blake2b
from dataclasses import dataclass
from pathlib import Path

RACY_NS = 2_000_000_000  # a file changed this recently is hashed every time until it is older
_now = time.time_ns  # the wall clock file times are set by (tests move it on)
_FORMAT = "boggle-stamp 1"


@dataclass(frozen=True, slots=True)
class SourceStamp:
    """What a lexicon's source files look like now, and where their stamp is kept."""

    file: Path
    fingerprint: str | None  # None: a file could not be read (the full read reports why)
    racy: bool

    @classmethod
    def take(
        cls,
        sources: tuple[str | os.PathLike[str] | None, ...],
        alphabet: str,
        cache_dir: Path,
    ) -> SourceStamp:
        """The stamp of these sources (word list, frequencies, spellings; None where absent) read
        in ``alphabet``: the stamp file is named by the alphabet and the files' absolute paths."""
        now = _now()
        names = [alphabet] + ["-" if p is None else os.path.abspath(p) for p in sources]
        key = blake2b("\0".join(names).encode(), digest_size=16).hexdigest()
        target = cache_dir / f"{key}.stamp"
        stats: list[str] = []
        racy = False
        for source in sources:
            if source is None:
                stats.append("-")
                continue
            try:
                status = os.stat(source)
            except OSError:
                return cls(target, None, True)
            changed = max(status.st_mtime_ns, status.st_ctime_ns)
            racy |= changed > now - RACY_NS
            stats.append(
                f"{status.st_size} {status.st_mtime_ns} {status.st_ctime_ns} {status.st_ino}"
            )
        return cls(target, "\t".join([_FORMAT, *names, *stats]), racy)

    def known_digest(self) -> bytes | None:
        """The digest the stamp records when the files are as it recorded them, else None."""
        if self.fingerprint is None or self.racy:
            return None
        try:
            text = self.file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None
        digest, _, fingerprint = text.rstrip("\n").partition("\n")
        if fingerprint != self.fingerprint or len(digest) != 64:
            return None
        try:
            return bytes.fromhex(digest)
        except ValueError:
            return None

    def line(self, digest: bytes) -> bytes | None:
        """The stamp file's contents for ``digest``, or None when these files may not be stamped
        (unreadable, or changed too recently to tell a rewrite from them)."""
        if self.fingerprint is None or self.racy:
            return None
        return f"{digest.hex()}\n{self.fingerprint}\n".encode()
