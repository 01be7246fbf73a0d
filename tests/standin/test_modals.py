"""Modals: opened only as a first answer, checked as Discord checks them, filled in and
submitted as a person's client lets them, and answered by the bot (also by editing the
ephemeral message whose button opened the modal)."""

from __future__ import annotations

from typing import Any

import discord
import discord.http
import pytest

from standin import CommandError, InteractionHandle, StandIn
from tests.standin.private_bot import PrivateBot


@pytest.fixture
def bot(private_bot: PrivateBot) -> PrivateBot:
    return private_bot


async def answer(bot: discord.Client, handle: InteractionHandle, body: dict[str, Any]) -> None:
    """The bot's raw callback, as discord.py sends it."""
    route = discord.http.Route(
        "POST",
        "/interactions/{interaction_id}/{token}/callback",
        interaction_id=handle.id,
        token=handle.token,
    )
    await bot.http.request(route, json=body)


def text_input(custom_id: str = "w", **more: Any) -> dict[str, Any]:
    return {"type": 4, "custom_id": custom_id, "style": 1, "label": "Word"} | more


def row(component: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": [component]}


def modal(*components: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"custom_id": "m", "title": "Guess", "components": list(components)} | more


async def quiet(standin: StandIn) -> InteractionHandle:
    """A command the bot leaves unanswered, so the test answers it by hand."""
    standin.commands.upsert(None, {"name": "quiet", "description": "d"})
    return await standin.slash("boggle", "alice", "quiet")


async def test_a_modal_from_a_command_is_filled_in_and_answered(
    standin: StandIn, bot: PrivateBot
) -> None:
    handle = await standin.slash("boggle", "alice", "ask")
    shown = await handle.shown_modal()
    assert (handle.callback_type, shown["title"]) == (9, "Your guesses")
    labels = [row["components"][0]["label"] for row in shown["components"]]
    assert labels == ["Words", "Note"]
    assert handle.original is None  # a modal posts nothing
    submit = await standin.submit_modal(handle, {"words": "cat dog"})
    assert submit.type == 5 and submit.user_id == handle.user_id
    reply = await submit.original_message()
    assert reply.content == "guessed cat dog (no note)" and reply.ephemeral


async def test_a_modal_from_a_button_on_an_ephemeral_message_edits_that_message(
    standin: StandIn, bot: PrivateBot
) -> None:
    board = await (await standin.slash("boggle", "alice", "private")).original_message()
    assert board.ephemeral and board.ephemeral_for == standin.user("alice").id
    opened = await standin.click(board, "alice", "guess")
    await opened.shown_modal()
    submit = await standin.submit_modal(opened, {"words": "tea", "note": "two\nlines"})
    assert (await submit.response())["type"] == 7
    edited = await standin.wait_for_ephemeral("alice", lambda m: m.content.startswith("guessed"))
    assert edited.id == board.id and edited.content == "guessed tea (two\nlines)"
    assert edited.edits == ["board for alice"] and edited.ephemeral
    assert board.id not in [m.id for m in standin.seen_by("bob", "boggle")]
    assert standin.history("boggle") == []


async def test_the_client_submits_only_what_the_modal_allows(
    standin: StandIn, bot: PrivateBot
) -> None:
    handle = await standin.slash("boggle", "alice", "ask")
    await handle.shown_modal()
    refused = [
        ({}, "'Words' is required"),
        ({"words": "ab"}, "at least 3"),
        ({"words": "x" * 41}, "at most 40"),
        ({"words": "cat\ndog"}, "single line"),
        ({"words": "cat", "colour": "red"}, "no text input 'colour'"),
    ]
    for values, reason in refused:
        with pytest.raises(CommandError, match=reason):
            await standin.submit_modal(handle, values)
    with pytest.raises(CommandError, match="shown only"):
        await standin.submit_modal(handle, {"words": "cat"}, user="bob")
    submit = await standin.submit_modal(handle, {"words": "cat"})
    with pytest.raises(CommandError, match="already submitted"):
        await standin.submit_modal(handle, {"words": "dog"})
    assert (await submit.original_message()).content == "guessed cat (no note)"


async def test_a_modal_is_only_a_first_answer(standin: StandIn, bot: PrivateBot) -> None:
    handle = await standin.slash("boggle", "alice", "private")
    await handle.response()
    with pytest.raises(discord.HTTPException) as caught:
        await answer(bot, handle, {"type": 9, "data": modal(row(text_input()))})
    assert caught.value.code == 40060
    assert handle.modal is None


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (modal(row(text_input()), title="x" * 46), "title"),
        (modal(row(text_input()), title=""), "title"),
        (modal(row(text_input()), custom_id="x" * 101), "custom_id"),
        (modal(), "components"),
        (modal(*(row(text_input(str(i))) for i in range(6))), "components"),
        (modal(row(text_input(label="x" * 46))), "label"),
        (modal(row(text_input(label=None))), "label"),
        (modal(row(text_input(style=3))), "style"),
        (modal(row(text_input(min_length=4001))), "min_length"),
        (modal(row(text_input(max_length=0))), "max_length"),
        (modal(row(text_input(min_length=9, max_length=5))), "min_length"),
        (modal(row(text_input(placeholder="x" * 101))), "placeholder"),
        (modal(row(text_input(value="long", max_length=3))), "value"),
        (modal(row(text_input("a")), row(text_input("a"))), "custom_id"),
        (modal({"type": 1, "components": [text_input("a"), text_input("b")]}), "components"),
        (modal({"type": 18, "label": "Word", "component": text_input()}), "label"),
        (modal({"type": 18, "label": "x" * 46, "component": text_input(label=None)}), "label"),
        (modal(row({"type": 2, "style": 1, "label": "B", "custom_id": "b"})), "type"),
    ],
)
async def test_modals_discord_refuses(
    standin: StandIn, bot: PrivateBot, data: dict[str, Any], field: str
) -> None:
    handle = await quiet(standin)
    with pytest.raises(discord.HTTPException) as caught:
        await answer(bot, handle, {"type": 9, "data": data})
    assert caught.value.status == 400 and caught.value.code == 50035
    assert field in caught.value.text
    assert not handle.responded


async def test_a_label_modal_is_accepted_and_a_submit_cannot_open_another(
    standin: StandIn, bot: PrivateBot
) -> None:
    handle = await quiet(standin)
    data = modal(
        {"type": 10, "content": "Today's board"},
        {"type": 18, "label": "Word", "component": text_input(label=None, value="cat")},
    )
    await answer(bot, handle, {"type": 9, "data": data})
    submit = await standin.submit_modal(handle, {})  # the pre-filled value is kept
    sent = standin.calls_to("POST /interactions/{webhook_id}/{webhook_token}/callback")
    assert len(sent) == 1
    received = await wait_seen(standin, bot, submit)
    assert received.data is not None
    # discord.py types it as any interaction's data; a modal submit's has components (mypy does
    # not narrow a union of TypedDicts by a key).
    components: list[Any] = list(received.data["components"])  # type: ignore[typeddict-item]
    assert components[1]["component"]["value"] == "cat" and components[1]["type"] == 18
    with pytest.raises(discord.HTTPException) as caught:
        await answer(bot, submit, {"type": 9, "data": modal(row(text_input()))})
    assert caught.value.code == 50035 and "type" in caught.value.text
    await answer(bot, submit, {"type": 4, "data": {"content": "ok", "flags": 64}})
    assert (await submit.original_message()).ephemeral


async def wait_seen(
    standin: StandIn, bot: PrivateBot, handle: InteractionHandle
) -> discord.Interaction:
    """The interaction as the bot's client received it."""
    return await standin.wait_until(
        lambda: next((i for i in bot.received if i.id == handle.id), None)
    )
