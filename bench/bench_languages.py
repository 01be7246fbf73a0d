"""Every language the game speaks, against English in the same run: its list and compiled
lexicon, the cold build and the load, its dice's gates, and the bot's memory as languages are
played.

Per language (``LANGUAGE_CODES``, so a language added is measured with no change here): the
list's words and size; ``python -m core.compile --lang CODE`` into an empty cache, as the bot's
child builds it (seconds and the child's peak RSS) and the compiled size; the load from the cache
(median of ``--repeats``, this process); on ``--boards`` seeded rolls a size (seed 7, the
benches' rolls), the median words of a 4x4 and the share of rolls over the round's floor
(``core.generate.floor_for``) on 4x4, 5x5 and 6x6. The gates (issue 39): median words on a 4x4
at least half of English's, and each share at most 5 points under English's.

Then the real bot (``python -m bot``, pictures off, the machine's cache) against the stand-in,
one start each with 1, 7 and every language played (a round each, a word on its board): its
running RSS (target <= 60 MB with English alone) and the seconds from ``/boggle start`` to each
language's board (target < 1 s, the lexicon cached). ``--no-bot`` skips it. Exit 1 when a gate
or a target fails.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench_memory import TOKEN, proc_status  # noqa: E402
from core_solve import seeded_boards  # noqa: E402

from core.generate import floor_for  # noqa: E402
from core.languages import LANGUAGE_CODES, cached_lexicon_for, language, lexicon_for  # noqa: E402
from core.lexicon import Lexicon, cache_file, default_cache_dir  # noqa: E402
from core.scoring import default_min_length, total_score  # noqa: E402
from core.solver import solve  # noqa: E402
from standin import StandIn  # noqa: E402
from tests.bot.harness import bot_env, read_board, spawn_bot  # noqa: E402

SIDES = (4, 5, 6)
SEED = 7
SHARE_MARGIN = 5.0  # points under English's share a language's dice may fall
OPEN_TARGET_S = 1.0
RUNNING_TARGET_MB = 60.0
BOARD_TIMEOUT = 180.0  # a first round waits for its lexicon; cached, it comes in well under 1 s

# python -m core.compile, printing its VmHWM at exit (the child's own peak).
BUILD_CHILD = """
import atexit, runpy, sys
from pathlib import Path
atexit.register(lambda: sys.stderr.write(next(
    line for line in Path("/proc/self/status").read_text().splitlines() if line.startswith("VmHWM")
)))
runpy.run_module("core.compile", run_name="__main__", alter_sys=True)
"""


@dataclass
class Figures:
    code: str
    words: int
    list_mb: float
    compiled_mb: float
    build_s: float
    build_peak_mb: float
    load_ms: float
    median_words: float  # on a 4x4
    passed: dict[int, int]  # side -> rolls over the floor
    rolls: int

    def share(self, side: int) -> float:
        return 100 * self.passed[side] / self.rolls


def measure(code: str, scratch: Path, rolls: int, repeats: int) -> Figures:
    """One language's figures (its cache in ``scratch``, built there first)."""
    lang = language(code)
    cache = scratch / code
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", BUILD_CHILD, "--lang", code, "--cache-dir", str(cache)],
        cwd=REPO,
        capture_output=True,
        check=True,
    )
    build = time.perf_counter() - started
    peak = float(done.stderr.decode().split("VmHWM:")[1].split()[0]) / 1024
    lexicon = lexicon_for(lang, cache)
    loads = []
    for _ in range(repeats):
        started = time.perf_counter()
        lexicon_for(lang, cache)
        loads.append(time.perf_counter() - started)
    text = lang.read_words()
    words = sum(1 for line in text.splitlines() if line.strip())
    compiled = cache_file(lexicon.source_hash, cache).stat().st_size
    counts, passed = dice(code, lexicon, rolls)
    return Figures(
        code,
        words,
        len(text.encode()) / 1e6,  # the list as text, compressed on disk or not
        compiled / 1e6,
        build,
        peak,
        1000 * statistics.median(loads),
        statistics.median(counts),
        passed,
        rolls,
    )


def dice(code: str, lexicon: Lexicon, rolls: int) -> tuple[list[int], dict[int, int]]:
    """Words on each seeded 4x4 roll of the language's dice, and per side the rolls over the
    floor (at the side's official minimum length)."""
    lang = language(code)
    counts: list[int] = []
    passed: dict[int, int] = {}
    for side in SIDES:
        floor, min_length = floor_for(side), default_min_length(side)
        passed[side] = 0
        for board in seeded_boards(lang.default_dice(side), rolls, SEED):
            found = solve(board, lexicon, min_length)
            if side == 4:
                counts.append(len(found))
            passed[side] += floor.met_by(len(found), total_score(found, min_length))
    return counts, passed


def language_table(figures: Sequence[Figures]) -> bool:
    """The per-language table (Markdown), English's gates beside each; whether all are met."""
    english = figures[0]
    ok = True
    print(
        "| lang | words | list | compiled | cold build (peak) | load | median words 4x4 "
        "| rolls over the floor 4 / 5 / 6 | gates |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---|---|")
    for f in figures:
        gates = [f.median_words >= english.median_words / 2]
        gates += [f.share(s) >= english.share(s) - SHARE_MARGIN for s in SIDES]
        ok &= all(gates)
        shares = " / ".join(f"{f.share(s):.1f}" for s in SIDES)
        versus = " / ".join(f"{f.share(s) - english.share(s):+.1f}" for s in SIDES)
        print(
            f"| {f.code} | {f.words:,} | {f.list_mb:.1f} MB | {f.compiled_mb:.2f} MB "
            f"| {f.build_s:.1f} s ({f.build_peak_mb:.0f} MB) | {f.load_ms:.1f} ms "
            f"| {f.median_words:.0f} | {shares} % ({versus} pts) "
            f"| {'met' if all(gates) else 'NOT MET'} |",
            flush=True,
        )
    return ok


@dataclass
class BotRun:
    languages: tuple[str, ...]
    connected_s: float  # from the process's start to its connection to the stand-in
    running_mb: float
    peak_mb: float
    opened_s: dict[str, float]  # /boggle start to the board, per language


async def bot_run(codes: Sequence[str], cache: Path) -> BotRun:
    """The real bot, pictures off: a round in each of ``codes`` (its first), a word played on
    its board; then its VmRSS and VmHWM."""
    opened: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="bench-languages-bot-") as temp:
        folder = Path(temp)
        async with StandIn() as standin:
            env = bot_env(
                folder,
                cache,
                BOGGLE_DATABASE=str(folder / "boggle.sqlite3"),
                DISCORD_TOKEN=TOKEN,
                DISCORD_API_BASE=standin.api_base,
                DISCORD_GATEWAY_URL=standin.gateway_url,
                BOGGLE_BOARD_PICTURES="off",
            )
            started = time.perf_counter()
            process = await spawn_bot(env, folder)
            try:
                await standin.wait_for_connection(60)
                connected = time.perf_counter() - started
                for turn, code in enumerate(codes):
                    opened[code] = await play_round(standin, cache, code, stop_first=turn > 0)
                figures = proc_status(process.pid)
            finally:
                process.send_signal(signal.SIGTERM)
                try:
                    await asyncio.wait_for(process.communicate(), 30)
                except TimeoutError:
                    process.kill()
                    await process.communicate()
    return BotRun(tuple(codes), connected, figures["VmRSS"], figures["VmHWM"], opened)


async def play_round(standin: StandIn, cache: Path, code: str, stop_first: bool) -> float:
    """A round in ``code`` started (the last one stopped first) and a word played on it until
    the ✅ (or the status) shows it; the seconds from the command to the board."""
    if stop_first:
        await (await standin.slash("boggle", "alice", "boggle stop", {})).followup(timeout=30)
    since = max(standin.world.messages, default=0)
    started = time.perf_counter()
    await standin.slash("boggle", "alice", "boggle start", {"time": "5m", "language": code})
    board = await standin.wait_for_message(
        "boggle", lambda m: "Boggle" in m.content, BOARD_TIMEOUT, after=since
    )
    opened = time.perf_counter() - started
    grid = board.content.split("```")[1].strip().splitlines()
    lexicon = cached_lexicon_for(code, cache)
    assert lexicon is not None, f"the bot played {code} but the cache does not hold it"
    word = min(solve(read_board(grid, language(code).casing.lower), lexicon, 3), key=len)
    message = await standin.user_says("boggle", "bob", word)
    await standin.wait_until(
        lambda: message.reactions or f"✅ {word}" in standin.world.messages[board.id].content, 10
    )
    return opened


def bot_table(runs: Sequence[BotRun]) -> bool:
    ok = True
    print("| languages played | connected | running RSS | peak RSS | /boggle start to the board |")
    print("|---|---:|---:|---:|---|")
    for run in runs:
        slowest = max(run.opened_s.values())
        ok &= slowest < OPEN_TARGET_S
        if len(run.languages) == 1:
            ok &= run.running_mb <= RUNNING_TARGET_MB
        times = ", ".join(f"{c} {1000 * s:.0f} ms" for c, s in run.opened_s.items())
        print(
            f"| {len(run.languages)} ({', '.join(run.languages)}) | {run.connected_s:.2f} s "
            f"| {run.running_mb:.1f} MB "
            f"| {run.peak_mb:.1f} MB | {times} |",
            flush=True,
        )
    return ok


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", nargs="+", default=list(LANGUAGE_CODES), choices=LANGUAGE_CODES)
    parser.add_argument("--boards", type=int, default=1000, help="rolls a size (default 1000)")
    parser.add_argument("--repeats", type=int, default=7, help="loads to time (default 7)")
    parser.add_argument("--no-bot", action="store_true", help="skip the bot's memory")
    parser.add_argument("--bot-only", action="store_true", help="only the bot's memory")
    args = parser.parse_args(argv)
    codes = ["en", *(c for c in args.lang if c != "en")]  # English first: the baseline
    print(
        f"{len(codes)} languages, {args.boards} rolls a size (seed {SEED}), "
        f"python {sys.version.split()[0]}, {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    ok = True
    if not args.bot_only:
        with tempfile.TemporaryDirectory(prefix="bench-languages-") as scratch:
            figures = [measure(code, Path(scratch), args.boards, args.repeats) for code in codes]
        print()
        ok = language_table(figures)
    if not args.no_bot:
        cache = default_cache_dir()
        for code in LANGUAGE_CODES:  # the bot reads them from the machine's cache
            lexicon_for(code, cache)
        played = sorted({1, min(7, len(LANGUAGE_CODES)), len(LANGUAGE_CODES)})
        runs = [asyncio.run(bot_run(LANGUAGE_CODES[:n], cache)) for n in played]
        print()
        ok &= bot_table(runs)
    print()
    print("every gate and target met:", "PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
