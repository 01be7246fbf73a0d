"""``python -m core.compile``: the build in a process of its own, and the cache it writes."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from core.compile import main
from core.lexicon import Lexicon, cache_file, cached, write_atomically
from tests.core.brute import EN_WORDS

ROOT = Path(__file__).resolve().parents[2]


def compile_in_child(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "core.compile", *args], cwd=ROOT, capture_output=True, timeout=120
    )


def run(*args: str) -> tuple[int, bytes, str]:
    out, err = io.BytesIO(), io.StringIO()
    code = main(list(args), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def dawg_files(folder: Path) -> list[Path]:
    """The cache's files but the sources' stamps (an old list is stamped: core.lexicon.stamp)."""
    files = sorted(folder.iterdir()) if folder.exists() else []
    return [path for path in files if path.suffix != ".stamp"]


@pytest.fixture
def english_part(tmp_path: Path) -> Path:
    """Every eighth word of English's list: a build of a second or so (the whole list took a
    child 6 s)."""
    path = tmp_path / "english-part.txt"
    path.write_text("".join(f"{w}\n" for w in EN_WORDS.read_text().split()[::8]))
    return path


@pytest.fixture
def word_file(tmp_path: Path) -> Path:
    path = tmp_path / "words.txt"
    path.write_text("cat\ndog\nbird\nDOGS\nnaïve\n")
    return path


def test_the_child_writes_what_an_in_process_build_makes(
    tmp_path: Path, english_part: Path
) -> None:
    cache = tmp_path / "cache"
    lexicon = Lexicon.from_file(english_part)
    done = compile_in_child("--dict", str(english_part), "--cache-dir", str(cache), "--stdout")
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    (written,) = dawg_files(cache)
    in_process = lexicon.to_bytes()
    assert written.read_bytes() == in_process
    assert done.stdout == in_process
    assert written == cache_file(lexicon.source_hash, cache)
    assert cached(english_part, cache) is not None


def test_without_stdout_it_says_where(word_file: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    code, out, err = run("--dict", str(word_file), "--cache-dir", str(cache))
    (written,) = dawg_files(cache)
    assert (code, err) == (0, "")
    assert out.decode() == f"4 words, cached in {written}\n"
    assert written.read_bytes() == Lexicon.from_file(word_file).to_bytes()


def test_it_rebuilds_over_a_damaged_cache(word_file: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    target = cache_file(Lexicon.from_file(word_file).source_hash, cache)
    cache.mkdir()
    target.write_bytes(b"BGLDAWG1 torn")
    assert run("--dict", str(word_file), "--cache-dir", str(cache))[0] == 0
    assert list(cached(word_file, cache) or []) == ["bird", "cat", "dog", "dogs"]


def test_a_cache_it_cannot_write(word_file: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    code, out, err = run("--dict", str(word_file), "--cache-dir", str(blocker))
    assert (code, out) == (2, b"")
    assert err.startswith("error: cannot write the lexicon cache") and err.count("\n") == 1
    # For a parent process the lexicon still comes out; the cache is only a warning.
    code, out, err = run("--dict", str(word_file), "--cache-dir", str(blocker), "--stdout")
    assert code == 0
    assert list(Lexicon.from_bytes(out)) == ["bird", "cat", "dog", "dogs"]
    assert err.startswith("warning: cannot write the lexicon cache")


def test_a_word_list_it_cannot_read(tmp_path: Path) -> None:
    code, out, err = run("--dict", str(tmp_path / "missing.txt"), "--cache-dir", str(tmp_path))
    assert (code, out) == (2, b"")
    assert err.startswith("error: cannot read word list") and err.count("\n") == 1
    assert dawg_files(tmp_path) == []


def test_two_builds_at_once_leave_one_whole_file(tmp_path: Path, english_part: Path) -> None:
    cache = tmp_path / "cache"
    command = [sys.executable, "-m", "core.compile", "--dict", str(english_part)]
    children = [
        subprocess.Popen([*command, "--cache-dir", str(cache)], cwd=ROOT, stdout=subprocess.PIPE)
        for _ in range(2)
    ]
    for child in children:
        child.communicate(timeout=120)
        assert child.returncode == 0
    (written,) = dawg_files(cache)  # and no temporary file left behind
    assert written.read_bytes() == Lexicon.from_file(english_part).to_bytes()
    # Nothing else: no temporary file, no second stamp (a list changed within 2 s gets none).
    assert len(list(cache.glob("*.stamp"))) <= 1 and len(list(cache.iterdir())) <= 2


def test_a_failed_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    with pytest.raises(IsADirectoryError):  # a file cannot be renamed over a directory
        write_atomically(tmp_path / "sub", b"new")
    assert [p.name for p in tmp_path.iterdir()] == ["sub"]
    target = tmp_path / "x.dawg"
    target.write_bytes(b"old")
    write_atomically(target, b"new")
    assert target.read_bytes() == b"new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sub", "x.dawg"]


def test_a_list_with_its_spellings_is_cached_where_cached_finds_it(tmp_path: Path) -> None:
    words, spellings, cache = tmp_path / "fr.txt", tmp_path / "fr-spellings.txt", tmp_path / "c"
    words.write_text("ete\nchat\n")
    spellings.write_text("été\n", encoding="utf-8")
    code, blob, err = run(
        "--lang", "fr", "--dict", str(words), "--spellings", str(spellings),
        "--cache-dir", str(cache), "--stdout",
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert Lexicon.from_bytes(blob).spelling("ete") == "été"
    found = cached(words, cache, spellings=spellings)
    assert found is not None and found.spelling("ete") == "été"
    assert cached(words, cache, spellings=words) is None  # other spellings: another lexicon


def test_a_lists_own_spellings_beside_it_are_read_by_the_language(tmp_path: Path) -> None:
    """The bot names only the list (its cache look-up, its child's ``--dict``): the spellings
    beside it come along, so it reads the lexicon ``lexicon_for`` makes."""
    words, cache = tmp_path / "fr.txt", tmp_path / "c"
    words.write_text("ete\nchat\n")
    (tmp_path / "fr-spellings.txt").write_text("été\n", encoding="utf-8")
    code, blob, err = run(
        "--lang", "fr", "--dict", str(words), "--cache-dir", str(cache), "--stdout"
    )
    assert (code, err) == (0, "")
    assert Lexicon.from_bytes(blob).spelling("ete") == "été"
    found = cached(words, cache)
    assert found is not None and found.spelling("ete") == "été"


def test_all_builds_nothing_the_cache_holds(definitions_cache: Path) -> None:
    """``--all`` on a cache that holds every language's lexicon and index (``make cache``): it
    says so and writes nothing, lexicon or index."""
    before = {p: p.stat().st_mtime_ns for p in definitions_cache.iterdir() if p.suffix != ".stamp"}
    done = compile_in_child("--all", "--cache-dir", str(definitions_cache))
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode() == (
        f"the cache holds every lexicon and definitions index: {definitions_cache}\n"
    )
    after = {p: p.stat().st_mtime_ns for p in before if p.exists()}
    assert after == before


def test_all_goes_with_no_word_list(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        run("--all", "--dict", str(EN_WORDS), "--cache-dir", str(tmp_path))
    assert not tmp_path.joinpath(".build.lock").exists()
