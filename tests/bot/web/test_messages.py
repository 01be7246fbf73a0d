"""docs/activity.md and the page's message types say the same: every message the bot sends is
documented, with every one of its fields, and every message documented is typed. The types are
the kit's (``bot.web.messages``) and each feature's, beside its page side (``bot/<feature>/web``),
found here by reading those modules: a message a new feature adds is held to the docs too."""

from __future__ import annotations

import importlib
import re
import typing
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "activity.md"


def page_modules() -> list[str]:
    """The kit's modules and every feature's page side (a ``web.py``, or a ``web/`` package)."""
    bot = ROOT / "bot"
    paths = [*bot.glob("web/*.py"), *bot.glob("*/web.py"), *bot.glob("*/web/*.py")]
    return sorted(".".join(p.relative_to(ROOT).with_suffix("").parts) for p in paths)


def message_types() -> list[type]:
    """Each TypedDict of the page's modules whose ``type`` names a message."""
    found = []
    for name in page_modules():
        module = importlib.import_module(name)
        for kind in vars(module).values():
            if (
                typing.is_typeddict(kind)
                and kind.__module__ == name
                and typing.get_origin(typing.get_type_hints(kind).get("type")) is typing.Literal
            ):
                found.append(kind)
    return found


def documented() -> dict[str, str]:
    """Each server-to-client message's documentation line(s), by its type."""
    text = DOC.read_text().split("Server → client", 1)[1].split("\n\n", 1)[0]
    found: dict[str, str] = {}
    for item in re.split(r"\n- ", "\n" + text):
        match = re.match(r"`(\w+)`", item)
        if match:
            found[match.group(1)] = item
    return found


def undocumented(kind: type, docs: dict[str, str]) -> list[str]:
    """The message types and fields of ``kind`` the docs do not name."""
    hints = typing.get_type_hints(kind)
    missing: list[str] = []
    for name in typing.get_args(hints["type"]):
        line = docs.get("verdict" if name == "daily_verdict" else name)  # "as `verdict`"
        if line is None:
            missing.append(name)
            continue
        missing += [f"{name}.{f}" for f in hints if f != "type" and f'"{f}"' not in line]
    return missing


def test_every_message_is_documented_with_its_fields() -> None:
    docs = documented()
    assert [m for kind in message_types() for m in undocumented(kind, docs)] == []


def test_every_message_documented_is_typed() -> None:
    typed = {
        name
        for kind in message_types()
        for name in typing.get_args(typing.get_type_hints(kind)["type"])
    }
    assert typed == set(documented())


class Unheard(typing.TypedDict):
    type: typing.Literal["results"]
    ranking: list[int]
    trophy: str


def test_an_undocumented_field_is_found() -> None:
    assert undocumented(Unheard, documented()) == ["results.trophy"]
