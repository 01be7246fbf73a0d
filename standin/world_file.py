"""The stand-in's world kept in a JSON file, so that a sandbox is the same server on every run.

What Discord keeps is kept; what it forgets (ephemeral and deleted messages, edit history,
interactions) is not. Ids issued after loading are larger than every id saved.
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import json
import os
import secrets
from pathlib import Path
from typing import Any

from standin.commands import CommandRegistry
from standin.entities import (
    Attachment,
    Channel,
    Guild,
    Member,
    Overwrite,
    Role,
    StoredMessage,
    User,
)
from standin.ids import issue_snowflakes_above, last_snowflake
from standin.server import StandIn
from standin.state import World

FORMAT = 1


class WorldFileError(Exception):
    """The file exists but does not hold a world this stand-in can load."""


class WorldFile:
    """One world in one file: loaded at start, saved (atomically) whenever it changed."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._written: str | None = None

    def standin(self, **options: Any) -> StandIn:
        """A stand-in serving the saved world, or a new default world when there is no file."""
        if not self.path.exists():
            return StandIn(**options)
        try:
            self._written = self.path.read_text(encoding="utf-8")
            data = json.loads(self._written)
            if data.get("format") != FORMAT:
                raise WorldFileError(f"{self.path}: not a stand-in world of format {FORMAT}")
            world, commands = load(data)
        except (OSError, UnicodeError, ValueError, KeyError, TypeError, AttributeError) as exc:
            raise WorldFileError(
                f"{self.path}: cannot be read as a stand-in world ({exc})"
            ) from exc
        return StandIn(world, commands=commands, **options)

    def save(self, standin: StandIn) -> bool:
        """Write the world if it changed since the last save; False when it had not."""
        text = json.dumps(dump(standin.world, standin.commands), separators=(",", ":"))
        if text == self._written:
            return False
        write_atomically(self.path, text)
        self._written = text
        return True


def write_atomically(path: Path, text: str) -> None:
    """Readers (and a crash) see the old file or the new one, never a part of either."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # the umask applies
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


# --- to and from JSON --------------------------------------------------------------------------


def dump(world: World, commands: CommandRegistry) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "last_snowflake": last_snowflake(),
        "bot_id": world.bot.id,
        "application_id": world.application_id,
        "users": [dataclasses.asdict(u) for u in world.users.values()],
        "channels": [dataclasses.asdict(c) for c in world.channels.values()],
        "guilds": [_guild(g) for g in world.guilds.values()],
        "messages": [
            _message(m) for m in world.messages.values() if not (m.ephemeral or m.deleted)
        ],
        "commands": {
            "global": commands.global_commands,
            "guilds": {str(gid): cmds for gid, cmds in commands.guild_commands.items()},
        },
    }


def load(data: dict[str, Any]) -> tuple[World, CommandRegistry]:
    issue_snowflakes_above(int(data["last_snowflake"]))
    users = {u["id"]: User(**u) for u in data["users"]}
    world = World(bot=users[data["bot_id"]])
    world.application_id = data["application_id"]
    world.users = users
    for c in data["channels"]:
        overwrites = [Overwrite(**o) for o in c.pop("overwrites")]
        world.channels[c["id"]] = Channel(**c, overwrites=overwrites)
    for g in data["guilds"]:
        guild = Guild(g["id"], g["name"], g["owner_id"])
        guild.roles = {r["id"]: Role(**r) for r in g["roles"]}
        guild.channels = {cid: world.channels[cid] for cid in g["channels"]}
        for m in g["members"]:
            user = users[m.pop("user_id")]
            guild.members[user.id] = Member(user, **m)
        world.guilds[guild.id] = guild
    for m in data["messages"]:
        author = users[m.pop("author_id")]
        attachments = [_attachment(a) for a in m.pop("attachments")]
        world.messages[m["id"]] = StoredMessage(**m, author=author, attachments=attachments)
    commands = CommandRegistry(world.application_id)
    commands.global_commands = data["commands"]["global"]
    commands.guild_commands = {int(g): c for g, c in data["commands"]["guilds"].items()}
    return world, commands


def _guild(guild: Guild) -> dict[str, Any]:
    return {
        "id": guild.id,
        "name": guild.name,
        "owner_id": guild.owner_id,
        "roles": [dataclasses.asdict(r) for r in guild.roles.values()],
        "channels": list(guild.channels),
        "members": [
            {"user_id": m.user.id, "nick": m.nick, "roles": m.roles, "joined_at": m.joined_at}
            for m in guild.members.values()
        ],
    }


_NOT_KEPT = {"author", "attachments", "edits"}


def _message(msg: StoredMessage) -> dict[str, Any]:
    data = {
        f.name: getattr(msg, f.name) for f in dataclasses.fields(msg) if f.name not in _NOT_KEPT
    }
    data["author_id"] = msg.author.id
    data["attachments"] = [
        dataclasses.asdict(a) | {"data": base64.b64encode(a.data).decode("ascii")}
        for a in msg.attachments
    ]
    return data


def _attachment(data: dict[str, Any]) -> Attachment:
    return Attachment(**(data | {"data": base64.b64decode(data["data"], validate=True)}))
