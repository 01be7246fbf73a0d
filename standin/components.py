"""Message components as Discord checks them: the bot's buttons (sent or edited) and a person's
click on one. Only action rows of buttons are known here; anything else is refused, so a bot
that sends what the stand-in cannot show fails its test instead of passing unseen."""

from __future__ import annotations

from typing import Any

from standin.codes import ComponentType
from standin.errors import ApiError, invalid_form

MAX_ROWS = 5
MAX_PER_ROW = 5
MAX_CUSTOM_ID = 100
MAX_LABEL = 80
LINK_STYLE = 5
STYLES = range(1, 6)  # primary, secondary, success, danger, link


def check_components(components: list[dict[str, Any]]) -> None:
    """Discord's 50035 for components it would refuse: more than 5 rows, a row that is not an
    action row of 1 to 5 buttons, a button without a style, label or emoji, a custom id missing
    (or on a link), too long, or used twice in the message."""
    if len(components) > MAX_ROWS:
        raise _invalid("components", f"Must be {MAX_ROWS} or fewer in length.")
    seen: set[str] = set()
    for r, row in enumerate(components):
        at = f"components.{r}"
        if row.get("type") != ComponentType.ACTION_ROW:
            raise _invalid(f"{at}.type", "Only action rows may be at the top level.")
        buttons = row.get("components") or []
        if not 1 <= len(buttons) <= MAX_PER_ROW:
            raise _invalid(f"{at}.components", f"Must be between 1 and {MAX_PER_ROW} in length.")
        for b, button in enumerate(buttons):
            _check_button(button, f"{at}.components.{b}", seen)


def _check_button(button: dict[str, Any], at: str, seen: set[str]) -> None:
    if button.get("type") != ComponentType.BUTTON:
        raise _invalid(f"{at}.type", "The stand-in knows buttons only.")
    if button.get("style") not in STYLES:
        raise _invalid(f"{at}.style", "Value must be one of (1, 2, 3, 4, 5).")
    if not (button.get("label") or button.get("emoji")):
        raise _invalid(f"{at}.label", "A button needs a label or an emoji.")
    if len(button.get("label") or "") > MAX_LABEL:
        raise _invalid(f"{at}.label", f"Must be {MAX_LABEL} or fewer in length.")
    custom_id = button.get("custom_id")
    if button["style"] == LINK_STYLE:
        if custom_id is not None or not button.get("url"):
            raise _invalid(f"{at}.url", "A link button has a url and no custom_id.")
        return
    if not custom_id or len(custom_id) > MAX_CUSTOM_ID:
        raise _invalid(f"{at}.custom_id", f"Must be between 1 and {MAX_CUSTOM_ID} in length.")
    if custom_id in seen:
        raise _invalid(f"{at}.custom_id", "Component custom id cannot be duplicated")
    seen.add(custom_id)


def _invalid(field: str, message: str) -> ApiError:
    return invalid_form(field, "COMPONENT_INVALID", message)
