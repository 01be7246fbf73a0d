"""Discord's numbered kinds, by name: what a bare number in a payload means (API v10)."""

from __future__ import annotations

from enum import IntEnum


class ChannelType(IntEnum):
    GUILD_TEXT = 0
    DM = 1
    GROUP_DM = 3


class MessageType(IntEnum):
    DEFAULT = 0
    REPLY = 19
    CHAT_INPUT_COMMAND = 20


class MessageFlag(IntEnum):
    """Bits of a message's ``flags`` (an IntEnum, not an IntFlag: ``~`` keeps unnamed bits)."""

    SUPPRESS_EMBEDS = 1 << 2
    EPHEMERAL = 1 << 6
    LOADING = 1 << 7
    SUPPRESS_NOTIFICATIONS = 1 << 12
    IS_VOICE_MESSAGE = 1 << 13
    IS_COMPONENTS_V2 = 1 << 15


class InteractionType(IntEnum):
    APPLICATION_COMMAND = 2
    MESSAGE_COMPONENT = 3
    APPLICATION_COMMAND_AUTOCOMPLETE = 4
    MODAL_SUBMIT = 5


class CallbackType(IntEnum):
    """How the bot answers an interaction (``POST /interactions/{id}/{token}/callback``)."""

    CHANNEL_MESSAGE = 4
    DEFERRED_CHANNEL_MESSAGE = 5  # "thinking...", edited or followed up later
    DEFERRED_UPDATE_MESSAGE = 6  # a component's message, edited later
    UPDATE_MESSAGE = 7  # a component's message, edited now
    APPLICATION_COMMAND_AUTOCOMPLETE_RESULT = 8  # the choices an autocomplete suggests
    MODAL = 9
    LAUNCH_ACTIVITY = 12  # only for applications with Activities enabled


class CommandType(IntEnum):
    CHAT_INPUT = 1
    USER = 2
    MESSAGE = 3
    PRIMARY_ENTRY_POINT = 4  # opens the application's Activity from the App Launcher


class EntryPointHandler(IntEnum):
    """Who answers an Entry Point command (its ``handler``)."""

    APP_HANDLER = 1  # the app, with an interaction (LAUNCH_ACTIVITY, or anything else)
    DISCORD_LAUNCH_ACTIVITY = 2  # Discord launches the Activity and posts in the channel


# An application's flag: it has an Activity (Discord's EMBEDDED).
APPLICATION_EMBEDDED = 1 << 17


class ComponentType(IntEnum):
    ACTION_ROW = 1
    BUTTON = 2
    TEXT_INPUT = 4
    TEXT_DISPLAY = 10
    LABEL = 18


class TextInputStyle(IntEnum):
    SHORT = 1
    PARAGRAPH = 2


class InteractionContext(IntEnum):
    """Where a command is used (``context`` of an interaction, ``contexts`` of a command)."""

    GUILD = 0
    BOT_DM = 1  # the DM between the user and the app's bot
    PRIVATE_CHANNEL = 2  # group DMs and DMs between users, where the bot is not


class IntegrationType(IntEnum):
    """Who installed the app (keys of ``authorizing_integration_owners``, ``integration_types``)."""

    GUILD_INSTALL = 0
    USER_INSTALL = 1


class OptionType(IntEnum):
    SUB_COMMAND = 1
    SUB_COMMAND_GROUP = 2
    STRING = 3
    INTEGER = 4
    BOOLEAN = 5
    USER = 6
    CHANNEL = 7
    ROLE = 8
    MENTIONABLE = 9
    NUMBER = 10
    ATTACHMENT = 11
