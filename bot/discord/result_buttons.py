"""Buttons another feature adds to a finished round's results and to a finished daily attempt's
result (the definitions' buttons): each a factory of a persistent item from the round's (or the
attempt's) id and language, registered once by its feature's Discord setup, so the rounds' and
the daily's results need not know the feature."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

ButtonFactory = Callable[[int, str], discord.ui.Item[Any]]
_ROUND_BUTTONS: dict[str, ButtonFactory] = {}
_DAILY_BUTTONS: dict[str, ButtonFactory] = {}


def add_round_button(name: str, factory: ButtonFactory) -> None:
    """Register (or replace) the factory ``name`` of a button the results carry."""
    _ROUND_BUTTONS[name] = factory


def round_buttons(round_id: int, language: str) -> list[discord.ui.Item[Any]]:
    """The registered buttons of a round's results, in the order registered."""
    return [factory(round_id, language) for factory in _ROUND_BUTTONS.values()]


def add_daily_button(name: str, factory: ButtonFactory) -> None:
    """Register (or replace) the factory ``name`` of a button a daily result carries."""
    _DAILY_BUTTONS[name] = factory


def daily_buttons(attempt_id: int, language: str) -> list[discord.ui.Item[Any]]:
    """The registered buttons of a finished daily attempt's result, in the order registered."""
    return [factory(attempt_id, language) for factory in _DAILY_BUTTONS.values()]
