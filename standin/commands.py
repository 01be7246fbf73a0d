"""Application commands as the bot synced them (bulk overwrite or one at a time), with the ids
and versions Discord adds, and the lookup of a typed ``/command sub ...`` in them. A global bulk
overwrite must keep the application's Entry Point command (Discord's 50240)."""

from __future__ import annotations

from typing import Any

from standin.codes import CommandType, OptionType
from standin.errors import entry_point_removed
from standin.ids import new_snowflake
from standin.refusal import CommandError


class CommandRegistry:
    """Global and per-guild commands, stored as the bot PUT them plus the ids Discord adds."""

    def __init__(self, application_id: int) -> None:
        self.application_id = application_id
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.syncs: list[int | None] = []  # guild id (None: global) per bulk overwrite

    def overwrite(
        self, guild_id: int | None, commands: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """Bulk overwrite: a command given with the id of one there, or else with its type and
        name, is that one (its id kept), like Discord. The Entry Point command there must be
        among them, as type 4 (Discord refuses with 50240)."""
        matched = [(c, self._same(guild_id, c)) for c in commands]
        entry = self.entry_point() if guild_id is None else None
        if entry is not None and not any(
            old is entry and c.get("type") == CommandType.PRIMARY_ENTRY_POINT for c, old in matched
        ):
            raise entry_point_removed()
        stored = [self._store(guild_id, c, old) for c, old in matched]
        if guild_id is None:
            self.global_commands = stored
        else:
            self.guild_commands[guild_id] = stored
        self.syncs.append(guild_id)
        return stored

    def _same(self, guild_id: int | None, command: dict[str, Any]) -> dict[str, Any] | None:
        """The command there that ``command`` overwrites: by id, else by type and name."""
        there = self.commands(guild_id)
        by_id = next((c for c in there if "id" in command and c["id"] == str(command["id"])), None)
        kind = command.get("type", CommandType.CHAT_INPUT)
        return by_id or next(
            (c for c in there if (c["type"], c["name"]) == (kind, command["name"])), None
        )

    def upsert(self, guild_id: int | None, command: dict[str, Any]) -> dict[str, Any]:
        commands = self.commands(guild_id)
        kind = command.get("type", CommandType.CHAT_INPUT)
        same = [c for c in commands if (c["type"], c["name"]) == (kind, command["name"])]
        stored = self._store(guild_id, command, same[0] if same else None)
        kept = [c for c in commands if c not in same] + [stored]
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
        if old is not None and _unversioned(old) == _unversioned(stored):
            stored["version"] = old["version"]  # a new version only for a change
        return stored

    def commands(self, guild_id: int | None) -> list[dict[str, Any]]:
        if guild_id is None:
            return self.global_commands
        return self.guild_commands.get(guild_id, [])

    def entry_point(self) -> dict[str, Any] | None:
        """The application's Entry Point command (type 4, global only), if it has one."""
        return next(
            (c for c in self.global_commands if c["type"] == CommandType.PRIMARY_ENTRY_POINT),
            None,
        )

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

    def split(
        self, words: list[str], guild_id: int | None
    ) -> tuple[dict[str, Any], list[dict[str, Any]], list[str]]:
        """Split ``["boggle", "start", ...]`` into the command, the subcommand path and the rest."""
        if not words:
            raise CommandError("empty command")
        command = self.find(words[0], guild_id)
        if command is None:
            raise CommandError(f"unknown command /{words[0]}")
        path: list[dict[str, Any]] = []
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
        leaf = leaf_options(command, path)
        if any(o["type"] in (OptionType.SUB_COMMAND, OptionType.SUB_COMMAND_GROUP) for o in leaf):
            names = ", ".join(o["name"] for o in leaf)
            raise CommandError(f"/{' '.join(words[: len(path) + 1])} needs a subcommand: {names}")
        return command, path, rest


def _unversioned(command: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in command.items() if k != "version"}


def leaf_options(command: dict[str, Any], path: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The option definitions of the subcommand at the end of ``path`` (or of the command)."""
    options: list[dict[str, Any]] = (path[-1] if path else command).get("options", [])
    return options
