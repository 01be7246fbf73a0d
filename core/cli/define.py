"""``define WORD``: what a word means, offline, from the language's definitions (core.definitions),
in English words for the terminal (the bot words the same structured answer in each language)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from core.cli.console import EXIT_NO, EXIT_OK, Console
from core.languages import DEFAULT_LANGUAGE, LANGUAGE_CODES, shown_spelling

FORM_WORDS = {
    "plural": "plural of",
    "feminine": "feminine of",
    "feminine_plural": "feminine plural of",
    "third_person": "third person singular of",
    "past": "past tense of",
    "past_participle": "past participle of",
    "present_participle": "present participle of",
    "verb_form": "a form of the verb",
    "comparative": "comparative of",
    "superlative": "superlative of",
    "inflected": "a form of",
}


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """The ``define`` command's options (called by core.cli.options.build_parser)."""
    p = commands.add_parser("define", help="what a word means (exit 0 a word, 1 not one)")
    p.add_argument("word")
    p.add_argument(
        "--lang", choices=LANGUAGE_CODES, default=DEFAULT_LANGUAGE,
        help="language of the word (default en)",
    )  # fmt: skip
    p.add_argument("--senses", type=int, default=3, metavar="N", help="senses a reading (3)")
    p.add_argument(
        "--cache-dir", type=Path, default=None, metavar="DIR",
        help="lexicon and definitions cache (default: $BOGGLE_CACHE_DIR or ~/.cache/boggle)",
    )  # fmt: skip


def cmd_define(args: argparse.Namespace, io: Console) -> int:
    """Prints the word's readings and senses, or says it is a word with no definition known
    (exit 0), or not in the dictionary (exit 1)."""
    from core.definitions import Definitions, Entry, NotAWord

    definitions = Definitions.open(args.lang, args.cache_dir)
    try:
        found = definitions.lookup(args.word, senses=max(1, args.senses))
        if isinstance(found, NotAWord):
            io.say(f"{args.word}: not in the dictionary")
            return EXIT_NO
        shown = shown_spelling(
            definitions.language, definitions.lexicon().spelling, found.word, args.word
        )
        if not isinstance(found, Entry):
            name = definitions.language.name
            why = "" if found.has_source else f" (the game has no definitions in {name})"
            io.say(f"{shown}: valid, no definition known{why}")
            return EXIT_OK
        for n, reading in enumerate(found.readings):
            if n:
                io.say()
            head = reading.lemma if reading.form is None else shown
            form = "" if reading.form is None else f": {FORM_WORDS[reading.form]} {reading.lemma}"
            io.say(f"{head}{form}")
            for number, sense in enumerate(reading.senses, 1):
                pos = f"({sense.pos.value}) " if sense.pos.value else ""
                io.say(f"  {number}. {pos}{sense.gloss}")
        return EXIT_OK
    finally:
        definitions.close()
