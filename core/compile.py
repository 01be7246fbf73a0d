"""``python -m core.compile``: build a word list's lexicon into the cache, whatever the cache holds.

Run where memory is plentiful or about to be given back (image build, or a child of the bot): the
build's heap is several times its result, and a Python process keeps what it has grown to.
``--stdout`` also writes the lexicon for such a parent; an unwritable cache is then only a
warning. Exit codes: 0 done, 2 an unreadable word list or unwritable cache (one ``error:`` line).
``--all`` builds what the cache lacks of every language's lexicon and definitions index
(``core.compile_all``; ``make cache`` and the image run it): a line a build, exit 2 if one failed.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO, TextIO

from core.cli import EXIT_BAD_INPUT, EXIT_OK
from core.cli.options import dictionary_options
from core.languages import language
from core.lexicon import Lexicon, LexiconError, cache_file, default_cache_dir, write_atomically
from core.lexicon.cache import record_stamp, source_stamp
from core.lexicon.sources import spellings_beside


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m core.compile", description="Build a word list's lexicon into the cache."
    )
    dictionary_options(parser)
    parser.add_argument(
        "--freq", type=Path, default=None, metavar="PATH",
        help="with --dict: a word<TAB>Zipf x 10 file giving the words their frequencies",
    )  # fmt: skip
    parser.add_argument(
        "--spellings", type=Path, default=None, metavar="PATH",
        help="with --dict: the dictionary's spelling of words whose folded form differs",
    )  # fmt: skip
    parser.add_argument(
        "--all", action="store_true",
        help="every language's lexicon and definitions index the cache lacks (one build a core)",
    )  # fmt: skip
    parser.add_argument(
        "--stdout", action="store_true",
        help="also write the compiled lexicon to stdout (the cache becomes best effort)",
    )  # fmt: skip
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    stdout: BinaryIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Build, cache, and report; returns the exit code."""
    out = stdout or sys.stdout.buffer
    err = stderr or sys.stderr
    parser = build_parser()
    args = parser.parse_args(argv)
    if (args.freq is not None or args.spellings is not None) and args.dict is None:
        parser.error("--freq and --spellings go with --dict (a language's own list has its own)")
    if args.all:
        if args.dict is not None or args.stdout:
            parser.error("--all builds every language's own list, into the cache only")
        return _all(args.cache_dir, out, err)
    try:
        lang = language(args.lang)
        if args.dict is None:  # the language's own list, letters and frequencies
            words, freq, spellings = lang.words_file, lang.frequency_file, lang.spellings_file
        else:
            words, freq, spellings = args.dict, args.freq, args.spellings
        spellings = spellings_beside(words) if spellings is None else spellings
        stamp = source_stamp(words, args.cache_dir, lang.alphabet, freq, spellings)
        lexicon = Lexicon.from_file(words, lang.alphabet, freq, spellings, lang.fold)
    except LexiconError as exc:
        err.write(f"error: {exc}\n")
        return EXIT_BAD_INPUT
    blob = lexicon.to_bytes()
    target = cache_file(lexicon.source_hash, args.cache_dir)
    try:
        write_atomically(target, blob)
        record_stamp(stamp, lexicon.source_hash)
    except OSError as exc:
        problem = f"cannot write the lexicon cache {str(target)!r}: {exc.strerror or exc}"
        if not args.stdout:
            err.write(f"error: {problem}\n")
            return EXIT_BAD_INPUT
        err.write(f"warning: {problem}; it will be built again at the next start\n")
    if args.stdout:
        out.write(blob)
        out.flush()
    else:
        out.write(f"{len(lexicon)} words, cached in {target}\n".encode())
    return EXIT_OK


def _all(cache_dir: Path | None, out: BinaryIO, err: TextIO) -> int:
    from core.compile_all import build_all  # the definitions, only here: not a child's load

    cache = cache_dir if cache_dir is not None else default_cache_dir()
    try:
        done = build_all(cache)
    except (LexiconError, OSError) as exc:
        err.write(f"error: {exc}\n")
        return EXIT_BAD_INPUT
    lines = done or [f"the cache holds every lexicon and definitions index: {cache}"]
    out.write("".join(f"{line}\n" for line in lines).encode())
    out.flush()
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
