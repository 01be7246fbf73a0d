"""Hunspell dictionaries (.dic + .aff) expanded to their word forms, and the expansion checked
against the dictionary's own spell check (imported by build_lists.py; needs PyPI ``spylls``, so
it runs in the throwaway build venv only, never in the game).

Hunspell's ``unmunch`` reads only one-letter flags (Danish and Indonesian use numbers and
pairs), so the forms are made here from spylls' reading of the files, as Hunspell's own rules
apply them: the stem (unless its flags say NEEDAFFIX), each suffix and prefix the stem's flags
name whose condition fits, a suffix's own continuation suffixes (two levels, as Hunspell allows),
and a prefix with a suffix where both allow the cross product or the suffix names the prefix. Never kept: stems and forms marked
FORBIDDENWORD (and every form equal to a forbidden word), ONLYINCOMPOUND parts (compounding is
not expanded: the lists hold the compounds the dictionary spells out), forms an affix marks
NEEDAFFIX without a further affix. ``drop_affix`` leaves out affixes a language's list is bounded
without (Italian: verbs with two clitic pronouns).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any


def dictionary(path: Path) -> Any:
    """spylls' reading of ``path`` (.dic and .aff beside it, given without the extension)."""
    from spylls.hunspell import Dictionary  # only in the build venv

    return Dictionary.from_files(str(path))


def _apply_suffix(suffix: Any, word: str) -> str | None:
    if not word.endswith(suffix.strip) or not suffix.cond_regexp.search(word):
        return None
    return word[: len(word) - len(suffix.strip)] + suffix.add


def _apply_prefix(prefix: Any, word: str) -> str | None:
    if not word.startswith(prefix.strip) or not prefix.cond_regexp.search(word):
        return None
    return prefix.add + word[len(prefix.strip) :]


def forms(dic: Any, drop_affix: Callable[[Any], bool] = lambda affix: False) -> Iterator[str]:
    """Every form the dictionary spells out (see the module's docstring); repeats possible."""
    aff = dic.aff
    banned = {aff.FORBIDDENWORD, aff.ONLYINCOMPOUND} - {None}
    need = aff.NEEDAFFIX

    def suffixes(flags: set[str]) -> list[Any]:
        found = (s for f in flags for s in aff.SFX.get(f, ()))
        return [s for s in found if not (banned & s.flags) and not drop_affix(s)]

    def prefixes(flags: set[str]) -> list[Any]:
        found = (p for f in flags for p in aff.PFX.get(f, ()))
        return [p for p in found if not (banned & p.flags) and not drop_affix(p)]

    for word in dic.dic.words:
        flags = set(word.flags)
        if banned & flags:
            continue
        stem = word.stem
        if need not in flags:
            yield stem
        own_prefixes = prefixes(flags)
        for prefix in own_prefixes:
            form = _apply_prefix(prefix, stem)
            if form is not None and need not in prefix.flags:
                yield form
        for suffix in suffixes(flags):
            form = _apply_suffix(suffix, stem)
            if form is None:
                continue
            alone = need not in suffix.flags  # NEEDAFFIX: only with a further affix (a
            # second suffix is one: Danish "-ende" forms)
            made = [(form, suffix, alone)]
            for second in suffixes(set(suffix.flags)):
                again = _apply_suffix(second, form)
                if again is not None:
                    made.append((again, second, need not in second.flags))
            for suffixed, last, valid in made:
                if valid:
                    yield suffixed
                # a prefix with the suffix: the stem's (both allowing the cross product), or
                # one the suffix itself names (Indonesian ber-...-an); each satisfies the
                # other's NEEDAFFIX
                crossed = [p for p in own_prefixes if p.crossproduct and suffix.crossproduct]
                for prefix in crossed + prefixes(set(suffix.flags) | set(last.flags)):
                    both = _apply_prefix(prefix, suffixed)
                    if both is not None:
                        yield both


def forbidden(dic: Any) -> set[str]:
    """The words the dictionary marks FORBIDDENWORD (never kept, whatever made them)."""
    flag = dic.aff.FORBIDDENWORD
    return {w.stem for w in dic.dic.words if flag is not None and flag in w.flags}


def check(
    dic: Any, words: list[str], sample: int = 2000, seed: int = 39
) -> tuple[int, int, list[str]]:
    """How many of ``sample`` words drawn (seeded) from the expansion the dictionary's own spell
    check accepts: (accepted, drawn, the refused ones)."""
    drawn = random.Random(seed).sample(sorted(words), min(sample, len(words)))
    refused = [w for w in drawn if not dic.lookup(w)]
    return len(drawn) - len(refused), len(drawn), refused
