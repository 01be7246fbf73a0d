"""A modal the bot opens, as the terminal sandbox shows it: a form filled in one field a line.

Discord's client draws the modal and will not submit a value its text input refuses; here the
form prints its title, any text it holds and each field's label with its limits, takes one line
a field, and gives a refused value's reason so the field is asked again. Only the reading and
checking live here; sending the filled form is the sandbox's (``StandIn.submit_modal``).
"""

from __future__ import annotations

from typing import Any

from standin import InteractionHandle
from standin.codes import ComponentType, TextInputStyle
from standin.modals import check_value, input_label, text_inputs

CANCEL = ":cancel"
LINE_BREAK = "\\n"  # typed in a paragraph field for a line break (a terminal line has none)


class Form:
    """The modal ``handle`` was answered with, being filled in: ``values`` by custom id."""

    def __init__(self, handle: InteractionHandle) -> None:
        if handle.modal is None:
            raise ValueError(f"{handle.name} was not answered with a modal")
        self.handle = handle
        self.modal: dict[str, Any] = handle.modal
        self.inputs = text_inputs(self.modal)
        self.values: dict[str, str] = {}

    @property
    def filled(self) -> bool:
        """Every field has an accepted value: the form is ready to submit."""
        return len(self.values) == len(self.inputs)

    def opening(self) -> list[str]:
        """The lines that show the form: its title, the text it holds, the first field."""
        lines = [f"  [form] {self.modal['title']} (one line a field; {CANCEL} dismisses it)"]
        for component in self.modal["components"]:
            if component["type"] == ComponentType.TEXT_DISPLAY:
                lines.extend(f"  | {line}" for line in str(component["content"]).split("\n"))
        if not self.filled:
            lines.append(self.prompt())
        return lines

    def prompt(self) -> str:
        """The field to fill now: its label, description and what it accepts."""
        field = self.inputs[len(self.values)]
        label = input_label(self.modal, field["custom_id"])
        description = self._description(field["custom_id"])
        head = f"{label} ({description})" if description else label
        return f"  {head} [{'; '.join(field_limits(field))}]:"

    def take(self, line: str) -> None:
        """The typed value of the current field, kept if the client would accept it; else
        ``CommandError`` with the client's reason (the field stays the current one)."""
        field = self.inputs[len(self.values)]
        value = line.strip()
        if not value and field.get("value"):
            value = str(field["value"])  # left alone: the pre-filled value is sent
        if field.get("style") == TextInputStyle.PARAGRAPH:
            value = value.replace(LINE_BREAK, "\n")
        check_value(field, input_label(self.modal, field["custom_id"]), value)
        self.values[field["custom_id"]] = value

    def _description(self, custom_id: str) -> str:
        for component in self.modal["components"]:
            if (
                component["type"] == ComponentType.LABEL
                and component["component"]["custom_id"] == custom_id
            ):
                return str(component.get("description") or "")
        return ""


def field_limits(field: dict[str, Any]) -> list[str]:
    """What a text input accepts, in words: required or not, its lengths, its hint or
    pre-filled value, and how to type a line break in a paragraph."""
    limits = ["required" if field.get("required", True) else "optional: an empty line skips it"]
    low, high = field.get("min_length"), field.get("max_length")
    if low and high:
        limits.append(f"{low} to {high} characters")
    elif low:
        limits.append(f"at least {low} characters")
    elif high:
        limits.append(f"at most {high} characters")
    if field.get("value"):
        limits.append(f"filled in: {field['value']!r}, an empty line keeps it")
    elif field.get("placeholder"):
        limits.append(f"e.g. {field['placeholder']}")
    if field.get("style") == TextInputStyle.PARAGRAPH:
        limits.append(f"{LINE_BREAK} for a line break")
    return limits
