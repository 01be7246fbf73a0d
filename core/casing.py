"""Upper and lower case by a language's rule, where Python's own is wrong for it.

``str.lower()`` and ``str.upper()`` follow Unicode's default mapping, which is wrong for Turkish:
its dotless ``ı`` is the lower case of ``I`` and its dotted ``i`` has the capital ``İ`` ("ışık"
is "IŞIK", "kişi" is "KİŞİ"), while Python lowers ``I`` to ``i`` and ``İ`` to ``i`` plus a
combining dot. Greek writes capitals without the tonos ("λόγος" is "ΛΟΓΟΣ", where Python keeps
"ΛΌΓΟΣ") and ends a word in lower case with ``ς`` (Python does so only for a word it lowers from
``Σ``; a word typed with ``σ`` last stays so). A ``Casing`` names the characters a language cases otherwise and leaves the rest to
Python. Every place a word or a face is lowercased (a guess, a dice file, a typed board) or
capitalised (the board, its picture, a word shown in capitals) goes through its language's
casing. Pure: no imports beyond the standard library, so the board and the dice can use it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType


@dataclass(frozen=True)
class Casing:
    """The characters a language lowercases (``lower_first``) and capitalises (``upper_first``)
    otherwise than Python does; every other character cases as ``str.lower``/``str.upper`` say."""

    lower_first: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    upper_first: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    final: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # last letter

    @cached_property
    def _finals(self) -> re.Pattern[str]:
        letters = "".join(self.final)
        return re.compile(rf"(?<=[^\W\d_])[{letters}](?![^\W\d_])")

    @cached_property
    def _lowering(self) -> dict[int, str]:
        return str.maketrans(dict(self.lower_first))

    @cached_property
    def _raising(self) -> dict[int, str]:
        return str.maketrans(dict(self.upper_first))

    def lower(self, text: str) -> str:
        """``text`` in lower case: the language's own pairs first, then ``str.lower``, then a
        word's last letter in its final form (Greek ``σ`` -> ``ς``; a letter alone keeps its form)."""
        lowered = text.translate(self._lowering).lower() if self.lower_first else text.lower()
        if self.final:
            return self._finals.sub(lambda m: self.final[m.group()], lowered)
        return lowered

    def casefold(self, text: str) -> str:
        """``text`` case folded for comparing (``ß`` -> ``ss``), with the language's own pairs."""
        return text.translate(self._lowering).casefold() if self.lower_first else text.casefold()

    def upper(self, text: str) -> str:
        """``text`` in capitals: the language's own pairs first, then ``str.upper``."""
        return text.translate(self._raising).upper() if self.upper_first else text.upper()

    def capital(self, face: str) -> str:
        """A face as a die shows it: its first letter a capital (``qu`` -> ``Qu``, Turkish
        ``i`` -> ``İ``)."""
        return self.upper(face[:1]) + face[1:]


PLAIN = Casing()
# Turkish: I/ı and İ/i are two pairs of letters (the Turkish Language Association's alphabet).
TURKISH = Casing(MappingProxyType({"I": "ı", "İ": "i"}), MappingProxyType({"i": "İ", "ı": "I"}))
# Greek: capitals without the tonos (the dialytika stays: "ΐ" is "Ϊ"), a word's last σ is ς.
GREEK = Casing(
    upper_first=MappingProxyType(
        dict(zip("άέήίόύώΐΰ", "ΑΕΗΙΟΥΩΪΫ", strict=True))
        | dict(zip("ΆΈΉΊΌΎΏ", "ΑΕΗΙΟΥΩ", strict=True))
    ),
    final=MappingProxyType({"σ": "ς"}),
)
