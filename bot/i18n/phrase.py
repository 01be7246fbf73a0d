"""Wording chosen before its reader is known."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Phrase:
    """Wording chosen where the reader is not known yet (a refusal raised deep in the service),
    written in the reader's language when the message is: a field of ``catalogue.text`` may be
    one."""

    key: str
    fields: Mapping[str, object] = field(default_factory=dict)
