"""bench_world ``--standin``: one world round through the stand-in with Discord's limits on, the
bot in ``--processes`` processes (the shards split) on one database, the crowd in another.

The bots' clocks are moved (``world_bot.MovingClock``): the world channels are set well before a
round's opening, the clocks then moved to just before it; the crowd plays for ``--seconds``; the
clocks are moved to the round's close, and every channel's results are awaited.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import statistics
import time
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

from load_databases import fresh_database
from load_processes import spawned
from load_records import BotConfig
from report_table import Table, percentile
from world_bot import run_world_bot
from world_players import Seen, drive_world

from core.world import RESULTS_WITHIN, WORLD_RATE, FanOut, Rhythm

VERDICT_P99_MS = 50.0
ACK_P99_S = 2.0
RANKS_S = 1.0
GLOBAL_LIMIT = 50
LEAD = 2.0  # seconds of the bots' clocks between the move and the opening


async def through_standin(
    args: argparse.Namespace, spec: str, cache: Path, words_file: Path
) -> bool:
    """One round, measured and printed; whether every target was met."""
    rhythm = Rhythm.every_seconds(args.every)
    fan_out = FanOut(args.channels, WORLD_RATE, rhythm)
    shards = args.processes
    async with fresh_database(spec, cache, 0) as database, AsyncExitStack() as stack:
        crowd_shape = (args.channels, args.chat, args.web, shards, args.seed)
        crowd = await stack.enter_async_context(spawned(drive_world, *crowd_shape))
        api_base, gateway_url, placed = await crowd.receive()
        configs = [
            BotConfig(
                database,
                k,
                shards,
                words_file,
                cache,
                args.seed,
                profile=f"{args.profile}.{k}" if args.profile else None,
                web=True,
                world_every=args.every,
            )
            for k in range(shards)
        ]
        bots = [await stack.enter_async_context(spawned(run_world_bot, c)) for c in configs]
        begun = time.perf_counter()
        await asyncio.gather(*(b.call("start", api_base, gateway_url) for b in bots))
        urls = [await b.call("web_url") for b in bots]
        print(f"  {shards} bots ready in {time.perf_counter() - begun:.0f} s", flush=True)
        stride = fan_out.stride
        number = (rhythm.number_at(time.time()) // stride + 10) * stride
        await asyncio.gather(*(b.call("move_to", rhythm.opens_at(number) - 600) for b in bots))
        await asyncio.gather(
            *(
                b.call("set_channels", [(g, c) for s, g, c in placed if s == k])
                for k, b in enumerate(bots)
            )
        )
        signed = await crowd.call("sign_in", urls)
        await asyncio.gather(*(b.call("move_to", rhythm.opens_at(number) - LEAD) for b in bots))
        await asyncio.sleep(LEAD + 1.5)  # the opening, on the bots' clocks: the scheduler's job
        opened = await crowd.call("open_world")
        words = await bots[0].call("board", number)
        print(
            f"  round #{number}: {len(words)} words; {signed} pages signed in, {opened} shown"
            f" the round; {fan_out.describe()}",
            flush=True,
        )
        sent = await crowd.call("play", words, args.words, args.seconds)
        await crowd.call("settle", 30.0)
        moved = await asyncio.gather(*(b.call("move_to", rhythm.closes_at(number)) for b in bots))
        timeout = fan_out.seconds * 1.5 + 30
        seen: Seen = await crowd.call("results", max(moved), args.channels, timeout)
        worlds = await asyncio.gather(*(b.call("world") for b in bots))
        peaks = await asyncio.gather(*(b.call("close") for b in bots))
    return report(args, seen, sent, worlds, peaks)


def report(
    args: argparse.Namespace,
    seen: Seen,
    sent: int,
    worlds: list[Any],
    peaks: list[float],
) -> bool:
    closes = [(s, n) for world in worlds for s, n in world[0]]
    closed = sorted(((s, n) for s, n in closes if n is not None), key=lambda c: -c[1])
    verdict_p99 = percentile(seen.verdict_ms, 0.99) if seen.verdict_ms else math.inf
    ack_p99 = percentile(seen.ack_s, 0.99) if seen.ack_s else (0.0 if not args.chat else math.inf)
    ranks_s = closed[0][0] if closed else math.inf
    last = max(seen.results_s, default=math.inf)
    table = Table()

    def check(figure: str, measured: str, target: str, met: bool) -> bool:
        table.add(figure, measured, "", "", target, "yes" if met else "NO")
        return met

    oks = [
        check(
            "traced word -> verdict, p50 / p99",
            f"{percentile(seen.verdict_ms, 0.5) if seen.verdict_ms else math.nan:.1f} / {verdict_p99:.1f} ms"
            f" ({len(seen.verdict_ms)} words, {seen.unanswered} unanswered)",
            f"p99 < {VERDICT_P99_MS:.0f} ms",
            verdict_p99 < VERDICT_P99_MS and not seen.unanswered,
        ),
        check(
            "new chat word -> its ✅, p50 / p99",
            f"{percentile(seen.ack_s, 0.5) if seen.ack_s else math.nan:.2f} / {ack_p99:.2f} s"
            f" ({len(seen.ack_s)} words marked, {seen.unacked} counted unmarked: past the ✅s' share)",
            f"p99 < {ACK_P99_S:.0f} s",
            ack_p99 < ACK_P99_S and not seen.unacked,
        ),
        check(
            "the close: every player ranked, stored, results owed",
            f"{1000 * ranks_s:.0f} ms ({closed[0][1] if closed else 0} players)",
            f"< {1000 * RANKS_S:.0f} ms",
            ranks_s < RANKS_S,
        ),
        check(
            "every channel's results out after the close",
            f"{last:.1f} s ({len(seen.results_s)} of {args.channels} channels;"
            f" median {statistics.median(seen.results_s or [math.nan]):.1f} s)",
            f"< {RESULTS_WITHIN:.0f} s",
            last < RESULTS_WITHIN and len(seen.results_s) == args.channels,
        ),
        check(
            "429 answers",
            f"{seen.throttled} (global {seen.refused[0]}, per-route {seen.refused[1]};"
            f" {', '.join(f'{r} {n}' for r, n in seen.throttled_routes)})",
            "0",
            not seen.throttled,
        ),
        check(
            "API calls in any one second (global limit), the run's most",
            f"{seen.max_a_second} (the bot's token; {seen.calls} calls counted in the run;"
            f" its requests: {', '.join(f'{r} x{n}' for r, n in seen.busiest_routes)})",
            f"<= {GLOBAL_LIMIT}",
            seen.max_a_second <= GLOBAL_LIMIT,
        ),
    ]
    for k, (world, peak) in enumerate(zip(worlds, peaks, strict=True)):
        table.add(
            f"bot process {k}: peak RSS; word transactions; boards skipped",
            f"{peak:.0f} MB; {world[1]}; {world[2]}",
        )
        inside, stalls = world[4], world[5]
        table.add(
            f"bot process {k}: a world guess inside it, p50 / p99; loop stalls > 20 ms",
            f"{percentile(inside or [0.0], 0.5):.1f} / {percentile(inside or [0.0], 0.99):.1f} ms"
            f" ({len(inside)});"
            f" {len(stalls)}, worst {max(stalls, default=0):.0f} ms,"
            f" {sum(stalls):.0f} ms in all",
        )
        table.add(
            f"bot process {k}: p50 / p99 of a guess's parts",
            "; ".join(
                f"{name} {percentile(ms or [0.0], 0.5):.1f} / {percentile(ms or [0.0], 0.99):.1f}"
                f" ms ({len(ms)})"
                for name, ms in world[6].items()
            ),
        )
        samples = sorted(world[7].items(), key=lambda kv: -kv[1])[:6]
        print(f"  bot process {k}: where its event loop stalled (5 ms samples):")
        for where, count in samples:
            print(f"    {count:4d}  {where}")
    table.add("the crowd's process: peak RSS", f"{seen.memory_mb:.0f} MB")
    table.add("guesses sent (chat / traced)", f"{sent} ({seen.chat_sent} chat)")
    table.add(
        "verdicts on the pages", ", ".join(f"{k} {v}" for k, v in sorted(seen.verdicts.items()))
    )
    print(
        f"\nthrough the stand-in: {args.channels} world channels, {args.chat} chat players,"
        f" {args.web} pages, {args.processes} bot processes, {args.seconds:.0f} s of play"
    )
    table.print()
    return all(oks)
