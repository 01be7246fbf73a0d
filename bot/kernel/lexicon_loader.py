"""A lexicon for the bot: read from the cache, or built by a child process when the cache lacks it.

A build takes several times the memory of the lexicon it makes, and a Python process keeps the
heap it has grown to: built in the bot, it left the bot at 171 MB for good instead of 50. The child
(``python -m core.compile --stdout``) caches the result and hands it over on its stdout, so the bot
holds only the compact arrays, and starts even when the cache cannot be written.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from pathlib import Path

from bot.kernel.children import run_python
from core.languages import DEFAULT_LANGUAGE, language
from core.lexicon import Lexicon, LexiconError, cached, default_cache_dir

log = logging.getLogger(__name__)


async def load_lexicon(
    dictionary: str | os.PathLike[str],
    cache_dir: str | os.PathLike[str] | None = None,
    *,
    lang: str = DEFAULT_LANGUAGE,
    frequencies: str | os.PathLike[str] | None = None,
) -> Lexicon:
    """The lexicon of the word list ``dictionary`` in the letters of ``lang`` (with the Zipf
    values of ``frequencies``, if given): from the cache, else built by a child process."""
    started = time.perf_counter()
    cache = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    lexicon = await cached_lexicon(dictionary, cache, lang=lang, frequencies=frequencies)
    if lexicon is not None:
        return lexicon
    log.info("no compiled lexicon for %s in %s: building it in a child process", dictionary, cache)
    blob = await build_in_child(dictionary, cache, lang, frequencies)
    return _ready(Lexicon.from_bytes(blob), lang, started, "built by a child process")


async def cached_lexicon(
    dictionary: str | os.PathLike[str],
    cache_dir: str | os.PathLike[str] | None = None,
    *,
    lang: str = DEFAULT_LANGUAGE,
    frequencies: str | os.PathLike[str] | None = None,
) -> Lexicon | None:
    """The lexicon as ``load_lexicon`` gives it when the cache holds it (read in a thread:
    milliseconds), else None: it would have to be built first."""
    started = time.perf_counter()
    cache = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    alphabet = language(lang).alphabet
    lexicon = await asyncio.to_thread(
        cached, dictionary, cache, alphabet=alphabet, frequencies=frequencies
    )
    return None if lexicon is None else _ready(lexicon, lang, started, "from the cache")


def _ready(lexicon: Lexicon, lang: str, started: float, origin: str) -> Lexicon:
    if not len(lexicon):
        raise LexiconError("it holds no words (one word a line, in UTF-8)")
    log.info(
        "lexicon ready (%s): %d words in %.0f ms, %s",
        lang,
        len(lexicon),
        1000 * (time.perf_counter() - started),
        origin,
    )
    return lexicon


async def build_in_child(
    dictionary: str | os.PathLike[str],
    cache_dir: Path,
    lang: str = DEFAULT_LANGUAGE,
    frequencies: str | os.PathLike[str] | None = None,
) -> bytes:
    """The compiled lexicon, as ``python -m core.compile`` writes it to the cache and to stdout.

    Raises LexiconError when the child fails; a child still building when the bot is stopped is
    killed, not left behind.
    """
    extra = [] if frequencies is None else ["--freq", os.fspath(frequencies)]
    returncode, blob, errors = await run_python(
        "-m",
        "core.compile",
        "--lang",
        lang,
        "--dict",
        os.fspath(dictionary),
        *extra,
        "--cache-dir",
        os.fspath(cache_dir),
        "--stdout",
        output=True,
    )
    said = errors.decode(errors="replace").strip()
    if returncode != 0:
        raise LexiconError(
            f"building the lexicon of {os.fspath(dictionary)!r} failed "
            f"(exit {returncode}): {said or 'no message'}"
        )
    if said:
        log.warning("lexicon build: %s", said)
    return blob
