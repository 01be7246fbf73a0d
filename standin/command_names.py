"""Discord's rule for the names of chat-input commands and their options (and of their
localisations): 1 to 32 letters, digits, ``-``, ``_`` or ``'`` of any script (Devanagari and
Thai marks included), in lowercase wherever the letter has a lowercase form."""

from __future__ import annotations

import unicodedata

MAX_NAME = 32
_MARKED_SCRIPTS = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x0E00, 0x0E7F))  # Devanagari, Thai


def valid_name(name: object) -> bool:
    """Whether Discord takes ``name`` for a chat-input command or option."""
    return (
        isinstance(name, str)
        and 1 <= len(name) <= MAX_NAME
        and all(_allowed(ch) for ch in name)
        and name == name.lower()
    )


def _allowed(ch: str) -> bool:
    if ch in "-_'" or unicodedata.category(ch)[0] in "LN":
        return True
    return any(low <= ord(ch) <= high for low, high in _MARKED_SCRIPTS)
