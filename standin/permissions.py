"""Discord's permission bits, as the stand-in checks them or hands them out."""

from __future__ import annotations

from typing import ClassVar


class Perm:
    """Discord permission bits the stand-in checks or hands out."""

    CREATE_INSTANT_INVITE = 1 << 0
    ADMINISTRATOR = 1 << 3
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    MANAGE_MESSAGES = 1 << 13
    MANAGE_ROLES = 1 << 28
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_EXTERNAL_EMOJIS = 1 << 18
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_EVENTS = 1 << 33  # edit and delete anyone's scheduled events
    CREATE_EVENTS = 1 << 44  # create scheduled events, edit and delete one's own

    EVERYONE_DEFAULT = (
        CREATE_INSTANT_INVITE
        | ADD_REACTIONS
        | VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | USE_EXTERNAL_EMOJIS
        | USE_APPLICATION_COMMANDS
    )
    ALL = (1 << 51) - 1
    # What an app may use in its answers where its bot is not (a user install in a server
    # without the bot, or in a private channel): added to what @everyone has there.
    RESPONSES_ONLY = ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE | USE_EXTERNAL_EMOJIS

    NAMES: ClassVar[dict[str, int]] = {
        "send_messages": SEND_MESSAGES,
        "add_reactions": ADD_REACTIONS,
        "attach_files": ATTACH_FILES,
        "embed_links": EMBED_LINKS,
        "read_message_history": READ_MESSAGE_HISTORY,
        "view_channel": VIEW_CHANNEL,
        "manage_messages": MANAGE_MESSAGES,
        "manage_guild": MANAGE_GUILD,
        "manage_roles": MANAGE_ROLES,
        "administrator": ADMINISTRATOR,
        "create_events": CREATE_EVENTS,
        "manage_events": MANAGE_EVENTS,
    }

    @classmethod
    def bits(cls, names: str | list[str] | tuple[str, ...] | int) -> int:
        """Turn ``"send_messages"`` or a list of such names into a bit mask."""
        if isinstance(names, int):
            return names
        if isinstance(names, str):
            names = [names]
        value = 0
        for name in names:
            value |= cls.NAMES[name]
        return value
