"""Discord command localisations (issue 11): every description and dictionary choice synced with
its French, Spanish and German wording from the catalogues, as Discord validates them."""

from __future__ import annotations

import pytest

from bot.catalogue import text
from standin.errors import ApiError
from standin.localizations import check_commands

from .harness import Harness


async def test_commands_are_synced_with_fr_es_de_descriptions(game: Harness) -> None:
    registry = game.standin.commands
    commands = {c["name"]: c for c in registry.commands(None)}
    boggle = commands["boggle"]
    assert boggle["description_localizations"] == {
        "fr": text("commands.boggle", "fr"),
        "es-ES": text("commands.boggle", "es"),
        "es-419": text("commands.boggle", "es"),
        "de": text("commands.boggle", "de"),
    }
    assert "name_localizations" not in boggle or not boggle["name_localizations"]
    start = next(o for o in boggle["options"] if o["name"] == "start")
    assert start["description_localizations"]["de"] == text("commands.start", "de")
    dictionary = next(o for o in start["options"] if o["name"] == "dictionary")
    assert dictionary["description_localizations"]["fr"] == text("commands.start_dictionary", "fr")
    everyday = next(c for c in dictionary["choices"] if c["value"] == "everyday")
    assert everyday["name_localizations"]["es-ES"] == text("dictionaries.everyday", "es")
    guess = commands["guess"]
    assert guess["description_localizations"]["fr"] == text("commands.guess", "fr")


def test_the_stand_in_refuses_localisations_discord_would_refuse() -> None:
    good = {"name": "boggle", "description": "x", "description_localizations": {"fr": "Jouer"}}
    check_commands([good])
    for bad, field in (
        ({**good, "description_localizations": {"xx": "Jouer"}}, "xx"),
        ({**good, "description_localizations": {"fr": "é" * 101}}, "fr"),
        ({**good, "name_localizations": {"de": "Spielen"}}, "de"),  # names are lowercase
    ):
        with pytest.raises(ApiError) as refused:
            check_commands([bad])
        assert refused.value.code == 50035 and field in str(refused.value.errors)
