"""Discord command localisations (issue 11): every description and every choice synced with its
French, Spanish and German wording from the catalogues, as Discord validates them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bot.i18n.catalogue import text
from bot.i18n.languages import DISCORD_LOCALES
from bot.standings.discord.leaderboard_render import MEASURE_NAMES, PERIOD_NAMES
from bot.standings.model import Measure
from core.periods import Period
from standin.errors import ApiError
from standin.localizations import check_commands
from tests.bot.harness import Harness


async def test_commands_are_synced_with_fr_es_de_descriptions(game: Harness) -> None:
    registry = game.standin.commands
    commands = {c["name"]: c for c in registry.commands(None)}
    boggle = commands["boggle"]
    assert boggle["description_localizations"] == {
        locale: text("commands.boggle", language) for locale, language in LOCALES.items()
    }
    assert {"fr", "es-419", "pt-BR"} <= set(LOCALES)
    assert "name_localizations" not in boggle or not boggle["name_localizations"]
    start = next(o for o in boggle["options"] if o["name"] == "start")
    assert start["description_localizations"]["de"] == text("commands.start", "de")
    dictionary = next(o for o in start["options"] if o["name"] == "dictionary")
    assert dictionary["description_localizations"]["fr"] == text("commands.start_dictionary", "fr")
    everyday = next(c for c in dictionary["choices"] if c["value"] == "everyday")
    assert everyday["name_localizations"]["es-ES"] == text("dictionaries.everyday", "es")
    guess = commands["guess"]
    assert guess["description_localizations"]["fr"] == text("commands.guess", "fr")


# Each option's choices, worded for a language (the dice sets are no choices: ``dice:`` completes
# their file names as typed).
# A choice's wording in a language, from its value as Discord holds it (JSON: a number or a text).
CHOICE_TEXTS: dict[str, Callable[[Any, str], str]] = {
    "size": lambda v, lang: text("choices.size", lang, side=v, dice=v * v),
    "mode": lambda v, lang: text(f"mode_names.{v}", lang),
    "language": lambda v, lang: text(f"choices.language_{v}", lang),
    "dictionary": lambda v, lang: text(f"dictionaries.{v}", lang),
    "timer": lambda v, lang: text(f"coop_timers.timer_{v}", lang),
    "period": lambda v, lang: text(PERIOD_NAMES[Period(v)], lang),
    "measure": lambda v, lang: text(MEASURE_NAMES[Measure(v)], lang),
    "format": lambda v, lang: text(f"tournaments.format_{v}", lang),
    "state": lambda v, lang: text(f"battles.choice_{v}", lang),
    "length": lambda v, lang: text(f"seasons.length_{v}", lang),
    "scope": lambda v, lang: text(f"world_round.scope_{v}", lang),
}
# Every Discord locale of a language we speak but English (the commands' own words).
LOCALES = {
    locale: language
    for language, locales in DISCORD_LOCALES.items()
    if language != "en"
    for locale in locales
}


def choices_of(item: dict[str, Any], path: str) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Every choice under a synced command: where it is, its option's name, the choice."""
    for option in item.get("options") or []:
        where = f"{path} {option['name']}"
        for entry in option.get("choices") or []:
            yield where, option["name"], entry
        yield from choices_of(option, where)


async def test_every_choice_is_synced_with_fr_es_de_names(game: Harness) -> None:
    seen: set[str] = set()
    for command in game.standin.commands.commands(None):
        for where, option, entry in choices_of(command, command["name"]):
            if option == "dice":
                continue
            seen.add(where)
            wording = CHOICE_TEXTS[option]
            expected = {locale: wording(entry["value"], lang) for locale, lang in LOCALES.items()}
            localised = entry.get("name_localizations") or {}
            assert {k: localised.get(k) for k in LOCALES} == expected, (where, entry)
    assert {w.rsplit(" ", 1)[1] for w in seen} == set(CHOICE_TEXTS)
    assert {
        "boggle start size",
        "boggle rules size",
        "boggle-config set mode",
        "boggle start timer",
        "boggle-config set timer",
        "daily language",
        "battle language",
        "boggle-config battles state",
    } < seen

    # A language keeps its own name, with the reader's name for it beside it.
    daily = next(c for c in game.standin.commands.commands(None) if c["name"] == "daily")
    spanish = next(c for c in daily["options"][0]["choices"] if c["value"] == "es")
    assert spanish["name"] == "Español"
    assert spanish["name_localizations"]["fr"] == "Español (espagnol)"
    assert spanish["name_localizations"]["en-US"] == "Español (Spanish)"
    assert spanish["name_localizations"]["es-ES"] == "Español"
    polish = next(c for c in daily["options"][0]["choices"] if c["value"] == "pl")
    assert polish["name"] == "Polski"
    assert polish["name_localizations"]["pt-BR"] == "Polski (polonês)"
    assert polish["name_localizations"]["nl"] == "Polski (Pools)"
    assert polish["name_localizations"]["pl"] == "Polski"
    boggle = next(c for c in game.standin.commands.commands(None) if c["name"] == "boggle")
    start = next(o for o in boggle["options"] if o["name"] == "start")
    race = next(
        c
        for o in start["options"]
        if o["name"] == "mode"
        for c in o["choices"]
        if c["value"] == "race"
    )
    assert (race["name"], race["name_localizations"]["de"]) == ("race", "Wettlauf")


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


# Discord's limits on a command (a sync breaks whole past any of them, leaving the bot with no
# commands); each kept with a margin, so a reworded translation fails here and not at a sync.
DESCRIPTION_ROOM = 90  # of Discord's 100
CHOICE_NAME_ROOM = 90  # of 100
NAME_ROOM = 28  # of 32
COMMAND_ROOM = 7200  # characters of a command's names, descriptions and choices, of 8,000


def texts_of(item: dict[str, Any], key: str) -> list[str]:
    """``item[key]`` and each of its localisations."""
    found = [item[key]] if item.get(key) else []
    return found + list((item.get(f"{key}_localizations") or {}).values())


def walk(item: dict[str, Any], path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    yield path, item
    for option in item.get("options") or []:
        yield from walk(option, f"{path} {option['name']}")


def command_size(command: dict[str, Any]) -> int:
    """What Discord counts against a command's 4,000: names, descriptions, choice names and
    values, each localisation counted in the longest language."""
    total = 0
    for _, item in walk(command, command["name"]):
        total += max(map(len, texts_of(item, "name")), default=0)
        total += max(map(len, texts_of(item, "description")), default=0)
        for choice in item.get("choices") or []:
            total += max(map(len, texts_of(choice, "name")), default=0) + len(str(choice["value"]))
    return total


async def test_every_command_is_within_discord_s_limits_with_room_to_spare(
    game: Harness,
) -> None:
    too_long: list[str] = []
    for command in game.standin.commands.commands(None):
        for where, item in walk(command, command["name"]):
            too_long += [
                f"{where}: name {n!r}" for n in texts_of(item, "name") if len(n) > NAME_ROOM
            ]
            too_long += [
                f"{where}: {len(d)} characters: {d!r}"
                for d in texts_of(item, "description")
                if len(d) > DESCRIPTION_ROOM
            ]
            too_long += [
                f"{where}: choice {n!r}"
                for choice in item.get("choices") or []
                for n in texts_of(choice, "name")
                if len(n) > CHOICE_NAME_ROOM
            ]
        if command_size(command) > COMMAND_ROOM:
            too_long.append(f"{command['name']}: {command_size(command)} characters in all")
    assert too_long == []
