"""Modals as Discord checks them: the form a bot opens (callback type 9) and its submit (type 5).

1 to 5 top-level components: a text input alone in an action row (what discord.py sends for a
bare ``TextInput``), a label (type 18) around one, or a text display; anything else is refused.
"""

from __future__ import annotations

from typing import Any

from standin.codes import ComponentType, TextInputStyle
from standin.errors import ApiError, invalid_form
from standin.refusal import CommandError

MAX_TITLE = 45
MAX_CUSTOM_ID = 100
MAX_COMPONENTS = 5
MAX_LABEL = 45
MAX_DESCRIPTION = 100
MAX_PLACEHOLDER = 100
MAX_VALUE = 4000
MAX_TEXT = 4000
STYLES = tuple(int(s) for s in TextInputStyle)


def check_modal(data: dict[str, Any]) -> None:
    """Discord's 50035 for a modal it would refuse: custom id, title, 1 to 5 components, and
    each text input's label, style, lengths, placeholder and pre-filled value."""
    _length(data.get("custom_id"), "custom_id", 1, MAX_CUSTOM_ID)
    _length(data.get("title"), "title", 1, MAX_TITLE)
    components = data.get("components")
    if not isinstance(components, list) or not 1 <= len(components) <= MAX_COMPONENTS:
        raise _invalid(
            "components",
            "BASE_TYPE_BAD_LENGTH",
            f"Must be between 1 and {MAX_COMPONENTS} in length.",
        )
    seen: set[str] = set()
    for i, component in enumerate(components):
        at = f"components.{i}"
        kind = component.get("type")
        if kind == ComponentType.ACTION_ROW:
            inner = component.get("components") or []
            if len(inner) != 1:
                raise _invalid(f"{at}.components", "BASE_TYPE_BAD_LENGTH", "Must be 1 in length.")
            _check_text_input(inner[0], f"{at}.components.0", seen, labelled=False)
        elif kind == ComponentType.LABEL:
            _length(component.get("label"), f"{at}.label", 1, MAX_LABEL)
            if component.get("description") is not None:
                _length(component["description"], f"{at}.description", 0, MAX_DESCRIPTION)
            inner = component.get("component")
            if not isinstance(inner, dict):
                raise _invalid(f"{at}.component", "BASE_TYPE_REQUIRED", "This field is required")
            _check_text_input(inner, f"{at}.component", seen, labelled=True)
        elif kind == ComponentType.TEXT_DISPLAY:
            _length(component.get("content"), f"{at}.content", 1, MAX_TEXT)
        else:
            raise _invalid(
                f"{at}.type",
                "COMPONENT_INVALID",
                "The stand-in knows text inputs (in an action row or a label) and text displays.",
            )


def _check_text_input(
    component: dict[str, Any], at: str, seen: set[str], *, labelled: bool
) -> None:
    if component.get("type") != ComponentType.TEXT_INPUT:
        raise _invalid(f"{at}.type", "COMPONENT_INVALID", "The stand-in knows text inputs only.")
    custom_id = component.get("custom_id")
    _length(custom_id, f"{at}.custom_id", 1, MAX_CUSTOM_ID)
    if custom_id in seen:
        raise _invalid(
            f"{at}.custom_id",
            "COMPONENT_CUSTOM_ID_DUPLICATED",
            "Component custom id cannot be duplicated",
        )
    seen.add(str(custom_id))
    if component.get("style") not in STYLES:
        raise _invalid(f"{at}.style", "BASE_TYPE_CHOICES", f"Value must be one of {STYLES}.")
    label = component.get("label")
    if labelled:
        if label is not None:
            raise _invalid(
                f"{at}.label",
                "COMPONENT_INVALID",
                "A text input in a label has no label of its own.",
            )
    else:
        _length(label, f"{at}.label", 1, MAX_LABEL)
    low = _number(component, "min_length", at, 0, MAX_VALUE)
    high = _number(component, "max_length", at, 1, MAX_VALUE)
    if low is not None and high is not None and low > high:
        raise _invalid(
            f"{at}.min_length", "NUMBER_TYPE_MAX", "min_length must not be more than max_length."
        )
    if component.get("placeholder") is not None:
        _length(component["placeholder"], f"{at}.placeholder", 0, MAX_PLACEHOLDER)
    if component.get("value") is not None:
        _length(component["value"], f"{at}.value", 0, high or MAX_VALUE)
    if "required" in component and not isinstance(component["required"], bool):
        raise _invalid(f"{at}.required", "BASE_TYPE_BOOLEAN", "Must be either true or false.")


def _length(value: Any, field: str, low: int, high: int) -> None:
    if value is None and low > 0:
        raise _invalid(field, "BASE_TYPE_REQUIRED", "This field is required")
    if not isinstance(value, str):
        raise _invalid(field, "BASE_TYPE_STRING", "Could not interpret value as string.")
    if not low <= len(value) <= high:
        raise _invalid(
            field, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length."
        )


def _number(component: dict[str, Any], key: str, at: str, low: int, high: int) -> int | None:
    value = component.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise _invalid(f"{at}.{key}", "NUMBER_TYPE_COERCE", "Value is not int.")
    if not low <= value <= high:
        code = "NUMBER_TYPE_MIN" if value < low else "NUMBER_TYPE_MAX"
        raise _invalid(f"{at}.{key}", code, f"Value must be between {low} and {high}.")
    return value


def _invalid(field: str, code: str, message: str) -> ApiError:
    return invalid_form(field, code, message)


def text_inputs(modal: dict[str, Any]) -> list[dict[str, Any]]:
    """The modal's text inputs, in order (inside action rows or labels)."""
    found = []
    for component in modal["components"]:
        if component["type"] == ComponentType.ACTION_ROW:
            found.extend(component["components"])
        elif component["type"] == ComponentType.LABEL:
            found.append(component["component"])
    return found


def input_label(modal: dict[str, Any], custom_id: str) -> str:
    """What the person reads above the input (its label, or its label component's)."""
    for component in modal["components"]:
        if component["type"] == ComponentType.ACTION_ROW:
            inner = component["components"][0]
            label = inner.get("label")
        elif component["type"] == ComponentType.LABEL:
            inner = component["component"]
            label = component["label"]
        else:
            continue
        if inner["custom_id"] == custom_id:
            return str(label)
    raise KeyError(custom_id)


def submission(modal: dict[str, Any], values: dict[str, str]) -> list[dict[str, Any]]:
    """The ``components`` of the MODAL_SUBMIT a person's client sends for ``values`` (by the
    inputs' custom ids; an input left alone keeps its pre-filled value). ``CommandError``
    where the client would not let them submit: an unknown input, a required one left empty,
    a value shorter or longer than allowed, a line break in a short input."""
    inputs = {c["custom_id"]: c for c in text_inputs(modal)}
    unknown = sorted(set(values) - set(inputs))
    if unknown:
        raise CommandError(
            f"no text input {unknown[0]!r} in the modal (inputs: {', '.join(inputs)})"
        )
    filled = {cid: str(values.get(cid, c.get("value") or "")) for cid, c in inputs.items()}
    for cid, value in filled.items():
        check_value(inputs[cid], input_label(modal, cid), value)
    ids = iter(range(1, 1 + 2 * len(modal["components"])))
    out: list[dict[str, Any]] = []
    for component in modal["components"]:
        kind = component["type"]
        if kind == ComponentType.ACTION_ROW:
            cid = component["components"][0]["custom_id"]
            row_id = next(ids)
            out.append(
                {"type": kind, "id": row_id, "components": [_answer(cid, filled[cid], next(ids))]}
            )
        elif kind == ComponentType.LABEL:
            cid = component["component"]["custom_id"]
            label_id = next(ids)
            out.append(
                {"type": kind, "id": label_id, "component": _answer(cid, filled[cid], next(ids))}
            )
        else:
            out.append({"type": kind, "id": next(ids)})
    return out


def _answer(custom_id: str, value: str, id_: int) -> dict[str, Any]:
    return {"type": ComponentType.TEXT_INPUT, "id": id_, "custom_id": custom_id, "value": value}


def check_value(component: dict[str, Any], label: str, value: str) -> None:
    """``CommandError`` with the reason Discord's client gives when it will not submit
    ``value`` in the text input ``component`` (shown as ``label``); the sandbox asks again."""
    if not value:
        if component.get("required", True):
            raise CommandError(f"{label!r} is required")
        return
    low = component.get("min_length") or 0
    high = component.get("max_length") or MAX_VALUE
    if len(value) < low:
        raise CommandError(f"{label!r} needs at least {low} characters")
    if len(value) > high:
        raise CommandError(f"{label!r} takes at most {high} characters")
    if component["style"] == TextInputStyle.SHORT and "\n" in value:
        raise CommandError(f"{label!r} is a single line")
