"""Discord's JSON error answers, raised by REST handlers and turned into responses."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web


class ApiError(Exception):
    """An error answer: HTTP status plus Discord's ``{"message", "code"}`` body."""

    def __init__(self, status: int, code: int, message: str, errors: Any = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def response(self) -> web.Response:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        return json_response(body, status=self.status)


def json_response(data: Any, status: int = 200) -> web.Response:
    """A JSON answer with exactly ``Content-Type: application/json`` (no charset), as discord.py needs."""
    return web.Response(
        status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"}
    )


def missing_permissions() -> ApiError:
    return ApiError(403, 50013, "Missing Permissions")


def missing_access() -> ApiError:
    return ApiError(403, 50001, "Missing Access")


def unknown_channel() -> ApiError:
    return ApiError(404, 10003, "Unknown Channel")


def unknown_message() -> ApiError:
    return ApiError(404, 10008, "Unknown Message")


def unknown_interaction() -> ApiError:
    return ApiError(404, 10062, "Unknown interaction")


def unknown_webhook() -> ApiError:
    return ApiError(404, 10015, "Unknown Webhook")


def invalid_form(field: str, code: str, message: str) -> ApiError:
    """Discord's 50035 with the nested ``errors`` object pointing at ``field``."""
    errors: dict[str, Any] = {"_errors": [{"code": code, "message": message}]}
    for part in reversed(field.split(".")):
        errors = {part: errors}
    return ApiError(400, 50035, "Invalid Form Body", errors)
