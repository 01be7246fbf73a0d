"""Discord's numbered kinds, by name: what a bare number in a payload means (API v10)."""

from __future__ import annotations

from enum import IntEnum


class ChannelType(IntEnum):
    GUILD_TEXT = 0
    DM = 1


class MessageType(IntEnum):
    DEFAULT = 0
    REPLY = 19
    CHAT_INPUT_COMMAND = 20


class MessageFlag(IntEnum):
    """Bits of a message's ``flags`` (an IntEnum, not an IntFlag: ``~`` keeps unnamed bits)."""

    EPHEMERAL = 1 << 6
    LOADING = 1 << 7
    SUPPRESS_NOTIFICATIONS = 1 << 12


class InteractionType(IntEnum):
    APPLICATION_COMMAND = 2
    MESSAGE_COMPONENT = 3


class CallbackType(IntEnum):
    """How the bot answers an interaction (``POST /interactions/{id}/{token}/callback``)."""

    CHANNEL_MESSAGE = 4
    DEFERRED_CHANNEL_MESSAGE = 5  # "thinking...", edited or followed up later
    DEFERRED_UPDATE_MESSAGE = 6  # a component's message, edited later
    UPDATE_MESSAGE = 7  # a component's message, edited now
    MODAL = 9


class CommandType(IntEnum):
    CHAT_INPUT = 1


class ComponentType(IntEnum):
    ACTION_ROW = 1
    BUTTON = 2


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
