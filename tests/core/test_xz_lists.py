"""Word lists kept compressed with xz: read decompressed, digested as their text, refused whole
with the file named when corrupt, and found by the language, the CLI and ``spellings_beside``."""

from __future__ import annotations

import lzma
from pathlib import Path

import pytest

import core.languages
from core import cli
from core.languages import language
from core.lexicon import LexiconError, cached, load
from core.lexicon.sources import read_sources, read_word_file, read_word_text, spellings_beside

TEXT = "chat\nete\nété\nzèbre\n"


def packed(path: Path, text: str = TEXT) -> Path:
    path.write_bytes(lzma.compress(text.encode(), format=lzma.FORMAT_XZ, preset=9))
    return path


def test_an_xz_file_reads_as_the_text_it_holds(tmp_path: Path) -> None:
    path = packed(tmp_path / "fr.txt.xz")
    assert path.read_bytes() != TEXT.encode()
    assert read_word_file(path) == TEXT.encode()
    assert read_word_text(path) == TEXT


def test_a_plain_file_is_read_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "fr.txt"
    path.write_bytes(TEXT.encode())
    assert read_word_file(path) == TEXT.encode()


@pytest.mark.parametrize("damage", ["truncated", "corrupt", "not xz"])
def test_a_damaged_xz_file_is_refused_with_its_name(tmp_path: Path, damage: str) -> None:
    path = packed(tmp_path / "it.txt.xz", "parola\n" * 2000)
    data = path.read_bytes()
    if damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "corrupt":
        middle = len(data) // 2
        path.write_bytes(data[:middle] + bytes([data[middle] ^ 0xFF]) + data[middle + 1 :])
    else:
        path.write_bytes(b"parola\n")
    with pytest.raises(LexiconError, match=r"it\.txt\.xz"):
        read_word_file(path)
    with pytest.raises(LexiconError, match=r"it\.txt\.xz"):
        load(path, tmp_path / "cache")


def test_a_missing_xz_file_is_refused_with_its_name(tmp_path: Path) -> None:
    with pytest.raises(LexiconError, match=r"gone\.txt\.xz"):
        read_word_file(tmp_path / "gone.txt.xz")


def test_the_digest_is_the_same_plain_and_compressed(tmp_path: Path) -> None:
    """Compressing a list keeps the cache's name: the digest is of the decompressed bytes."""
    plain, small = tmp_path / "plain", tmp_path / "xz"
    plain.mkdir()
    small.mkdir()
    (plain / "fr.txt").write_text(TEXT, encoding="utf-8")
    (plain / "fr-zipf.tsv").write_text("chat\t50\n", encoding="utf-8")
    (plain / "fr-spellings.txt").write_text("été\n", encoding="utf-8")
    packed(small / "fr.txt.xz")
    packed(small / "fr-zipf.tsv.xz", "chat\t50\n")
    packed(small / "fr-spellings.txt.xz", "été\n")
    one = read_sources(plain / "fr.txt", "abc", plain / "fr-zipf.tsv", plain / "fr-spellings.txt")
    two = read_sources(
        small / "fr.txt.xz", "abc", small / "fr-zipf.tsv.xz", small / "fr-spellings.txt.xz"
    )
    assert one == two
    cache = tmp_path / "cache"
    fold = language("fr").fold
    built = load(plain / "fr.txt", cache, spellings=plain / "fr-spellings.txt", fold=fold)
    found = cached(small / "fr.txt.xz", cache)  # its spellings beside it, compressed too
    assert found is not None and found.source_hash == built.source_hash
    assert found.spelling("ete") == "été"


def test_spellings_beside_finds_the_compressed_spellings(tmp_path: Path) -> None:
    words = packed(tmp_path / "it.txt.xz")
    assert spellings_beside(words) is None
    spellings = packed(tmp_path / "it-spellings.txt.xz", "città\n")
    assert spellings_beside(words) == spellings
    assert spellings_beside(tmp_path / "it.txt") == spellings  # a plain list, compressed spellings
    plain = tmp_path / "it-spellings.txt"
    plain.write_text("città\n", encoding="utf-8")
    assert spellings_beside(words) == plain  # the plain file first, as the language has it


def test_a_language_reads_its_list_compressed_when_only_that_is_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(core.languages, "WORDS_DIR", tmp_path)
    italian = language("it")
    assert italian.words_file == tmp_path / "it.txt"  # neither: the plain name, for the error
    assert italian.spellings_file is None
    packed(tmp_path / "it.txt.xz", "citta\nparola\n")
    packed(tmp_path / "it-spellings.txt.xz", "città\n")
    packed(tmp_path / "it-zipf.tsv.xz", "parola\t45\n")
    assert italian.words_file == tmp_path / "it.txt.xz"
    assert italian.spellings_file == tmp_path / "it-spellings.txt.xz"
    assert italian.frequency_file == tmp_path / "it-zipf.tsv.xz"
    assert italian.read_words() == "citta\nparola\n"
    (tmp_path / "it.txt").write_text("casa\n", encoding="utf-8")
    assert italian.words_file == tmp_path / "it.txt"  # the plain file wins when both are there
    assert italian.read_words() == "casa\n"


def test_the_cli_solves_with_a_compressed_dict(tmp_path: Path) -> None:
    import io

    words = packed(tmp_path / "small.txt.xz", "quit\nquits\nzit\n")
    out, err = io.StringIO(), io.StringIO()
    args = ["check", "QUIT", "abcd/qitz", "--dict", str(words), "--cache-dir", str(tmp_path)]
    code = cli.main(args, stdin=io.StringIO(""), stdout=out, stderr=err)
    assert (code, err.getvalue()) == (0, "")
    assert out.getvalue().splitlines()[-1] == "in the dictionary (small.txt.xz)"


def test_build_lists_writes_a_later_languages_files_compressed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.core.test_everyday import build_lists

    module = build_lists()
    monkeypatch.setattr(module, "HERE", tmp_path)
    assert module.list_path("fr", "fr.txt") == tmp_path / "fr.txt"  # shipped before: plain
    target = module.list_path("it", "it-zipf.tsv")
    assert target == tmp_path / "it-zipf.tsv.xz"
    assert module.write_lines(target, ["casa\t52", "città\t55"]) == 2
    assert read_word_text(target) == "casa\t52\ncittà\t55\n"
    assert target.read_bytes().startswith(b"\xfd7zXZ\x00")
