"""Every language's dice meet English's gates (issue 39), on the same seeded rolls as English's:
a 4x4's median words at least half of English's, and on 4x4, 5x5 and 6x6 the share of rolls over
the round's floor (``core.generate.floor_for``) at most 5 points under English's. The figures on
1,000 rolls a size: ``bench/bench_languages.py`` (docs/benchmarks.md).

French and German keep the dice their board codes name (a changed set would break the codes
rolled from it; French 4x4 is the published edition's): the sizes where they fall short are
listed and skipped. The quick profile rolls 100 4x4 boards a language; the thorough one
(``HYPOTHESIS_PROFILE=thorough``, by hand: minutes) 1,000 boards of each size.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Mapping
from functools import cache

import pytest

from core.dice import dice_set
from core.generate import floor_for
from core.languages import LANGUAGE_CODES, language
from core.lexicon import Lexicon
from core.scoring import default_min_length, total_score
from core.solver import solve
from tests import profiles

ROLLS = profiles.sized(1000)  # 100 in the quick profile
# Points under English's share: the 5 on 1,000 rolls; 100 rolls give each share a
# standard error near 3 points, so the quick look allows two of the difference's on top.
MARGIN = 5.0 if ROLLS == 1000 else 12.0
SIDES = (4, 5, 6) if ROLLS == 1000 else (4,)
SHORT = {("fr", 4), ("fr", 5), ("de", 4), ("de", 5)}  # dice fixed by their board codes
# Sizes no tuned candidate brings within the gate (docs/benchmarks.md): Ukrainian 4x4 and 5x5,
# 6.4 and 9.0 points under English on 1,000 of these rolls: allowed that many points past the
# margin (rounded up), so the shortfall cannot grow unseen.
SHORTFALL = {("uk", 4): 2.0, ("uk", 5): 5.0}


@cache
def figures(dice: str, lexicon: Lexicon, rolls: int) -> tuple[float, float]:
    """The median words and the share (in %) of ``rolls`` seeded rolls over the floor."""
    side = dice_set(dice).side
    floor, min_length = floor_for(side), default_min_length(side)
    rng = random.Random(7)
    counts, passed = [], 0
    for _ in range(rolls):
        found = solve(dice_set(dice).roll(rng), lexicon, min_length)
        counts.append(len(found))
        passed += floor.met_by(len(found), total_score(found, min_length))
    return statistics.median(counts), 100 * passed / rolls


@profiles.brute
@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("code", [c for c in LANGUAGE_CODES if c != "en"])
def test_a_languages_dice_pass_as_often_as_englishs(
    lexicons: Mapping[str, Lexicon], code: str, side: int
) -> None:
    if (code, side) in SHORT:
        pytest.skip(f"{code} {side}x{side}: the dice its board codes name fall short of the gate")
    english = figures(language("en").default_dice(side), lexicons["en"], ROLLS)
    ours = figures(language(code).default_dice(side), lexicons[code], ROLLS)
    if side == 4:
        assert ours[0] >= english[0] / 2, f"median words {ours[0]} against English's {english[0]}"
    assert ours[1] >= english[1] - MARGIN - SHORTFALL.get((code, side), 0.0), (
        f"{ours[1]:.1f} % of rolls over the floor against English's {english[1]:.1f} %"
    )
