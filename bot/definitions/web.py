"""Definitions on the page: a word tapped in the results (the round's or the daily's) is asked
for as ``{"type":"define","word","language"}`` and answered by a ``definition`` message, its
readings worded in the word's language as ``/boggle define`` words them, through the same use
case (``DefinitionsService.define``)."""

from __future__ import annotations

from typing import Literal, TypedDict

from bot.definitions.service import DefinitionsService
from bot.definitions.wording import form_text, pos_text
from bot.i18n.catalogue import text
from bot.kernel.refusal import Refusal
from bot.web.messages import Incoming
from bot.web.routes import PageRoutes
from bot.web.session import Session
from core.definitions import Entry, NoDefinition

WORD_LIMIT = 40  # characters of a word asked for: longer than any word a board spells


class SenseJson(TypedDict):
    pos: str  # the part of speech in the word's language, "" when the source gives none
    gloss: str


class ReadingJson(TypedDict):
    lemma: str
    form: str | None  # "plural of goose", in the word's language; None: the word's own entry
    senses: list[SenseJson]


class DefinitionJson(TypedDict):
    """A word tapped in the results, defined (``define``)."""

    type: Literal["definition"]
    word: str  # as asked (the page matches on it)
    shown: str
    language: str
    readings: list[ReadingJson]
    note: str | None  # why there is no reading (valid without a definition, not a word)


def routes(definitions: DefinitionsService) -> PageRoutes:
    page = PageRoutes()

    @page.message("define")
    async def define(session: Session, message: Incoming) -> None:
        found = await definition(definitions, message.get("word", ""), message.get("language"))
        await (session.refused(found) if isinstance(found, Refusal) else session.send(found))

    return page


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
