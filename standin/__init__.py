"""A local Discord-compatible server that the unchanged discord.py client can talk to.

Used by end-to-end tests and by the no-token sandbox (``bot/sandbox.py``).
"""

from .entities import StoredMessage
from .interactions import InteractionHandle
from .permissions import Perm
from .recorder import ApiCall, TranscriptEntry
from .refusal import CommandError
from .server import StandIn
from .state import World

__all__ = [
    "ApiCall",
    "CommandError",
    "InteractionHandle",
    "Perm",
    "StandIn",
    "StoredMessage",
    "TranscriptEntry",
    "World",
]
