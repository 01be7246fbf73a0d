"""A use case's "no": why, as wording each front end writes in its reader's language."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.i18n.catalogue import text
from bot.i18n.phrase import Phrase


@dataclass(frozen=True)
class Refusal:
    """What a use case returns instead of its result when the player may not (no round here,
    too fast, not their round...). ``language``: the one the service knows the answer belongs in
    (the round's, the server's); None where the front end knows best (its reader's)."""

    reason: Phrase
    language: str | None = None

    @classmethod
    def of(cls, key: str, language: str | None = None, /, **fields: Any) -> Refusal:
        return cls(Phrase(key, fields), language)

    @property
    def key(self) -> str:
        return self.reason.key

    def text(self, fallback: str) -> str:
        """The reason written in the refusal's language, else ``fallback`` (the reader's)."""
        return text(self.reason.key, self.language or fallback, **self.reason.fields)
