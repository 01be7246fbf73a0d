"""The options a person types to a command, turned into what Discord sends.

Built from the definitions the bot actually synced, so a test fails when they and the way a
player types the command disagree; what Discord's client would not send is a ``CommandError``.
"""

from __future__ import annotations

from typing import Any

from standin import payloads
from standin import refusal as refusals
from standin.codes import OptionType
from standin.commands import leaf_options
from standin.entities import Channel
from standin.refusal import CommandError
from standin.state import World

MAX_STRING = 6000  # the longest a string option may be (its max_length's own limit)
MAX_NUMBER = 2**53  # integers and numbers Discord takes: within +-2^53 (doubles hold them exactly)


def convert_option(
    world: World, channel: Channel, option: dict[str, Any], value: Any, resolved: dict[str, Any]
) -> Any:
    """Turn a typed value into what Discord sends for ``option``, filling ``resolved``."""
    guild_id, channel_id = channel.guild_id, channel.id
    kind = option["type"]
    name = option["name"]
    try:
        if kind == OptionType.STRING:
            value = str(value)
        elif kind == OptionType.INTEGER:
            value = int(value)
        elif kind == OptionType.NUMBER:
            value = float(value)
        elif kind == OptionType.BOOLEAN:
            if isinstance(value, str):
                if value.lower() not in ("true", "false", "yes", "no", "1", "0"):
                    raise ValueError(value)
                value = value.lower() in ("true", "yes", "1")
            value = bool(value)
        elif kind in (OptionType.USER, OptionType.MENTIONABLE):
            user = world.resolve_user(_strip_mention(value))
            resolved.setdefault("users", {})[str(user.id)] = payloads.user(user)
            member = world.member(guild_id, user.id) if guild_id is not None else None
            if member is not None:
                resolved.setdefault("members", {})[str(user.id)] = payloads.member(
                    member, with_user=False
                ) | {"permissions": str(world.permissions(channel_id, user.id))}
            value = str(user.id)
        elif kind == OptionType.CHANNEL:
            channel = world.resolve_channel(_strip_mention(value))
            data = payloads.channel(world, channel)
            data["permissions"] = str(world.permissions(channel.id, world.bot.id))
            resolved.setdefault("channels", {})[str(channel.id)] = data
            value = str(channel.id)
        elif kind == OptionType.ROLE:
            roles = world.guilds[guild_id].roles if guild_id is not None else {}
            wanted = str(_strip_mention(value))
            role = next(r for r in roles.values() if wanted in (str(r.id), r.name))
            resolved.setdefault("roles", {})[str(role.id)] = payloads.role(role)
            value = str(role.id)
        else:
            raise CommandError(f"option type {kind} of {name} is not supported by the stand-in")
    except (ValueError, KeyError, StopIteration) as exc:
        raise CommandError(
            f"{name}: {value!r} is not a valid {OptionType(kind).name.lower()}"
        ) from exc
    choices = option.get("choices")
    if choices:
        for choice in choices:
            if value in (choice["value"], choice["name"]):
                return choice["value"]
        allowed = ", ".join(str(c["name"]) for c in choices)
        raise CommandError(f"{name}: {value!r} is not one of {allowed}")
    check_limits(option, value)
    return value


def check_limits(option: dict[str, Any], value: Any) -> None:
    """``CommandError`` where Discord's client will not send ``value``: a string shorter than
    the option's ``min_length`` or longer than its ``max_length`` (6000 when it declares none), a
    number below ``min_value`` or above ``max_value`` (or outside what JSON numbers hold exactly)."""
    name = option["name"]
    if isinstance(value, str):
        low, high = option.get("min_length", 0), option.get("max_length", MAX_STRING)
        if not low <= len(value) <= high:
            raise CommandError(refusals.length(name, len(value), low, high))
    elif isinstance(value, int | float) and not isinstance(value, bool):
        low, high = option.get("min_value", -MAX_NUMBER), option.get("max_value", MAX_NUMBER)
        if not low <= value <= high:
            raise CommandError(refusals.out_of_range(name, value, low, high))


def _strip_mention(value: Any) -> int | str:
    if isinstance(value, int):
        return value
    text = str(value).strip()
    if text.startswith("<") and text.endswith(">"):
        digits = text.strip("<@#!&>")
        if digits.isdigit():
            return int(digits)
    return text.lstrip("@#")


def build_options(
    world: World,
    channel: Channel,
    command: dict[str, Any],
    path: list[dict[str, Any]],
    values: dict[str, Any],
    focused: str | None = None,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The ``options`` tree and ``resolved`` data for a command invocation, or for an
    autocomplete of the ``focused`` option (sent as typed so far, with ``focused``)."""
    leaf_defs = leaf_options(command, path)
    by_name = {o["name"]: o for o in leaf_defs}
    resolved: dict[str, Any] = {}
    leaf: list[dict[str, Any]] = []
    for key, value in values.items():
        if key not in by_name:
            known = ", ".join(by_name) or "none"
            raise CommandError(f"unknown option {key!r} (options: {known})")
        option = by_name[key]
        if key == focused:
            if not option.get("autocomplete"):
                raise CommandError(f"option {key!r} does not autocomplete")
            leaf.append({"name": key, "type": option["type"], "value": str(value), "focused": True})
            continue
        leaf.append(
            {
                "name": key,
                "type": option["type"],
                "value": convert_option(world, channel, option, value, resolved),
            }
        )
    if focused is not None and focused not in values:
        raise CommandError(f"the focused option {focused!r} has no value")
    missing = [o["name"] for o in leaf_defs if o.get("required") and o["name"] not in values]
    if missing and focused is None:
        raise CommandError(f"missing required option(s): {', '.join(missing)}")
    options = leaf
    for sub in reversed(path):
        options = [{"name": sub["name"], "type": sub["type"], "options": options}]
    return options, resolved
