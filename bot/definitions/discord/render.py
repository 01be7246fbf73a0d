"""Definitions as Discord shows them: one word at length (``/boggle define``), or many words a
line each (the results' and the daily's Definitions button), in the word's language, within
Discord's 2,000 characters."""

from __future__ import annotations

from collections.abc import Sequence

from bot.definitions.wording import form_text, pos_text
from bot.discord.render.text import CONTENT_LIMIT, escape, fit
from bot.i18n.catalogue import text
from core.definitions import Entry, Lookup, NoDefinition, Reading

GLOSS_CHARS = 160  # a sense's gloss in /boggle define
LINE_GLOSS_CHARS = 110  # a word's first sense on a line of the button's answer
MORE_RESERVE = 60  # room kept for the line counting the words left out


def define_text(found: Lookup, shown: str, language: str) -> str:
    """A word's answer: its readings, each with its senses numbered and short; or that it is a
    valid word with no definition (Spanish: none at all), or no word of the dictionary."""
    word = f"**{escape(shown)}**"
    if isinstance(found, Entry):
        lines = []
        for reading in found.readings:
            lines.append(f"{word} · {_reading_head(reading, language)}")
            for n, sense in enumerate(reading.senses, 1):
                pos = pos_text(sense.pos, language)
                lines.append(f"{n}. {f'*{pos}* ' if pos else ''}{fit(sense.gloss, GLOSS_CHARS)}")
        return fit("\n".join(lines), CONTENT_LIMIT)
    lang = text(f"language_names.{language}", language)
    if isinstance(found, NoDefinition):
        key = "definitions.no_definition" if found.has_source else "definitions.no_source"
        return text(key, language, word=word, lang=lang)
    return text("definitions.not_a_word", language, word=word, lang=lang)


def _reading_head(reading: Reading, language: str) -> str:
    if reading.form is None:
        return f"*{escape(reading.lemma)}*"
    return form_text(reading.form, f"*{escape(reading.lemma)}*", language)


def word_line(found: Lookup, shown: str, language: str) -> str:
    """One word on one line: its first reading's form and first sense, or why none."""
    word = f"**{escape(shown)}**"
    if isinstance(found, Entry) and found.readings:
        reading = found.readings[0]
        form = (
            "" if reading.form is None else f" ({form_text(reading.form, reading.lemma, language)})"
        )
        gloss = fit(reading.senses[0].gloss, LINE_GLOSS_CHARS) if reading.senses else ""
        return f"{word}{form}: {gloss}"
    if isinstance(found, NoDefinition):
        return f"{word}: {text('definitions.line_no_definition', language)}"
    return f"{word}: {text('definitions.line_not_a_word', language)}"


def words_text(
    sections: Sequence[tuple[str, Sequence[str]]], language: str, limit: int = CONTENT_LIMIT
) -> str:
    """Headed sections of lines, cut at a whole line within ``limit`` characters, the words
    left out counted on a last line."""
    total = sum(len(lines) for _, lines in sections)
    out: list[str] = []
    used = shown = 0
    for head, lines in sections:
        for n, line in enumerate(lines):
            add = [f"__{head}__", line] if n == 0 else [line]
            size = sum(len(one) + 1 for one in add)
            if used + size > limit - MORE_RESERVE:
                out.append(text("definitions.more", language, count=total - shown))
                return "\n".join(out)
            out += add
            used += size
            shown += 1
    return "\n".join(out)
