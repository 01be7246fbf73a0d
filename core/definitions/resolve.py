"""Every word's readings, resolved once when the index is built: its own entries (the lexicon's
spelling first), the irregular forms the data lists, then the lemmas the suffix rules propose
(``core.definitions.forms``) that qualify. A lookup then reads one record (``index``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from core.definitions import forms
from core.definitions.model import FormKind, PartOfSpeech, Reading, Sense
from core.lexicon import Lexicon

MAX_SENSES = 6  # a lemma's senses kept in the index (a lookup shows fewer)
MAX_READINGS = 4  # a word's readings: its own entries, then the lemmas it is a form of
ACCENTED_PARTICIPLE = ("é", "ée", "és", "ées")


class Data:
    """A language's senses by lemma and, by folded key, the lemmas it reads as (its own entries,
    then the forms the data lists), in memory for the build."""

    def __init__(
        self,
        fold: Callable[[str], str | None],
        glosses: Iterable[tuple[str, PartOfSpeech, str]],
        form_lines: Iterable[tuple[str, FormKind, str]],
    ) -> None:
        self.senses: dict[str, tuple[Sense, ...]] = {}
        kept: dict[str, list[Sense]] = {}
        for lemma, pos, gloss in glosses:
            senses = kept.setdefault(lemma, [])
            if len(senses) < MAX_SENSES and Sense(pos, gloss) not in senses:
                senses.append(Sense(pos, gloss))
        self.by_key: dict[str, list[tuple[str, FormKind | None]]] = {}
        for lemma, senses in kept.items():
            self.senses[lemma] = tuple(senses)
            key = fold(lemma)
            if key is not None:
                self.by_key.setdefault(key, []).append((lemma, None))
        for lemma, kind, form in form_lines:
            key = fold(form)
            if key is not None and lemma in self.senses:
                found = self.by_key.setdefault(key, [])
                if (lemma, kind) not in found:
                    found.append((lemma, kind))


def resolve_all(data: Data, lexicon: Lexicon, code: str) -> Iterator[tuple[str, list[Reading]]]:
    """Each word of the lexicon with readings, and its readings (MAX_SENSES senses each)."""
    for word in lexicon:
        found = _Readings(data, lexicon, code).of(word)
        if found:
            yield word, found


class _Readings:
    """The readings of one word, each lemma once."""

    def __init__(self, data: Data, lexicon: Lexicon, code: str) -> None:
        self.data, self.lexicon, self.code = data, lexicon, code
        self.found: list[Reading] = []
        self.lemmas: set[str] = set()

    def of(self, key: str) -> list[Reading]:
        listed = self.data.by_key.get(key, [])
        own = [lemma for lemma, kind in listed if kind is None]
        spelled = self.lexicon.spelling(key) if own or self.code == "fr" else key
        own.sort(key=lambda lemma: lemma.lower() != spelled)
        for lemma in own:
            self._add(Reading(lemma, None, self.data.senses[lemma]))
        for lemma, kind in listed:
            if kind is not None:
                self._add(Reading(lemma, kind, self.data.senses[lemma]))
        if own and self.code != "en":  # without parts of speech, a rule would guess too much
            return self.found[:MAX_READINGS]
        for candidate in forms.candidates(self.code, key):
            if len(self.found) >= MAX_READINGS:
                break
            for lemma, senses in self._qualifying(candidate):
                if candidate.unless and self._qualifying(
                    forms.Candidate(candidate.unless, candidate.kind, candidate.pos)
                ):
                    continue
                kind = candidate.kind
                if candidate.accented and spelled.endswith(ACCENTED_PARTICIPLE):
                    kind = candidate.accented
                self._add(Reading(lemma, kind, senses))
        return self.found[:MAX_READINGS]

    def _qualifying(self, candidate: forms.Candidate) -> list[tuple[str, tuple[Sense, ...]]]:
        """The candidate's lemma entries that fit it: a word of the lexicon, of the rule's part
        of speech (its senses of that part only), a German noun or not as the rule says."""
        listed = self.data.by_key.get(candidate.lemma)
        if not listed or candidate.lemma not in self.lexicon:
            return []
        fitting = []
        for lemma, kind in listed:
            if kind is not None:
                continue
            senses = self.data.senses[lemma]
            if candidate.noun is not None and lemma[:1].isupper() != candidate.noun:
                continue
            if candidate.pos is not None:
                senses = tuple(s for s in senses if s.pos == candidate.pos)
            if senses:
                fitting.append((lemma, senses))
        return fitting

    def _add(self, reading: Reading) -> None:
        if reading.lemma not in self.lemmas and reading.senses:
            self.lemmas.add(reading.lemma)
            self.found.append(reading)
