"""A local Discord-compatible server that the unchanged discord.py client can talk to.

Used by end-to-end tests and by the no-token sandbox (``bot/sandbox.py``).
"""

from standin.entities import StoredMessage
from standin.interactions import InteractionHandle
from standin.permissions import Perm
from standin.recorder import ApiCall, TranscriptEntry
from standin.refusal import CommandError
from standin.server import StandIn
from standin.state import World

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
