"""A guild's scheduled events, as strict as Discord: Create Events to make one (and to move one's
own), Manage Events for another's (403 50013); an EXTERNAL event's location and end, no channel;
privacy level 2; a name of 1-100 characters, a description up to 1,000; the status moves
SCHEDULED -> ACTIVE -> COMPLETED and SCHEDULED -> CANCELED only; through discord.py too."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import discord
import pytest

from standin import StandIn
from standin.permissions import Perm
from standin.scheduled_events import EntityType, ScheduledEvent
from tests.standin.demo_bot import DemoBot
from tests.standin.rest_client import call, refused_at


def _at(hours: float) -> str:
    return (datetime.now(UTC) + timedelta(hours=hours)).isoformat()


def external(**changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "name": "Cup",
        "privacy_level": 2,
        "entity_type": 3,
        "scheduled_start_time": _at(1),
        "scheduled_end_time": _at(2),
        "entity_metadata": {"location": "#boggle"},
        "description": "Three rounds",
    }
    body.update(changes)
    return {k: v for k, v in body.items() if v is not ...}


def allow_events(standin: StandIn, bits: int = Perm.CREATE_EVENTS) -> int:
    """The bot gets a role with ``bits``, as a server admin would give it; the guild's id."""
    guild = next(iter(standin.world.guilds.values()))
    role = standin.world.add_role(guild.id, "events", bits)
    standin.world.give_role(guild.id, standin.world.bot.id, role.id)
    return guild.id


async def create(standin: StandIn, guild_id: int, body: Any) -> tuple[int, Any]:
    return await call(standin, "POST", f"/guilds/{guild_id}/scheduled-events", body)


async def test_without_create_events_the_bot_is_refused(standin: StandIn) -> None:
    guild_id = next(iter(standin.world.guilds))
    status, body = await create(standin, guild_id, external())
    assert (status, body["code"], body["message"]) == (403, 50013, "Missing Permissions")
    assert standin.world.scheduled_events == {}


async def test_an_external_event_made_started_and_completed(standin: StandIn) -> None:
    guild_id = allow_events(standin)
    status, made = await create(standin, guild_id, external())
    assert status == 200, made
    assert (made["status"], made["entity_type"], made["channel_id"]) == (1, 3, None)
    assert made["entity_metadata"] == {"location": "#boggle"}
    assert made["creator_id"] == str(standin.world.bot.id)
    path = f"/guilds/{guild_id}/scheduled-events/{made['id']}"
    assert (await call(standin, "PATCH", path, {"status": 2}))[1]["status"] == 2
    assert (await call(standin, "PATCH", path, {"status": 3}))[1]["status"] == 3
    status, seen = await call(standin, "GET", path)
    assert (status, seen["status"]) == (200, 3)
    listed = await call(standin, "GET", f"/guilds/{guild_id}/scheduled-events")
    assert [e["id"] for e in listed[1]] == [made["id"]]
    assert (await call(standin, "DELETE", path))[0] == 204
    assert (await call(standin, "GET", path))[1]["code"] == 10070


@pytest.mark.parametrize(
    ("changes", "path", "code"),
    [
        ({"name": ...}, "name", "BASE_TYPE_REQUIRED"),
        ({"name": ""}, "name", "BASE_TYPE_BAD_LENGTH"),
        ({"name": "x" * 101}, "name", "BASE_TYPE_BAD_LENGTH"),
        ({"description": "x" * 1001}, "description", "BASE_TYPE_MAX_LENGTH"),
        ({"privacy_level": ...}, "privacy_level", "BASE_TYPE_REQUIRED"),
        ({"privacy_level": 1}, "privacy_level", "BASE_TYPE_CHOICES"),
        ({"entity_type": 4}, "entity_type", "BASE_TYPE_CHOICES"),
        ({"entity_metadata": ...}, "entity_metadata.location", "BASE_TYPE_REQUIRED"),
        ({"entity_metadata": {"location": ""}}, "entity_metadata.location", "BASE_TYPE_BAD_LENGTH"),
        ({"scheduled_end_time": ...}, "scheduled_end_time", "BASE_TYPE_REQUIRED"),
        ({"scheduled_start_time": "soon"}, "scheduled_start_time", "DATE_TIME_TYPE_PARSE"),
        ({"scheduled_start_time": _at(-1)}, "scheduled_start_time", "GUILD_SCHEDULED_EVENT_SCHEDULE_PAST"),
        ({"scheduled_end_time": _at(0.5)}, "scheduled_end_time", "GUILD_SCHEDULED_EVENT_END_BEFORE_START"),
        ({"channel_id": "1"}, "channel_id", "BASE_TYPE_NONE"),
        ({"entity_type": 2, "entity_metadata": ...}, "channel_id", "BASE_TYPE_REQUIRED"),
    ],
)  # fmt: skip
async def test_a_body_discord_refuses(
    standin: StandIn, changes: dict[str, Any], path: str, code: str
) -> None:
    guild_id = allow_events(standin)
    answer = await create(standin, guild_id, external(**changes))
    assert refused_at(answer) == (400, 50035, path, code)
    assert standin.world.scheduled_events == {}


async def test_a_voice_event_needs_a_voice_channel(standin: StandIn) -> None:
    guild_id = allow_events(standin)
    text = standin.channel("boggle").id
    body = external(entity_type=2, channel_id=str(text), entity_metadata=...)
    assert refused_at(await create(standin, guild_id, body)) == (
        400, 50035, "channel_id", "CHANNEL_TYPE_INVALID",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("moves", "refused"),
    [
        ((3,), 3),  # SCHEDULED -> COMPLETED
        ((2, 4), 4),  # ACTIVE -> CANCELED
        ((2, 1), 1),  # ACTIVE -> SCHEDULED
        ((4, 2), 2),  # nothing after CANCELED
        ((2, 3, 2), 2),  # nothing after COMPLETED
        ((4, 4), 4),
    ],
)
async def test_a_status_move_discord_refuses(
    standin: StandIn, moves: tuple[int, ...], refused: int
) -> None:
    guild_id = allow_events(standin)
    made = (await create(standin, guild_id, external()))[1]
    path = f"/guilds/{guild_id}/scheduled-events/{made['id']}"
    for status in moves[:-1]:
        assert (await call(standin, "PATCH", path, {"status": status}))[0] == 200
    answer = await call(standin, "PATCH", path, {"status": refused})
    assert refused_at(answer) == (
        400, 50035, "status", "GUILD_SCHEDULED_EVENT_INVALID_STATUS_TRANSITION",
    )  # fmt: skip
    before = moves[-2] if len(moves) > 1 else 1
    assert standin.world.scheduled_events[int(made["id"])].status == before


async def test_another_members_event_needs_manage_events(standin: StandIn) -> None:
    guild_id = allow_events(standin)
    owner = standin.world.guilds[guild_id].owner_id
    theirs = ScheduledEvent(99, guild_id, owner, "Quiz", 2, _at(1), EntityType.EXTERNAL,
                            end=_at(2), location="#general")  # fmt: skip
    standin.world.scheduled_events[theirs.id] = theirs
    path = f"/guilds/{guild_id}/scheduled-events/99"
    for method, body in (("PATCH", {"status": 2}), ("DELETE", None)):
        status, answer = await call(standin, method, path, body)
        assert (status, answer["code"]) == (403, 50013)
    assert theirs.status == 1
    allow_events(standin, Perm.MANAGE_EVENTS)
    assert (await call(standin, "PATCH", path, {"status": 2}))[1]["status"] == 2
    assert (await call(standin, "DELETE", path))[0] == 204


async def test_unknown_event_and_guild(standin: StandIn) -> None:
    guild_id = allow_events(standin)
    answer = await call(standin, "PATCH", f"/guilds/{guild_id}/scheduled-events/5", {"status": 2})
    assert answer[0] == 404 and answer[1]["code"] == 10070
    assert (await call(standin, "GET", "/guilds/12345/scheduled-events"))[1]["code"] == 10004


async def test_through_discord_py(standin: StandIn, demo_bot: DemoBot) -> None:
    """What the bot's client sends is taken, and its gateway hears of it."""
    guild_id = allow_events(standin)
    guild = demo_bot.get_guild(guild_id)
    assert guild is not None
    event = await guild.create_scheduled_event(
        name="Cup",
        start_time=datetime.now(UTC) + timedelta(hours=1),
        end_time=datetime.now(UTC) + timedelta(hours=2),
        entity_type=discord.EntityType.external,
        privacy_level=discord.PrivacyLevel.guild_only,
        location="#boggle",
    )
    assert event.status is discord.EventStatus.scheduled and event.location == "#boggle"
    started = await event.start()
    assert started.status is discord.EventStatus.active
    with pytest.raises(discord.HTTPException) as refused:
        await demo_bot.http.edit_scheduled_event(guild_id, event.id, status=4)  # ACTIVE->CANCELED
    assert refused.value.status == 400 and refused.value.code == 50035
    ended = await started.end()
    assert ended.status is discord.EventStatus.completed
    await standin.wait_until(lambda: guild.get_scheduled_event(event.id) is not None)
    await standin.wait_until(
        lambda: guild.get_scheduled_event(event.id).status is discord.EventStatus.completed  # type: ignore[union-attr]
    )
