"""Application commands as Discord checks them when the bot syncs them.

Limits on names, descriptions, options and choices, 100 chat-input commands a scope, 8,000
characters a command, and an Entry Point command (type 4) only with Activities, once, globally.
A refusal is a 50035 naming the field (``0.options.2.name``); ``localizations.py`` checks those.
"""

from __future__ import annotations

from typing import Any

from standin.codes import CommandType, EntryPointHandler, OptionType
from standin.command_names import MAX_NAME, valid_name
from standin.errors import (
    autocomplete_refused,
    bad_length,
    bad_nesting,
    command_too_large,
    duplicate_name,
    entry_point_refused,
    invalid_name,
    not_a_list,
    not_an_object,
    not_one_of,
    out_of_bounds,
    required_after_optional,
    too_long,
)
from standin.localizations import MAX_CHOICE_NAME, MAX_DESCRIPTION, check_localizations

MAX_COMMANDS = 100  # chat-input commands globally, and in each guild
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_CHOICE_VALUE = 100  # characters of a string choice's value
MAX_SIZE = 8000  # names, descriptions and choice values of one command, localised at longest
MAX_STRING = 6000  # the bound of a string option's min_length and max_length
SUBS = (OptionType.SUB_COMMAND, OptionType.SUB_COMMAND_GROUP)
AUTOCOMPLETED = (OptionType.STRING, OptionType.INTEGER, OptionType.NUMBER)


def check_commands(commands: list[Any], *, guild: bool = False, activities: bool = False) -> None:
    """Raise Discord's 50035 at the first thing it would refuse in a list of commands (``guild``:
    a guild's list; ``activities``: the application has Activities enabled)."""
    if sum(1 for c in commands if _chat_input(c)) > MAX_COMMANDS:
        raise too_long("", MAX_COMMANDS)
    if sum(1 for c in commands if _entry_point(c)) > 1:
        raise entry_point_refused("", "An application has one Entry Point command")
    seen: set[tuple[int, str]] = set()
    for i, command in enumerate(commands):
        check_command(command, str(i), guild=guild, activities=activities)
        key = (int(command.get("type", CommandType.CHAT_INPUT)), str(command.get("name")))
        if key in seen:
            raise duplicate_name(f"{i}.name")
        seen.add(key)


def check_command(
    command: object, at: str, *, guild: bool = False, activities: bool = False
) -> None:
    """One command (``at`` its path): its own fields, options, localisations and size."""
    if not isinstance(command, dict):
        raise not_an_object(at)
    kind = command.get("type", CommandType.CHAT_INPUT)
    if kind not in tuple(CommandType) or (
        kind == CommandType.PRIMARY_ENTRY_POINT and not activities
    ):
        # Type 4 exists only for applications with Activities enabled.
        allowed = tuple(int(t) for t in CommandType if activities or t < 4)
        raise not_one_of(f"{at}.type", allowed)
    if _entry_point(command):
        _check_entry_point(command, at, guild)
    elif command.get("handler") is not None:
        raise entry_point_refused(f"{at}.handler", "Only an Entry Point command has a handler")
    elif _chat_input(command):
        if not valid_name(command.get("name")):
            raise invalid_name(f"{at}.name")
        _text(command.get("description"), f"{at}.description", MAX_DESCRIPTION)
        _options(command.get("options"), f"{at}.options", depth=0)
        check_localizations(command, at, choice=False)
        if size(command) > MAX_SIZE:
            raise command_too_large(at, MAX_SIZE)
    else:  # user and message commands: any 1 to 32 characters, mixed case and spaces too
        _text(command.get("name"), f"{at}.name", MAX_NAME)


def size(item: dict[str, Any]) -> int:
    """Characters of names, descriptions and choice values in ``item`` and all it holds,
    each field counted at its longest among the default and its localisations."""
    total = _longest(item, "name") + _longest(item, "description")
    for choice in item.get("choices") or []:
        total += _longest(choice, "name") + len(str(choice.get("value", "")))
    return total + sum(size(option) for option in item.get("options") or [])


def _longest(item: dict[str, Any], key: str) -> int:
    texts = [item.get(key) or "", *(item.get(f"{key}_localizations") or {}).values()]
    return max(len(str(t)) for t in texts)


def _check_entry_point(command: dict[str, Any], at: str, guild: bool) -> None:
    """Global only, no options, a handler Discord knows; a name and a description."""
    if guild:
        raise entry_point_refused(f"{at}.type", "An Entry Point command cannot be a guild command")
    if command.get("options"):
        raise entry_point_refused(f"{at}.options", "Only chat-input commands take options")
    handler = command.get("handler")
    if handler is not None and handler not in tuple(EntryPointHandler):
        raise not_one_of(f"{at}.handler", tuple(int(h) for h in EntryPointHandler))
    _text(command.get("name"), f"{at}.name", MAX_NAME)
    _text(command.get("description"), f"{at}.description", MAX_DESCRIPTION)
    check_localizations(command, at, choice=False)


def _entry_point(command: object) -> bool:
    return isinstance(command, dict) and command.get("type") == CommandType.PRIMARY_ENTRY_POINT


def _chat_input(command: object) -> bool:
    return isinstance(command, dict) and command.get("type", 1) == CommandType.CHAT_INPUT


def _options(options: object, at: str, depth: int) -> None:
    """A level of options: at most 25, unique names, required before optional, subcommands
    nested as Discord allows (a group holds subcommands, a subcommand holds plain options)."""
    if options is None:
        return
    if not isinstance(options, list):
        raise not_a_list(at)
    if len(options) > MAX_OPTIONS:
        raise too_long(at, MAX_OPTIONS)
    names: set[str] = set()
    optional_seen = False
    for j, option in enumerate(options):
        where = f"{at}.{j}"
        if not isinstance(option, dict):
            raise not_an_object(where)
        name = option.get("name")
        if not valid_name(name):
            raise invalid_name(f"{where}.name")
        if name in names:
            raise duplicate_name(f"{where}.name")
        names.add(str(name))
        _text(option.get("description"), f"{where}.description", MAX_DESCRIPTION)
        kind = option.get("type")
        if kind in SUBS:
            if depth >= 2 or (depth == 1 and kind == OptionType.SUB_COMMAND_GROUP):
                raise bad_nesting(f"{where}.type")
            _options(option.get("options"), f"{where}.options", depth + 1)
            continue
        if option.get("required"):
            if optional_seen:
                raise required_after_optional(where)
        else:
            optional_seen = True
        _choices(option.get("choices"), f"{where}.choices")
        if option.get("autocomplete"):
            if option.get("choices"):
                raise autocomplete_refused(f"{where}.autocomplete", "Choices and autocomplete")
            if kind not in AUTOCOMPLETED:
                raise autocomplete_refused(f"{where}.autocomplete", "Not a text or number option")
        for key, low in (("min_length", 0), ("max_length", 1)):
            value = option.get(key)
            if value is not None and not (isinstance(value, int) and low <= value <= MAX_STRING):
                raise out_of_bounds(f"{where}.{key}", low, MAX_STRING)


def _choices(choices: object, at: str) -> None:
    if choices is None:
        return
    if not isinstance(choices, list):
        raise not_a_list(at)
    if len(choices) > MAX_CHOICES:
        raise too_long(at, MAX_CHOICES)
    for k, choice in enumerate(choices):
        if not isinstance(choice, dict):
            raise not_an_object(f"{at}.{k}")
        _text(choice.get("name"), f"{at}.{k}.name", MAX_CHOICE_NAME)
        value = choice.get("value")
        if isinstance(value, str):
            _text(value, f"{at}.{k}.value", MAX_CHOICE_VALUE)


def _text(value: object, field: str, most: int) -> None:
    if not (isinstance(value, str) and 1 <= len(value) <= most):
        raise bad_length(field, 1, most)
