"""What each command of ``python -m core`` imports: what it uses and nothing more, so ``solve``
starts about as fast and as small as its lexicon loads (bench_core's whole-process figures; issue
25: the best-board search and its process pool were imported by every command). Read from a real
process: the modules in ``sys.modules`` as it exits."""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from core.cli import options
from tests.core.brute import REPO
from tests.core.test_cli import WORDS

# ``python -m core ARGS``, which also prints the modules it holds as it exits (on stderr, after a
# marker). atexit, runpy and sys are what ``python -m`` loads anyway: the probe adds no module.
PROBE = """
import atexit, runpy, sys
atexit.register(lambda: sys.stderr.write("\\nMODULES " + " ".join(sorted(sys.modules)) + "\\n"))
runpy.run_module("core", run_name="__main__", alter_sys=True)
"""

# The search for the best board and its process pool: for ``best`` alone.
SEARCH = ("core.best", "core.best_workers", "core.cli.best", "multiprocessing", "concurrent")
# Never in the terminal tool: the test tools and the bot's pictures.
NEVER = ("hypothesis", "PIL", "discord", "bot")
# Reading boards and a word list needs no round (play's) and no rolling (roll's and play's)...
PLAYING = ("core.round", "core.generate", "core.cli.play", "core.cli.boards")
# ... nor the standard library the start was cut from: random (seeds), shutil (argparse's terminal
# width, with zlib, bz2 and lzma), json (--json only).
TRIMMED = ("random", "shutil", "json")
LISTING = (*SEARCH, *PLAYING, *TRIMMED)

COMMANDS = {
    "solve": (("solve", "seat", "--summary"), "seat 8 8\n", "core.cli.solve", LISTING),
    "solve plain": (("solve", "tiet"), "tie\n1 words", "core.solver", LISTING),
    "check": (("check", "tea", "tiea"), "YES", "core.cli.solve", LISTING),
    "roll": (("roll", "--seed", "1", "--min-words", "0", "--min-points", "0"), "", "core.generate",
             (*SEARCH, "core.round", "core.cli.play")),
    "play": (("play", "--seed", "1", "--time", "5"), "", "core.round", SEARCH),
    "best": (("best", "--size", "3", "--iterations", "20", "--workers", "1", "--seed", "1"), "",
             "core.best_workers", ()),
}  # fmt: skip


def modules_of(tmp_path: Path, *argv: str) -> tuple[str, set[str]]:
    """Run ``python -m core argv`` on a small word list; its stdout and the modules it held."""
    words = tmp_path / "small.txt"
    words.write_text("\n".join(WORDS) + "\n")
    word_list = ("--dict", str(words), "--cache-dir", str(tmp_path / "cache"))
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *argv, *word_list],
        input="", capture_output=True, text=True, cwd=REPO, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    marker = done.stderr.rindex("MODULES ")
    return done.stdout, set(done.stderr[marker + len("MODULES ") :].split())


def loaded(modules: set[str], prefix: str) -> bool:
    return any(name == prefix or name.startswith(prefix + ".") for name in modules)


@pytest.mark.parametrize("name", COMMANDS)
def test_a_command_imports_what_it_uses_and_no_more(name: str, tmp_path: Path) -> None:
    argv, output, used, unused = COMMANDS[name]
    out, modules = modules_of(tmp_path, *argv)
    assert out.startswith(output), out
    assert used in modules  # the probe sees the command's own modules
    assert "core.cli.app" in modules
    for prefix in (*unused, *NEVER):
        assert not loaded(modules, prefix), f"{name} imported {prefix}"


@pytest.mark.parametrize("columns", [None, "57", "140", "0", "wide"])
def test_help_is_as_wide_as_shutil_says(
    columns: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The formatter finds the width without shutil, by shutil's rule: the same width."""
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    width = shutil.get_terminal_size().columns
    assert options._columns() == width
    text = options.build_parser().format_help()
    assert max(map(len, text.splitlines())) <= width - 2  # argparse's margin
    assert text == argparse_default_help()


def argparse_default_help() -> str:
    """The parser's help as argparse's own formatter writes it, finding the width with shutil."""
    parser = options.build_parser()
    parser.formatter_class = argparse.HelpFormatter
    return parser.format_help()
