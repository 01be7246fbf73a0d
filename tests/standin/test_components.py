"""Buttons as Discord checks them: what a bot may send, who may click, how a click is answered."""

from __future__ import annotations

from typing import Any

import discord
import discord.http
import pytest

from standin import CommandError, StandIn
from standin.state import Overwrite, Perm
from tests.standin.demo_bot import DemoBot


async def send(bot: DemoBot, channel_id: int, components: list[dict[str, Any]]) -> None:
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=channel_id)
    await bot.http.request(route, json={"content": "x", "components": components})


def row(*buttons: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(buttons)}


def button(custom_id: str | None = "b", **more: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "B", "custom_id": custom_id} | more


@pytest.mark.parametrize(
    ("components", "field"),
    [
        ([button()], "components.0.type"),  # a button outside an action row
        ([row()], "components.0.components"),  # an empty row
        ([row(*(button(str(i)) for i in range(6)))], "components.0.components"),
        ([row(button(str(i))) for i in range(6)], "components"),
        ([row(button(None))], "components.0.components.0.custom_id"),
        ([row(button("x" * 101))], "components.0.components.0.custom_id"),
        ([row(button("a"), button("a"))], "components.0.components.1.custom_id"),
        ([row(button(label="x" * 81))], "components.0.components.0.label"),
        ([row(button(style=9))], "components.0.components.0.style"),
        ([row(button("a", style=5, url="https://x.test"))], "components.0.components.0.url"),
    ],
)
async def test_components_discord_refuses(
    standin: StandIn, demo_bot: DemoBot, components: list[dict[str, Any]], field: str
) -> None:
    with pytest.raises(discord.HTTPException) as caught:
        await send(demo_bot, standin.channel("boggle").id, components)
    assert caught.value.status == 400 and caught.value.code == 50035
    errors: Any = caught.value.text
    assert field.split(".")[-1] in errors
    assert standin.messages("boggle") == []


async def test_a_good_row_of_buttons_is_kept(standin: StandIn, demo_bot: DemoBot) -> None:
    link = {"type": 2, "style": 5, "label": "site", "url": "https://x.test"}
    await send(demo_bot, standin.channel("boggle").id, [row(button("a"), link)])
    (message,) = standin.messages("boggle")
    assert [b.get("custom_id") for b in message.components[0]["components"]] == ["a", None]


async def test_who_may_click(standin: StandIn, demo_bot: DemoBot) -> None:
    start = await standin.slash("boggle", "alice", "boggle start")
    board = await start.original_message()
    with pytest.raises(CommandError, match="takes no values"):
        await standin.click(board, "bob", "shake", values=["1"])
    channel = standin.channel("boggle")
    channel.overwrites.append(Overwrite(standin.user("bob").id, 1, deny=Perm.VIEW_CHANNEL))
    with pytest.raises(CommandError, match="bob cannot view"):
        await standin.click(board, "bob", "shake")
    await standin.user_deletes(board)
    with pytest.raises(CommandError, match="is gone"):
        await standin.click(board, "alice", "shake")


async def test_a_command_cannot_be_answered_as_a_component(
    standin: StandIn, demo_bot: DemoBot
) -> None:
    """Types 6 and 7 edit the message a component is on: a slash command has none."""
    standin.commands.upsert(None, {"name": "quiet", "description": "the demo bot ignores it"})
    handle = await standin.slash("boggle", "alice", "quiet")
    route = discord.http.Route(
        "POST",
        "/interactions/{interaction_id}/{token}/callback",
        interaction_id=handle.id,
        token=handle.token,
    )
    for kind in (6, 7):
        with pytest.raises(discord.HTTPException) as caught:
            await demo_bot.http.request(route, json={"type": kind, "data": {"content": "x"}})
        assert caught.value.code == 50035
    assert not handle.responded
    await demo_bot.http.request(route, json={"type": 4, "data": {"content": "fine"}})
    assert (await handle.original_message()).content == "fine"
