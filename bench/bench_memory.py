"""Memory of the bot process: the lexicon built by a child process against building it in the bot.

Each start is a real ``python -m bot`` against a stand-in, measured (VmHWM, VmRSS) after one
word's ✅; first start on an empty cache, warm start, and the in-process baseline cold and warm,
medians of ``--repeats``. ``--languages`` loads every lexicon first; ``--definitions`` measures
again after the results' Definitions button. Exit 1 when a start fails, a bot loaded its lexicon
another way than its scenario says, or the child's lexicon differs from the bot's cache.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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

from report_table import Table, yes  # noqa: E402

from core.languages import LANGUAGE_CODES, cached_lexicon_for  # noqa: E402
from standin import StandIn  # noqa: E402
from tests.bot.harness import bot_env, spawn_bot  # noqa: E402
from tests.bot.playing import define_results, play_one_word  # noqa: E402

TOKEN = "MTIzNDU2Nzg5.bench.token"
START_TIMEOUT = 60.0
STOP_TIMEOUT = 30.0
PEAK_TARGET_MB = 100.0
RUNNING_TARGET_MB = 60.0
SAMPLE_S = 0.005

# The baseline: the bot as it was, the lexicon loaded (and, on a miss, built) in its own process.
IN_PROCESS = f"""
import asyncio, sys
sys.path.insert(0, {str(REPO)!r})
import bot.kernel.lexicons
from core.languages import language
from core.lexicon import load

async def load_in_process(dictionary, cache_dir=None, *, lang="en", frequencies=None):
    alphabet = language(lang).alphabet
    return await asyncio.to_thread(
        load, dictionary, cache_dir, alphabet=alphabet, frequencies=frequencies
    )

bot.kernel.lexicons.load_lexicon = load_in_process
from bot.__main__ import main
sys.exit(main())
"""


@dataclass
class Start:
    ready_s: float
    peak_mb: float
    running_mb: float
    family_mb: float  # the bot and its children together, sampled
    logs: str
    defined_mb: float = 0.0  # VmRSS once the results' Definitions button answered (--definitions)


async def sample_family(pid: int, peak: list[float]) -> None:
    """Until cancelled: the largest VmRSS of ``pid`` plus its children's, every SAMPLE_S (read
    in a thread: the stand-in shares this event loop)."""
    while True:
        peak[0] = max(peak[0], await asyncio.to_thread(family_rss, pid))
        await asyncio.sleep(SAMPLE_S)


def family_rss(pid: int) -> float:
    """VmRSS of ``pid`` plus its children's, in MB; what is gone by the time it is read, 0."""
    total = 0.0
    with contextlib.suppress(OSError, KeyError):
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        for one in (pid, *map(int, children)):
            with contextlib.suppress(OSError, KeyError):
                total += proc_status(one)["VmRSS"]
    return total


def proc_status(pid: int) -> dict[str, float]:
    """VmHWM, VmRSS and its parts (RssAnon, RssFile, RssShmem) of a live process, in MB."""
    figures = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmHWM", "VmRSS", "RssAnon", "RssFile", "RssShmem"):
            figures[key] = int(value.split()[0]) / 1024
    return figures


async def start_bot(
    folder: Path,
    cache: Path,
    in_process: bool,
    pictures: str,
    languages: Sequence[str] = ("en",),
    definitions: bool = False,
) -> Start:
    """One life of the bot: started, connected, a word played in a round, measured, stopped."""
    async with StandIn() as standin:
        env = bot_env(
            folder,
            BOGGLE_DATABASE=str(folder / "boggle.sqlite3"),
            BOGGLE_CACHE_DIR=str(cache),
            DISCORD_TOKEN=TOKEN,
            DISCORD_API_BASE=standin.api_base,
            DISCORD_GATEWAY_URL=standin.gateway_url,
            BOGGLE_BOARD_PICTURES=pictures,
        )
        started = time.perf_counter()
        if in_process:
            process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                IN_PROCESS,
                cwd=folder,
                env=env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
            )
        else:
            process = await spawn_bot(env, folder)
        family = [0.0]
        sampler = asyncio.create_task(sample_family(process.pid, family))
        try:
            await standin.wait_for_connection(START_TIMEOUT)
            ready = time.perf_counter() - started
            for turn, code in enumerate(languages):
                word = await play_one_word(standin, cache, code, stop_first=turn > 0)
                print(f"  ... {code}: played {word!r}", flush=True)
            figures = proc_status(process.pid)
            if definitions:
                answer = await define_results(standin)
                print(f"  ... definitions: {len(answer)} characters answered", flush=True)
                figures["defined"] = proc_status(process.pid)["VmRSS"]
        finally:
            sampler.cancel()
            process.send_signal(signal.SIGTERM)
            try:
                out, err = await asyncio.wait_for(process.communicate(), STOP_TIMEOUT)
            except TimeoutError:
                process.kill()
                out, err = await process.communicate()
    logs = (out + err).decode(errors="replace")
    defined = figures.get("defined", 0.0)
    return Start(ready, figures["VmHWM"], figures["VmRSS"], family[0], logs, defined)


def child_build_peak(folder: Path) -> tuple[float, float, bytes]:
    """``python -m core.compile --stdout`` into an empty cache: peak RSS (MB), seconds, its stdout.

    The child reports its own VmHWM as it exits: ``wait4``'s maxrss would count this process's
    memory too, which the child borrows until it runs its own program.
    """
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", REPORTING_CHILD, "--cache-dir", str(folder), "--stdout"],
        cwd=REPO,
        capture_output=True,
        check=True,
    )
    spent = time.perf_counter() - started
    peak = float(done.stderr.decode().split("VmHWM:")[1].split()[0]) / 1024
    return peak, spent, done.stdout


# python -m core.compile, printing its VmHWM at exit.
REPORTING_CHILD = """
import atexit, runpy, sys
from pathlib import Path
atexit.register(lambda: sys.stderr.write(next(
    line for line in Path("/proc/self/status").read_text().splitlines() if line.startswith("VmHWM")
)))
runpy.run_module("core.compile", run_name="__main__", alter_sys=True)
"""


def median_of(starts: Sequence[Start], field: str) -> float:
    values: list[float] = [getattr(s, field) for s in starts]
    return statistics.median(values)


async def measure(
    repeats: int,
    root: Path,
    pictures: str,
    languages: Sequence[str] = ("en",),
    definitions: bool = False,
) -> tuple[Table, bool]:
    """Every scenario ``repeats`` times, interleaved so that load on the machine hits all alike."""
    runs: dict[tuple[str, bool], list[Start]] = {}
    expected = {"cold": "built by a child process", "warm": "from the cache"}
    ok = True
    for turn in range(repeats):
        for in_process in (False, True):
            cache = root / f"cache-{turn}-{'in-process' if in_process else 'ours'}"
            for scenario in ("cold", "warm"):
                folder = Path(tempfile.mkdtemp(dir=root))
                played = ("en",) if in_process else languages  # the bot before spoke English
                define = definitions and not in_process
                start = await start_bot(folder, cache, in_process, pictures, played, define)
                runs.setdefault((scenario, in_process), []).append(start)
                if not in_process and expected[scenario] not in start.logs:
                    print(f"{scenario} start: expected {expected[scenario]!r}", file=sys.stderr)
                    print(start.logs, file=sys.stderr)
                    ok = False
    table = Table()
    for scenario, label in (("cold", "first start (empty cache)"), ("warm", "warm start")):
        ours, base = runs[(scenario, False)], runs[(scenario, True)]
        for field, what, target in (
            ("peak_mb", "peak RSS (VmHWM)", PEAK_TARGET_MB),
            ("running_mb", "running RSS (VmRSS), after a word", RUNNING_TARGET_MB),
        ):
            o, b = median_of(ours, field), median_of(base, field)
            table.add(
                f"bot {what}, {label}",
                f"{o:.1f} MB",
                f"{b:.1f} MB",
                f"{o / b:.2f}",
                f"<= {target:.0f} MB",
                yes(o <= target),
            )
        if definitions:
            o, b = median_of(ours, "defined_mb"), median_of(ours, "running_mb")
            table.add(
                f"bot running RSS, definitions used (same bot), {label}",
                f"{o:.1f} MB",
                f"{b:.1f} MB (before)",
                f"+{o - b:.1f} MB",
                f"<= {RUNNING_TARGET_MB:.0f} MB",
                yes(o <= RUNNING_TARGET_MB),
            )
        o, b = median_of(ours, "family_mb"), median_of(base, "family_mb")
        table.add(f"bot + its children, peak of samples, {label}", f"{o:.1f} MB", f"{b:.1f} MB")
        o, b = median_of(ours, "ready_s"), median_of(base, "ready_s")
        table.add(f"bot connected, {label}", f"{o:.2f} s", f"{b:.2f} s", f"{o / b:.2f}")
    peaks, seconds = [], []
    bots_cache = cached_lexicon_for("en", root / "cache-0-ours")  # what the bot's child wrote
    for turn in range(repeats):
        peak, spent, blob = child_build_peak(root / f"child-{turn}")
        peaks.append(peak)
        seconds.append(spent)
        ok &= bots_cache is not None and blob == bots_cache.to_bytes()
    table.add("child build peak RSS (python -m core.compile)", f"{statistics.median(peaks):.1f} MB")
    table.add("child build time", f"{statistics.median(seconds):.2f} s")
    return table, ok


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3, help="starts per scenario (default 3)")
    parser.add_argument(
        "--pictures", choices=("on", "off"), default="on", help="BOGGLE_BOARD_PICTURES of the bot"
    )
    parser.add_argument(
        "--languages",
        action="store_true",
        help="a round in each of en, fr, es, de (all four lexicons loaded) before measuring",
    )
    parser.add_argument(
        "--definitions",
        action="store_true",
        help="then the results' Definitions button, and the running RSS again (same bot)",
    )
    args = parser.parse_args(argv)
    languages = LANGUAGE_CODES if args.languages else ("en",)
    print(
        f"languages {', '.join(languages)}, {args.repeats} starts a scenario, "
        f"python {sys.version.split()[0]}, {os.cpu_count()} cores",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="boggle-bench-memory-") as temp:
        table, ok = asyncio.run(
            measure(args.repeats, Path(temp), args.pictures, languages, args.definitions)
        )
    print()
    table.print()
    print()
    print("every start as expected:", "PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
