"""The Hungarian source (imported by nordic.py): Debian ``hunspell-hu``'s forms, bounded by what
each suffix means (its morphological description in the affix file), since the whole expansion
runs to tens of millions of forms. See README.md.

Each suffix line of hu_HU.aff ends with the number of its description (``AM`` lines: ``is:PLUR
is:INE`` for "-okban", ``is:POSS_SG_1 is:POSSESSEE is:DAT`` for "-oménak"). spylls keeps the
suffixes of a flag in the file's order but not their descriptions, so ``descriptions`` reads them
beside spylls, and ``dropped`` keeps the forms of one ending: the plural ("házak") and its
accusative ("házakat"), each case ("házban", "házért"), each possessive ("házam"), each person
and tense of a verb ("látott", "látnánk"), a comparative, a derivation ("szépség"); not the
chains ("házakban", "házamban", "szépségben"), nor the possessee -é, the family -ék and the
-nék wish forms.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

# The description tags that drop a suffix wherever they are: the possessee -é ("házamé"), the
# family -ék ("Kovácsék"), the -nék of "I'd like" nouns.
DROPPED_TAGS = ("POSSESSEE", "FAMILIAR", "WISH")


def descriptions(aff: Path) -> dict[str, list[str]]:
    """Each suffix flag's descriptions, in the order of its lines (as spylls lists them)."""
    lines = aff.read_bytes().decode("utf-8", "surrogateescape").splitlines()
    aliases = [line[3:].split("#", 1)[0].strip() for line in lines if line.startswith("AM ")][1:]
    found: dict[str, list[str]] = {}
    for line in lines:
        parts = line.split()
        if parts[:1] != ["SFX"] or len(parts) < 5:
            continue  # not a suffix, or the header "SFX flag Y count"
        tail = parts[5:]
        number = tail[0] if tail else ""
        found.setdefault(parts[1], []).append(
            aliases[int(number) - 1] if number.isdigit() else " ".join(tail)
        )
    return found


@functools.cache
def dropped(description: str) -> bool:
    """Whether a suffix (or two, their descriptions joined) of this description is left out:
    it adds more than one ending (the plural's accusative counts as one: "házakat"), or one of
    ``DROPPED_TAGS``."""
    tags = [tag for tag in description.split() if tag[3:] not in ("NOM", "")]
    if any(banned in tag for tag in tags for banned in DROPPED_TAGS):
        return True
    endings = {tag[3:] for tag in tags}
    return len(endings) > 1 and endings != {"PLUR", "ACC"}


def suffix_filter(dic: Any, aff: Path) -> Callable[..., bool]:
    """Whether ``forms`` leaves out a suffix of the dictionary read from ``aff``: ``drop(suffix)``
    alone, ``drop(second, first)`` a continuation judged with the suffix before it."""
    described = descriptions(aff)
    by_suffix: dict[int, str] = {}
    for flag, suffixes in dic.aff.SFX.items():
        texts = described.get(flag, [])
        if len(texts) != len(suffixes):
            raise ValueError(f"flag {flag!r}: {len(suffixes)} suffixes, {len(texts)} described")
        by_suffix |= {id(s): text for s, text in zip(suffixes, texts, strict=True)}

    def drop(affix: Any, before: Any = None) -> bool:
        text = by_suffix.get(id(affix), "")
        if before is not None:
            text = by_suffix.get(id(before), "") + " " + text
        return dropped(text)

    return drop


def forms(dic: Any, aff: Path, kept: Callable[[str], bool]) -> Iterator[str]:
    """The forms ``hunspell.forms`` would make with ``suffix_filter``'s suffixes, and each prefix
    on the bare stem only (a preverb with every conjugation would multiply the verbs by 65), of
    the stems written in lowercase (a capital's forms are a name's), that ``kept`` keeps (the
    length bound: the expansion would not fit in memory). Suffixes of a flag sharing a strip and
    a condition are tested once: hu_HU.aff gives a flag up to 3,116 of them."""
    drop = suffix_filter(dic, aff)
    aff_ = dic.aff
    banned = {aff_.FORBIDDENWORD, aff_.ONLYINCOMPOUND} - {None}
    need = aff_.NEEDAFFIX

    @functools.cache
    def groups(flag: str) -> list[tuple[str, Any, list[Any]]]:
        grouped: dict[tuple[str, str], tuple[str, Any, list[Any]]] = {}
        for suffix in aff_.SFX.get(flag, ()):
            if banned & suffix.flags or drop(suffix):
                continue
            key = (suffix.strip, suffix.cond_regexp.pattern)
            grouped.setdefault(key, (suffix.strip, suffix.cond_regexp, []))[2].append(suffix)
        return list(grouped.values())

    def suffixed(word: str, flags: Iterable[str]) -> Iterator[tuple[str, Any]]:
        for flag in flags:
            for strip, condition, suffixes in groups(flag):
                if word.endswith(strip) and condition.search(word):
                    base = word[: len(word) - len(strip)]
                    for suffix in suffixes:
                        yield base + suffix.add, suffix

    for entry in dic.dic.words:
        flags = set(entry.flags)
        if banned & flags:
            continue
        stem = entry.stem
        if stem != stem.lower():
            continue
        if need not in flags and kept(stem):
            yield stem
        for prefix in (p for flag in flags for p in aff_.PFX.get(flag, ())):
            fits = stem.startswith(prefix.strip) and prefix.cond_regexp.search(stem)
            if fits and not (banned & prefix.flags or need in prefix.flags):
                form = prefix.add + stem[len(prefix.strip) :]
                if kept(form):
                    yield form
        for form, suffix in suffixed(stem, flags):
            if need not in suffix.flags and kept(form):
                yield form
            for again, second in suffixed(form, suffix.flags):
                if need not in second.flags and kept(again) and not drop(second, suffix):
                    yield again
