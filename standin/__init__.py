"""A local Discord-compatible server that the unchanged discord.py client can talk to.

Used by end-to-end tests and by the no-token sandbox (``bot/sandbox.py``).
"""

from .interactions import CommandError, InteractionHandle
from .recorder import ApiCall, TranscriptEntry
from .server import StandIn
from .state import Perm, StoredMessage, World

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
