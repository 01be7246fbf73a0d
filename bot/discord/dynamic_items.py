"""What a feature's Discord parts use when discord.py, not the feature, builds or calls them: a
persistent button rebuilt from its custom id after any restart (a dynamic item), a command added
as a plain function. Neither can be handed anything, so each feature keeps its own typed
``Registry``: its setup fills it for the client it sets up, and its items read back that
feature's services only (Home Assistant's typed ``runtime_data``, one per integration)."""

from __future__ import annotations

import weakref
from typing import Any, Generic, TypeVar

import discord

T = TypeVar("T")


class Registry(Generic[T]):
    """One feature's ``T`` for each client set up (several bots may share a process: the tests,
    the benchmarks); a client gone takes its entry with it."""

    def __init__(self, feature: str) -> None:
        self.feature = feature
        self._of: weakref.WeakKeyDictionary[discord.Client, T] = weakref.WeakKeyDictionary()

    def fill(self, client: discord.Client, used: T) -> None:
        """The feature's setup: what its items use on ``client``."""
        self._of[client] = used

    def of(self, interaction: discord.Interaction[Any]) -> T:
        """What the feature's items use on the client the interaction came to."""
        try:
            return self._of[interaction.client]
        except KeyError:
            raise RuntimeError(f"{self.feature} is not set up on this client") from None
