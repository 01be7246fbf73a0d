"""Dice derived from a word list, for the languages and sizes no published set exists for.

    python -m core.dicegen            # (re)writes every derived dice file under data/dice/
    python -m core.dicegen --check    # exit 1 when a file differs from what the method makes

The method, deterministic so the files can be regenerated exactly (as Tanglet and Lexica do it):

1. Letter shares: how often each letter of the language's alphabet occurs across all the words of
   its list (``core.letters.letter_weights``, one count per word, not weighted by use).
2. Faces: a board of side N has 6 * N * N faces. Each letter gets ``share * faces`` of them,
   rounded down but at least one for every letter the list uses; the faces still to give go one by
   one to the letter furthest below its exact share (ties: alphabet order), and a surplus is taken
   from the letter furthest above it that has two or more.
3. Dice: the faces, most frequent letter first (ties: alphabet order), are dealt out like cards
   (die 1, 2, ..., N*N, then die 1 again), so each die gets one face from every run of N*N faces,
   common letters and rare ones, and a letter's faces land on different dice while it has no more
   faces than there are dice.
4. ``q`` is written ``Qu`` (as on every die here: French, Spanish and German write q before u).

Boards rolled from these dice are checked against the English quality floor by
``bench/bench_core.py --languages`` (the share of rolls that pass, beside English's).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from core.dice import DICE_DIR
from core.languages import LANGUAGES, Language, lexicon_for
from core.letters import letter_weights

FACES_PER_DIE = 6
# Published sets are kept as they are; every other (language, side) is derived.
PUBLISHED = {("en", 4), ("en", 5), ("en", 6), ("fr", 4)}


def face_counts(weights: Sequence[float], faces: int) -> list[int]:
    """How many faces each letter gets (step 2 of the method)."""
    quota = [w * faces for w in weights]
    counts = [max(1, int(q)) if w > 0 else 0 for w, q in zip(weights, quota, strict=True)]
    while sum(counts) < faces:
        k = max(range(len(counts)), key=lambda i: (quota[i] - counts[i], -i))
        counts[k] += 1
    while sum(counts) > faces:
        k = max(
            (i for i in range(len(counts)) if counts[i] > 1),
            key=lambda i: (counts[i] - quota[i], -i),
        )
        counts[k] -= 1
    return counts


def derive(alphabet: str, weights: Sequence[float], side: int) -> list[list[str]]:
    """The dice for a ``side`` x ``side`` board (steps 2 to 4), each die's faces in alphabet order."""
    dice_count = side * side
    counts = face_counts(weights, FACES_PER_DIE * dice_count)
    order = sorted(range(len(alphabet)), key=lambda k: (-counts[k], k))
    faces = [k for k in order for _ in range(counts[k])]
    dice: list[list[int]] = [[] for _ in range(dice_count)]
    for position, letter in enumerate(faces):
        dice[position % dice_count].append(letter)
    return [[_face(alphabet[k]) for k in sorted(die)] for die in dice]


def _face(letter: str) -> str:
    return "Qu" if letter == "q" else letter.upper()


def dice_text(lang: Language, side: int, dice: Sequence[Sequence[str]]) -> str:
    """The dice file: a comment saying where the dice come from, then one die a line."""
    header = (
        f"# {lang.name} ({lang.code}) {side}x{side}: derived from the letter frequencies of "
        f"data/words/{lang.code}.txt by core.dicegen\n"
        "# (no published set was found); regenerate with: python -m core.dicegen\n"
    )
    return header + "".join(" ".join(die) + "\n" for die in dice)


def derived_files() -> dict[str, str]:
    """Every derived dice file's name and text."""
    files = {}
    for lang in LANGUAGES.values():
        sides = [s for s in lang.dice if (lang.code, s) not in PUBLISHED]
        if not sides:
            continue
        lexicon = lexicon_for(lang)
        weights = letter_weights(lexicon)
        for side in sides:
            text = dice_text(lang, side, derive(lang.alphabet, weights, side))
            files[f"{lang.dice[side]}.txt"] = text
    return files


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m core.dicegen", description=__doc__)
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    stale = []
    for name, text in derived_files().items():
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
