"""The world round's settings: its rhythm in seconds within bounds, its secret never printed."""

from __future__ import annotations

import pytest

from bot.config.settings import Settings, SettingsError


def test_the_rhythm_defaults_to_three_minutes_and_takes_seconds() -> None:
    assert Settings.from_env({}, env_file=None).world_every == 180
    assert Settings.from_env({"BOGGLE_WORLD_EVERY": "600"}, env_file=None).world_every == 600
    assert Settings.from_env({"BOGGLE_WORLD_EVERY": "15"}, env_file=None).world_every == 15


@pytest.mark.parametrize("value", ["14", "3m", "-180", "86401", "1.5"])
def test_a_rhythm_out_of_bounds_stops_the_bot_with_one_line(value: str) -> None:
    with pytest.raises(SettingsError, match="BOGGLE_WORLD_EVERY must be a number of seconds"):
        Settings.from_env({"BOGGLE_WORLD_EVERY": value}, env_file=None)


def test_the_secret_is_read_and_never_printed() -> None:
    settings = Settings.from_env({"BOGGLE_WORLD_SECRET": " s3cr3t-v4lue "}, env_file=None)
    assert settings.world_secret == "s3cr3t-v4lue"
    assert "s3cr3t" not in repr(settings) and "world_secret=set" in repr(settings)
    assert "world_secret=unset" in repr(Settings.from_env({}, env_file=None))
