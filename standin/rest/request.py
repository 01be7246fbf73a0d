"""What a REST call sent: its JSON body or multipart form, read once by the middleware."""

from __future__ import annotations

import json
import mimetypes
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any

from aiohttp import BodyPartReader, web

from standin.entities import Attachment
from standin.errors import invalid_form, invalid_json, required
from standin.ids import new_snowflake

API_PREFIX = "/api/v10"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
Route = tuple[str, str, Handler]  # method, path template, handler

# The middleware reads the body once (to record it); handlers run in the same context.
_REQUEST_BODY: ContextVar[tuple[Any, list[Attachment]]] = ContextVar("standin_request_body")


def remember_body(body: Any, files: list[Attachment]) -> None:
    _REQUEST_BODY.set((body, files))


def body() -> Any:
    """The call's JSON body (or multipart ``payload_json``); None when it sent none."""
    return _REQUEST_BODY.get()[0]


def files() -> list[Attachment]:
    """The files of a multipart call, in ``files[n]`` order."""
    return _REQUEST_BODY.get()[1]


def snowflake(value: str) -> int:
    """An id from a path or body, refused as Discord refuses one that is not a number."""
    try:
        return int(value)
    except ValueError:
        raise invalid_form(
            "id", "NUMBER_TYPE_COERCE", f"Value {value!r} is not snowflake."
        ) from None


async def read_body(request: web.Request) -> tuple[Any, list[Attachment]]:
    """JSON body, or multipart ``payload_json`` plus ``files[n]`` (as discord.py sends them).
    Raises ``ApiError`` as Discord refuses a body: JSON it cannot read (50109), a file without
    a filename (50035)."""
    if not request.can_read_body:
        return None, []
    if request.content_type.startswith("multipart/"):
        return await _read_multipart(request)
    if request.content_type == "application/x-www-form-urlencoded":  # OAuth2's token endpoint
        return dict(await request.post()), []
    raw = await request.read()
    if not raw:
        return None, []
    return _json(raw), []


def _json(raw: str | bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError:  # UnicodeDecodeError too
        raise invalid_json() from None


async def _read_multipart(request: web.Request) -> tuple[Any, list[Attachment]]:
    reader = await request.multipart()
    payload: Any = None
    indexed: dict[int, Attachment] = {}
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):
            continue  # a nested multipart: discord.py sends none
        if part.name == "payload_json":
            payload = _json(await part.text())
        elif part.name and part.name.startswith("files["):
            index = int(part.name[6:-1])
            filename = part.filename
            if not filename:  # Discord needs the name in the part's Content-Disposition
                raise required(f"files[{index}].filename")
            data = bytes(await part.read())
            indexed[index] = Attachment(
                new_snowflake(), filename, data, mimetypes.guess_type(filename)[0]
            )
    described = {
        str(att["id"]): att
        for att in (payload or {}).get("attachments") or []
        if isinstance(att, dict) and "id" in att
    }
    attached = []
    for index in sorted(indexed):
        att = indexed[index]
        att.description = described.get(str(index), {}).get("description")
        attached.append(att)
    return payload, attached
