"""What the outbox keeps comes back as it went in: the features' events through JSON."""

from __future__ import annotations

import pytest

from bot.achievements.events import AchievementsEarned, Where
from bot.kernel import codec
from bot.seasons.events import SeasonEnded
from core.seasons import Place, Recap

PLACE = Place(1, 42, 12, 2, 2, 1, "elephants", 11)


def test_a_season_end_comes_back_whole() -> None:
    recap = Recap((PLACE,), (42, 2), (42, "elephants"), (42, 11, 7), None)
    ended = SeasonEnded(1, 3, "2026-03", recap, {42: "Bob"}, "fr", 10, None, 41)
    back = codec.loads(SeasonEnded, codec.dumps(ended))
    assert back == ended and back.names == {42: "Bob"} and back.recap.champion == PLACE


def test_an_enum_and_tuples_of_tuples_come_back() -> None:
    earned = AchievementsEarned(1, None, Where.ROUND, 9, ((42, "first_word", 1),), {}, "en")
    back = codec.loads(AchievementsEarned, codec.dumps(earned))
    assert back == earned and back.where is Where.ROUND


def test_what_does_not_fit_is_refused() -> None:
    with pytest.raises((ValueError, TypeError, KeyError)):
        codec.loads(AchievementsEarned, '{"guild_id": "one"}')
    with pytest.raises(TypeError):
        codec.dumps({1: object()})
