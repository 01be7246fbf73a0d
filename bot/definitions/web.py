"""Definitions on the page: a word tapped in the results (the round's or the daily's) is asked
for as ``{"type":"define","word","language"}`` and answered by a ``definition`` message, its
readings worded in the word's language as ``/boggle define`` words them, through the same use
case (``DefinitionsService.define``)."""

from __future__ import annotations

from bot.definitions.service import DefinitionsService
from bot.definitions.wording import form_text, pos_text
from bot.i18n.catalogue import text
from bot.kernel.refusal import Refusal
from bot.web.messages import DefinitionJson, ReadingJson
from core.definitions import Entry, NoDefinition

WORD_LIMIT = 40  # characters of a word asked for: longer than any word a board spells


async def definition(
    definitions: DefinitionsService, word: object, language: object
) -> DefinitionJson | Refusal:
    """The page's answer for ``word`` in ``language`` (both as the page sent them)."""
    asked, code = str(word)[:WORD_LIMIT], str(language)
    found = await definitions.define(asked, code)
    if isinstance(found, Refusal):
        return found
    shown = definitions.shown(found, code, asked)
    readings: list[ReadingJson] = []
    note: str | None = None
    if isinstance(found, Entry):
        readings = [
            {
                "lemma": r.lemma,
                "form": None if r.form is None else form_text(r.form, r.lemma, code),
                "senses": [{"pos": pos_text(s.pos, code), "gloss": s.gloss} for s in r.senses],
            }
            for r in found.readings
        ]
    elif isinstance(found, NoDefinition) and not found.has_source:
        lang = text(f"language_names.{code}", code)
        note = text("definitions.no_source", code, word=shown, lang=lang)
    elif isinstance(found, NoDefinition):
        note = text("definitions.line_no_definition", code)
    else:
        note = text("definitions.line_not_a_word", code)
    return {
        "type": "definition",
        "word": asked,
        "shown": shown,
        "language": code,
        "readings": readings,
        "note": note,
    }
