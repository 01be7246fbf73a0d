"""The command line as whole processes: ``python -m core solve`` from start to exit.

Against a process building bench_core's baseline trie from the same list: what a user waits for
(interpreter start, imports, cache read, one board, exit). Wall and CPU time, and peak RSS over
a bare interpreter's, medians; ``--no-bytecode-cache`` compiles core's source each time.
"""

from __future__ import annotations

import argparse
import inspect
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from baseline_trie import build_trie, read_words  # noqa: E402
from bench_core import EN_WORDS  # noqa: E402
from core_solve import SIZES, seeded_boards  # noqa: E402
from report_table import Table, yes  # noqa: E402

from core.languages import lexicon_for  # noqa: E402

# Each process reports its own peak RSS as it exits: wait4's maxrss would count the bench's own
# pages, which the child shares until it runs Python.
PEAK_AT_EXIT = """
import atexit, sys
def _peak():
    with open("/proc/self/status") as f:
        kb = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
    sys.stderr.write(f"\\nVmHWM {kb}\\n")
atexit.register(_peak)
"""
OURS = "import runpy\nrunpy.run_module('core', run_name='__main__', alter_sys=True)\n"
# baseline_trie's two functions as a script of their own (no import of the bench's modules), with
# the names they use: its Trie type (a dict) and END, the value of every end-of-word key.
TRIE = "\n".join(
    ["from collections.abc import Sequence", "from pathlib import Path", "Trie = dict", "END = {}",
     inspect.getsource(build_trie), inspect.getsource(read_words),
     "build_trie(read_words(Path(sys.argv[1])))"]
)  # fmt: skip
READY_RATIO = 10.0  # issue 25: back to 10x the trie's build or better
OVER_MB = 15.0  # issue 25: at most 15 MB over the interpreter


def whole_process(code: str, *argv: str, env: dict[str, str]) -> tuple[float, float, float]:
    """Seconds from start to exit, CPU seconds and peak RSS (MB) of ``python -c code argv...``."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", PEAK_AT_EXIT + code, *argv], env=env,
        cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True,
    )  # fmt: skip
    seconds = time.perf_counter() - start
    now = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = now.ru_utime - used.ru_utime + now.ru_stime - used.ru_stime
    return seconds, cpu, int(done.stderr.split()[-1]) / 1024


def measure(table: Table, cache: Path, board: str, repeats: int, bytecode: bool) -> None:
    lexicon_for("en", cache)  # build the cache once: every run below reads it
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if bytecode:
        env["PYTHONPYCACHEPREFIX"] = str(cache / "pycache")
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    solve = ("solve", board, "--summary", "--cache-dir", str(cache))
    whole_process(OURS, *solve, env=env)  # core compiled once (with the cache)
    runs: dict[str, list[tuple[float, float, float]]] = {"bare": [], "ours": [], "trie": []}
    for _ in range(repeats):
        runs["bare"].append(whole_process("pass", env=env))
        runs["ours"].append(whole_process(OURS, *solve, env=env))
        runs["trie"].append(whole_process(TRIE, str(EN_WORDS), env=env))
    wall, cpu, peak = (
        {name: statistics.median(run[i] for run in done) for name, done in runs.items()}
        for i in (0, 1, 2)
    )
    for label, took in (("wall", wall), ("CPU", cpu)):
        o, b = took["ours"], took["trie"]
        table.add(
            f"lexicon ready, whole process, {label} time (median of {repeats})",
            f"{o * 1000:.0f} ms", f"{b * 1000:.0f} ms", f"{b / o:.1f}x faster",
            f">= {READY_RATIO:.0f}x", yes(b / o >= READY_RATIO),
        )  # fmt: skip
    o, b = peak["ours"] - peak["bare"], peak["trie"] - peak["bare"]
    table.add(
        f"peak RSS over the interpreter's {peak['bare']:.1f} MB",
        f"{o:.1f} MB", f"{b:.0f} MB", f"1/{b / o:.0f}", f"<= {OVER_MB:.0f} MB", yes(o <= OVER_MB),
    )  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=15, help="runs of each (default 15)")
    parser.add_argument("--board", help="the board to solve (default: bench_core's first 4x4)")
    parser.add_argument(
        "--no-bytecode-cache", action="store_true", help="compile core's source in every process"
    )
    args = parser.parse_args(argv)
    board = args.board or seeded_boards(SIZES[4], 1, 1004)[0].compact()
    table = Table()
    with tempfile.TemporaryDirectory(prefix="boggle-bench-") as temp:
        bytecode = "not cached" if args.no_bytecode_cache else "cached"
        print(
            f"python -m core solve {board} --summary; word list {EN_WORDS.relative_to(REPO)}; "
            f"bytecode {bytecode}; python {sys.version.split()[0]}",
            flush=True,
        )
        measure(table, Path(temp), board, args.repeats, not args.no_bytecode_cache)
    print()
    table.print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
