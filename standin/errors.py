"""Discord's JSON error answers, raised by REST handlers and turned into responses."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
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


def unknown_guild() -> ApiError:
    return ApiError(404, 10004, "Unknown Guild")


def unknown_member() -> ApiError:
    return ApiError(404, 10007, "Unknown Member")


def unknown_role() -> ApiError:
    return ApiError(404, 10011, "Unknown Role")


def unknown_webhook() -> ApiError:
    return ApiError(404, 10015, "Unknown Webhook")


def unknown_interaction() -> ApiError:
    """An interaction never answered within 3 seconds, or not known at all."""
    return ApiError(404, 10062, "Unknown interaction")


def already_acknowledged() -> ApiError:
    return ApiError(400, 40060, "Interaction has already been acknowledged.")


def invalid_json() -> ApiError:
    return ApiError(400, 50109, "The request body contains invalid JSON.")


def invalid_form(field: str, code: str, message: str) -> ApiError:
    """Discord's 50035 with the nested ``errors`` object pointing at ``field`` (dotted, list
    indexes as numbers: ``embeds.0.fields.3.value``); ``""`` is the body itself."""
    errors: dict[str, Any] = {"_errors": [{"code": code, "message": message}]}
    for part in reversed([p for p in field.split(".") if p]):
        errors = {part: errors}
    return ApiError(400, 50035, "Invalid Form Body", errors)


@contextmanager
def within(key: str) -> Iterator[None]:
    """Checks of an object nested in the body (an interaction answer's ``data``): the 50035
    they raise points at ``key.<field>``, as Discord's does."""
    try:
        yield
    except ApiError as exc:
        if exc.errors is not None:
            exc.errors = {key: exc.errors}
        raise


# The wording of Discord's commonest 50035s, one place for every check that refuses a field.


def required(field: str) -> ApiError:
    return invalid_form(field, "BASE_TYPE_REQUIRED", "This field is required")


def too_long(field: str, most: int) -> ApiError:
    return invalid_form(field, "BASE_TYPE_MAX_LENGTH", f"Must be {most} or fewer in length.")


def bad_length(field: str, low: int, high: int) -> ApiError:
    return invalid_form(
        field, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length."
    )


def not_one_of(field: str, choices: tuple[object, ...]) -> ApiError:
    shown = ", ".join(repr(c) for c in choices)
    return invalid_form(field, "BASE_TYPE_CHOICES", f"Value must be one of ({shown}).")


def not_a_string(field: str) -> ApiError:
    return invalid_form(field, "BASE_TYPE_STRING", "Could not interpret value as string.")


def not_a_boolean(field: str) -> ApiError:
    return invalid_form(field, "BASE_TYPE_BOOLEAN", "Must be either true or false.")


def not_an_object(field: str) -> ApiError:
    return invalid_form(field, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")


def not_a_list(field: str) -> ApiError:
    return invalid_form(field, "LIST_TYPE_CONVERT", "Must be a list.")


def invalid_flags() -> ApiError:
    """A message (or interaction answer) setting a flag its route does not allow."""
    return invalid_form("flags", "MESSAGE_FLAGS_INVALID", "Invalid flags")


def invalid_name(field: str) -> ApiError:
    """A chat-input command's or option's name (or its localisation) Discord does not take."""
    return invalid_form(field, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")


def command_too_large(field: str, most: int) -> ApiError:
    """A command whose names, descriptions and choice values (each localisation counted at its
    longest) come to more than ``most`` characters."""
    return invalid_form(
        field, "APPLICATION_COMMAND_TOO_LARGE", f"Command exceeds maximum size ({most})"
    )


def required_after_optional(field: str) -> ApiError:
    return invalid_form(
        field,
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
        "Required options must be placed before non-required options",
    )


def duplicate_name(field: str) -> ApiError:
    return invalid_form(
        field, "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique"
    )


def bad_nesting(field: str) -> ApiError:
    """A subcommand group inside a group, or a subcommand deeper than a group allows."""
    return invalid_form(
        field, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Sub-command groups cannot be nested"
    )


def out_of_bounds(field: str, low: int, high: int) -> ApiError:
    return invalid_form(field, "NUMBER_TYPE_MAX", f"Value must be between {low} and {high}.")


def too_many_commands(most: int) -> ApiError:
    """One command more than an application may have in a scope (``POST`` of one command)."""
    return ApiError(400, 30032, f"Maximum number of application commands reached ({most})")


def invalid_activity_action() -> ApiError:
    """``LAUNCH_ACTIVITY`` from an application without Activities (Discord's 50039)."""
    return ApiError(400, 50039, "Invalid Activity Action")


def entry_point_removed() -> ApiError:
    """A global bulk overwrite without the application's Entry Point command (by its id, or its
    name when no id is given): Discord keeps it and refuses the whole list."""
    return ApiError(
        400,
        50240,
        "You cannot remove this app's Entry Point command in a bulk update operation. Please "
        "include the Entry Point command in your update request or delete it separately.",
    )


def autocomplete_refused(field: str, message: str) -> ApiError:
    """An option with ``autocomplete`` against Discord's rules for it (never with ``choices``;
    only on a string, integer or number option): a 50035 on the field. The docs state the
    rules, not their error text: ``message`` is the stand-in's."""
    return invalid_form(field, "APPLICATION_COMMAND_OPTION_INVALID", message)


def entry_point_refused(field: str, message: str) -> ApiError:
    """An Entry Point command (type 4) against one of the rules Discord's docs give for it (one,
    global, no options, ``handler`` only there and only for an app with Activities): a 50035 on
    the field. The docs state the rules, not their error text: ``message`` is the stand-in's."""
    return invalid_form(field, "APPLICATION_COMMAND_INVALID", message)
