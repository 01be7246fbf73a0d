"""A bare REST client for sending the stand-in what discord.py never would (bad payloads), to
see it answer as Discord does."""

from __future__ import annotations

import json
from typing import Any

import aiohttp

from standin import StandIn

AUTH = {"Authorization": "Bot standin.fake.token"}


async def call(
    standin: StandIn,
    method: str,
    path: str,
    body: Any = None,
    *,
    files: list[tuple[str | None, bytes]] | None = None,
    raw: bytes | None = None,
) -> tuple[int, Any]:
    """``method path`` with a JSON ``body`` (or, with ``files``, multipart: ``payload_json``
    then ``files[n]`` named as given, None for a part without a filename); the status and the
    JSON answer (None for an empty one)."""
    url = standin.api_base + path
    async with aiohttp.ClientSession(headers=AUTH) as session:
        if files is not None:
            data: Any = aiohttp.MultipartWriter("form-data")
            part = data.append(json.dumps(body), {"Content-Type": "application/json"})
            part.set_content_disposition("form-data", name="payload_json")
            for index, (name, content) in enumerate(files):
                part = data.append(content, {"Content-Type": "application/octet-stream"})
                named = {"filename": name} if name is not None else {}
                part.set_content_disposition("form-data", name=f"files[{index}]", **named)
            kwargs: dict[str, Any] = {"data": data}
        elif raw is not None:
            kwargs = {"data": raw, "headers": {"Content-Type": "application/json"}}
        else:
            kwargs = {"json": body}
        async with session.request(method, url, **kwargs) as response:
            text = await response.text()
            return response.status, json.loads(text) if text else None


def refused_at(answer: tuple[int, Any]) -> tuple[int, int, str, str]:
    """A 50035's status, code, and the path and code of its one error (``embeds.0.title``)."""
    status, body = answer
    path: list[str] = []
    errors = body.get("errors", {})
    while "_errors" not in errors:
        (key,) = errors
        path.append(key)
        errors = errors[key]
    return status, body["code"], ".".join(path), errors["_errors"][0]["code"]
