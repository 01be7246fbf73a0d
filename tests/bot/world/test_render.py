"""The world round's words for its rhythm: whole minutes, else seconds, in every language."""

from __future__ import annotations

import pytest

from bot.i18n.languages import LANGUAGE_CODES
from bot.world.discord.render import every_text


def test_a_rhythm_reads_in_minutes_or_in_seconds() -> None:
    assert every_text(180, "en") == "every 3 minutes"
    assert every_text(60, "en") == "every 1 minute"
    assert every_text(30, "en") == "every 30 seconds"
    assert every_text(90, "en") == "every 90 seconds"  # not "every 2 minutes"


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_every_language_says_a_rhythm_of_seconds(language: str) -> None:
    seconds, minutes = every_text(30, language), every_text(1800, language)
    assert "30" in seconds and "30" in minutes and seconds != minutes
    assert "21" in every_text(21, language) and "2" in every_text(2, language)
