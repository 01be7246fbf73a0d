"""How a form and a part of speech read in each language ("past tense of walk", "verb"): the
catalogue keys of ``service``, filled in. Shared by the Discord side and the page."""

from __future__ import annotations

from bot.definitions.service import FORM_KEYS, POS_KEYS
from bot.i18n.catalogue import text
from core.definitions import FormKind, PartOfSpeech


def form_text(kind: FormKind, lemma: str, language: str) -> str:
    return text(FORM_KEYS[kind], language, lemma=lemma)


def pos_text(pos: PartOfSpeech, language: str) -> str:
    """The part of speech's name, "" when the source gives none (Wiktionary)."""
    key = POS_KEYS.get(pos)
    return "" if key is None else text(key, language)
