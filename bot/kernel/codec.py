"""Frozen dataclasses to JSON and back, by their type hints: what a feature owes (an event kept in
the outbox) outlives the process that owed it.

Knows what the features' events hold: dataclasses, enums, ``int``/``float``/``str``/``bool``,
``None`` in a union, tuples (fixed or ``tuple[X, ...]``), lists and mappings (JSON keeps a
mapping's keys as strings; they come back as the hint's key type).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import json
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def dumps(value: object) -> str:
    """``value`` (a dataclass, usually) as compact JSON."""
    return json.dumps(_plain(value), separators=(",", ":"), ensure_ascii=False)


def loads(cls: type[T], text: str) -> T:
    """The ``cls`` that ``dumps`` wrote as ``text``; ValueError when the text does not fit."""
    return typing.cast(T, _typed(cls, json.loads(text)))


def _plain(value: object) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"cannot keep a {type(value).__name__} as JSON")


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _typed(hint: Any, data: Any) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return _typed(inner, data)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        hints = _hints(hint)
        return hint(
            **{f.name: _typed(hints[f.name], data[f.name]) for f in dataclasses.fields(hint)}
        )
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint(data)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_typed(args[0], v) for v in data)
        if len(args) != len(data):
            raise ValueError(f"expected {len(args)} values, got {len(data)}")
        return tuple(_typed(a, v) for a, v in zip(args, data, strict=True))
    if origin in (list, Sequence):
        return [_typed(args[0], v) for v in data]
    if origin in (dict, Mapping):
        key, value = args
        return {
            _typed(key, k if key is str else json.loads(k)): _typed(value, v)
            for k, v in data.items()
        }
    if hint is float and isinstance(data, int):
        return float(data)
    if hint in (int, float, str, bool) and isinstance(data, hint):
        return data
    if hint is Any or hint is object:
        return data
    raise ValueError(f"{data!r} is not a {hint}")
