"""Rows read by column name, made into the values their models hold."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def converted(columns: Mapping[str, Any], **types: Callable[[Any], object]) -> dict[str, Any]:
    """``columns`` with each one named in ``types`` passed through it (an enum from its text, a
    flag from its 0 or 1): what a model's ``from_columns`` gives its class."""
    return dict(columns) | {name: made(columns[name]) for name, made in types.items()}
