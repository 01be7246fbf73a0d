"""The ``/boggle-config`` and ``/boggle rules`` texts within Discord's limits, whatever a server
stored (issue 10)."""

from __future__ import annotations

import random
import string

import pytest

from bot.discord.render.text import CONTENT_LIMIT
from bot.i18n.languages import LANGUAGE_CODES
from bot.rounds.discord.rules import rules_text
from bot.rounds.options import round_defaults
from bot.server_settings.discord.render import banned_list_text, duration, settings_text
from bot.server_settings.model import ServerSettings
from core.round import Mode
from core.rules import MIN_LENGTH_HIGHEST, MIN_LENGTH_LOWEST, SIZES, Timer
from core.scoring import word_score


def test_a_thousand_long_words_list_in_one_message() -> None:
    rng = random.Random(3)
    words = {"".join(rng.choices(string.ascii_lowercase, k=40)) for _ in range(1000)}
    shown = banned_list_text(words)
    assert len(shown) <= CONTENT_LIMIT
    assert shown.startswith("🚫 **Not accepted on this server** (1000 words): ")
    assert shown.endswith("more")
    assert banned_list_text(()) == "This server accepts every word of the dictionary."


def test_every_setting_is_shown_within_the_limit() -> None:
    settings = ServerSettings(
        6, "6x6-superbig", 1799, Mode.CASUAL, 8, "America/Argentina/ComodRivadavia", True,
        language="de", dictionary="everyday", timer=Timer.UNTIMED, quiet_seconds=1799,
        channels=frozenset(range(2**63 - 25, 2**63)), banned=frozenset({"cat"}),
    )  # fmt: skip
    shown = settings_text(settings, round_defaults)
    assert len(shown) <= CONTENT_LIMIT and "(the bot's default)" not in shown
    assert "• round length: 29m59s\n" in shown and "• words not accepted: 1 word (" in shown
    assert "• language: Deutsch (German)\n• dictionary: everyday (common words only)\n" in shown
    for language in LANGUAGE_CODES:
        assert len(settings_text(settings, round_defaults, language)) <= CONTENT_LIMIT
    german = settings_text(settings, round_defaults, "de")
    assert "• Sprache: Deutsch\n" in german and "• Modus: locker\n" in german


@pytest.mark.parametrize(("seconds", "typed"), [(30, "30s"), (90, "1m30s"), (180, "3m")])
def test_durations_read_as_they_are_typed(seconds: int, typed: str) -> None:
    assert duration(seconds) == typed


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("min_length", range(MIN_LENGTH_LOWEST, MIN_LENGTH_HIGHEST + 1))
def test_the_rules_table_is_cores_scoring(size: int, min_length: int) -> None:
    shown = rules_text(size, min_length)
    assert len(shown) <= CONTENT_LIMIT
    rows = [line for line in shown.splitlines() if " letters: " in line]
    assert rows[0].startswith(f"{min_length} letters") or rows[0].startswith(f"{min_length}+")
    for row in rows:
        letters = int(row.split()[0].rstrip("+"))
        points = int(row.split(": ")[1].split()[0])
        assert points == word_score("x" * letters, min_length)


def test_dice_this_bot_no_longer_has_are_shown_without_failing() -> None:
    shown = settings_text(ServerSettings(size=5, dice="5x5-retired"), round_defaults)
    assert "• board size: 5x5\n" in shown and "• dice: 5x5-original\n" in shown


def test_the_timer_and_quiet_spell_are_shown_with_their_defaults() -> None:
    shown = settings_text(ServerSettings(), round_defaults)
    assert "• clock: standard clock (the bot's default)\n" in shown
    assert "• untimed rounds' quiet spell: 5m (the bot's default)\n" in shown
    untimed = settings_text(
        ServerSettings(seconds=240, timer=Timer.UNTIMED, quiet_seconds=90), round_defaults
    )
    assert "• clock: untimed: no clock\n" in untimed
    assert "• untimed rounds' quiet spell: 1m30s\n" in untimed
    assert "• round length: 4m\n" in untimed  # a timed round's, not the quiet spell
    bonus = settings_text(ServerSettings(timer=Timer.BONUS), round_defaults, "fr")
    assert "• chrono : bonus : chaque mot ajoute du temps\n" in bonus
    assert "• silence qui termine une partie sans chrono : 5m (réglage par défaut du bot)" in bonus
