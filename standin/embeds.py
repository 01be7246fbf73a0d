"""Embeds as Discord checks them in a message the bot sends or edits: at most 10, each within
its fields' limits, and 6,000 characters of text across all of them. A refusal is a 50035 naming
the field, as Discord's; text is measured with its leading and trailing whitespace trimmed, as
Discord trims it."""

from __future__ import annotations

from standin.errors import invalid_form, not_a_list, not_a_string, not_an_object, required, too_long

MAX_EMBEDS = 10
MAX_FIELDS = 25
MAX_TOTAL = 6000  # title, description, field names and values, footer text, author name
# The text of an embed that counts, and its own limit: (key, key inside it or "", limit).
TEXTS = (
    ("title", "", 256),
    ("description", "", 4096),
    ("footer", "text", 2048),
    ("author", "name", 256),
)
FIELD_NAME = 256
FIELD_VALUE = 1024


def check_embeds(embeds: object) -> None:
    """Raise Discord's 50035 at the first thing it would refuse in a message's ``embeds``."""
    if embeds is None:
        return
    if not isinstance(embeds, list):
        raise not_a_list("embeds")
    if len(embeds) > MAX_EMBEDS:
        raise too_long("embeds", MAX_EMBEDS)
    total = sum(_check_embed(embed, f"embeds.{i}") for i, embed in enumerate(embeds))
    if total > MAX_TOTAL:
        raise invalid_form(
            "embeds", "MAX_EMBED_SIZE_EXCEEDED", f"Embed size exceeds maximum size of {MAX_TOTAL}"
        )


def _check_embed(embed: object, at: str) -> int:
    """Check one embed; its characters that count towards the message's total."""
    if not isinstance(embed, dict):
        raise not_an_object(at)
    size = 0
    for key, inner, most in TEXTS:
        value = embed.get(key)
        if value is None:
            continue
        if inner:  # footer and author are objects whose text is required
            if not isinstance(value, dict):
                raise not_an_object(f"{at}.{key}")
            size += _text(value.get(inner), f"{at}.{key}.{inner}", most, needed=True)
        else:
            size += _text(value, f"{at}.{key}", most, needed=False)
    fields = embed.get("fields")
    if fields is None:
        return size
    if not isinstance(fields, list):
        raise not_a_list(f"{at}.fields")
    if len(fields) > MAX_FIELDS:
        raise too_long(f"{at}.fields", MAX_FIELDS)
    for j, field in enumerate(fields):
        where = f"{at}.fields.{j}"
        if not isinstance(field, dict):
            raise not_an_object(where)
        size += _text(field.get("name"), f"{where}.name", FIELD_NAME, needed=True)
        size += _text(field.get("value"), f"{where}.value", FIELD_VALUE, needed=True)
    return size


def _text(value: object, field: str, most: int, *, needed: bool) -> int:
    """The length of one text after trimming; refused when too long, or empty but ``needed``."""
    if value is None:
        if needed:
            raise required(field)
        return 0
    if not isinstance(value, str):
        raise not_a_string(field)
    length = len(value.strip())
    if needed and length == 0:
        raise required(field)
    if length > most:
        raise too_long(field, most)
    return length
