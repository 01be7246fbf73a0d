"""Command options shared by several cogs: their choices, worded in the reader's language (each
language by its own name, sizes with their dice, each dictionary with what it holds), and the
descriptions of a round's options, shared by ``/boggle start`` and ``/boggle-config set``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from discord import app_commands

from core.dice import available
from core.round import Mode
from core.rules import SIZES

from ..i18n.catalogue import text
from ..i18n.languages import DICTIONARIES, LANGUAGE_CODES, LANGUAGE_NAMES
from .translator import choice

CommandT = TypeVar("CommandT", bound=Callable[..., Any])

# Each choice worded in the reader's language (bot.discord.translator); sizes with their dice, each
# language by its own name (and the reader's name for it), each dictionary with what it holds.
SIZE_CHOICES = [choice("choices.size", n, side=n, dice=n * n) for n in SIZES]
MODE_CHOICES = [choice(f"mode_names.{m.value}", m.value) for m in Mode]
LANGUAGE_CHOICES = [
    choice(f"choices.language_{code}", code, name=LANGUAGE_NAMES[code]) for code in LANGUAGE_CODES
]
DICTIONARY_CHOICES = [choice(f"dictionaries.{name}", name) for name in DICTIONARIES]


def dice_choices() -> list[app_commands.Choice[str]]:
    """Every dice set, for a ``dice`` option (Discord takes 25 choices at most)."""
    return [app_commands.Choice(name=name, value=name) for name in available()][:25]


def round_option_docs(command: CommandT) -> CommandT:
    """The descriptions and choices of a round's options (size, dice, time, mode, min_length),
    shared by ``/boggle start`` and the server defaults of ``/boggle-config set``."""
    command = app_commands.describe(
        size=text("commands.start_size"),
        dice=text("commands.start_dice"),
        time=text("commands.start_time"),
        mode=text("commands.start_mode"),
        min_length=text("commands.start_min_length"),
    )(command)
    command = app_commands.choices(size=SIZE_CHOICES)(command)
    return app_commands.choices(mode=MODE_CHOICES, dice=dice_choices())(command)


def language_option_docs(language: str, dictionary: str) -> Callable[[CommandT], CommandT]:
    """The ``language`` and ``dictionary`` options described so, with their choices: each
    language by its own name, each dictionary with what it holds."""

    def document(command: CommandT) -> CommandT:
        command = app_commands.describe(language=language, dictionary=dictionary)(command)
        return app_commands.choices(language=LANGUAGE_CHOICES, dictionary=DICTIONARY_CHOICES)(
            command
        )

    return document
