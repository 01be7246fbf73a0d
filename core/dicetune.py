"""Making dice from a word list whose rolls pass the quality floor as often as English's dice.

``tune`` keeps the first candidate (a weighting of the letter shares, an arrangement of faces on
dice) whose rolls pass ``core.generate.floor_for`` as often as English's published dice on the
same rolls, plus ``MARGIN``. Candidates go plainest first: players see the letter shares, not the
dice, so the shares stay as close to the word list's as the floor allows. Deterministic.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from core.dice import DEFAULT_DICE, DiceSet, dice_set
from core.generate import floor_for
from core.letters import board_letter_weights
from core.lexicon import Lexicon
from core.scoring import default_min_length, total_score
from core.solver import solve

FACES_PER_DIE = 6
WEIGHTINGS = (0.0, 0.5, 1.0)
# Faces of each next letter a die takes; None: dealt like cards.
ARRANGEMENTS: dict[str, tuple[int, ...] | None] = {
    "dealt": None,
    "2-2-1-1": (2, 2, 1, 1),
    "2-2-2": (2, 2, 2),
    "3-3": (3, 3),
    "4-2": (4, 2),
}
# Tried with each weighting only when no candidate above comes within GATE points, less ROOM,
# of English's share (the gate of issue 39): dice of one letter but a face (Bulgarian). ROOM
# leaves the gate room for the rolls' sampling error (another 1,000 rolls move a share by 2 to 3
# points); the languages tuned before it keep their dice with none (core.dicegen).
EXTRA_ARRANGEMENTS: dict[str, tuple[int, ...]] = {"5-1": (5, 1)}
GATE = 5.0
ROOM = 2.0
ROLLS = 1000
MARGIN = 3.0  # percentage points over English's share: room for the rolls' sampling error
# By base letter: ą ę ó ä ö ü are vowels too, Turkish ı one; Bulgarian ъ ю я and Greek η ω too,
# Russian ы э (ё as е), Ukrainian є і (ї as і); in those two й and the hard sign ъ are not
# (``_vowel``).
VOWELS = frozenset("aeiouyıаеиоуъюяαεηιουωыэєі")


@dataclass(frozen=True)
class Tuned:
    """The dice kept (letters of the alphabet, ``q`` for Qu), the candidate and its figures."""

    dice: tuple[tuple[str, ...], ...]
    arrangement: str
    weighting: float
    passed: int  # of ``rolls`` rolls
    english: int  # English's dice on the same rolls
    rolls: int

    def summary(self) -> str:
        """One line for the dice file's header."""
        share = 100 * self.passed / self.rolls
        english = 100 * self.english / self.rolls
        return (
            f"arrangement {self.arrangement}, weighting {self.weighting:g}: {share:.1f}% of "
            f"{self.rolls:,} rolls pass the floor (English's dice {english:.1f}%)"
        )


def face_counts(weights: Sequence[float], faces: int) -> list[int]:
    """How many faces each letter gets: ``share * faces`` rounded down, at least one for every
    letter the list uses; the faces still to give go one by one to the letter furthest below its
    exact share (ties: alphabet order), and a surplus is taken from the letter furthest above it
    that has two or more."""
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


def deal(counts: Sequence[int], dice_count: int) -> list[list[int]]:
    """The faces (letter indexes), most frequent letter first (ties: alphabet order), dealt out
    like cards: die 1, 2, ..., then die 1 again."""
    order = sorted(range(len(counts)), key=lambda k: (-counts[k], k))
    faces = [k for k in order for _ in range(counts[k])]
    dice: list[list[int]] = [[] for _ in range(dice_count)]
    for position, letter in enumerate(faces):
        dice[position % dice_count].append(letter)
    return dice


def fill(
    counts: Sequence[int], dice_count: int, pattern: Sequence[int], order: Sequence[int]
) -> list[list[int]]:
    """Dice filled one after another: each takes ``pattern[0]`` faces of the first letter in
    ``order`` with faces left, ``pattern[1]`` of the next, and so on (a letter running out, the
    next tops it up; too few letters left, more of each), so each die holds letters next to each
    other in ``order``."""
    left = list(counts)
    dice: list[list[int]] = []
    for _ in range(dice_count):
        die: list[int] = []
        letters = iter(k for k in order if left[k])
        for want in pattern:
            while want:
                letter = next(letters, None)
                if letter is None:
                    break
                take = min(want, left[letter])
                die += [letter] * take
                left[letter] -= take
                want -= take
        for letter in order:  # too few letters left for the pattern: more of one letter
            take = min(FACES_PER_DIE - len(die), left[letter])
            die += [letter] * take
            left[letter] -= take
        dice.append(die)
    return dice


def arrange(
    alphabet: str, weights: Sequence[float], side: int, arrangement: str
) -> list[list[int]]:
    """A candidate's dice (letter indexes, each die sorted) for a ``side`` x ``side`` board."""
    dice_count = side * side
    counts = face_counts(weights, FACES_PER_DIE * dice_count)
    pattern = (
        ARRANGEMENTS[arrangement]
        if arrangement in ARRANGEMENTS
        else EXTRA_ARRANGEMENTS[arrangement]
    )
    if pattern is None:
        dice = deal(counts, dice_count)
    else:
        order = sorted(
            range(len(alphabet)), key=lambda k: (not _vowel(alphabet[k], alphabet), -counts[k], k)
        )
        dice = fill(counts, dice_count, pattern, order)
    return [sorted(die) for die in dice]


def _vowel(letter: str, alphabet: str = "") -> bool:
    if letter in "йъ" and ("ы" in alphabet or "є" in alphabet):  # Russian, Ukrainian
        return False
    return unicodedata.normalize("NFD", letter)[0] in VOWELS


def passes(dice: DiceSet, lexicon: Lexicon, rolls: int, seed: str) -> int:
    """How many of ``rolls`` seeded rolls of ``dice`` pass the floor at the official length."""
    rng = random.Random(seed)
    min_length = default_min_length(dice.side)
    floor = floor_for(dice.side)
    passed = 0
    for _ in range(rolls):
        found = solve(dice.roll(rng), lexicon, min_length)
        passed += floor.met_by(len(found), total_score(found, min_length))
    return passed


def tune(
    alphabet: str,
    lexicon: Lexicon,
    side: int,
    english: Lexicon,
    rolls: int = ROLLS,
    log: Callable[[str], object] | None = None,
    room: float = ROOM,
    left_off: str = "",
    weightings: tuple[float, ...] = WEIGHTINGS,
) -> Tuned:
    """The first candidate whose rolls pass as often as English's dice plus ``MARGIN`` (English:
    its published dice of that size and the lexicon ``english``); if none does, the one that
    passes most often (EXTRA_ARRANGEMENTS tried when that one is not ``within_gate`` with
    ``room``). The letters ``left_off`` get no face (a code numbers 32 faces at most);
    ``weightings`` past the usual three favour short words' letters more."""
    seed = f"dicegen {side}x{side}"
    reference = passes(dice_set(DEFAULT_DICE[side]), english, rolls, seed)
    target = reference + MARGIN * rolls / 100
    best: Tuned | None = None
    weights: dict[float, list[float]] = {}
    candidates = [(w, a) for w in weightings for a in ARRANGEMENTS]
    extra = [(w, a) for w in weightings for a in EXTRA_ARRANGEMENTS]
    for weighting, arrangement in candidates + extra:
        if (weighting, arrangement) == extra[0] and best is not None and within_gate(best, room):
            break
        if weighting not in weights:
            shares = board_letter_weights(lexicon, weighting)
            weights[weighting] = [
                0.0 if ch in left_off else w for ch, w in zip(alphabet, shares, strict=True)
            ]
        dice = arrange(alphabet, weights[weighting], side, arrangement)
        letters = tuple(tuple(alphabet[k] for k in die) for die in dice)
        tuned = Tuned(
            letters,
            arrangement,
            weighting,
            passes(dice_of(letters), lexicon, rolls, seed),
            reference,
            rolls,
        )
        if log is not None:
            log(f"{side}x{side} {tuned.summary()}")
        if tuned.passed >= target:
            return tuned
        if best is None or tuned.passed > best.passed:
            best = tuned
    assert best is not None
    return best


def within_gate(tuned: Tuned, room: float = 0.0) -> bool:
    """Whether a candidate's share of rolls over the floor is within GATE points of English's,
    less ``room``."""
    return 100 * (tuned.english - tuned.passed) / tuned.rolls <= GATE - room


def dice_of(dice: Sequence[Sequence[str]], name: str = "tuned") -> DiceSet:
    """Dice of letters (``q`` for Qu) as a set to roll."""
    faces = (tuple("qu" if letter == "q" else letter for letter in die) for die in dice)
    return DiceSet(name, tuple(faces))


__all__ = [
    "ARRANGEMENTS",
    "EXTRA_ARRANGEMENTS",
    "GATE",
    "MARGIN",
    "ROLLS",
    "ROOM",
    "WEIGHTINGS",
    "Tuned",
    "arrange",
    "deal",
    "dice_of",
    "face_counts",
    "fill",
    "passes",
    "tune",
    "within_gate",
]
