"""Reading guesses out of chat messages.

Text is NFKC-normalised, case folded (by the language's casing: Turkish ``I`` is ``ı``), stripped
of zero-width characters and surrounding punctuation. Obvious chatter (a link, a mention, a question, a sentence) is ignored whole.
"""

from __future__ import annotations

import re
import unicodedata

from core.casing import PLAIN, Casing
from core.languages import DEFAULT_LANGUAGE, Language, language

MAX_WORD_LENGTH = 40
MAX_WORDS_PER_MESSAGE = 60
# NFKC can turn one character into eighteen (U+FDFA): normalising stops after this much output,
# so a hostile message costs about what a long ordinary one does.
NORMALISED_BUDGET = 4000

_INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u2060\ufeff\u180e"), None)
_CHATTER = re.compile(
    r"https?://|www\.|<[@#:]|<a:|@everyone|@here|```|[?？]",  # links, mentions, emoji, code, questions
    re.IGNORECASE,
)
# Apostrophes inside words: "that's", "don't" are talk, but Ukrainian spells words with one
# ("м'ясо"): a language whose folding drops the apostrophe reads them as guesses.
_APOSTROPHE = re.compile(r"\w['’]\w")
_COMMAND_PREFIX = ("!", "/", "$", ">", "%", ";;")
_SEPARATORS = re.compile(r"[\s,;/|+&]+")
_EDGE_PUNCTUATION = "\"'`’‘“”.,!:;()[]{}*_~-<>"


def normalise(text: str, casing: Casing = PLAIN) -> str:
    """NFKC, case folded by ``casing`` (a language's: Turkish "KIŞ" is "kış"), invisible
    characters gone."""
    return casing.casefold(unicodedata.normalize("NFKC", text).translate(_INVISIBLE))


def is_chatter(text: str, apostrophes: bool = False) -> bool:
    """True for messages that are talk, not guesses; they are ignored rather than judged.
    ``apostrophes``: the language spells words with an apostrophe inside."""
    stripped = text.strip()
    if not stripped or stripped.startswith(_COMMAND_PREFIX):
        return True
    if _CHATTER.search(stripped) or (not apostrophes and _APOSTROPHE.search(stripped)):
        return True
    tokens = stripped.split()
    # A sentence: three or more words ending like one.
    return len(tokens) >= 3 and stripped[-1] in ".!"


def words_typed(message: str, lang: Language | None = None) -> list[tuple[str, str]]:
    """The guesses in a message, in order, at most MAX_WORDS_PER_MESSAGE of them, each folded to
    the letters of ``lang`` (default English: "Café" is "cafe", German "grün" is "gruen") and as
    typed (normalised and trimmed, for showing it in the player's own spelling).

    Tokens that are not all letters of the language once normalised, trimmed and folded (numbers,
    emoji, ``x2``, another script) are skipped, as is a token longer than any board could spell.
    Each token is normalised on its own, within NORMALISED_BUDGET characters in all.
    """
    chosen = lang or language(DEFAULT_LANGUAGE)
    fold = chosen.fold
    if is_chatter(message.casefold(), "'" in chosen.spelled_out):
        return []
    words: list[tuple[str, str]] = []
    budget = NORMALISED_BUDGET
    for raw in _SEPARATORS.split(message):
        if not raw or len(raw) > 2 * MAX_WORD_LENGTH:
            continue
        token = normalise(raw, chosen.casing)
        budget -= len(token)
        if budget < 0:
            break
        for piece in _SEPARATORS.split(token):  # NFKC may make separators (full-width commas)
            typed = piece.strip(_EDGE_PUNCTUATION)
            word = fold(typed)
            if word and len(word) <= MAX_WORD_LENGTH:
                words.append((word, typed))
                if len(words) == MAX_WORDS_PER_MESSAGE:
                    return words
    return words


def words_in(message: str, lang: Language | None = None) -> list[str]:
    """The guesses in a message, folded (``words_typed`` without the typed spellings)."""
    return [word for word, _ in words_typed(message, lang)]
