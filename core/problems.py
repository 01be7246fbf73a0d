"""Errors a player or operator can fix, as data: a kind and the values it names.

Core holds no wording for the bot: each front end words a problem itself (the CLI in English
through ``str()``, the bot from its catalogue in the reader's language, by ``kind`` and
``fields``). Each subclass lists its kinds and their English once, in ``ENGLISH``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar


class Problem(ValueError):
    """A ``kind`` (one of the subclass's ``ENGLISH`` keys) and its ``fields``; ``str()`` is the
    English of that kind with the fields filled in."""

    ENGLISH: ClassVar[Mapping[str, str]] = {}

    def __init__(self, kind: str, /, **fields: object) -> None:
        super().__init__(self.ENGLISH[kind].format(**fields))
        self.kind = kind
        self.fields: dict[str, object] = fields
