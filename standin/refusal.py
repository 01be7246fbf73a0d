"""What a person tried that Discord's own client would not let them do."""

from __future__ import annotations


class CommandError(ValueError):
    """The action could not happen as a person tried it, as Discord's UI would refuse (a
    command not offered there, a bad option, nothing to click, a modal filled in wrong)."""


def length(name: str, got: int, low: int, high: int) -> str:
    """Why the client will not send a string option of ``got`` characters."""
    if got < low:
        return f"{name}: {got} characters, fewer than its min_length {low}"
    return f"{name}: {got} characters, more than its max_length {high}"


def out_of_range(name: str, value: float, low: float, high: float) -> str:
    """Why the client will not send a number option of ``value``."""
    bound = f"min_value {low}" if value < low else f"max_value {high}"
    return f"{name}: {value} is out of range ({bound})"
