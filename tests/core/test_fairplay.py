"""Fair play: a human pace passes, bursts no person could type or find are flagged."""

from __future__ import annotations

from core.fairplay import (
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
