"""Achievements in words, for every front end: a tier's name ("Wordsmith II") and what it asks
("Words found in all: 500"), from the catalogue's ``achievements.<code>_name``/``_what``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.i18n.catalogue import text
from core.achievements import BY_CODE

ROMAN = ("I", "II", "III", "IV", "V")


def tier_name(code: str, tier: int, language: str) -> str:
    """The achievement's name, with the tier's numeral when it has more than one tier."""
    achievement = BY_CODE[code]
    name = text(f"achievements.{code}_name", language)
    if len(achievement.tiers) < 2:
        return name
    return f"{name} {ROMAN[achievement.tiers.index(tier)]}"


def tier_what(code: str, tier: int, language: str) -> str:
    """What the tier asks, its threshold filled in."""
    entry = f"achievements.{code}_what"
    return (
        text(entry, language, n=tier)
        if "{n}" in text(entry, "en", n="{n}")
        else text(entry, language)
    )


def earned_line(
    awards: Sequence[tuple[int, str, int]], names: Mapping[int, str], language: str
) -> str:
    """Everyone's new tiers in one line: "🏅 Ada: First word, Wordsmith I · Bo: Night owl"."""
    by_player: dict[int, list[str]] = {}
    for player, code, tier in awards:
        by_player.setdefault(player, []).append(tier_name(code, tier, language))
    parts = [
        text(
            "achievements.earned_by",
            language,
            name=names.get(player, text("units.fallback_name", language, id=player)),
            achievements=", ".join(got),
        )
        for player, got in by_player.items()
    ]
    return text("achievements.earned", language, list=" · ".join(parts))
