"""Command options shared by several cogs: their choices, worded in the reader's language (each
language by its own name, sizes with their dice, each dictionary with what it holds), and the
descriptions of a round's options, shared by ``/boggle start`` and ``/boggle-config set``, and the
``language`` option of the commands that take one."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, fields
from typing import Any, Concatenate, Optional, ParamSpec, TypeVar

import discord
from discord import app_commands
from discord.utils import resolve_annotation

from bot.discord.translator import choice
from bot.i18n.catalogue import text
from bot.i18n.languages import (
    DICTIONARIES,
    LANGUAGE_CODES,
    LANGUAGE_NAMES,
    language_of_locale,
)
from core.dice import available
from core.languages import dice_language
from core.round import Mode
from core.rules import MIN_LENGTH_HIGHEST, MIN_LENGTH_LOWEST, SIZES, Timer

# Each choice worded in the reader's language (bot.discord.translator); sizes with their dice, each
# language by its own name (and the reader's name for it), each dictionary with what it holds.
SIZE_CHOICES = [choice("choices.size", n, side=n, dice=n * n) for n in SIZES]
MODE_CHOICES = [choice(f"mode_names.{m.value}", m.value) for m in Mode]
LANGUAGE_CHOICES = [
    choice(f"choices.language_{code}", code, name=LANGUAGE_NAMES[code]) for code in LANGUAGE_CODES
]
DICTIONARY_CHOICES = [choice(f"dictionaries.{name}", name) for name in DICTIONARIES]
TIMER_CHOICES = [choice(f"coop_timers.timer_{t.value}", t.value) for t in Timer]


T = TypeVar("T")


def language_option(description: str) -> Callable[[T], T]:
    """A command's ``language`` option: described, and offered every language the game speaks."""

    def wrap(command: T) -> T:
        described = app_commands.describe(language=description)(command)
        return app_commands.choices(language=LANGUAGE_CHOICES)(described)

    return wrap


MAX_SUGGESTIONS = 25  # an autocomplete's choices at most (Discord's limit)


def dice_suggestions(typed: str, language: str | None) -> list[str]:
    """The dice sets whose names hold what the player has typed (any case): the sets of the
    language the command is for first, then English's, then each language's in the order of
    ``LANGUAGE_CODES``; as many as Discord shows. Every set is reachable by typing its name."""
    order = {code: k for k, code in enumerate(LANGUAGE_CODES)}
    wanted = typed.strip().casefold()

    def rank(name: str) -> tuple[bool, int, str]:
        own = dice_language(name)
        return own != language, order.get(own, len(order)), name

    names = sorted((n for n in available() if wanted in n.casefold()), key=rank)
    return names[:MAX_SUGGESTIONS]


async def dice_autocomplete(
    interaction: discord.Interaction[Any], typed: str
) -> list[app_commands.Choice[str]]:
    """The ``dice`` option's suggestions: ``language:`` if the player has chosen one, else the
    language of the player's Discord, comes first."""
    chosen = getattr(interaction.namespace, "language", None)
    language = chosen if chosen in LANGUAGE_CODES else language_of_locale(str(interaction.locale))
    return [app_commands.Choice(name=n, value=n) for n in dice_suggestions(typed, language)]


@dataclass(frozen=True)
class Chosen:
    """A round's options as a player (``/boggle start``) or a server (``/boggle-config set``)
    chose them; None is "not given"."""

    size: int | None = None
    dice: str | None = None
    time: str | None = None
    mode: str | None = None
    min_length: int | None = None
    hints: bool | None = None
    language: str | None = None
    dictionary: str | None = None
    timer: str | None = None
    quiet: str | None = None

    def given(self) -> bool:
        return any(getattr(self, f.name) is not None for f in fields(self))


def _option(name: str, annotation: object) -> inspect.Parameter:
    return inspect.Parameter(name, KEYWORD, default=None, annotation=Optional[annotation])  # noqa: UP045 (a runtime annotation object)


KEYWORD = inspect.Parameter.POSITIONAL_OR_KEYWORD
# The options both commands show, in Discord's order: these first, the command's own options
# next, then hints, language and dictionary.
_FIRST = [
    _option("size", int),
    _option("dice", str),
    _option("time", str),
    _option("mode", str),
    _option("min_length", app_commands.Range[int, MIN_LENGTH_LOWEST, MIN_LENGTH_HIGHEST]),
]
_LAST = [
    _option("hints", bool),
    _option("language", str),
    _option("dictionary", str),
    _option("timer", str),
    _option("quiet", str),
]
CogT = TypeVar("CogT")
P = ParamSpec("P")
ChosenCallback = Callable[
    Concatenate[CogT, discord.Interaction[Any], Chosen, P], Coroutine[Any, Any, None]
]
RoundCommand = Callable[Concatenate[CogT, discord.Interaction[Any], P], Coroutine[Any, Any, None]]


def round_options_command(
    hints: str, language: str, dictionary: str
) -> Callable[[ChosenCallback[CogT, P]], RoundCommand[CogT, P]]:
    """A command taking a round's options, written once: the decorated callback is
    ``(self, interaction, chosen: Chosen, *its own options)``; Discord sees every option, each
    described (``hints``, ``language`` and ``dictionary`` as given) and with its choices."""

    def wrap(callback: ChosenCallback[CogT, P]) -> RoundCommand[CogT, P]:
        own = list(inspect.signature(callback).parameters.values())
        head, own = own[:2], own[3:]  # self, interaction; the chosen options; its own
        names = [p.name for p in (*_FIRST, *_LAST)]

        async def command(
            self: CogT, interaction: discord.Interaction[Any], /, *args: P.args, **options: P.kwargs
        ) -> None:
            given: dict[str, Any] = {name: options.pop(name, None) for name in names}
            chosen = Chosen(**given)
            await callback(self, interaction, chosen, *args, **options)

        resolved = [
            p.replace(annotation=resolve_annotation(p.annotation, callback.__globals__, None, {}))
            for p in own
        ]
        command.__signature__ = inspect.Signature([*head, *_FIRST, *resolved, *_LAST])  # type: ignore[attr-defined]
        functools.update_wrapper(
            command,
            callback,
            assigned=("__module__", "__name__", "__qualname__", "__doc__"),
            updated=(),
        )
        described = app_commands.describe(
            size=text("commands.start_size"),
            dice=text("commands.start_dice"),
            time=text("commands.start_time"),
            mode=text("commands.start_mode"),
            min_length=text("commands.start_min_length"),
            hints=hints,
            language=language,
            dictionary=dictionary,
            timer=text("coop_timers.command_timer"),
            quiet=text("coop_timers.command_quiet"),
        )(command)
        sized = app_commands.choices(size=SIZE_CHOICES)(described)
        chosen = app_commands.choices(
            mode=MODE_CHOICES,
            language=LANGUAGE_CHOICES,
            dictionary=DICTIONARY_CHOICES,
            timer=TIMER_CHOICES,
        )(sized)
        return app_commands.autocomplete(dice=dice_autocomplete)(chosen)

    return wrap
