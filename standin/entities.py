"""What a world holds: users, roles, members, channel overwrites, channels, guilds, messages.

Plain dataclasses; ``World`` (``state.py``) ties them together.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from standin.codes import ChannelType, MessageFlag, MessageType
from standin.ids import iso_now


@dataclass
class User:
    id: int
    username: str
    global_name: str | None = None
    bot: bool = False

    @property
    def display_name(self) -> str:
        return self.global_name or self.username


@dataclass
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0


@dataclass
class Member:
    user: User
    nick: str | None = None
    roles: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=iso_now)

    @property
    def display_name(self) -> str:
        return self.nick or self.user.display_name


@dataclass
class Overwrite:
    """A channel permission overwrite; ``type`` 0 is a role, 1 a member."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0


@dataclass
class Channel:
    id: int
    name: str
    type: int = ChannelType.GUILD_TEXT
    guild_id: int | None = None
    position: int = 0
    overwrites: list[Overwrite] = field(default_factory=list)
    recipient_id: int | None = None
    deleted: bool = False
    # A private channel's people (a group DM, or a DM between two users): never the bot.
    recipients: list[int] = field(default_factory=list)

    @property
    def private(self) -> bool:
        """A group DM or a DM between users: context PRIVATE_CHANNEL, the bot is not in it."""
        return bool(self.recipients)


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    # The server's language in Discord's settings (its Community "primary language"): its
    # payload's ``preferred_locale`` and each interaction's ``guild_locale``.
    preferred_locale: str = "en-US"

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None


@dataclass
class StoredMessage:
    """A message as the server holds it, with its history of edits and reactions."""

    id: int
    channel_id: int
    author: User
    content: str = ""
    guild_id: int | None = None
    embeds: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    reactions: dict[str, list[int]] = field(default_factory=dict)
    flags: int = 0
    type: int = MessageType.DEFAULT
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    edits: list[str] = field(default_factory=list)
    deleted: bool = False
    ephemeral_for: int | None = None
    interaction_id: int | None = None
    interaction_user_id: int | None = None
    interaction_name: str | None = None
    interaction_type: int | None = None
    interaction_owners: dict[str, str] | None = None  # the answered interaction's installs
    reference_id: int | None = None
    mention_ids: list[int] = field(default_factory=list)
    nonce: str | None = None  # the create's nonce, echoed in the payload as Discord does
    reply_mention: bool = False  # a reply that mentions the replied-to author (its ping on)
    webhook_id: int | None = None

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & MessageFlag.EPHEMERAL)
