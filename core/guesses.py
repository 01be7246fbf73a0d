"""Reading guesses out of chat messages.

A message may hold several words (``cat dog, rat``). Text is normalised first: Unicode NFKC (full-width
and styled letters become plain ones), case folded, zero-width and soft-hyphen characters removed, and
punctuation around a word stripped. Obvious chatter (a link, a mention, an emoji code, a question, a
sentence with apostrophes) is ignored as a whole rather than judged word by word.
"""

from __future__ import annotations

import re
import unicodedata

MAX_WORD_LENGTH = 40
MAX_WORDS_PER_MESSAGE = 60

_INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u2060\ufeff\u180e"), None)
_CHATTER = re.compile(
    r"https?://|www\.|<[@#:]|<a:|@everyone|@here|```|\?"  # links, mentions, emoji, code, questions
    r"|\w['’]\w",  # apostrophes inside words: "that's", "don't"
    re.IGNORECASE,
)
_COMMAND_PREFIX = ("!", "/", "$", ">", "%", ";;")
_SEPARATORS = re.compile(r"[\s,;/|+&]+")
_EDGE_PUNCTUATION = "\"'`’‘“”.,!:;()[]{}*_~-<>"


def normalise(text: str) -> str:
    """NFKC, case folded, invisible characters gone."""
    return unicodedata.normalize("NFKC", text).translate(_INVISIBLE).casefold()


def is_chatter(text: str) -> bool:
    """True for messages that are talk, not guesses; they are ignored rather than judged."""
    stripped = text.strip()
    if not stripped or stripped.startswith(_COMMAND_PREFIX):
        return True
    if _CHATTER.search(stripped):
        return True
    tokens = stripped.split()
    # A sentence: three or more words ending like one.
    return len(tokens) >= 3 and stripped[-1] in ".!"


def words_in(message: str) -> list[str]:
    """The guesses in a message, in order, at most MAX_WORDS_PER_MESSAGE of them.

    Tokens that are not all letters a-z once trimmed (numbers, emoji, ``x2``) are skipped, as is a
    token longer than any board could spell.
    """
    text = normalise(message)
    if is_chatter(text):
        return []
    words = []
    for token in _SEPARATORS.split(text):
        word = token.strip(_EDGE_PUNCTUATION)
        if word and len(word) <= MAX_WORD_LENGTH and word.isascii() and word.isalpha():
            words.append(word)
            if len(words) == MAX_WORDS_PER_MESSAGE:
                break
    return words
