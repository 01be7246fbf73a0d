"""The definitions' data and index: offensive glosses are not shown (the dictionary's offensive
lists apply to glosses too), and the cached index follows the data's digest."""

from __future__ import annotations

import gzip
import importlib.util
import json
import os
import re
import shutil
from pathlib import Path
from types import ModuleType

import pytest

from core.definitions import Definitions, Entry, FormKind, PartOfSpeech, Reading, Sense
from core.definitions.index import MAGIC
from core.definitions.sources import DEFINITIONS_DIR, SOURCES, gloss_lines
from core.dice import DATA_DIR
from core.languages import language
from core.lexicon import Lexicon


def load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def build() -> ModuleType:
    return load(DEFINITIONS_DIR / "build_definitions.py")


@pytest.fixture(scope="module")
def offensive() -> ModuleType:
    return load(DATA_DIR / "words" / "offensive.py")


def test_offensive_glosses_are_found(build: ModuleType, tmp_path: Path) -> None:
    (tmp_path / "en.json").write_text(json.dumps(["bastard", "wanker", "two words"]))
    senses = {
        "robin": [("noun", "a small bird with a red breast")],
        "gook": [("noun", "(ethnic slur) offensive term for a person of East Asian descent")],
        "git": [("noun", "a wanker, a fool")],  # naughty-words' word, in a gloss
        "prat": [("noun", "someone who shits himself")],  # the supplement's *shit* pattern
        "bastardy": [("noun", "the state of a bastard child")],  # naughty, but kept by "!"
    }
    found = build.offensive_glosses(language("en"), tmp_path, senses)
    assert found == {
        "(ethnic slur) offensive term for a person of East Asian descent",
        "a wanker, a fool",
        "someone who shits himself",
    }


@pytest.mark.parametrize("code", sorted(SOURCES))
def test_shipped_glosses_hold_no_offensive_word(offensive: ModuleType, code: str) -> None:
    """Every gloss against the hand-made supplement of the dictionary (offensive-<code>.txt: its
    words with their forms, and its patterns; naughty-words itself is not in the repository)."""
    lang = language(code)
    banned, patterns, kept = offensive.supplement(lang)
    forms = {form for stem in banned - kept for form in offensive.inflections(code, stem)}
    first_in: dict[str, str] = {}  # each distinct token, and the first entry using it
    for name in SOURCES[code].glosses:
        for lemma, _, gloss in gloss_lines(DEFINITIONS_DIR / name):
            for token in re.findall(r"\w+", gloss):
                first_in.setdefault(token, lemma)
    bad = []
    for token, lemma in first_in.items():  # each checked once
        word = lang.fold(token)
        if (
            word
            and word not in kept
            and (word in forms or any(offensive.matches(p, word) for p in patterns))
        ):
            bad.append((lemma, token))
    assert bad == []


def test_a_word_with_an_ordinary_sense_keeps_only_it(
    lexicons: dict[str, Lexicon], definitions_cache: Path
) -> None:
    definitions = Definitions.open("en", definitions_cache, lexicon=lexicons["en"])
    found = definitions.lookup("chink", senses=6)
    assert isinstance(found, Entry)
    glosses = [s.gloss for r in found.readings for s in r.senses]
    assert "a narrow opening as e.g. between planks in a wall" in glosses
    assert not [g for g in glosses if "slur" in g or "offensive" in g or "Chinese" in g]
    definitions.close()


def write_gz(path: Path, text: str) -> None:
    path.write_bytes(gzip.compress(text.encode()))


@pytest.fixture(scope="module")
def few_words() -> Lexicon:
    """The index holds the lexicon's words: a few make it in milliseconds (English's took 12 s)."""
    return Lexicon.from_words(["the", "walk", "walked", "walks", "goose", "geese", "bird"])


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A small English data folder in the shipped files' format."""
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "en-words.tsv").write_text("# own\nthe\tdeterminer\tthat one\n")
    write_gz(folder / "en-wordnet.tsv.gz", "walk\tverb\tgo on foot\nwalk\tnoun\ta stroll\n"
             "goose\tnoun\ta bird\n")  # fmt: skip
    write_gz(folder / "en-oewn.tsv.gz", "")
    write_gz(folder / "en-webster.tsv.gz", "")
    write_gz(folder / "en-forms.tsv.gz", "goose\tplural\tgeese\n")
    return folder


def test_the_index_is_rebuilt_when_the_data_changes(
    data: Path, tmp_path: Path, few_words: Lexicon
) -> None:
    cache = tmp_path / "cache"
    first = Definitions.open("en", cache, lexicon=few_words, data_dir=data)
    walked = Reading("walk", FormKind.PAST, (Sense(PartOfSpeech.VERB, "go on foot"),))
    assert first.lookup("walked") == Entry("walked", (walked,))
    old_path = first.index_path()
    assert old_path.exists()
    first.close()

    (data / "en-words.tsv").write_text("walk\tverb\tmove by steps\n")
    second = Definitions.open("en", cache, lexicon=few_words, data_dir=data)
    assert second.index_path() != old_path
    walk = second.lookup("walk")
    assert isinstance(walk, Entry)
    assert walk.readings[0].senses[0].gloss == "move by steps"
    assert second.index_path().exists()
    second.close()


def test_a_damaged_index_is_rebuilt(data: Path, tmp_path: Path, few_words: Lexicon) -> None:
    cache = tmp_path / "cache"
    definitions = Definitions.open("en", cache, lexicon=few_words, data_dir=data)
    path = definitions.index_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(MAGIC + b"\0" * 10)
    geese = definitions.lookup("geese")
    assert isinstance(geese, Entry)
    assert [(r.lemma, r.form) for r in geese.readings] == [("goose", FormKind.PLURAL)]
    assert geese.readings[0].senses[0].pos == PartOfSpeech.NOUN
    assert path.read_bytes().startswith(MAGIC) and path.stat().st_size > 100
    definitions.close()


def test_a_read_only_cache_still_answers(data: Path, tmp_path: Path, few_words: Lexicon) -> None:
    cache = tmp_path / "cache"
    cache.write_text("a file where the cache folder should be")
    definitions = Definitions.open("en", cache, lexicon=few_words, data_dir=data)
    assert isinstance(definitions.lookup("walk"), Entry)
    definitions.close()


def test_a_cached_index_is_opened_not_built_and_shared_by_checkouts(
    data: Path, tmp_path: Path, few_words: Lexicon
) -> None:
    """The index is named by the data's contents, not its files' times or place: another
    checkout of the same data (copied elsewhere, new times) opens the same file, unwritten."""
    cache = tmp_path / "cache"
    built = Definitions.open("en", cache, lexicon=few_words, data_dir=data)
    built.build_into_cache()
    path = built.index_path()
    status = path.stat()
    built.close()

    checkout = tmp_path / "checkout"
    shutil.copytree(data, checkout)
    for copy in checkout.iterdir():
        os.utime(copy, ns=(status.st_mtime_ns + 10**9, status.st_mtime_ns + 10**9))
    for folder in (data, checkout):
        opened = Definitions.open("en", cache, lexicon=few_words, data_dir=folder)
        assert opened.index_path() == path and opened.is_cached()
        assert isinstance(opened.lookup("geese"), Entry)
        opened.close()
    after = path.stat()
    assert (after.st_ino, after.st_mtime_ns) == (status.st_ino, status.st_mtime_ns)
    assert [p for p in cache.iterdir() if p.suffix == ".defs"] == [path]

    (checkout / "en-words.tsv").write_text("the\tdeterminer\tthis one\n")
    edited = Definitions.open("en", cache, lexicon=few_words, data_dir=checkout)
    assert edited.index_path() != path and not edited.is_cached()
