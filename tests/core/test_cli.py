"""The command line, in process (core.cli.main with captured streams) and once as a real process."""

from __future__ import annotations

import io
import itertools
import json
import os
import random
import re
import shlex
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TextIO

import pytest

from core import cli
from core.board import Board
from core.commonness import missed_order
from core.dice import dice_set
from core.languages import lexicon_for
from core.lexicon import Lexicon, load
from core.scoring import total_score
from core.solver import path_spells, solve
from tests.core.brute import EN_WORDS, REPO

WORD_TEXT = """
tea eat ate tee seat east eats teas sate rate tear rest stare tears rates aster quit quite suit
site tie ties stir sir its tis rise sire tire tires trees steer reset terse ester reseat eaters
teaser at
"""
WORDS = WORD_TEXT.split()


@pytest.fixture
def small_dict(tmp_path: Path) -> Path:
    path = tmp_path / "small.txt"
    path.write_text("\n".join(WORDS) + "\n")
    return path


@pytest.fixture(scope="session")
def en_cache(lexicon_cache: Path) -> Path:
    """The machine's cache (``make`` fills it), which the CLI reads as the bot does: building
    English into a cache of the tests' own cost two builds of 6 s a worker."""
    return lexicon_cache


class Run:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err


def run(
    *argv: str | Path, stdin: str | TextIO = "", clock: Callable[[], float] | None = None
) -> Run:
    out, err = io.StringIO(), io.StringIO()
    source = io.StringIO(stdin) if isinstance(stdin, str) else stdin
    args = [str(a) for a in argv]
    if clock is None:
        code = cli.main(args, stdin=source, stdout=out, stderr=err)
    else:
        code = cli.main(args, stdin=source, stdout=out, stderr=err, clock=clock)
    return Run(code, out.getvalue(), err.getvalue())


def assert_one_line_error(result: Run, *fragments: str) -> None:
    assert result.code == 2
    assert result.out == ""
    lines = result.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.err
    for fragment in fragments:
        assert fragment in lines[0]


# --- solve ----------------------------------------------------------------------------------


def test_solve_plain_lists_longest_first_then_count(small_dict: Path, tmp_path: Path) -> None:
    result = run("solve", "seat/reti/tsar/eqse", "--dict", small_dict, "--cache-dir", tmp_path)
    assert result.code == 0 and result.err == ""
    lines = result.out.splitlines()
    words = lines[:-1]
    lexicon = Lexicon.from_words(WORDS)
    found = solve(Board.parse("seat/reti/tsar/eqse"), lexicon, 3)
    assert words == sorted(found, key=lambda w: (-len(w), w))
    assert lines[-1] == f"{len(found)} words, {total_score(found, 3)} points"
    assert "at" not in words  # below the 4x4 minimum of 3 letters


def test_solve_min_length_and_default_by_size(small_dict: Path, tmp_path: Path) -> None:
    common: list[str | Path] = ["--dict", small_dict, "--cache-dir", tmp_path, "--summary"]
    four = run("solve", "seatr/retit/tsars/eqset/aster", *common).out.split()
    three = run("solve", "seatr/retit/tsars/eqset/aster", "--min-length", "3", *common).out.split()
    assert int(three[1]) > int(four[1]) > 0  # 5x5 defaults to 4 letters


def test_summary_for_many_boards_from_stdin(en_cache: Path) -> None:
    rng = random.Random(9)
    dice = dice_set("4x4-new")
    boards = [dice.roll(rng) for _ in range(100)]
    text = "# a comment\n\n" + "\n".join(b.text() for b in boards) + "\n"
    result = run("solve", "-", "--summary", "--cache-dir", en_cache, stdin=text)
    assert result.code == 0, result.err
    lexicon = load(EN_WORDS, en_cache)
    lines = result.out.splitlines()
    assert len(lines) == len(boards)
    for board, line in zip(boards, lines, strict=True):
        found = solve(board, lexicon, 3)
        assert line == f"{board.compact()} {len(found)} {total_score(found, 3)}"


def test_json_shape_and_paths_spell_words(en_cache: Path) -> None:
    result = run("solve", "perslatgsineters", "ab/cd", "--json", "--cache-dir", en_cache)
    assert result.code == 0
    records = [json.loads(line) for line in result.out.splitlines()]
    assert len(records) == 2
    first = records[0]
    assert set(first) == {"board", "rows", "cols", "min_length", "count", "score", "words"}
    assert (first["board"], first["rows"], first["cols"]) == ("pers/latg/sine/ters", 4, 4)
    assert first["min_length"] == 3
    assert first["count"] == len(first["words"])
    assert first["score"] == sum(w["score"] for w in first["words"])
    board = Board.parse(first["board"])
    for entry in first["words"]:
        assert set(entry) == {"word", "score", "path"}
        cells = [r * board.cols + c for r, c in entry["path"]]
        assert path_spells(board, cells) == entry["word"]
    lengths = [len(w["word"]) for w in first["words"]]
    assert lengths == sorted(lengths, reverse=True)
    assert records[1]["board"] == "ab/cd"


def test_several_boards_plain_have_headers(small_dict: Path, tmp_path: Path) -> None:
    result = run("solve", "seat", "tiet", "--dict", small_dict, "--cache-dir", tmp_path)
    assert result.out.startswith("board seat\n")
    assert "\n\nboard tiet\n" in result.out


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["solve", "abc/de"], ["row 2 has 2 cells, row 1 has 3"]),
        (["solve", "abcde"], ["5 cells do not make a square"]),
        (["solve", "ab1d"], ["unknown character"]),
        (["solve", "abcd", "--min-length", "zero"], ["not a whole number"]),
        (["solve", "abcd", "--min-length", "0"], ["1 or more"]),
        (["solve", "abcd", "--json", "--summary"], ["not allowed with"]),
        (["solve", "abcd", "--dict", "/nonexistent/words.txt"], ["cannot read word list"]),
        (["check", "t!e", "abcd"], ["letters a-z"]),
        (["roll", "--dice", "7x7-nope"], ["unknown dice set", "4x4-new"]),
        (["roll", "--size", "7"], ["no dice for a 7x7 board"]),
        (["roll", "--size", "5", "--dice", "4x4-new"], ["is for 4x4, not 5"]),
        (["roll", "--seed", "1.5"], ["not a whole number"]),
        (["best", "--seconds", "soon"], ["not a number of seconds"]),
        (["best", "--seconds", "-1"], ["0 or more"]),
        (["best", "--size", "4y"], ["not a whole number"]),
        (["play", "--mode", "chaos"], ["invalid choice"]),
        (["play", "--min-length", "17"], ["min_length must be between 1 and 16"]),
        (["bogus"], ["invalid choice"]),
        ([], ["choose a command"]),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], fragments: list[str], tmp_path: Path, small_dict: Path
) -> None:
    if argv and argv[0] in {"solve", "check", "roll", "best", "play"} and "--dict" not in argv:
        argv = [*argv, "--dict", str(small_dict), "--cache-dir", str(tmp_path)]
    assert_one_line_error(run(*argv), *fragments)


def test_bad_board_on_stdin_names_the_line(small_dict: Path, tmp_path: Path) -> None:
    result = run(
        "solve", "-", "--summary", "--dict", small_dict, "--cache-dir", tmp_path,
        stdin="seat\ntiet\nab/c\n",
    )  # fmt: skip
    assert result.code == 2
    assert result.out.splitlines() == ["seat 8 8", "tiet 1 1"]
    assert result.err == "error: stdin line 3: ragged rows: row 2 has 1 cells, row 1 has 2\n"


def test_help_exits_0() -> None:
    result = run("--help")
    assert result.code == 0
    for command in ("solve", "check", "roll", "best", "play"):
        assert command in result.out


# --- check ----------------------------------------------------------------------------------


def test_check_yes_prints_path_and_letters(small_dict: Path, tmp_path: Path) -> None:
    result = run("check", "QUIT", "abcd/qitz", "--dict", small_dict, "--cache-dir", tmp_path)
    assert result.code == 0
    assert result.out.splitlines() == [
        "YES (1,0) (1,1) (1,2) Qu I T",
        "in the dictionary (small.txt)",
    ]


def test_check_no_exits_1(small_dict: Path, tmp_path: Path) -> None:
    result = run("check", "tab", "abcd/qitz", "--dict", small_dict, "--cache-dir", tmp_path)
    assert result.code == 1
    assert result.out.splitlines() == ["NO", "not in the dictionary (small.txt)"]


def test_check_on_board_but_not_a_word(small_dict: Path, tmp_path: Path) -> None:
    result = run("check", "abc", "abcd/qitz", "--dict", small_dict, "--cache-dir", tmp_path)
    assert result.code == 0
    assert result.out.splitlines()[1] == "not in the dictionary (small.txt)"


def test_check_says_no_below_the_minimum_length(small_dict: Path, tmp_path: Path) -> None:
    common: list[str | Path] = ["--dict", small_dict, "--cache-dir", tmp_path]
    result = run("check", "at", "atcd/qitz/efgh/ijkl", *common)
    assert result.code == 1
    assert result.out.splitlines() == [
        "NO (too short: the minimum on this board is 3 letters)",
        "in the dictionary (small.txt)",
    ]
    big = run("check", "tea", "tea../...../...../...../.....", *common)
    assert big.code == 1
    assert big.out.startswith("NO (too short: the minimum on this board is 4 letters)\n")
    lowered = run("check", "at", "atcd/qitz/efgh/ijkl", "--min-length", "2", *common)
    assert lowered.code == 0
    assert lowered.out.startswith("YES (0,0) (0,1) A T\n")


# --- roll and best --------------------------------------------------------------------------


def test_roll_reproducible_by_seed_and_floor(en_cache: Path) -> None:
    first = run("roll", "--seed", "17", "--cache-dir", en_cache)
    second = run("roll", "--seed", "17", "--cache-dir", en_cache)
    assert first.code == 0 and first.out == second.out
    grid, compact, summary = first.out.splitlines()[:4], *first.out.splitlines()[4:]
    board = Board.parse(compact)
    assert board.grid().splitlines() == grid
    count = int(summary.split()[0])
    assert count >= 50 and "seed 17" in summary and "dice 4x4-new" in summary


def test_roll_min_words_and_dice(en_cache: Path) -> None:
    result = run(
        "roll", "--dice", "5x5-original", "--seed", "2", "--min-words", "350",
        "--cache-dir", en_cache,
    )  # fmt: skip
    assert result.code == 0
    lines = result.out.splitlines()
    assert len(lines) == 7
    assert int(lines[-1].split()[0]) >= 350 and "min length 4" in lines[-1]


def test_roll_below_the_floor_says_so(en_cache: Path) -> None:
    result = run("roll", "--seed", "1", "--min-words", "500", "--cache-dir", en_cache)
    assert result.code == 1
    grid, (compact, summary) = result.out.splitlines()[:4], result.out.splitlines()[4:]
    assert Board.parse(compact).grid().splitlines() == grid
    assert int(summary.split()[0]) < 500
    lines = result.err.splitlines()
    assert len(lines) == 1, result.err
    assert lines[0].startswith("warning: none of 40 rolls reached the floor of 500 words")


def best_lines(*argv: str | Path) -> list[str]:
    """``best``'s output without the line that says when (in real seconds) the board was found."""
    result = run("best", *argv)
    assert result.code == 0, result.err
    return [line for line in result.out.splitlines() if not line.startswith("found after")]


def test_best_is_reproducible_with_iterations(small_dict: Path, tmp_path: Path) -> None:
    argv = ["--size", "3", "--seed", "4", "--iterations", "300", "--seconds", "1000"]
    argv += ["--dict", str(small_dict), "--cache-dir", str(tmp_path)]
    for workers in ("1", "2"):
        first = best_lines(*argv, "--workers", workers)
        assert first == best_lines(*argv, "--workers", workers)
        compact, summary = first[3:5]
        board = Board.parse(compact)
        found = solve(board, Lexicon.from_words(WORDS), 3)
        assert summary.startswith(f"{len(found)} words, {total_score(found, 3)} points (seed 4")
        assert first[-1].split() == sorted(found, key=lambda w: (-len(w), w))


def test_best_takes_rectangles(small_dict: Path, tmp_path: Path) -> None:
    argv = ["--seed", "2", "--iterations", "200", "--workers", "1", "--dict", str(small_dict)]
    argv += ["--cache-dir", str(tmp_path)]
    wide = best_lines("--size", "2x5", *argv)
    assert Board.parse(wide[2]).rows == 2 and Board.parse(wide[2]).cols == 5
    assert any(line.startswith("against perslatgsineters") for line in best_lines(*argv))
    too_big = run("best", "--size", "6x7", *argv)
    assert too_big.code == 2 and "up to 36 cells" in too_big.err
    assert run("best", "--size", "4x5x6", *argv).code == 2


# --- play -----------------------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def timed_lines(clock: Clock, lines: list[tuple[float, str]]) -> Iterator[str]:
    """Stdin whose lines arrive at given seconds after the start."""
    start = clock.now
    for at, line in lines:
        clock.now = start + at
        yield line + "\n"


class TimedLines(io.StringIO):
    """Stdin as ``play`` reads it (not a terminal), each line arriving at its time."""

    def __init__(self, clock: Clock, lines: list[tuple[float, str]]) -> None:
        super().__init__()
        self._lines = timed_lines(clock, lines)

    # Iterating calls it too. The ignore as in typeshed's own StringIO: _IOBase types it for bytes.
    def readline(self, size: int = -1, /) -> str:  # type: ignore[override]
        return next(self._lines, "")


def play_board(seed: int, lexicon: Lexicon) -> tuple[Board, dict[str, tuple[int, ...]]]:
    from core.generate import roll_with_floor

    return roll_with_floor(dice_set("4x4-new"), random.Random(seed), lexicon, 3)


def test_play_feedback_deadline_and_missed(en_cache: Path) -> None:
    lexicon = load(EN_WORDS, en_cache)
    board, found = play_board(8, lexicon)
    words = sorted(found, key=lambda w: (-len(w), w))
    good, other = words[0], words[1]
    clock = Clock()
    stdin = TimedLines(
        clock,
        [
            (1, good),
            (2, f"{good}, zq"),
            (3, "qxzv"),
            (4, "zyzzyvas"),
            (5, other.upper()),
            (11, words[2]),
            (12, words[3]),
        ],
    )
    result = run(
        "play", "--seed", "8", "--time", "10", "--cache-dir", en_cache, stdin=stdin, clock=clock
    )
    assert result.code == 0, result.err
    out = result.out.splitlines()
    assert out[:4] == board.grid().splitlines()
    feedback = out[5:]
    points = total_score([good], 3)
    assert feedback[0] == f"+{points} {good}"
    assert feedback[1] == f"{good}: already found"
    assert feedback[2] == "zq: too short (at least 3 letters)"
    assert feedback[3] == "qxzv: not a word"
    assert feedback[4] == "zyzzyvas: not on the board"
    assert feedback[5] == f"+{total_score([other], 3)} {other}"
    assert feedback[6] == "time is up"
    assert words[2] not in " ".join(feedback[:7])
    assert feedback[7] == (
        f"score: {points + total_score([other], 3)} points, 2 of {len(found)} words "
        f"({total_score(found, 3)} points possible)"
    )
    missed = missed_order((w for w in words if w not in (good, other)), lexicon_for("en", en_cache))
    assert len(missed) > 30
    assert feedback[8] == (
        f"missed {len(missed)} words: {', '.join(missed[:30])} (and {len(missed) - 30} more)"
    )
    assert len(feedback) == 9


def test_play_missed_one_word(small_dict: Path, tmp_path: Path) -> None:
    lexicon = Lexicon.from_words(WORDS)
    _, found = play_board(1, lexicon)
    words = sorted(found, key=lambda w: (-len(w), w))
    stdin = "\n".join(words[1:]) + "\n"
    common: list[str | Path] = ["--seed", "1", "--dict", small_dict, "--cache-dir", tmp_path]
    result = run("play", *common, stdin=stdin)
    assert result.code == 0, result.err
    assert result.out.splitlines()[-1] == f"missed 1 word: {words[0]}"


def test_play_ends_at_eof_with_piped_text(small_dict: Path, tmp_path: Path) -> None:
    result = run(
        "play", "--seed", "1", "--time", "60", "--dict", small_dict, "--cache-dir", tmp_path,
        stdin="hello there\n",
    )  # fmt: skip
    assert result.code == 0
    assert "time is up" not in result.out
    assert "score: 0 points" in result.out


# --- the documented examples -----------------------------------------------------------------

COMMANDS_DOC = REPO / "docs" / "commands.md"


def readme_examples() -> list[str]:
    """Every ``python -m core`` command line in the ``sh`` blocks of the commands' documentation
    (docs/commands.md, which the README links)."""
    blocks = re.findall(r"```sh\n(.*?)```", COMMANDS_DOC.read_text(), re.DOTALL)
    return [line for block in blocks for line in block.splitlines() if " -m core " in line]


def test_readme_has_an_example_of_each_command() -> None:
    commands = {shlex.split(line.partition("#")[0])[3] for line in readme_examples()}
    assert commands == {"solve", "check", "roll", "best", "play"}


@pytest.mark.parametrize("line", readme_examples())
def test_readme_example_does_what_the_readme_says(
    line: str, en_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run as written (in process, with the default word list, and a clock that ticks a second a
    call so that ``best --seconds 60`` is quick); exit 1 where its comment says NO, else 0."""
    command, _, comment = line.partition("#")
    argv = shlex.split(command)
    assert argv[:3] == [".venv/bin/python", "-m", "core"]
    argv = argv[3:]
    stdin = ""
    if "<" in argv:  # a file of boards: the README's other example boards, one a line
        at = argv.index("<")
        del argv[at : at + 2]
        stdin = "perslatgsineters\n# a comment\n\nrael/mofs/teok/nati\n"
    monkeypatch.setenv("BOGGLE_CACHE_DIR", str(en_cache))
    result = run(*argv, stdin=stdin, clock=itertools.count(1000.0).__next__)
    says_no = re.search(r"\bNO\b", comment) is not None
    assert result.code == (1 if says_no else 0), result.out + result.err
    assert result.err == ""
    if "YES" in comment:
        assert result.out.startswith("YES ")
    if says_no:
        assert result.out.startswith("NO")


# --- a real process -------------------------------------------------------------------------


def test_python_m_core_solve_subprocess(small_dict: Path, tmp_path: Path) -> None:
    env = {**os.environ, "BOGGLE_CACHE_DIR": str(tmp_path / "cache")}
    command = [sys.executable, "-m", "core", "solve", "-", "--summary", "--dict", str(small_dict)]
    done = subprocess.run(
        command, input="seat\ntiet\n", capture_output=True, text=True, cwd=REPO, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "seat 8 8\ntiet 1 1\n"
    assert any((tmp_path / "cache").iterdir())  # the lexicon was cached
    bad = subprocess.run(
        [sys.executable, "-m", "core", "solve", "abc/de", "--dict", str(small_dict)],
        capture_output=True, text=True, cwd=REPO, env=env, timeout=60,
    )  # fmt: skip
    assert bad.returncode == 2
    assert bad.stderr == "error: board 'abc/de': ragged rows: row 2 has 2 cells, row 1 has 3\n"


def test_lang_check_folds_the_word_and_says_how_common_it_is(
    lexicons: dict[str, Lexicon], lexicon_cache: Path
) -> None:
    """On the test run's cache, where every language's lexicon is built already."""
    assert lexicons["en"] and lexicons["fr"] and lexicons["es"]
    result = run(
        "check", "Être", "etre/xxxx/xxxx/xxxx", "--lang", "fr", "--cache-dir", lexicon_cache
    )
    assert result.code == 0, result.err
    assert result.out.splitlines() == [
        "YES (0,0) (0,1) (0,2) (0,3) E T R E",
        "in the dictionary (fr.txt)",
        "very common (Zipf 6.4); in the everyday dictionary",
    ]
    rare = run("check", "qat", "[q]at/xxx/xxx", "--cache-dir", lexicon_cache)
    assert rare.out.splitlines()[1:] == [
        "in the dictionary (en.txt)",
        "rare (Zipf 1.9); not in the everyday dictionary",
    ]
    spanish = run("check", "año", "año/xxx/xxx", "--lang", "es", "--cache-dir", lexicon_cache)
    assert spanish.code == 0 and spanish.out.startswith("YES")
    bad = run("check", "año", "año/xxx/xxx", "--lang", "xx", "--cache-dir", lexicon_cache)
    assert bad.code == 2 and "invalid choice" in bad.err


def test_lang_solve_roll_and_everyday(lexicons: dict[str, Lexicon], lexicon_cache: Path) -> None:
    """On the test run's cache, where every language's lexicon is built already."""
    assert lexicons["en"] and lexicons["es"]
    solved = run(
        "solve", "año/xxx/xxx", "--lang", "es", "--min-length", "3", "--cache-dir", lexicon_cache
    )
    assert solved.out.splitlines()[0] == "año"
    full = run("solve", "[q]atx/cxxx/xxxx/xxxx", "--cache-dir", lexicon_cache).out.split()
    everyday = run(
        "solve", "[q]atx/cxxx/xxxx/xxxx", "--dictionary", "everyday", "--cache-dir", lexicon_cache
    ).out.split()
    assert "qat" in full and "qat" not in everyday and "cat" in everyday
    rolled = run("roll", "--lang", "de", "--seed", "3", "--cache-dir", lexicon_cache)
    assert "dice 4x4-de" in rolled.out
    best = run("best", "--lang", "es", "--size", "3", "--iterations", "50", "--seed", "1",
               "--cache-dir", lexicon_cache)  # fmt: skip
    assert best.code == 0, best.err
