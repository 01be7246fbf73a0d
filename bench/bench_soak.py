"""Soak: the bot's memory over a long play, which must stay flat once the bot is warm.

The real bot process (``python -m bot``) against the stand-in: ``--channels`` channels of
``--players`` players play ``--seconds`` rounds back to back for ``--minutes`` (``soak_play``:
words typed, Play again, ``/boggle check``, ``/leaderboard``, ``/stats``, ``/daily``). Every
``--every`` seconds: the bot's RSS (``/proc``, anonymous and file-backed apart), and Python's
live objects and allocated blocks (the bot's ``/metrics``). Prints the curve, the slope of RSS
over the second half (MB an hour), the rounds, boards and results on time, and the errors.
Exit 1 when the slope is over ``--target``, a round went wrong or the bot logged an error.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import socket
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from aiohttp import ClientError, ClientSession, ClientTimeout  # noqa: E402
from bench_memory import proc_status  # noqa: E402
from load_players import build_world  # noqa: E402
from soak_play import Channels  # noqa: E402
from soak_smaps import Regions, regions  # noqa: E402

from core.languages import cached_lexicon_for  # noqa: E402
from core.lexicon import default_cache_dir  # noqa: E402
from standin import StandIn  # noqa: E402
from tests.bot.harness import ProcessLog, bot_env, spawn_bot  # noqa: E402

TOKEN = "MTIzNDU2Nzg5.soak.token"
START_TIMEOUT = 60.0
STOP_TIMEOUT = 30.0
VOICE = "voice will NOT be supported"  # discord.py's warning at start: no voice, as intended
# The bot under tracemalloc (``--tracemalloc DIR``): a snapshot into DIR every ``every``
# seconds, from a thread of its own; then the bot as ``python -m bot`` runs it.
TRACED = """
import runpy, sys, threading, time, tracemalloc
tracemalloc.start({frames})
def dump():
    for n in range(100000):
        time.sleep({every})
        tracemalloc.take_snapshot().dump("{folder}/snapshot-%04d.pickle" % n)
threading.Thread(target=dump, daemon=True).start()
sys.argv[0] = "bot"
runpy.run_module("bot", run_name="__main__", alter_sys=True)
"""


@dataclass(frozen=True)
class Sample:
    minutes: float
    cpu: float  # the bot's CPU seconds so far
    rss: float  # MB, VmRSS
    anon: float  # MB, RssAnon
    objects: float  # the collector's objects (nan: no answer)
    blocks: float  # sys.getallocatedblocks()
    rounds: int
    load: float  # the machine's load average over the last minute
    regions: Regions


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a live process, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def python_figures(port: int) -> tuple[float, float]:
    """The bot's live objects and allocated blocks, from its ``/metrics``; nan when it does
    not answer or does not say."""
    found = {"boggle_python_objects": float("nan"), "boggle_python_allocated_blocks": float("nan")}
    with contextlib.suppress(ClientError, TimeoutError, ValueError):
        async with (
            ClientSession() as session,
            session.get(f"http://127.0.0.1:{port}/metrics", timeout=ClientTimeout(10)) as response,
        ):
            for line in (await response.text()).splitlines():
                name, _, value = line.partition(" ")
                if name in found:
                    found[name] = float(value)
    return found["boggle_python_objects"], found["boggle_python_allocated_blocks"]


async def sample(pid: int, port: int, started: float, channels: Channels) -> Sample:
    status = proc_status(pid)
    objects, blocks = await python_figures(port)
    return Sample(
        (time.monotonic() - started) / 60,
        cpu_seconds(pid),
        status["VmRSS"],
        status["RssAnon"],
        objects,
        blocks,
        channels.tally.rounds,
        os.getloadavg()[0],
        regions(pid),
    )


async def sampling(
    pid: int, port: int, started: float, every: float, channels: Channels, standin: StandIn
) -> list[Sample]:
    """Until cancelled: a sample every ``every`` seconds, printed as it is taken. The
    stand-in's records, which nothing here reads again, are let go of each time."""
    samples: list[Sample] = []
    try:
        while True:
            one = await sample(pid, port, started, channels)
            samples.append(one)
            print(row(one), flush=True)
            standin.recorder.calls.clear()
            standin.recorder.transcripts.clear()
            await asyncio.sleep(started + every * len(samples) - time.monotonic())
    except asyncio.CancelledError:
        return samples


def row(s: Sample) -> str:
    return (
        f"{s.minutes:6.1f} min  RSS {s.rss:6.1f} MB  anon {s.anon:6.1f} MB"
        f"  objects {s.objects:8.0f}  blocks {s.blocks:8.0f}  rounds {s.rounds:5d}"
        f"  load {s.load:4.1f}"
    )


def slope(samples: Sequence[Sample], field: str = "rss") -> float:
    """Least squares slope of ``field`` (MB) over the samples' time, in MB an hour."""
    if len(samples) < 2:
        return float("nan")
    fit = statistics.linear_regression(
        [s.minutes for s in samples], [getattr(s, field) for s in samples]
    )
    return fit.slope * 60


def bot_start(args: argparse.Namespace) -> Sequence[str]:
    """Python's arguments for the bot: ``-m bot``, a script of one's own, or under
    tracemalloc."""
    if args.wrap is not None:
        return (str(args.wrap.resolve()),)
    if args.tracemalloc is None:
        return ("-m", "bot")
    args.tracemalloc.mkdir(parents=True, exist_ok=True)
    code = TRACED.format(frames=1, every=args.every, folder=args.tracemalloc.resolve())
    return ("-c", code)


def extra_env(pairs: Sequence[str]) -> dict[str, str]:
    """``--env NAME=VALUE`` pairs (an allocator setting to try, say)."""
    env = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"--env {pair!r}: expected NAME=VALUE")
        env[name] = value
    return env


async def soak(args: argparse.Namespace, folder: Path) -> int:
    cache = default_cache_dir()
    lexicon = cached_lexicon_for("en", cache)
    if lexicon is None:
        print(f"no English lexicon in {cache}: run `make cache` first", file=sys.stderr)
        return 2
    world, pairs, _, _ = build_world(args.channels, args.players, 1)
    port = free_port()
    async with StandIn(world, answer_window=args.answer_window) as standin:
        env = bot_env(
            folder,
            cache,
            BOGGLE_DATABASE=str(folder / "boggle.sqlite3"),
            DISCORD_TOKEN=TOKEN,
            DISCORD_API_BASE=standin.api_base,
            DISCORD_GATEWAY_URL=standin.gateway_url,
            BOGGLE_METRICS_PORT=str(port),
            BOGGLE_LOG_LEVEL="WARNING",
            BOGGLE_BOARD_PICTURES=args.pictures,
            **extra_env(args.env),
        )
        process = await spawn_bot(env, folder, start=bot_start(args))
        logs = ProcessLog(process)
        assert process.stdout is not None
        drained = asyncio.create_task(process.stdout.read())  # nothing expected, never blocking
        channels = Channels(standin, lexicon, pairs, args.seconds, args.rate, args.seed)
        try:
            await standin.wait_for_connection(START_TIMEOUT)
            started = time.monotonic()
            sampler = asyncio.create_task(
                sampling(process.pid, port, started, args.every, channels, standin)
            )
            await channels.play(started + args.minutes * 60)
            await asyncio.sleep(2.0)  # the last round's commands settle
            last = await sample(process.pid, port, started, channels)
            sampler.cancel()
            samples = [*await sampler, last]
            print(row(last), flush=True)
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), STOP_TIMEOUT)
            except TimeoutError:
                process.kill()
                await process.wait()
            await logs.closed()
            drained.cancel()
    if args.tracemalloc is not None:
        traced_growth(args.tracemalloc)
    return report(args, samples, channels, logs.lines, process.returncode)


def traced_growth(folder: Path, shown: int = 12) -> None:
    """What grew most in Python's heap between the snapshot halfway and the last one, by line
    of code (``--tracemalloc``)."""
    snapshots = sorted(folder.glob("snapshot-*.pickle"))
    if len(snapshots) < 2:
        print("tracemalloc: fewer than two snapshots")
        return
    half, last = (tracemalloc.Snapshot.load(str(snapshots[i])) for i in (len(snapshots) // 2, -1))
    print(f"\ntracemalloc, {snapshots[len(snapshots) // 2].name} to {snapshots[-1].name}:")
    for stat in last.compare_to(half, "lineno")[:shown]:
        print(f"  {stat}")


def complained(lines: Sequence[str]) -> list[list[str]]:
    """The bot's warnings and errors, each with the lines after it (a traceback)."""
    found: list[list[str]] = []
    within = False
    for line in lines:
        if line[:2].isdigit():  # a record's first line starts with its date
            within = (" ERROR " in line or " WARNING " in line) and VOICE not in line
            if within:
                found.append([line])
        elif within:
            found[-1].append(line)
    return found


def report(
    args: argparse.Namespace,
    samples: Sequence[Sample],
    channels: Channels,
    log_lines: Sequence[str],
    exit_code: int | None,
) -> int:
    tally = channels.tally
    half = [s for s in samples if s.minutes >= samples[-1].minutes / 2]
    second = slope(half)
    complaints = complained(log_lines)
    print()
    print(
        f"RSS {samples[0].rss:.1f} -> {samples[-1].rss:.1f} MB (peak of samples"
        f" {max(s.rss for s in samples):.1f}); slope over the second half"
        f" ({half[0].minutes:.0f}-{half[-1].minutes:.0f} min): {second:+.2f} MB an hour"
        f" (anon {slope(half, 'anon'):+.2f}), whole run {slope(samples):+.2f} MB an hour"
    )
    print(
        f"live objects {samples[0].objects:.0f} -> {samples[-1].objects:.0f}, allocated blocks"
        f" {samples[0].blocks:.0f} -> {samples[-1].blocks:.0f}"
    )
    grown = samples[-1].regions.grown_since(half[0].regions)
    print("RSS by mapping, second half: " + (", ".join(grown) or "nothing grew by 0.5 MB"))
    print(
        f"rounds {tally.rounds}; boards {tally.boards} ({tally.boards_late} later than 5 s);"
        f" results {tally.rounds} ({tally.results_late} later than 5 s after the deadline);"
        f" {tally.messages} messages typed"
    )
    print("commands: " + ", ".join(f"{n} {k}" for k, n in sorted(tally.commands.items())))
    busy = (samples[-1].cpu - samples[0].cpu) / (60 * (samples[-1].minutes - samples[0].minutes))
    print(
        f"load average (1 min) over the run: {statistics.mean(s.load for s in samples):.1f};"
        f" the bot used {busy:.0%} of a core"
    )
    print(f"errors: {len(tally.errors)} in play, {len(complaints)} warnings or errors logged")
    for line in [*tally.errors[:10], *(c[0] for c in complaints[:10])]:
        print("  " + line.rstrip()[:300])
    if complaints:
        print("the first in full:\n" + "".join(complaints[0][:30]))
    print(f"bot exit code {exit_code}")
    ok = second <= args.target and not tally.errors and not complaints and exit_code == 0
    print(f"flat (<= {args.target} MB an hour) and clean: {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--channels", type=int, default=20)
    parser.add_argument("--players", type=int, default=3, help="players per channel")
    parser.add_argument("--seconds", type=int, default=30, help="a round's time, 30 to 1800")
    parser.add_argument("--rate", type=float, default=0.3, help="messages/s per player")
    parser.add_argument("--every", type=float, default=60.0, help="seconds between samples")
    parser.add_argument("--pictures", choices=("on", "off"), default="on")
    parser.add_argument("--target", type=float, default=2.0, help="MB an hour, second half")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--answer-window",
        type=float,
        default=3.0,
        metavar="SECONDS",
        help="the stand-in's time for the bot to answer an interaction (Discord's 3 s; more on a"
        " machine so loaded that late answers are the machine's, not the bot's)",
    )
    parser.add_argument(
        "--env", action="append", default=[], metavar="NAME=VALUE", help="for the bot's process"
    )
    parser.add_argument(
        "--tracemalloc",
        type=Path,
        metavar="DIR",
        help="a snapshot of the bot's heap into DIR"
        " at each sample (slow: for finding what grows, not for the figures)",
    )
    parser.add_argument(
        "--wrap",
        type=Path,
        metavar="SCRIPT",
        help="start the bot as `python SCRIPT`, a probe of one's own that ends by running it"
        " as `python -m bot` does (runpy.run_module)",
    )
    args = parser.parse_args(argv)
    if not 30 <= args.seconds <= 1800 or args.minutes <= 0 or args.rate <= 0 or args.every < 1:
        parser.error("need 30 <= --seconds <= 1800, --minutes > 0, --rate > 0, --every >= 1")
    if not 1 <= args.channels <= 200 or not 1 <= args.players <= 20:
        parser.error("need 1 <= --channels <= 200 and 1 <= --players <= 20")
    print(
        f"soak: {args.channels} channels x {args.players} players, {args.seconds} s rounds,"
        f" {args.minutes:g} min, pictures {args.pictures}, python {sys.version.split()[0]},"
        f" {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}"
        + (f", env {' '.join(args.env)}" if args.env else ""),
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="boggle-bench-soak-") as temp:
        return asyncio.run(soak(args, Path(temp)))


if __name__ == "__main__":
    raise SystemExit(main())
