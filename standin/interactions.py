"""Application commands as synced by the bot, and interactions built from them.

``/boggle start size:5`` becomes the nested options tree Discord would send, using the command
definitions the bot actually synced, so a test fails if the bot's definitions and the way a
player types the command disagree.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from . import payloads
from .codes import CallbackType, CommandType, InteractionType, MessageFlag, OptionType
from .installs import Reach
from .recorder import Changes
from .refusal import CommandError
from .state import Channel, StoredMessage, World, new_snowflake


class CommandRegistry:
    """Global and per-guild commands, stored as the bot PUT them plus the ids Discord adds."""

    def __init__(self, application_id: int) -> None:
        self.application_id = application_id
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.syncs: list[int | None] = []  # guild id (None: global) per bulk overwrite

    def overwrite(self, guild_id: int | None, commands: list[dict[str, Any]]) -> list[dict]:
        """Bulk overwrite: keep ids of commands that keep their name, like Discord."""
        old = {c["name"]: c for c in self.commands(guild_id)}
        stored = [self._store(guild_id, c, old.get(c["name"])) for c in commands]
        if guild_id is None:
            self.global_commands = stored
        else:
            self.guild_commands[guild_id] = stored
        self.syncs.append(guild_id)
        return stored

    def upsert(self, guild_id: int | None, command: dict[str, Any]) -> dict[str, Any]:
        commands = self.commands(guild_id)
        old = next((c for c in commands if c["name"] == command["name"]), None)
        stored = self._store(guild_id, command, old)
        kept = [c for c in commands if c["name"] != command["name"]] + [stored]
        if guild_id is None:
            self.global_commands = kept
        else:
            self.guild_commands[guild_id] = kept
        return stored

    def _store(
        self, guild_id: int | None, command: dict[str, Any], old: dict[str, Any] | None
    ) -> dict[str, Any]:
        stored = {k: v for k, v in command.items() if v is not None}
        stored.setdefault("type", CommandType.CHAT_INPUT)
        stored.setdefault("description", "")
        if stored.get("default_member_permissions") is not None:  # Discord answers a string
            stored["default_member_permissions"] = str(stored["default_member_permissions"])
        stored["id"] = old["id"] if old else str(new_snowflake())
        stored["application_id"] = str(self.application_id)
        stored["version"] = str(new_snowflake())
        if guild_id is not None:
            stored["guild_id"] = str(guild_id)
        return stored

    def commands(self, guild_id: int | None) -> list[dict[str, Any]]:
        if guild_id is None:
            return self.global_commands
        return self.guild_commands.get(guild_id, [])

    def find(self, name: str, guild_id: int | None) -> dict[str, Any] | None:
        """A chat-input command by top-level name; guild commands win over global ones."""
        for scope in ([guild_id] if guild_id is not None else []) + [None]:
            for command in self.commands(scope):
                if (
                    command["name"] == name
                    and command.get("type", CommandType.CHAT_INPUT) == CommandType.CHAT_INPUT
                ):
                    return command
        return None

    def split(self, words: list[str], guild_id: int | None) -> tuple[dict, list[dict], list[str]]:
        """Split ``["boggle", "start", ...]`` into the command, the subcommand path and the rest."""
        if not words:
            raise CommandError("empty command")
        command = self.find(words[0], guild_id)
        if command is None:
            raise CommandError(f"unknown command /{words[0]}")
        path: list[dict] = []
        options = command.get("options", [])
        rest = words[1:]
        while rest:
            sub = next(
                (
                    o
                    for o in options
                    if o["name"] == rest[0]
                    and o["type"] in (OptionType.SUB_COMMAND, OptionType.SUB_COMMAND_GROUP)
                ),
                None,
            )
            if sub is None:
                break
            path.append(sub)
            options = sub.get("options", [])
            rest = rest[1:]
        leaf_options = path[-1].get("options", []) if path else command.get("options", [])
        if any(
            o["type"] in (OptionType.SUB_COMMAND, OptionType.SUB_COMMAND_GROUP)
            for o in leaf_options
        ):
            names = ", ".join(o["name"] for o in leaf_options)
            raise CommandError(f"/{' '.join(words[: len(path) + 1])} needs a subcommand: {names}")
        return command, path, rest


@dataclass
class InteractionHandle:
    """An interaction the stand-in sent, and everything the bot answered to it.

    ``reach`` says where it came from (context, installs, app permissions); ``modal`` is the
    modal the bot opened in answer (callback type 9), for ``StandIn.submit_modal``; ``source``
    is the interaction whose modal a MODAL_SUBMIT answers. The token works until
    ``expires_at`` on the stand-in's clock (15 minutes; ``StandIn.pass_time`` moves it).
    """

    id: int
    token: str
    type: InteractionType
    channel_id: int
    user_id: int
    changes: Changes
    name: str = ""
    message_id: int | None = None  # the message whose component was used
    callback: dict[str, Any] | None = None
    original: StoredMessage | None = None
    followups: list[StoredMessage] = field(default_factory=list)
    expired: bool = False
    session_id: str | None = None  # the one gateway session it was sent to
    reach: Reach | None = None
    modal: dict[str, Any] | None = None
    modal_submitted: bool = False
    source: InteractionHandle | None = None
    expires_at: float = float("inf")

    @property
    def callback_type(self) -> int | None:
        return None if self.callback is None else self.callback.get("type")

    @property
    def responded(self) -> bool:
        return self.callback is not None

    @property
    def deferred(self) -> bool:
        return self.callback_type in (
            CallbackType.DEFERRED_CHANNEL_MESSAGE,
            CallbackType.DEFERRED_UPDATE_MESSAGE,
        )

    @property
    def ephemeral(self) -> bool:
        """Whether the original response is visible only to the user who invoked it."""
        return self.original is not None and self.original.ephemeral

    async def response(self, timeout: float = 5.0) -> dict[str, Any]:
        """The callback body (``{"type": 4, "data": {...}}``) once the bot has answered."""
        await self.changes.wait_until(lambda: self.responded, timeout, f"a response to {self.name}")
        assert self.callback is not None
        return self.callback

    async def original_message(self, timeout: float = 5.0, *, loaded: bool = True) -> StoredMessage:
        """The original response message; with ``loaded``, after a deferral has been edited."""

        def ready() -> StoredMessage | None:
            msg = self.original
            if msg is None or (loaded and msg.flags & MessageFlag.LOADING):
                return None
            return msg

        return await self.changes.wait_until(ready, timeout, f"the response to {self.name}")

    async def shown_modal(self, timeout: float = 5.0) -> dict[str, Any]:
        """The modal the bot answered with (``custom_id``, ``title``, ``components``)."""
        await self.response(timeout)
        if self.modal is None:
            raise AssertionError(f"the bot answered {self.name} with type {self.callback_type}")
        return self.modal

    async def followup(self, index: int = 0, timeout: float = 5.0) -> StoredMessage:
        """The ``index``-th followup message once it exists."""
        await self.changes.wait_until(
            lambda: len(self.followups) > index, timeout, f"followup {index} to {self.name}"
        )
        return self.followups[index]


def convert_option(
    world: World, channel: Channel, option: dict[str, Any], value: Any, resolved: dict
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
        else:
            raise CommandError(f"option type {kind} of {name} is not supported by the stand-in")
    except (ValueError, KeyError) as exc:
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
    for bound, ok in (("min_value", lambda b: value >= b), ("max_value", lambda b: value <= b)):
        if bound in option and isinstance(value, int | float) and not ok(option[bound]):
            raise CommandError(f"{name}: {value} is out of range ({bound} {option[bound]})")
    return value


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
    world: World, channel: Channel, command: dict, path: list[dict], values: dict[str, Any]
) -> tuple[list[dict], dict]:
    """The ``options`` tree and ``resolved`` data for a command invocation."""
    leaf_defs = path[-1].get("options", []) if path else command.get("options", [])
    by_name = {o["name"]: o for o in leaf_defs}
    resolved: dict[str, Any] = {}
    leaf: list[dict] = []
    for key, value in values.items():
        if key not in by_name:
            known = ", ".join(by_name) or "none"
            raise CommandError(f"unknown option {key!r} (options: {known})")
        option = by_name[key]
        leaf.append(
            {
                "name": key,
                "type": option["type"],
                "value": convert_option(world, channel, option, value, resolved),
            }
        )
    missing = [o["name"] for o in leaf_defs if o.get("required") and o["name"] not in values]
    if missing:
        raise CommandError(f"missing required option(s): {', '.join(missing)}")
    options = leaf
    for sub in reversed(path):
        options = [{"name": sub["name"], "type": sub["type"], "options": options}]
    return options, resolved


def interaction_payload(
    world: World,
    *,
    handle: InteractionHandle,
    channel: Channel,
    data: dict[str, Any],
    message: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """INTERACTION_CREATE as Discord sends it: in a server (``member``; the bot may not be in
    it, for a user install), in the DM with the bot or a private channel (``user``)."""
    reach = handle.reach
    assert reach is not None
    payload: dict[str, Any] = {
        "id": str(handle.id),
        "application_id": str(world.application_id),
        "type": handle.type,
        "data": data,
        "token": handle.token,
        "version": 1,
        "channel_id": str(channel.id),
        "channel": payloads.channel(world, channel),
        "app_permissions": str(reach.app_permissions),
        "locale": "en-US",
        "entitlements": [],
        "attachment_size_limit": 10 * 1024 * 1024,
    }
    user = world.users[handle.user_id]
    if channel.guild_id is not None:
        member = world.member(channel.guild_id, user.id)
        if member is None:
            raise CommandError(f"{user.username} is not a member of the channel's guild")
        payload["guild_id"] = str(channel.guild_id)
        payload["guild"] = {"id": str(channel.guild_id), "locale": "en-US", "features": []}
        payload["guild_locale"] = "en-US"
        payload["member"] = payloads.member(member) | {
            "permissions": str(world.permissions(channel.id, user.id))
        }
    else:
        payload["user"] = payloads.user(user)
    payload["authorizing_integration_owners"] = dict(reach.owners)
    payload["context"] = int(reach.context)
    if message is not None:
        payload["message"] = message
    return payload


def new_handle(
    changes: Changes,
    type_: InteractionType,
    channel_id: int,
    user_id: int,
    name: str,
    *,
    reach: Reach,
    expires_at: float,
) -> InteractionHandle:
    return InteractionHandle(
        id=new_snowflake(),
        token="standin-" + secrets.token_urlsafe(64),
        type=type_,
        channel_id=channel_id,
        user_id=user_id,
        changes=changes,
        name=name,
        reach=reach,
        expires_at=expires_at,
    )


TOKEN_LIFETIME = 15 * 60.0  # seconds an interaction's token answers (Discord's 15 minutes)
