"""``python -m core.definitions``: build a language's definitions index into the cache.

Run at image build or as a child of the bot: resolving every form peaks at a few hundred MB.
Prints the index's path; exit 2 when the ``--dict`` lexicon is not cached or the cache cannot be
written.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from core.definitions.lookup import Definitions
from core.languages import LANGUAGE_CODES, language, lexicon_for
from core.lexicon import cached

EXIT_OK, EXIT_FAILED = 0, 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m core.definitions", description=__doc__)
    parser.add_argument("--lang", choices=LANGUAGE_CODES, required=True)
    parser.add_argument("--dict", type=Path, default=None, metavar="PATH")
    parser.add_argument("--cache-dir", type=Path, default=None, metavar="DIR")
    parser.add_argument("--data-dir", type=Path, default=None, metavar="DIR")
    args = parser.parse_args(argv)
    lang = language(args.lang)
    if args.dict is None:
        lexicon = lexicon_for(lang, args.cache_dir)
    else:
        found = cached(
            args.dict, args.cache_dir, alphabet=lang.alphabet, frequencies=lang.frequency_file
        )
        if found is None:
            sys.stderr.write(f"error: no cached lexicon of {args.dict}\n")
            return EXIT_FAILED
        lexicon = found
    definitions = Definitions.open(lang, args.cache_dir, lexicon=lexicon, data_dir=args.data_dir)
    if not definitions.has_source:
        print(f"{lang.code}: no definitions")
        return EXIT_OK
    try:
        definitions.build_into_cache()
    except OSError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return EXIT_FAILED
    print(definitions.index_path())
    return EXIT_OK


if __name__ == "__main__":
    raise SystemExit(main())
