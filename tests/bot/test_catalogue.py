"""The message catalogue: every key the code asks for exists, with the fields the code fills."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from bot.catalogue import catalogue, count, text
from bot.publisher import Ending
from bot.render.picture import BOARD_FILE, PATH_FILE
from bot.render.text import MISSED_FILE
from core.round import Mode, Verdict

BOT = Path(__file__).resolve().parents[2] / "bot"
SECTIONS = sorted({key.split(".")[0] for key in catalogue()})
LITERAL_KEY = re.compile(rf"""["']((?:{"|".join(SECTIONS)})\.[a-z_]+)["']""")
# Attachments' names: literals of the keys' form ("board.png") that are no keys.
FILE_NAMES = {BOARD_FILE, PATH_FILE, MISSED_FILE}
PLURAL_UNIT = re.compile(r"""\bplural\([^()]*(?:\([^()]*\))?[^()]*,\s*["']([a-z_]+)["']\)""")


def keys_asked_for() -> set[str]:
    keys: set[str] = set()
    for path in BOT.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        keys |= set(LITERAL_KEY.findall(source)) - FILE_NAMES
        keys |= {f"units.{unit}" for unit in PLURAL_UNIT.findall(source)}
    keys |= {f"modes.{m.value}" for m in Mode}
    keys |= {f"reasons.{v.value}" for v in Verdict if v is not Verdict.ACCEPTED}
    keys |= {f"verdicts.{v.value}" for v in Verdict}
    keys |= {f"board.{e.value}" for e in Ending}
    return keys


def test_every_key_the_code_asks_for_exists_and_none_is_dead() -> None:
    asked = keys_asked_for()
    known = set(catalogue())
    assert asked - known == set()
    assert known - asked == set(), "entries nothing uses"


def test_plural_forms() -> None:
    assert count(1, "units.word") == "1 word"
    assert count(2, "units.word") == "2 words"
    assert count(0, "units.pt") == "0 pts"
    with pytest.raises(KeyError):
        text("units.word")


def test_every_entry_names_only_fields_it_is_given() -> None:
    """A typo in a field name is a KeyError at the first use; each entry's fields are plain names."""
    for key, entry in catalogue().items():
        forms = entry.values() if isinstance(entry, dict) else [entry]
        for form in forms:
            fields = [f for _, f, _, _ in string.Formatter().parse(form) if f is not None]
            assert all(re.fullmatch(r"[a-z_]+", f) for f in fields), (key, fields)
