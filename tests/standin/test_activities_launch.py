"""An application's Activity, as Discord takes it: LAUNCH_ACTIVITY and the Entry Point command."""

from __future__ import annotations

from typing import Any

from standin import StandIn
from standin.codes import InteractionType
from standin.installs import reach_place
from standin.interactions import InteractionHandle
from tests.standin.rest_client import call, refused_at

CHAT = {"name": "boggle", "description": "Play"}
ENTRY = {"name": "launch", "description": "Play on the board", "type": 4, "handler": 1}


def interaction(standin: StandIn, kind: InteractionType) -> InteractionHandle:
    channel, user = standin.channel("boggle"), standin.user("alice")
    reach = reach_place(standin.world, channel, user.id)
    return standin._handle(kind, channel, user, "test", reach)


async def launch(standin: StandIn, handle: InteractionHandle) -> tuple[int, Any]:
    route = f"/interactions/{handle.id}/{handle.token}/callback?with_response=true"
    return await call(standin, "POST", route, {"type": 12})


async def test_launch_activity_needs_activities_enabled(standin: StandIn) -> None:
    refused = interaction(standin, InteractionType.MESSAGE_COMPONENT)
    status, body = await launch(standin, refused)
    assert (status, body["code"]) == (400, 50039) and not refused.responded
    standin.enable_activities()
    clicked = interaction(standin, InteractionType.MESSAGE_COMPONENT)
    status, body = await launch(standin, clicked)
    assert status == 200
    instance = standin.activities.instances[body["interaction"]["activity_instance_id"]]
    assert body["resource"] == {"type": 12, "activity_instance": {"id": instance.id}}
    assert instance.channel_id == standin.channel("boggle").id
    assert instance.users == [standin.user("alice").id]
    assert clicked.callback_type == 12
    autocomplete = interaction(standin, InteractionType.APPLICATION_COMMAND_AUTOCOMPLETE)
    assert refused_at(await launch(standin, autocomplete))[:3] == (400, 50035, "type")


async def test_entry_point_commands_as_discord_takes_them(standin: StandIn) -> None:
    route = f"/applications/{standin.world.application_id}/commands"
    guild = standin.channel("boggle").guild_id
    assert refused_at(await call(standin, "PUT", route, [CHAT, ENTRY]))[:3] == (
        400,
        50035,
        "1.type",
    )  # no Activities: there is no type 4
    handler = refused_at(await call(standin, "PUT", route, [CHAT | {"handler": 1}]))
    assert handler[:3] == (400, 50035, "0.handler")
    assert standin.commands.commands(None) == []

    standin.enable_activities()  # Discord's default Entry Point command appears
    (default,) = standin.commands.commands(None)
    assert (default["name"], default["type"], default["handler"]) == ("Launch", 4, 2)
    for commands, path in [
        ([CHAT, ENTRY, ENTRY | {"name": "again"}], ""),
        ([ENTRY | {"options": [{"type": 3, "name": "w", "description": "w"}]}], "0.options"),
        ([ENTRY | {"handler": 3}], "0.handler"),
        ([ENTRY | {"description": ""}], "0.description"),
    ]:
        assert refused_at(await call(standin, "PUT", route, commands))[:3] == (400, 50035, path)
    guild_route = f"/applications/{standin.world.application_id}/guilds/{guild}/commands"
    refused = refused_at(await call(standin, "PUT", guild_route, [ENTRY]))
    assert refused[:3] == (400, 50035, "0.type")

    status, stored = await call(standin, "PUT", route, [CHAT, ENTRY | {"id": default["id"]}])
    assert status == 200 and [c["type"] for c in stored] == [1, 4]
    assert standin.commands.entry_point() == stored[1]  # the bulk overwrite replaced "Launch"
    assert stored[1]["id"] == default["id"] and stored[1]["version"] != default["version"]
    another = refused_at(await call(standin, "POST", route, ENTRY | {"name": "open"}))
    assert another[:3] == (400, 50035, "type")
    status, _ = await call(standin, "POST", route, ENTRY | {"description": "Play!"})
    assert status == 201  # the same one, edited


async def test_the_default_entry_point_is_discords_to_answer(standin: StandIn) -> None:
    standin.enable_activities()
    handle = await standin.launch("boggle", "bob")
    assert handle.callback_type == 12 and handle.session_id is None  # nothing reached a bot
    instance = standin.activities.instances[handle.activity_instance_id or ""]
    assert instance.users == [standin.user("bob").id]


async def test_a_global_bulk_overwrite_must_keep_the_entry_point(standin: StandIn) -> None:
    route = f"/applications/{standin.world.application_id}/commands"
    standin.enable_activities()
    (default,) = standin.commands.commands(None)
    for commands in ([CHAT], [CHAT, ENTRY]):  # left out; another one, not given its id
        status, body = await call(standin, "PUT", route, commands)
        assert (status, body["code"]) == (400, 50240)
        assert "remove this app's Entry Point command in a bulk update" in body["message"]
        assert standin.commands.commands(None) == [default]  # nothing changed
    guild = standin.channel("boggle").guild_id
    guild_route = f"/applications/{standin.world.application_id}/guilds/{guild}/commands"
    assert (await call(standin, "PUT", guild_route, [CHAT]))[0] == 200  # it is not a guild's

    status, listed = await call(standin, "GET", route)
    status, stored = await call(standin, "PUT", route, [CHAT, listed[0]])  # sent back as read
    assert status == 200 and stored[1] == default  # the same id and version: unchanged
    by_name = ENTRY | {"name": default["name"]}  # no id
    status, stored = await call(standin, "PUT", route, [by_name, CHAT])
    assert status == 200 and stored[0]["id"] == default["id"]  # the same command, edited
    assert stored[0]["handler"] == 1 and stored[0]["version"] != default["version"]
