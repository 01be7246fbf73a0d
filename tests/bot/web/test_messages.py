"""docs/activity.md and the page's message types (``bot.web.messages``) say the same: every
message the bot sends is documented, with every one of its fields."""

from __future__ import annotations

import re
import typing
from pathlib import Path

from bot.web import messages

DOC = Path(__file__).resolve().parents[3] / "docs" / "activity.md"


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
    assert [m for kind in typing.get_args(messages.Message) for m in undocumented(kind, docs)] == []


class Unheard(typing.TypedDict):
    type: typing.Literal["results"]
    ranking: list[int]
    trophy: str


def test_an_undocumented_field_is_found() -> None:
    assert undocumented(Unheard, documented()) == ["results.trophy"]
