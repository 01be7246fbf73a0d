"""The storage's rows and the features' types read from them: a type that ``from_columns``
reads a table's row has that table's columns, by name and in order."""

from __future__ import annotations

import dataclasses

import pytest

from bot.daily.model import DailyAttempt
from bot.rounds.model import StoredRound
from bot.seasons.model import SeasonSettings
from bot.storage.tables import column_list, table
from bot.tournaments.model import StoredTournament


@pytest.mark.parametrize(
    ("name", "read"),
    [
        ("rounds", StoredRound),
        ("daily_attempts", DailyAttempt),
        ("tournaments", StoredTournament),
        ("season_settings", SeasonSettings),
    ],
)
def test_a_stored_type_has_its_tables_columns(name: str, read: type[object]) -> None:
    assert dataclasses.is_dataclass(read)
    fields = tuple(f.name for f in dataclasses.fields(read))
    assert fields == table(name).columns
    assert column_list(name) == ", ".join(fields)
