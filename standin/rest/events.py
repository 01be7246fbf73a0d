"""A guild's scheduled events: list, create, get, edit (its status too) and delete, with Discord's
permissions: Create Events to create one and to edit or delete one's own, Manage Events for
anyone's (403 50013 without). The checks of the fields are ``standin.scheduled_events``'."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from standin.entities import Guild
from standin.errors import (
    ApiError,
    invalid_form,
    json_response,
    missing_access,
    missing_permissions,
)
from standin.ids import new_snowflake
from standin.payloads import user as user_payload
from standin.permissions import Perm
from standin.rest import request as call
from standin.rest.request import Route, snowflake
from standin.rest.routes import Routes
from standin.scheduled_events import (
    MAX_OPEN,
    ScheduledEvent,
    check,
    move,
    payload,
    too_many_events,
    unknown_event,
)

EVENTS = "/guilds/{guild_id}/scheduled-events"
EVENT = EVENTS + "/{event_id}"
GUILD_SCHEDULED_EVENTS = 1 << 16  # the gateway intent of their events
VOICE_TYPES = (2, 13)  # GUILD_VOICE, GUILD_STAGE_VOICE


class EventRoutes(Routes):
    def table(self) -> list[Route]:
        return [
            ("GET", EVENTS, self.list_events),
            ("POST", EVENTS, self.create_event),
            ("GET", EVENT, self.get_event),
            ("PATCH", EVENT, self.edit_event),
            ("DELETE", EVENT, self.delete_event),
        ]

    # lookups and checks

    def _guild(self, request: web.Request) -> Guild:
        guild = self.world.guilds.get(snowflake(request.match_info["guild_id"]))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        if self.world.bot.id not in guild.members:
            raise missing_access()
        return guild

    def _event(self, request: web.Request, guild: Guild) -> ScheduledEvent:
        event = self.world.scheduled_events.get(snowflake(request.match_info["event_id"]))
        if event is None or event.guild_id != guild.id:
            raise unknown_event()
        return event

    def _may(self, guild: Guild, event: ScheduledEvent | None) -> None:
        """Create Events for a new event or the bot's own; Manage Events for another's."""
        have = self.world.guild_permissions(guild.id, self.world.bot.id)
        if have & Perm.MANAGE_EVENTS and event is not None:
            return
        if have & Perm.CREATE_EVENTS and (event is None or event.creator_id == self.world.bot.id):
            return
        raise missing_permissions()

    def _channel(self, guild: Guild, values: dict[str, Any]) -> None:
        """A stage or voice event's channel: one of the guild's voice channels."""
        raw = values.get("channel_id")
        if raw is None:
            return
        channel = guild.channels.get(snowflake(str(raw)))
        if channel is None or channel.deleted or channel.type not in VOICE_TYPES:
            raise invalid_form("channel_id", "CHANNEL_TYPE_INVALID", "Invalid channel type.")
        values["channel_id"] = channel.id

    def _answer(self, event: ScheduledEvent) -> dict[str, Any]:
        return payload(event, user_payload(self.world.users[event.creator_id]))

    async def _tell(self, name: str, event: ScheduledEvent) -> None:
        await self.actions.gateway.dispatch(
            name, self._answer(event), intent=GUILD_SCHEDULED_EVENTS, guild_id=event.guild_id
        )

    # the routes

    async def list_events(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        events = [e for e in self.world.scheduled_events.values() if e.guild_id == guild.id]
        return json_response([self._answer(e) for e in events])

    async def get_event(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        return json_response(self._answer(self._event(request, guild)))

    async def create_event(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        self._may(guild, None)
        values = check(call.body(), None)
        self._channel(guild, values)
        if "status" in (call.body() or {}):
            raise invalid_form("status", "BASE_TYPE_NONE", "A new event is SCHEDULED.")
        open_ones = [
            e for e in self.world.scheduled_events.values() if e.guild_id == guild.id and e.open
        ]
        if len(open_ones) >= MAX_OPEN:
            raise too_many_events()
        event = ScheduledEvent(new_snowflake(), guild.id, self.world.bot.id, **values)
        self.world.scheduled_events[event.id] = event
        await self._tell("GUILD_SCHEDULED_EVENT_CREATE", event)
        return json_response(self._answer(event))

    async def edit_event(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        event = self._event(request, guild)
        self._may(guild, event)
        body = call.body()
        values = check(body, event)
        self._channel(guild, values)
        if isinstance(body, dict) and "status" in body:
            values["status"] = move(event, body["status"])
        elif not event.open:
            raise invalid_form("status", "GUILD_SCHEDULED_EVENT_ENDED", "The event is over.")
        for name, value in values.items():
            setattr(event, name, value)
        await self._tell("GUILD_SCHEDULED_EVENT_UPDATE", event)
        return json_response(self._answer(event))

    async def delete_event(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        event = self._event(request, guild)
        self._may(guild, event)
        del self.world.scheduled_events[event.id]
        await self._tell("GUILD_SCHEDULED_EVENT_DELETE", event)
        return web.Response(status=204)
