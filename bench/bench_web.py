"""Load benchmark of the Activity: web players tracing words on one bot process, beside chat.

Web players are WebSocket clients signed in as the page signs in (no browser). The baseline is
the same chat load with nobody on the page, in the same run. Traced word -> verdict (target p99
< 50 ms) is timed by the page's process from the guess frame to the ``verdict`` frame, sent once
the word is committed. Exit 1 when a word is lost, a page is not welcomed, a guess goes
unanswered or results never appear.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import math
import statistics
import sys
import tempfile
from collections.abc import Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass, replace
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench_load import EN_WORDS, bot_config, sample_words  # noqa: E402
from load_bot import run_bot  # noqa: E402
from load_databases import SQLITE, fresh_database, read_back  # noqa: E402
from load_processes import Load, spawned  # noqa: E402
from load_records import Key, Loaded, Running, Started, Word  # noqa: E402
from load_report import Phase, pct, report_phase, row  # noqa: E402
from load_web import WebFigures, drive_web  # noqa: E402
from report_table import yes  # noqa: E402

from core.lexicon import Lexicon, load  # noqa: E402

TARGET_VERDICT_P99_MS = 50.0


class WebLoad(Load):
    """``bench_load``'s driver of the processes; only chat words are looked for in the channel
    (a web player's word is shown by its verdict frame, timed by the page's process)."""

    chat: set[Key]

    async def wait_shown(self, phases: list[Phase]) -> None:
        for phase in phases:
            phase.bot.accepted = [a for a in phase.bot.accepted if a[0] in self.chat]
        await super().wait_shown(phases)


@dataclass
class Outcome:
    web: bool
    started: Started
    rounds: dict[int, Running]
    paced: Phase
    loaded: Loaded
    figures: WebFigures
    connected: int
    rss_before: float
    rss_connected: float
    peak_rss: float
    results: list[float]
    stored: set[Word]

    @property
    def label(self) -> str:
        return "chat + web players" if self.web else "chat only (baseline)"

    @property
    def web_lost(self) -> set[Word]:
        """Verdicts "accepted" the database does not hold."""
        ids = {channel: r.round_id for channel, r in self.rounds.items()}
        accepted = {(ids[c], player, w) for c, player, w in self.figures.accepted}
        return accepted - self.stored

    @property
    def lost(self) -> set[Word]:
        return ({*self.loaded.in_memory, *self.loaded.committed} - self.stored) | self.web_lost

    @property
    def cpu(self) -> float:
        """The bot's CPU over the phase, in cores."""
        bot = self.paced.bot
        return bot.cpu_seconds / (bot.drained - self.paced.sent.started)

    @property
    def chat_ms(self) -> list[float]:
        """Chat messages' send -> committed verdict, ms."""
        return [
            1000 * (committed - self.times[key][index])
            for key, index, _, committed in self.paced.bot.commits
            if key in self.chat
        ]

    times: dict[Key, list[float]]
    chat: set[Key]
    throttled: tuple[int, int]  # 429 answers the stand-in gave, and of them its rate limits'


async def measure(
    web: bool,
    number: int,
    args: argparse.Namespace,
    lexicon: Lexicon,
    workdir: Path,
    engine: str = SQLITE,
    target: Callable[..., None] = drive_web,
) -> Outcome:
    """One configuration; ``engine``: ``bench_load``'s --database (SQLite, or a PostgreSQL
    URL); ``target``: the players' process (``load_stadium.drive_stadium`` for a crowd)."""
    async with fresh_database(engine, workdir, number) as database, AsyncExitStack() as stack:
        players = spawned(
            target,
            (args.web_channels, args.web_players, args.chat_channels, args.players),
            args.seed,
            args.every,
        )
        driver = await stack.enter_async_context(players)
        api_base, gateway_url, chat, shard_of = await driver.receive()
        config = replace(bot_config(args, database, number, 0, 1), web=True)
        bot = await stack.enter_async_context(spawned(run_bot, config))
        load = WebLoad(driver, [bot], shard_of)
        load.chat = set(chat)
        (started,) = await load.each("start", api_base, gateway_url)
        minutes = min(30, math.ceil((args.seconds + 150) / 60))
        await driver.call("start_rounds", f"{minutes}m")
        rounds = await load.rounds()
        solutions = {c: sorted(w for w in r.solution if len(w) >= 3) for c, r in rounds.items()}
        await driver.call("set_words", solutions, sample_words(lexicon))
        rss_before = await bot.call("rss")
        connected = await driver.call("sign_in", await bot.call("web_url")) if web else 0
        rss_connected = await bot.call("rss")
        print(
            f"[{'web' if web else 'baseline'}] {len(rounds)} rounds running, {len(chat)} chat"
            f" players, {connected} web players signed in",
            flush=True,
        )
        paced = await load.phase("paced", args.seconds, args.rate)
        figures = await driver.call("web_figures")
        (loaded,) = await load.each("loaded")
        await load.wait_shown([paced])
        results, _, _ = await load.end_rounds()
        throttled = await driver.call("throttled") if target is not drive_web else (0, 0)
        (peak,) = await load.each("close")
        stored, _ = await read_back(database, rounds)
    return Outcome(
        web,
        started,
        rounds,
        paced,
        loaded,
        figures,
        connected,
        rss_before,
        rss_connected,
        peak,
        results,
        stored,
        load.times,
        set(chat),
        throttled,
    )


def report(outcome: Outcome, args: argparse.Namespace) -> list[str]:
    figures = outcome.figures
    lines = [
        "",
        f"bench_web [{outcome.label}]: {len(outcome.rounds)} rounds on one bot process;"
        f" {len(outcome.chat)} chat players at {args.rate:g} messages/s"
        + (
            f", {outcome.connected} web players tracing a word every {args.every:g} s"
            if outcome.web
            else ""
        ),
        *report_phase(outcome.paced, judged_against_targets=False),
    ]
    chat_ms = outcome.chat_ms
    lines += [
        row("figure", "measured", "target", "ratio", "met?"),
        row(
            "chat message -> committed, median / p99",
            f"{statistics.median(chat_ms or [math.nan]):.1f} / {pct(chat_ms, 0.99):.1f} ms",
        ),
    ]
    if outcome.web:
        ms = figures.latencies_ms
        p99 = pct(ms, 0.99)
        verdicts = ", ".join(f"{v} {n}" for v, n in sorted(figures.verdicts.items()))
        lines += [
            row("web players welcomed", f"{outcome.connected}", f"{args.web_total}", "", ""),
            row(
                "sign-in (authorize, token, hello), median / p99",
                f"{statistics.median(figures.sign_in_s):.2f} / {pct(figures.sign_in_s, 0.99):.2f} s",
            ),
            row("traced word -> verdict, median", f"{statistics.median(ms or [math.nan]):.1f} ms"),
            row(
                "traced word -> verdict, p99",
                f"{p99:.1f} ms",
                f"< {TARGET_VERDICT_P99_MS:.0f} ms",
                f"{p99 / TARGET_VERDICT_P99_MS:.2f}x",
                yes(p99 < TARGET_VERDICT_P99_MS),
            ),
            row("traced word -> verdict, max", f"{max(ms, default=math.nan):.1f} ms"),
            row(
                "guesses unanswered", f"{figures.unanswered}", "0", "", yes(not figures.unanswered)
            ),
            f"  {len(ms)} verdicts: {verdicts}; {len(figures.errors)} errors",
        ]
    lines += [
        row("lost words", f"{len(outcome.lost)}", "0", "", yes(not outcome.lost)),
        row(
            "web verdicts 'accepted' not stored",
            f"{len(outcome.web_lost)} of {len(figures.accepted)}",
            "0",
            "",
            yes(not outcome.web_lost),
        ),
        row("results posted", f"{len(outcome.results)}/{len(outcome.rounds)}"),
        row(
            "bot RSS: before sign-ins / after / peak",
            f"{outcome.rss_before:.0f} / {outcome.rss_connected:.0f} / {outcome.peak_rss:.0f} MB",
        ),
    ]
    return lines


def compare(base: Outcome, web: Outcome) -> list[str]:
    base_ms, web_ms = base.chat_ms, web.chat_ms
    extra_cpu = web.cpu - base.cpu
    per_connection_kb = 1024 * (web.rss_connected - web.rss_before) / max(web.connected, 1)
    words = len(web.figures.latencies_ms) / web.paced.seconds
    return [
        "",
        "comparison (the baseline measured first in this run, same world and chat load):",
        row("figure", "web", "baseline", "ratio"),
        row(
            "chat message -> committed, p99",
            f"{pct(web_ms, 0.99):.1f} ms",
            f"{pct(base_ms, 0.99):.1f} ms",
            f"{pct(web_ms, 0.99) / pct(base_ms, 0.99):.2f}x",
        ),
        row(
            "chat message -> committed, median",
            f"{statistics.median(web_ms):.1f} ms",
            f"{statistics.median(base_ms):.1f} ms",
            f"{statistics.median(web_ms) / statistics.median(base_ms):.2f}x",
        ),
        row(
            "guesses committed /s",
            f"{web.paced.guesses_per_second:.0f}",
            f"{base.paced.guesses_per_second:.0f}",
            f"{web.paced.guesses_per_second / base.paced.guesses_per_second:.2f}x",
        ),
        row(
            "bot CPU, % of one core",
            f"{100 * web.cpu:.0f}%",
            f"{100 * base.cpu:.0f}%",
            f"{web.cpu / base.cpu:.2f}x",
        ),
        row(
            "bot peak RSS",
            f"{web.peak_rss:.0f} MB",
            f"{base.peak_rss:.0f} MB",
            f"{web.peak_rss / base.peak_rss:.2f}x",
        ),
        f"  per web connection: {100 * extra_cpu / max(web.connected, 1):.3f}% of a core"
        f" ({1000 * extra_cpu / max(words, 1e-9):.2f} ms of CPU per traced word, {words:.0f}"
        f" words/s) and {per_connection_kb:.0f} KB of RSS (signed in, before the load)",
    ]


async def run(args: argparse.Namespace, workdir: Path) -> int:
    args.cache = workdir / "lexicon-cache"
    args.profile, args.tracemalloc, args.configurations = None, False, 2
    lexicon = await asyncio.to_thread(load, EN_WORDS, args.cache)
    base = await measure(False, 0, args, lexicon, workdir)
    print("\n".join(report(base, args)), flush=True)
    web = await measure(True, 1, args, lexicon, workdir)
    print("\n".join(report(web, args)))
    print("\n".join(compare(base, web)))
    failed = (
        any(o.lost or len(o.results) < len(o.rounds) for o in (base, web))
        or web.connected < args.web_total
        or web.figures.unanswered
    )
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--web-channels", type=int, default=200)
    parser.add_argument("--web-players", type=int, default=5, help="web players per channel")
    parser.add_argument("--chat-channels", type=int, default=50, help="channels with chat players")
    parser.add_argument("--players", type=int, default=5, help="chat players per chat channel")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of the load")
    parser.add_argument("--every", type=float, default=2.0, help="seconds between traced words")
    parser.add_argument("--rate", type=float, default=1.0, help="chat messages/s per player")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not 0 < args.seconds <= 300 or args.every <= 0 or args.rate <= 0:
        parser.error("need 0 < --seconds <= 300, --every > 0, --rate > 0")
    if not 1 <= args.chat_channels <= args.web_channels <= 400:
        parser.error("need 1 <= --chat-channels <= --web-channels <= 400")
    if not 1 <= args.web_players <= 20 or not 1 <= args.players <= 20:
        parser.error("need 1 <= --web-players <= 20 and 1 <= --players <= 20")
    args.web_total = args.web_channels * args.web_players
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    with tempfile.TemporaryDirectory(prefix="bench-web-") as tmp:
        return asyncio.run(run(args, Path(tmp)))


if __name__ == "__main__":
    sys.exit(main())
