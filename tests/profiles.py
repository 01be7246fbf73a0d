"""Hypothesis profiles, loaded by tests/conftest.py: ``quick`` (the default: ``make test``) and
``thorough`` (``HYPOTHESIS_PROFILE=thorough``: CI's second pass, ``pytest -m brute``).

A brute-force property test (marked ``brute``) takes ``sized(n)`` examples: ``n`` in the thorough
profile (the sizes these tests had before there were profiles), a tenth of it in the quick one.
Property tests that name their own ``max_examples`` keep it in both; the others take the
profile's (hypothesis' own 100 in the quick one).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

VARIABLE = "HYPOTHESIS_PROFILE"
QUICK, THOROUGH = "quick", "thorough"
FULL = 1000  # the thorough profile's max_examples: the scale ``sized`` reads

settings.register_profile(QUICK, max_examples=FULL // 10)
settings.register_profile(THOROUGH, max_examples=FULL)
settings.load_profile(os.environ.get(VARIABLE, QUICK))

brute = pytest.mark.brute  # CI runs these again in the thorough profile


def sized(full: int) -> int:
    """A brute-force test's examples in the loaded profile: ``full`` in the thorough one, in
    proportion (at least one) in the others."""
    loaded = settings.default
    assert loaded is not None  # a profile is loaded above
    return max(1, full * loaded.max_examples // FULL)
