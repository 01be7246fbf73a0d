"""Commands the bot syncs are refused where Discord refuses them: a 50035 naming the field (a
name with capitals or a space, a description over 100 characters, too many options or choices,
a long choice value, a required option after an optional one, autocomplete with choices or on
an option that is not text or a number, a command over 8,000 characters, over 100 commands), and
nothing is stored."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from standin import StandIn
from tests.standin.rest_client import call, refused_at


def command(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "name": "boggle",
        "description": "Play",
        "options": [
            {"type": 3, "name": "word", "description": "w", "required": True},
            {"type": 4, "name": "size", "description": "s", "choices": [{"name": "4", "value": 4}]},
        ],
    }
    return copy.deepcopy(base) | changes


def options(*extra: dict[str, Any]) -> list[dict[str, Any]]:
    return [*command()["options"], *extra]


def choices(count: int, value: str = "v") -> list[dict[str, Any]]:
    return [{"name": f"c{i}", "value": f"{value}{i}"} for i in range(count)]


LEN = "BASE_TYPE_BAD_LENGTH"


@pytest.mark.parametrize(
    ("commands", "path", "code"),
    [
        ([command(name="Boggle")], "0.name", "APPLICATION_COMMAND_INVALID_NAME"),
        ([command(name="boggle start")], "0.name", "APPLICATION_COMMAND_INVALID_NAME"),
        ([command(name="x" * 33)], "0.name", "APPLICATION_COMMAND_INVALID_NAME"),
        ([command(description="d" * 101)], "0.description", LEN),
        ([command(description="")], "0.description", LEN),
        (
            [command(options=options({"type": 3, "name": "Big", "description": "d"}))],
            "0.options.2.name",
            "APPLICATION_COMMAND_INVALID_NAME",
        ),
        (
            [
                command(
                    options=[{"type": 3, "name": f"o{i}", "description": "d"} for i in range(26)]
                )
            ],
            "0.options",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            [
                command(
                    options=options(
                        {"type": 3, "name": "w2", "description": "d", "choices": choices(30)}
                    )
                )
            ],
            "0.options.2.choices",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            [
                command(
                    options=options(
                        {
                            "type": 3,
                            "name": "w2",
                            "description": "d",
                            "choices": [{"name": "a", "value": "v" * 150}],
                        }
                    )
                )
            ],
            "0.options.2.choices.0.value",
            LEN,
        ),
        (
            [
                command(
                    options=options(
                        {"type": 3, "name": "late", "description": "d", "required": True}
                    )
                )
            ],
            "0.options.2",
            "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
        ),
        (
            [command(options=options({"type": 3, "name": "word", "description": "d"}))],
            "0.options.2.name",
            "APPLICATION_COMMANDS_DUPLICATE_NAME",
        ),
        (
            [
                command(
                    options=options(
                        {"type": 3, "name": "w2", "description": "d", "max_length": 6001}
                    )
                )
            ],
            "0.options.2.max_length",
            "NUMBER_TYPE_MAX",
        ),
        (
            [
                command(
                    options=options(
                        {
                            "type": 3,
                            "name": "w2",
                            "description": "d",
                            "autocomplete": True,
                            "choices": choices(2),
                        }
                    )
                )
            ],
            "0.options.2.autocomplete",
            "APPLICATION_COMMAND_OPTION_INVALID",
        ),
        (
            [
                command(
                    options=options(
                        {"type": 5, "name": "b", "description": "d", "autocomplete": True}
                    )
                )
            ],
            "0.options.2.autocomplete",
            "APPLICATION_COMMAND_OPTION_INVALID",
        ),
        ([command(), command()], "1.name", "APPLICATION_COMMANDS_DUPLICATE_NAME"),
        ([command(name=f"c{i}") for i in range(101)], "", "BASE_TYPE_MAX_LENGTH"),
    ],
)
async def test_commands_discord_would_refuse(
    standin: StandIn, commands: list[dict[str, Any]], path: str, code: str
) -> None:
    route = f"/applications/{standin.world.application_id}/commands"
    assert refused_at(await call(standin, "PUT", route, commands)) == (400, 50035, path, code)
    assert standin.commands.commands(None) == []


def big(size: int) -> dict[str, Any]:
    """A command of exactly ``size`` characters by Discord's count (localisations at longest)."""
    cmd = command(name="big", description="d" * 100, options=[])
    cmd["description_localizations"] = {"fr": "é" * 100}  # as long as the default: counted once
    used = 3 + 100
    for i in range(25):
        if used >= size:
            break
        choices: list[dict[str, str]] = []
        opt = {"type": 3, "name": f"o{i:02}", "description": "d" * 100, "choices": choices}
        used += 3 + 100
        for k in range(25):
            room = size - used - 3
            if room <= 0:
                break
            value = "v" * min(100, room)
            choices.append({"name": f"c{k:02}", "value": value})
            used += 3 + len(value)
        cmd["options"].append(opt)
    return cmd


async def test_a_command_over_8000_characters_is_too_large(standin: StandIn) -> None:
    from standin.command_checks import size

    route = f"/applications/{standin.world.application_id}/commands"
    fits, over = big(8000), big(8001)
    assert (size(fits), size(over)) == (8000, 8001)
    assert (await call(standin, "PUT", route, [fits]))[0] == 200
    refused = refused_at(await call(standin, "PUT", route, [over]))
    assert refused == (400, 50035, "0", "APPLICATION_COMMAND_TOO_LARGE")


async def test_localisations_count_at_their_longest(standin: StandIn) -> None:
    from standin.command_checks import size

    plain = command(options=[])
    localised = plain | {"description_localizations": {"de": "Spielen" * 10}}
    assert size(plain) == len("boggle") + len("Play")
    assert size(localised) == len("boggle") + 70


async def test_the_101st_command_posted_is_refused(standin: StandIn) -> None:
    route = f"/applications/{standin.world.application_id}/commands"
    assert (await call(standin, "PUT", route, [command(name=f"c{i}") for i in range(100)]))[
        0
    ] == 200
    status, body = await call(standin, "POST", route, command(name="one-more"))
    assert (status, body["code"]) == (400, 30032)
    status, _ = await call(standin, "POST", route, command(name="c7", description="again"))
    assert status == 201  # the same name replaces a command: still 100
    refused = refused_at(await call(standin, "POST", route, command(name="Caps")))
    assert refused == (400, 50035, "name", "APPLICATION_COMMAND_INVALID_NAME")


async def test_names_of_any_script_in_lowercase_are_taken(standin: StandIn) -> None:
    route = f"/applications/{standin.world.application_id}/commands"
    names = ["boggle-config", "daily_guess", "l'heure", "jeu", "игра", "खेल", "เกม", "遊戲", "a1"]
    status, _ = await call(standin, "PUT", route, [command(name=n) for n in names])
    assert status == 200


async def test_commands_are_read_with_their_localizations_only_when_asked(
    standin: StandIn,
) -> None:
    route = f"/applications/{standin.world.application_id}/commands"
    french = {"fr": "Jouer au Boggle"}
    sync = [command(description_localizations=french)]
    sync[0]["options"][0]["name_localizations"] = {"fr": "mot"}
    assert (await call(standin, "PUT", route, sync))[0] == 200
    _, plain = await call(standin, "GET", route)
    assert "description_localizations" not in plain[0]
    assert "name_localizations" not in plain[0]["options"][0]
    _, full = await call(standin, "GET", route + "?with_localizations=true")
    assert full[0]["description_localizations"] == french
    assert full[0]["options"][0]["name_localizations"] == {"fr": "mot"}
