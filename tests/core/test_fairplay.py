"""Fair play: a human pace passes, bursts no person could type or find are flagged."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from core.daily import DAILY_SECONDS
from core.fairplay import (
    ATTEMPT_MAX_WORDS,
    OPENING_MAX_WORDS,
    OPENING_SECONDS,
    WINDOW_MAX_WORDS,
    WINDOW_SECONDS,
    Flag,
    TimedGuess,
    judge,
    rule_figures,
)


def found(*times: float, word: str = "star") -> list[TimedGuess]:
    return [TimedGuess(t, word, True) for t in times]


def test_a_strong_human_game_passes() -> None:
    """A word every 2.2 seconds for three minutes (81 words, a top score), with a refused
    guess every fourth word."""
    guesses = [TimedGuess(3.0 + 2.2 * n, "stare", n % 4 != 0) for n in range(81)]
    assert judge(guesses) is None
    assert judge([]) is None


def test_a_batch_sent_in_the_first_seconds_is_flagged_for_typing() -> None:
    assert judge(found(*[1.5] * 15)) is Flag.TYPING


def test_refused_guesses_count_as_typing_too() -> None:
    guesses = [TimedGuess(4.0, "xyzzyplugh", False) for _ in range(8)]
    assert judge(guesses) is Flag.TYPING
    assert judge(guesses[:3]) is None


def test_more_words_in_the_opening_than_anyone_finds() -> None:
    limit = [OPENING_SECONDS - 0.5] * OPENING_MAX_WORDS
    assert judge(found(*limit, word="at")) is None
    assert judge(found(*limit, OPENING_SECONDS - 0.1, word="at")) is Flag.OPENING


def test_a_sustained_rate_no_one_reaches() -> None:
    """One word every 0.9 s from 20 s on: typeable, but more than anyone finds."""
    burst = found(*(20 + 0.9 * n for n in range(WINDOW_MAX_WORDS + 1)), word="ant")
    assert judge(burst) is Flag.RATE
    spread = found(*(20 + WINDOW_SECONDS / WINDOW_MAX_WORDS * n for n in range(60)), word="ant")
    assert judge(spread) is None  # exactly the limit in every window


def test_the_order_guesses_arrive_in_does_not_matter() -> None:
    burst = found(*(20 + 0.9 * n for n in range(WINDOW_MAX_WORDS + 1)), word="ant")
    assert judge(list(reversed(burst))) is Flag.RATE


def test_the_rules_wording_gets_whole_numbers() -> None:
    figures = rule_figures()
    assert figures["opening_words"] == OPENING_MAX_WORDS
    assert figures["window_seconds"] == int(WINDOW_SECONDS)
    assert figures["total_words"] == ATTEMPT_MAX_WORDS
    assert all(isinstance(v, int) for v in figures.values())


def test_words_typed_into_one_submit_over_a_long_time_pass() -> None:
    """A strong player types 31 words into the modal over 100 seconds and submits once: they
    arrive together, yet no limit is broken (reviewed as flagged for rate before)."""
    one_submit = [TimedGuess(100.0, f"word{n:02}", True) for n in range(WINDOW_MAX_WORDS + 1)]
    assert judge(one_submit) is None


def test_a_submit_full_of_words_early_is_still_flagged() -> None:
    """Twelve words submitted at 9 s: spread back to 0 s, all are in the opening."""
    early = [TimedGuess(9.0, "at", True) for _ in range(OPENING_MAX_WORDS + 2)]
    assert judge(early) is Flag.OPENING


def paced(count: int, start: float = 5.0) -> list[TimedGuess]:
    """``count`` accepted words one by one, evenly from ``start`` to the end of the attempt:
    the steadiest pace, within every other limit."""
    step = (DAILY_SECONDS - 1 - start) / max(count, 1)
    return [TimedGuess(start + step * n, f"w{n:03}", True) for n in range(count)]


def test_the_total_allows_the_limit_and_flags_one_more() -> None:
    assert ATTEMPT_MAX_WORDS == 100
    assert judge(paced(ATTEMPT_MAX_WORDS)) is None
    assert judge(paced(ATTEMPT_MAX_WORDS + 1)) is Flag.TOTAL
    refused = [TimedGuess(g.elapsed + 0.5, "zzz", False) for g in paced(20)]
    assert judge(paced(ATTEMPT_MAX_WORDS) + refused) is None  # refused guesses are no words found


def test_a_script_paced_just_under_the_rate_is_flagged() -> None:
    """29 words submitted together every 30 seconds: within the rate in every window, but
    174 words in three minutes, far beyond anyone on a 4x4 board (passed before the total)."""
    script = [
        TimedGuess(30.0 * submit - 0.5, f"w{submit}{n:02}", True)
        for submit in range(1, int(DAILY_SECONDS // WINDOW_SECONDS) + 1)
        for n in range(WINDOW_MAX_WORDS - 1)
    ]
    assert len(script) == 174
    assert judge(script) is Flag.TOTAL


@given(
    st.integers(min_value=0, max_value=ATTEMPT_MAX_WORDS), st.floats(min_value=10.0, max_value=60.0)
)
def test_a_steady_game_within_the_total_is_never_flagged(count: int, start: float) -> None:
    assert judge(paced(count, start)) is None


_TIMES = st.floats(min_value=0.0, max_value=DAILY_SECONDS - 0.01)


@given(
    st.lists(_TIMES, min_size=ATTEMPT_MAX_WORDS + 1, max_size=2 * ATTEMPT_MAX_WORDS),
    st.lists(_TIMES, max_size=20),
)
def test_more_accepted_words_than_the_total_are_always_flagged(
    accepted: list[float], refused: list[float]
) -> None:
    """However a script paces (or bunches) them, one word over the total is flagged."""
    guesses = [TimedGuess(t, f"w{n:03}", True) for n, t in enumerate(accepted)]
    guesses += [TimedGuess(t, "zzz", False) for t in refused]
    assert judge(guesses) is not None
