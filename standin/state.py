"""The stand-in's world: users, guilds, channels, members, roles, messages and permissions.

Plain data, no I/O, so tests can build or inspect a world directly and the REST and gateway
layers share one source of truth.
"""

from __future__ import annotations

from typing import Any

from standin.codes import ChannelType
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
from standin.ids import DISCORD_EPOCH_MS, issue_snowflakes_above, last_snowflake, new_snowflake
from standin.permissions import Perm
from standin.scheduled_events import ScheduledEvent
from standin.shards import shard_of

# The names bots' tests and the sandbox import from here since before the split.
__all__ = [
    "DISCORD_EPOCH_MS",
    "Attachment",
    "Channel",
    "Guild",
    "Member",
    "Overwrite",
    "Perm",
    "Role",
    "StoredMessage",
    "User",
    "World",
    "issue_snowflakes_above",
    "last_snowflake",
    "new_snowflake",
]


class World:
    """Everything the stand-in knows; ids are snowflakes, names are for convenience."""

    def __init__(self, bot_name: str = "BoggleBot", *, bot: User | None = None) -> None:
        self.bot = bot or User(new_snowflake(), bot_name, None, bot=True)
        self.application_id = self.bot.id
        self.users: dict[int, User] = {self.bot.id: self.bot}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, StoredMessage] = {}
        # Command permissions a server set in its Integrations page: (guild, command name) ->
        # {user, role or guild (@everyone) id: allowed}; they replace a command's defaults.
        self.command_overwrites: dict[tuple[int, str], dict[int, bool]] = {}
        # Users who added the app to their account (a user install): its commands that allow
        # it follow them to servers without the bot and to private channels.
        self.user_installs: set[int] = set()
        # The application has Activities enabled (Discord's EMBEDDED flag): it may launch one
        # (callback type 12) and have an Entry Point command (``StandIn.enable_activities``).
        self.activities_enabled = False
        # Guilds' scheduled events by id (``standin.scheduled_events``).
        self.scheduled_events: dict[int, ScheduledEvent] = {}
        # (author, nonce) -> (message id, monotonic time of the create): ``enforce_nonce``.
        self.nonces: dict[tuple[int, str], tuple[int, float]] = {}

    @classmethod
    def default(cls) -> World:
        """Guild "Sandbox" with #boggle and #general, and alice, bob and carol."""
        world = cls()
        world.add_play_guild("Sandbox")
        return world

    @classmethod
    def sharded(cls, shard_count: int) -> World:
        """One guild per shard, "Shard 0", "Shard 1"..., each as the default world's guild
        (the same alice, bob and carol in every one)."""
        world = cls()
        for shard_id in range(shard_count):
            world.add_play_guild(f"Shard {shard_id}", shard=(shard_id, shard_count))
        return world

    # building

    def add_user(self, username: str, global_name: str | None = None) -> User:
        user = User(new_snowflake(), username, global_name)
        self.users[user.id] = user
        return user

    def add_guild(
        self,
        name: str,
        *,
        everyone_permissions: int = Perm.EVERYONE_DEFAULT,
        shard: tuple[int, int] | None = None,
        with_bot: bool = True,
    ) -> Guild:
        """A guild with an @everyone role, its owner (a new user) and the bot as members.

        ``shard=(1, 2)`` gives it an id that shard 1 of 2 receives the events of. Without
        ``with_bot`` the bot is not a member: the app reaches it only through a user install.
        """
        gid = new_snowflake(shard)
        owner = self.add_user(f"{name.lower().replace(' ', '-')}-owner")
        guild = Guild(gid, name, owner.id)
        guild.roles[gid] = Role(gid, "@everyone", everyone_permissions)
        guild.members[owner.id] = Member(owner)
        if with_bot:
            guild.members[self.bot.id] = Member(self.bot)
        self.guilds[gid] = guild
        return guild

    def add_play_guild(
        self, name: str, *, shard: tuple[int, int] | None = None, with_bot: bool = True
    ) -> Guild:
        """A guild with #boggle and #general, and alice, bob and carol as members."""
        guild = self.add_guild(name, shard=shard, with_bot=with_bot)
        self.add_channel(guild.id, "boggle")
        self.add_channel(guild.id, "general")
        for username, display in (("alice", "Alice"), ("bob", "Bob"), ("carol", "Carol")):
            self.add_member(guild.id, username, display)
        return guild

    def add_channel(self, guild_id: int, name: str) -> Channel:
        guild = self.guilds[guild_id]
        channel = Channel(new_snowflake(), name, guild_id=guild_id, position=len(guild.channels))
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        return channel

    def add_member(
        self,
        guild_id: int,
        username: str,
        global_name: str | None = None,
        *,
        nick: str | None = None,
    ) -> Member:
        """Add a member, reusing an existing user of that name if there is one."""
        user = self.find_user(username) or self.add_user(username, global_name)
        member = Member(user, nick=nick)
        self.guilds[guild_id].members[user.id] = member
        return member

    def add_role(self, guild_id: int, name: str, permissions: int) -> Role:
        guild = self.guilds[guild_id]
        role = Role(new_snowflake(), name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        return role

    def give_role(self, guild_id: int, user_id: int, role_id: int) -> None:
        """A member gets a role (and its permissions), as a server admin would give it."""
        member = self.guilds[guild_id].members[user_id]
        if role_id not in member.roles:
            member.roles.append(role_id)

    def dm_channel(self, user_id: int) -> Channel:
        """The DM channel between the bot and a user, created on first use."""
        for channel in self.channels.values():
            if (
                channel.type == ChannelType.DM
                and channel.recipient_id == user_id
                and not channel.private
            ):
                return channel
        user = self.users[user_id]
        channel = Channel(new_snowflake(), user.username, ChannelType.DM, recipient_id=user_id)
        self.channels[channel.id] = channel
        return channel

    def add_private_channel(self, user_ids: list[int], name: str = "") -> Channel:
        """A DM between two users (type 1) or a group DM (type 3) of more: the bot is not in it."""
        if len(set(user_ids)) < 2 or self.bot.id in user_ids:
            raise ValueError("a private channel holds two or more people, and not the bot")
        kind = ChannelType.DM if len(user_ids) == 2 else ChannelType.GROUP_DM
        label = name or ", ".join(self.users[u].username for u in user_ids)
        channel = Channel(new_snowflake(), label, kind, recipients=list(user_ids))
        self.channels[channel.id] = channel
        return channel

    def bot_is_in(self, channel: Channel) -> bool:
        """Whether the bot is part of the channel at all: a member of its guild, or the DM's
        other side. Elsewhere (a user install's reach) it only answers interactions."""
        if channel.guild_id is not None:
            return self.bot.id in self.guilds[channel.guild_id].members
        return not channel.private

    def set_bot_permissions(
        self,
        channel_id: int,
        *,
        allow: str | list[str] | int = 0,
        deny: str | list[str] | int = 0,
    ) -> None:
        """Set a member overwrite for the bot in a channel, as a server admin would."""
        channel = self.channels[channel_id]
        channel.overwrites = [o for o in channel.overwrites if o.id != self.bot.id]
        channel.overwrites.append(Overwrite(self.bot.id, 1, Perm.bits(allow), Perm.bits(deny)))

    # looking up

    def find_user(self, name: str) -> User | None:
        for user in self.users.values():
            if user.username == name:
                return user
        return None

    def resolve_user(self, user: int | str) -> User:
        """A user by id or username."""
        if isinstance(user, int):
            return self.users[user]
        found = self.find_user(user)
        if found is None:
            raise KeyError(f"no user named {user!r}")
        return found

    def resolve_guild(self, guild: int | str) -> Guild:
        """A guild by id or name."""
        if isinstance(guild, int):
            return self.guilds[guild]
        for candidate in self.guilds.values():
            if candidate.name == guild:
                return candidate
        raise KeyError(f"no guild named {guild!r}")

    def channel_in(self, guild: int | str, channel: str) -> Channel:
        """A channel by name in a given guild (several guilds may each have a #boggle)."""
        found = self.resolve_guild(guild)
        name = channel.lstrip("#")
        for candidate in found.channels.values():
            if candidate.name == name and not candidate.deleted:
                return candidate
        raise KeyError(f"no channel named {channel!r} in {found.name}")

    def guilds_on(self, shard: tuple[int, int]) -> list[Guild]:
        """The guilds whose events go to shard ``(shard_id, shard_count)``."""
        shard_id, count = shard
        return [
            g
            for g in self.guilds.values()
            if shard_of(g.id, count) == shard_id and self.bot.id in g.members
        ]

    def resolve_channel(self, channel: int | str) -> Channel:
        """A channel by id or name (first match, guild channels before DMs)."""
        if isinstance(channel, int):
            return self.channels[channel]
        name = channel.lstrip("#")
        for candidate in self.channels.values():
            if candidate.name == name and not candidate.deleted:
                return candidate
        raise KeyError(f"no channel named {channel!r}")

    def guild_of(self, channel: Channel) -> Guild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id is not None else None

    def member(self, guild_id: int, user_id: int) -> Member | None:
        return self.guilds[guild_id].members.get(user_id)

    def display_name(self, user_id: int, guild_id: int | None = None) -> str:
        if guild_id is not None:
            member = self.member(guild_id, user_id)
            if member is not None:
                return member.display_name
        return self.users[user_id].display_name

    # permissions

    def set_command_permission(
        self, guild_id: int, command: str, target_id: int, allowed: bool
    ) -> None:
        """What a server admin sets in Integrations: ``command`` allowed (or not) for a user, a
        role, or everyone (``target_id`` the guild's id), whatever its default permissions."""
        self.command_overwrites.setdefault((guild_id, command), {})[target_id] = allowed

    def may_use_command(self, channel_id: int, user_id: int, command: dict[str, Any]) -> bool:
        """Whether Discord lets this member run ``command`` here: administrators always; else a
        server's overwrite for the member, then for any of their roles, then for @everyone;
        else the command's ``default_member_permissions`` (``"0"``: administrators only)."""
        channel = self.channels[channel_id]
        guild = self.guild_of(channel)
        if guild is None:
            return True
        perms = self.permissions(channel_id, user_id)
        if perms == Perm.ALL:
            return True
        overwrites = self.command_overwrites.get((guild.id, command["name"]), {})
        member = guild.members.get(user_id)
        if user_id in overwrites:
            return overwrites[user_id]
        by_role = [overwrites[r] for r in (member.roles if member else []) if r in overwrites]
        if by_role:
            return any(by_role)
        if guild.id in overwrites:
            return overwrites[guild.id]
        required = command.get("default_member_permissions")
        if required is None:
            return True
        needed = int(required)
        return needed != 0 and perms & needed == needed

    def guild_permissions(self, guild_id: int, user_id: int) -> int:
        """A member's server-wide permissions (their roles; no channel's overwrites)."""
        guild = self.guilds[guild_id]
        if user_id == guild.owner_id:
            return Perm.ALL
        member = guild.members.get(user_id)
        if member is None:
            return 0
        perms = guild.everyone.permissions
        for role_id in member.roles:
            if role_id in guild.roles:
                perms |= guild.roles[role_id].permissions
        return Perm.ALL if perms & Perm.ADMINISTRATOR else perms

    def permissions(self, channel_id: int, user_id: int) -> int:
        """Discord's permission algorithm: base roles, then channel overwrites."""
        channel = self.channels[channel_id]
        guild = self.guild_of(channel)
        if guild is None:
            if channel.private and user_id not in channel.recipients:
                return 0
            return Perm.ALL & ~Perm.MANAGE_MESSAGES
        perms = self.guild_permissions(guild.id, user_id)
        member = guild.members.get(user_id)
        if perms == Perm.ALL or member is None:
            return perms
        by_id = {o.id: o for o in channel.overwrites}
        if (everyone := by_id.get(guild.id)) is not None:
            perms = (perms & ~everyone.deny) | everyone.allow
        role_allow = role_deny = 0
        for role_id in member.roles:
            if (o := by_id.get(role_id)) is not None:
                role_allow |= o.allow
                role_deny |= o.deny
        perms = (perms & ~role_deny) | role_allow
        if (own := by_id.get(user_id)) is not None:
            perms = (perms & ~own.deny) | own.allow
        return perms
