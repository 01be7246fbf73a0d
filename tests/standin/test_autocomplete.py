"""Autocomplete: a person typing into an option the bot completes, the bot's suggestions
checked as Discord checks them (at most 25, each named and valued within limits), answered only
by a result, and a result only to an autocomplete."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from standin import CommandError, InteractionHandle, StandIn
from tests.standin.private_bot import PrivateBot
from tests.standin.test_modals import answer

COMMAND = {
    "name": "pick",
    "description": "d",
    "options": [
        {"type": 3, "name": "dice", "description": "d", "autocomplete": True},
        {"type": 3, "name": "size", "description": "d", "choices": [{"name": "4", "value": "4"}]},
    ],
}


@pytest.fixture
def bot(private_bot: PrivateBot) -> PrivateBot:
    return private_bot


async def typing(standin: StandIn, text: str, **more: str) -> InteractionHandle:
    """``/pick dice:<text>`` being typed: the bot leaves it unanswered, the test answers."""
    standin.commands.upsert(None, COMMAND)
    return await standin.autocomplete("boggle", "alice", "pick", {"dice": text, **more}, "dice")


def named(*names: str) -> list[dict[str, Any]]:
    return [{"name": n, "value": n} for n in names]


async def test_the_focused_option_goes_as_typed_and_the_result_is_read(
    standin: StandIn, bot: PrivateBot
) -> None:
    handle = await typing(standin, "4x", size="4")
    seen = await bot.wait_for("interaction", check=lambda i: i.id == handle.id, timeout=5)
    assert seen.type == discord.InteractionType.autocomplete
    assert seen.data is not None
    sent = {o["name"]: o for o in seen.data["options"]}
    assert sent["dice"] == {"name": "dice", "type": 3, "value": "4x", "focused": True}
    assert sent["size"]["value"] == "4" and "focused" not in sent["size"]
    await answer(bot, handle, {"type": 8, "data": {"choices": named("4x4-classic", "4x4-new")}})
    assert await handle.suggestions() == named("4x4-classic", "4x4-new")
    assert handle.original is None  # suggestions post nothing


@pytest.mark.parametrize(
    ("choices", "field"),
    [
        (named(*(f"s{i}" for i in range(26))), "choices"),
        ([{"name": "", "value": "v"}], "name"),
        ([{"name": "x" * 101, "value": "v"}], "name"),
        ([{"name": "n", "value": "v" * 101}], "value"),
        ([{"name": "n"}], "value"),
    ],
)
async def test_suggestions_discord_refuses(
    standin: StandIn, bot: PrivateBot, choices: list[dict[str, Any]], field: str
) -> None:
    handle = await typing(standin, "")
    with pytest.raises(discord.HTTPException) as caught:
        await answer(bot, handle, {"type": 8, "data": {"choices": choices}})
    assert caught.value.status == 400 and caught.value.code == 50035
    assert field in caught.value.text
    assert not handle.responded


async def test_an_autocomplete_takes_only_a_result_and_a_command_none(
    standin: StandIn, bot: PrivateBot
) -> None:
    handle = await typing(standin, "")
    with pytest.raises(discord.HTTPException) as caught:
        await answer(bot, handle, {"type": 4, "data": {"content": "hi"}})
    assert caught.value.code == 50035 and "type" in caught.value.text
    standin.commands.upsert(None, {"name": "quiet", "description": "d"})
    command = await standin.slash("boggle", "alice", "quiet")
    with pytest.raises(discord.HTTPException) as caught:
        await answer(bot, command, {"type": 8, "data": {"choices": []}})
    assert caught.value.code == 50035 and "type" in caught.value.text


async def test_a_client_asks_nothing_of_an_option_without_autocomplete(
    standin: StandIn, bot: PrivateBot
) -> None:
    standin.commands.upsert(None, COMMAND)
    with pytest.raises(CommandError, match="does not autocomplete"):
        await standin.autocomplete("boggle", "alice", "pick", {"size": "4"}, "size")
