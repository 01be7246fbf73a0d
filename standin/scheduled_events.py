"""Guild scheduled events as Discord keeps and checks them: fields, lengths and status moves.

From Discord's docs (resources/guild-scheduled-event); where they give no wording (an end before
the start, a refused status move) the 50035's code is the stand-in's own.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime
from enum import IntEnum
from typing import Any

from standin.errors import (
    ApiError,
    bad_length,
    invalid_form,
    not_an_object,
    not_one_of,
    required,
    too_long,
)

MAX_OPEN = 100  # SCHEDULED or ACTIVE at once, per guild
GUILD_ONLY = 2


class EntityType(IntEnum):
    STAGE_INSTANCE = 1
    VOICE = 2
    EXTERNAL = 3


class EventStatus(IntEnum):
    SCHEDULED = 1
    ACTIVE = 2
    COMPLETED = 3
    CANCELED = 4


MOVES = {
    EventStatus.SCHEDULED: {EventStatus.ACTIVE, EventStatus.CANCELED},
    EventStatus.ACTIVE: {EventStatus.COMPLETED},
}


@dataclass
class ScheduledEvent:
    id: int
    guild_id: int
    creator_id: int
    name: str
    privacy_level: int
    start: str  # ISO 8601, as sent
    entity_type: EntityType
    status: EventStatus = EventStatus.SCHEDULED
    end: str | None = None
    description: str | None = None
    channel_id: int | None = None
    location: str | None = None

    @property
    def open(self) -> bool:
        return self.status in MOVES


def unknown_event() -> ApiError:
    return ApiError(404, 10070, "Unknown Guild Scheduled Event")


def too_many_events() -> ApiError:
    return ApiError(
        400, 30038, f"Maximum number of uncompleted guild scheduled events reached ({MAX_OPEN})"
    )


def _time(body: dict[str, Any], field: str) -> datetime:
    value = body[field]
    try:
        if not isinstance(value, str):
            raise ValueError(value)
        return datetime.fromisoformat(value)
    except ValueError:
        raise invalid_form(
            field, "DATE_TIME_TYPE_PARSE", f"Could not parse {value}. Should be ISO8601."
        ) from None


def _text(body: dict[str, Any], field: str, low: int, high: int) -> str:
    value = body[field]
    if not isinstance(value, str) or not low <= len(value) <= high:
        raise bad_length(field, low, high) if low else too_long(field, high)
    return value


def check(body: Any, event: ScheduledEvent | None) -> dict[str, Any]:
    """The fields of a create (``event`` None) or an edit of ``event``, checked as Discord
    checks them; what the event becomes, as ``ScheduledEvent`` keyword values."""
    if not isinstance(body, dict):
        raise not_an_object("_root")
    if event is None:
        for field in ("name", "privacy_level", "scheduled_start_time", "entity_type"):
            if body.get(field) is None:
                raise required(field)
    values: dict[str, Any] = {}
    if "name" in body:
        values["name"] = _text(body, "name", 1, 100)
    if "description" in body:
        values["description"] = (
            None if body["description"] is None else _text(body, "description", 0, 1000)
        )
    if "privacy_level" in body:
        if body["privacy_level"] != GUILD_ONLY:
            raise not_one_of("privacy_level", (GUILD_ONLY,))
        values["privacy_level"] = GUILD_ONLY
    if "entity_type" in body:
        if body["entity_type"] not in tuple(EntityType):
            raise not_one_of("entity_type", tuple(int(t) for t in EntityType))
        values["entity_type"] = EntityType(body["entity_type"])
    _times(body, event, values)
    _entity(body, event, values)
    return values


def _times(body: dict[str, Any], event: ScheduledEvent | None, values: dict[str, Any]) -> None:
    """A start not in the past (where it changes), an end after the start."""
    if body.get("scheduled_start_time") is not None:
        start = _time(body, "scheduled_start_time")
        if start.timestamp() < time.time():
            raise invalid_form(
                "scheduled_start_time",
                "GUILD_SCHEDULED_EVENT_SCHEDULE_PAST",
                "Cannot schedule event in the past.",
            )
        values["start"] = body["scheduled_start_time"]
    if body.get("scheduled_end_time") is not None:
        end = _time(body, "scheduled_end_time")
        start_text = values.get("start") or (event.start if event else None)
        if start_text is not None and end <= datetime.fromisoformat(start_text):
            raise invalid_form(
                "scheduled_end_time",
                "GUILD_SCHEDULED_EVENT_END_BEFORE_START",
                "Cannot schedule event to end before starting.",
            )
        values["end"] = body["scheduled_end_time"]


def _entity(body: dict[str, Any], event: ScheduledEvent | None, values: dict[str, Any]) -> None:
    """What the entity type requires: EXTERNAL a location and an end and no channel; the others
    a channel and no metadata (an edit's metadata of those is dropped, as Discord does)."""
    kind = values.get("entity_type") or (event.entity_type if event else None)
    changed_kind = "entity_type" in values and (event is None or kind != event.entity_type)
    metadata = body.get("entity_metadata")
    if metadata is not None and not isinstance(metadata, dict):
        raise not_an_object("entity_metadata")
    if kind is EntityType.EXTERNAL:
        if body.get("channel_id") is not None:
            raise invalid_form("channel_id", "BASE_TYPE_NONE", "Must be null for EXTERNAL events.")
        if changed_kind or metadata is not None or "entity_metadata" in body:
            location = (metadata or {}).get("location")
            if location is None:
                raise required("entity_metadata.location")
            if not isinstance(location, str) or not 1 <= len(location) <= 100:
                raise bad_length("entity_metadata.location", 1, 100)
            values["location"] = location
        if (changed_kind or "scheduled_end_time" in body) and body.get(
            "scheduled_end_time"
        ) is None:
            raise required("scheduled_end_time")
        values["channel_id"] = None
        return
    if changed_kind or "channel_id" in body:
        channel = body.get("channel_id")
        if channel is None:
            raise required("channel_id")
        values["channel_id"] = channel
    if event is None and metadata is not None:
        raise invalid_form("entity_metadata", "BASE_TYPE_NONE", "Must be null for this type.")
    values["location"] = None


def move(event: ScheduledEvent, status: Any) -> EventStatus:
    """The status ``event`` may take now; 400 for any other move."""
    if status not in tuple(EventStatus):
        raise not_one_of("status", tuple(int(s) for s in EventStatus))
    wanted = EventStatus(status)
    if wanted is event.status and event.open:
        return wanted
    if wanted not in MOVES.get(event.status, set()):
        raise invalid_form(
            "status",
            "GUILD_SCHEDULED_EVENT_INVALID_STATUS_TRANSITION",
            f"Cannot move an event from {event.status.name} to {wanted.name}.",
        )
    return wanted


def payload(event: ScheduledEvent, creator: dict[str, Any] | None) -> dict[str, Any]:
    """The event object as REST answers it and the gateway sends it."""
    return {
        "id": str(event.id),
        "guild_id": str(event.guild_id),
        "channel_id": str(event.channel_id) if event.channel_id else None,
        "creator_id": str(event.creator_id),
        "creator": creator,
        "name": event.name,
        "description": event.description,
        "scheduled_start_time": event.start,
        "scheduled_end_time": event.end,
        "privacy_level": event.privacy_level,
        "status": int(event.status),
        "entity_type": int(event.entity_type),
        "entity_id": None,
        "entity_metadata": {"location": event.location} if event.location else None,
        "user_count": 0,
        "image": None,
        "recurrence_rule": None,
    }
