"""Each language's word list as data/words holds it, read once a process and only when a test
asks for that language (reading all 23 took a worker 20 s)."""

from __future__ import annotations

import functools

from core.languages import language


@functools.cache
def word_list(code: str) -> tuple[str, ...]:
    return tuple(language(code).read_words().split())


@functools.cache
def word_set(code: str) -> frozenset[str]:
    return frozenset(word_list(code))
