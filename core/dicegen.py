"""Dice derived from a word list, for the languages and sizes no published set exists for.

Deterministic, so ``--check`` can tell a file that differs from what the method makes. Dealt
sets (French 5x5 and 6x6, Spanish, German) give each letter faces by its share of the list's
words and deal them out like cards, most frequent first; they are kept as made, since a changed
set would break the board codes already shared. Dutch, Polish and Portuguese are tuned
(``core.dicetune``): dealt dice made too many rolls fall below the quality floor; so is every
language added since (issue 39: Danish, Indonesian, Italian, Norwegian, Swedish, ...).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from core.casing import PLAIN, Casing
from core.dice import DICE_DIR
from core.dicetune import FACES_PER_DIE, ROOM, WEIGHTINGS, Tuned, deal, face_counts, tune
from core.languages import LANGUAGES, Language, lexicon_for
from core.letters import letter_weights

# Published sets are kept as they are; every other (language, side) is derived.
PUBLISHED = {("en", 4), ("en", 5), ("en", 6), ("fr", 4)}
# Derived by the dealt method, and kept so: a board code names a roll of its set's dice.
DEALT = {"fr", "es", "de"}
# Tuned before the tuner left the gate room (core.dicetune.ROOM), and kept so, for their codes.
TUNED_WITHOUT_ROOM = {
    "nl", "pl", "pt", "cs", "da", "fi", "hr", "id", "it", "lt", "no", "ro", "sv", "tr",
}  # fmt: skip
# Letters a language's dice leave off: a board code numbers at most 32 faces (core.codes), and
# Ukrainian has 33 letters; ґ, the rarest (ґанок, ґудзик), stays a letter of words, not of dice.
LEFT_OFF = {"uk": "ґ"}
# Languages the usual weightings leave short of English's share (``core.dicetune``): more are
# tried after them, leaning harder on the letters of short words.
MORE_WEIGHTINGS = {"ru": (*WEIGHTINGS, 1.5, 2.0, 3.0), "uk": (*WEIGHTINGS, 1.5, 2.0, 3.0)}


def derive(
    alphabet: str, weights: Sequence[float], side: int, casing: Casing = PLAIN
) -> list[list[str]]:
    """The dealt dice for a ``side`` x ``side`` board (steps 2 to 4), each die's faces in
    alphabet order."""
    dice_count = side * side
    dice = deal(face_counts(weights, FACES_PER_DIE * dice_count), dice_count)
    return [[face(alphabet[k], casing) for k in sorted(die)] for die in dice]


def face(letter: str, casing: Casing = PLAIN) -> str:
    """A letter as a die shows it: a capital of its language (Turkish ``i`` is ``İ``), and ``q``
    as ``Qu``."""
    return "Qu" if letter == "q" else casing.upper(letter)


def dice_text(
    lang: Language, side: int, dice: Sequence[Sequence[str]], tuned: Tuned | None = None
) -> str:
    """The dice file: a comment saying where the dice come from, then one die a line."""
    title = f"# {lang.name} ({lang.code}) {side}x{side}: "
    if tuned is None:
        header = (
            f"{title}derived from the letter frequencies of data/words/{lang.code}.txt by "
            "core.dicegen\n# (no published set was found); regenerate with: python -m core.dicegen\n"
        )
    else:
        header = (
            f"{title}derived from data/words/{lang.code}.txt by core.dicegen (tuned: no "
            f"published set was found)\n# {tuned.summary()}\n"
            f"# regenerate with: python -m core.dicegen --lang {lang.code}\n"
        )
    return header + "".join(" ".join(die) + "\n" for die in dice)


def derived_files(codes: Sequence[str] | None = None, log: bool = False) -> dict[str, str]:
    """Every derived dice file's name and text (of the languages ``codes``, default all)."""
    files = {}
    for lang in LANGUAGES.values():
        sides = [s for s in lang.dice if (lang.code, s) not in PUBLISHED]
        if not sides or (codes is not None and lang.code not in codes):
            continue
        lexicon = lexicon_for(lang)
        for side in sides:
            if lang.code in DEALT:
                weights = letter_weights(lexicon)
                text = dice_text(lang, side, derive(lang.alphabet, weights, side, lang.casing))
            else:
                english = lexicon_for("en")
                room = 0.0 if lang.code in TUNED_WITHOUT_ROOM else ROOM
                tuned = tune(
                    lang.alphabet,
                    lexicon,
                    side,
                    english,
                    log=print if log else None,
                    room=room,
                    left_off=LEFT_OFF.get(lang.code, ""),
                    weightings=MORE_WEIGHTINGS.get(lang.code, WEIGHTINGS),
                )
                dice = [[face(k, lang.casing) for k in die] for die in tuned.dice]
                text = dice_text(lang, side, dice, tuned)
            files[f"{lang.dice[side]}.txt"] = text
    return files


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m core.dicegen", description=__doc__)
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    parser.add_argument("--lang", nargs="+", choices=sorted(LANGUAGES), help="only these")
    parser.add_argument("--verbose", action="store_true", help="each tuned candidate's figures")
    args = parser.parse_args(argv)
    stale = []
    for name, text in derived_files(args.lang, args.verbose).items():
        path = DICE_DIR / name
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(name)
        if not args.check:
            path.write_text(text, encoding="utf-8")
    verb = "differ" if args.check else "written"
    print(f"{len(stale)} dice files {verb}: {', '.join(stale) or 'none'}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
