"""bench_load's configurations and what came of each: ``Configuration`` (a database, a count of
bot processes, the intent), ``Outcome`` (its figures), one configuration's report and the
comparison of them all against the baseline, measured first.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from load_databases import SQLITE
from load_records import Key, Loaded, Running, Started, Word
from load_report import Phase, calls_per_guess, pct, report_phase, row
from report_table import yes

from bot.rounds.service import GUESS_BURST, GUESSES_PER_SECOND
from bot.storage import is_postgres, printable


@dataclass(frozen=True)
class Configuration:
    """One measurement: a database (``sqlite``, a SQLite path or a PostgreSQL URL), how many
    bot processes share it, and whether the bots have the message-content intent (``on``:
    players type in the channel; ``off``: they reply to the board, as they must without it)."""

    database: str
    processes: int
    message_content: str = "on"
    achievements: str = "on"  # off: the bots leave the achievement checks out
    tournaments: int = 0  # channels whose round is a tournament's
    world: int = 0  # channels that are their server's world channel too, a world round open

    @property
    def label(self) -> str:
        engine = "PostgreSQL" if is_postgres(self.database) else "SQLite"
        plural = "es" if self.processes > 1 else ""
        replies = ", replies (no intent)" if self.message_content == "off" else ""
        checks = ", no achievement checks" if self.achievements == "off" else ""
        cups = f", tournaments in {self.tournaments} channels" if self.tournaments else ""
        world = f", world rounds in {self.world} channels" if self.world else ""
        return f"{engine}, {self.processes} process{plural}{replies}{checks}{cups}{world}"


BASELINE = Configuration(SQLITE, 1)


def configurations(
    databases: Sequence[str],
    processes: Sequence[int],
    contents: Sequence[str] = ("on",),
    achievements: Sequence[str] = ("on",),
    tournaments: Sequence[int] = (0,),
    world: Sequence[int] = (0,),
) -> list[Configuration]:
    """The baseline first, then every database with every count, intent mode, achievement
    checks and count of tournaments, each once."""
    wanted = [
        Configuration(d, n, m, a, t, w)
        for d in databases
        for n in processes
        for m in contents
        for a in achievements
        for t in tournaments
        for w in world
    ]
    return list(dict.fromkeys([BASELINE, *wanted]))


@dataclass
class Outcome:
    """A configuration's figures, for its report and the comparison."""

    config: Configuration
    database: str
    started: list[Started]
    rounds: dict[int, Running]
    paced: Phase
    burst: Phase | None
    loaded: list[Loaded]
    results: list[float]
    standings: list[float]  # each tournament's standings after the round, like ``results``
    calls_in_run: int
    peak_rss: list[float]
    driver_hwm: float
    stored: set[Word] = field(default_factory=set)
    states: Counter[str] = field(default_factory=Counter)
    ceiling: float = math.nan
    ceiling_words: int = 0
    profiles: list[str] = field(default_factory=list)  # cProfile files of the bot processes

    @property
    def phases(self) -> list[Phase]:
        return [p for p in (self.paced, self.burst) if p is not None]

    @property
    def accepted(self) -> set[Word]:
        """Accepted in memory or committed as accepted, in every bot process."""
        return {w for part in self.loaded for w in part.in_memory | part.committed}

    @property
    def lost(self) -> set[Word]:
        return self.accepted - self.stored

    @property
    def unseen(self) -> list[tuple[Key, str]]:
        return [u for phase in self.phases for u in phase.unseen]

    @property
    def failed(self) -> bool:
        short = len(self.standings) < self.config.tournaments
        return bool(self.lost or self.unseen or len(self.results) < len(self.rounds) or short)


def report(outcome: Outcome, args: argparse.Namespace) -> None:
    """One configuration's full figures: each phase's table, then the run's."""
    config = outcome.config
    bots = (
        "one bot process running every shard"
        if config.processes == 1
        else f"{config.processes} bot processes, shard i of {config.processes} each"
    )
    print()
    print(
        f"bench_load [{config.label}]: {args.channels} channels x {args.players} players; {bots},"
        f" on {printable(outcome.database)}; stand-in and players in another process;"
        f" Python {sys.version.split()[0]}"
    )
    print(
        f"spam limit {GUESSES_PER_SECOND:g} messages/s per player (burst {GUESS_BURST:g});"
        f" paced at {args.rate:g}/s per player for {args.seconds:g} s,"
        f" then unpaced for {args.burst_seconds:g} s"
    )
    for phase in outcome.phases:
        print()
        print("\n".join(report_phase(phase, judged_against_targets=phase is outcome.paced)))
    print()
    for line in run_rows(outcome):
        print(line)
    if outcome.lost:
        print(f"LOST: {sorted(outcome.lost)[:10]}")
    if outcome.unseen:
        print(f"NEVER SHOWN ((channel, player), word): {outcome.unseen[:10]}")


def run_rows(outcome: Outcome) -> list[str]:
    """The figures of the whole run of one configuration; several processes' figures are
    listed by shard."""
    rate = outcome.paced.guesses_per_second
    results, rounds = outcome.results, len(outcome.rounds)
    lost = outcome.lost
    loaded = outcome.loaded
    in_memory = {w for part in loaded for w in part.in_memory}
    committed = {w for part in loaded for w in part.committed}

    def per_process(values: Sequence[float | None]) -> str:
        return ", ".join("-" if v is None else f"{v:.0f}" for v in values)

    starts = outcome.started
    rows = [
        row("figure", "measured", "target/baseline", "ratio", "met?"),
        row(
            "core Round.guess alone (ceiling), words /s",
            f"{outcome.ceiling:.0f}",
            "",
            f"{rate / outcome.ceiling:.3f}x",
        )
        + f"  bot's paced rate against it ({outcome.ceiling_words} words)",
        row(
            "results posted after the deadline, median",
            f"{1000 * statistics.median(results or [math.nan]):.0f} ms",
            "runner tick 500 ms",
        ),
        row(
            "results posted after the deadline, max", f"{1000 * max(results or [math.nan]):.0f} ms"
        ),
        row(
            "channels with results posted",
            f"{len(results)}/{rounds}",
            f"{rounds}",
            "",
            yes(len(results) == rounds),
        ),
        row("rounds finished in the database", f"{outcome.states.get('finished', 0)}/{rounds}"),
        *tournament_rows(outcome),
        row(
            "accepted words: memory / committed / stored",
            f"{len(in_memory)}/{len(committed)}/{len(outcome.stored)}",
        ),
        row("lost words", f"{len(lost)}", "0", "", yes(not lost)),
        row(
            "bot RSS: start / with lexicon",
            f"{per_process([s.rss_start for s in starts])} / {per_process([s.rss_lexicon for s in starts])} MB",
        ),
        row(
            "bot RSS: ready / after the load",
            f"{per_process([s.rss_ready for s in starts])} / {per_process([x.rss_after for x in loaded])} MB",
        ),
        row("bot peak RSS (VmHWM)", f"{per_process(outcome.peak_rss)} MB"),
    ]
    if any(x.traced_peak is not None for x in loaded):
        rows.append(
            row(
                "bot tracemalloc peak during the load",
                f"{per_process([x.traced_peak for x in loaded])} MB",
            )
        )
    rows += [
        row("stand-in + players peak RSS (VmHWM)", f"{outcome.driver_hwm:.0f} MB"),
        row("API calls in the whole run", f"{outcome.calls_in_run}"),
    ]
    return rows


def tournament_rows(outcome: Outcome) -> list[str]:
    """With tournaments: how many rounds they opened, and their standings after the round."""
    wanted = outcome.config.tournaments
    if not wanted:
        return []
    opened = sum(1 for r in outcome.rounds.values() if r.entrants)
    standings = outcome.standings
    return [
        row(
            "rounds opened by a tournament",
            f"{opened}/{wanted}",
            f"{wanted}",
            "",
            yes(opened == wanted),
        ),
        row(
            "tournament standings after deadline, med / max",
            f"{ms(standings, statistics.median)} / {ms(standings, max)}",
            f"{wanted} posts",
            "",
            yes(len(standings) == wanted),
        ),
    ]


def ms(values: list[float], how: Callable[[list[float]], float]) -> str:
    return f"{1000 * how(values):.0f} ms" if values else "-"


def compare(outcomes: list[Outcome]) -> list[str]:
    """Every configuration's headline figures side by side, each with its ratio to the
    baseline's (the first): a ratio above 1 is more guesses, or a longer wait."""
    base = outcomes[0]
    head = (
        "configuration",
        "paced guesses/s",
        "commit median / p99 (p99 ratio)",
        "API calls/guess",
        "flood guesses/s",
        "flood commit p99",
        "lost",
        "never shown",
        "results: median / max after the deadline",
        "bot CPU (all processes)",
        "peak RSS a process",
    )
    table = [head]
    base_calls = calls_per_guess(base.paced)
    for outcome in outcomes:
        paced, burst = outcome.paced, outcome.burst
        p99 = pct(paced.committed_ms, 0.99)
        base_p99 = pct(base.paced.committed_ms, 0.99)
        flood = burst.guesses_per_second if burst else math.nan
        base_flood = base.burst.guesses_per_second if base.burst else math.nan
        busy = paced.bot.cpu_seconds / (paced.bot.drained - paced.sent.started)
        table.append(
            (
                outcome.config.label + (" (baseline)" if outcome is base else ""),
                f"{paced.guesses_per_second:.0f}"
                f" ({paced.guesses_per_second / base.paced.guesses_per_second:.2f}x)",
                f"{statistics.median(paced.committed_ms):.1f} / {p99:.1f} ms ({p99 / base_p99:.2f}x)",
                f"{calls_per_guess(paced):.3f} ({calls_per_guess(paced) / base_calls:.2f}x)",
                f"{flood:.0f} ({flood / base_flood:.2f}x)",
                f"{pct(burst.committed_ms, 0.99):.0f} ms" if burst else "-",
                f"{len(outcome.lost)} of {len(outcome.accepted)}",
                f"{len(outcome.unseen)}",
                f"{len(outcome.results)}/{len(outcome.rounds)}:"
                f" {ms(outcome.results, statistics.median)} / {ms(outcome.results, max)}",
                f"{100 * busy:.0f}% of a core",
                f"{max(outcome.peak_rss):.0f} MB",
            )
        )
    widths = [max(len(line[i]) for line in table) for i in range(len(head))]
    return [
        "  " + "  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip()
        for line in table
    ]


def median_ratios(passes: list[list[Outcome]]) -> list[str]:
    """Each configuration's headline ratios to its pass's baseline, the median over the passes:
    a load that drifts between configurations moves one pass's ratios, not their median."""
    ratios: dict[str, list[tuple[float, ...]]] = {}
    for outcomes in passes:
        base = outcomes[0]
        for outcome in outcomes[1:]:
            ratios.setdefault(outcome.config.label, []).append(
                tuple(
                    mine / theirs
                    for mine, theirs in zip(headline(outcome), headline(base), strict=True)
                )
            )
    names = ("paced guesses/s", "commit p99", "API calls/guess", "flood guesses/s", "results max")
    lines = []
    for label, rows in ratios.items():
        medians = [statistics.median(column) for column in zip(*rows, strict=True)]
        shown = ", ".join(f"{n} {m:.2f}x" for n, m in zip(names, medians, strict=True))
        lines.append(f"  {label} ({len(rows)} passes): {shown}")
    return lines


def headline(outcome: Outcome) -> tuple[float, ...]:
    """The figures ``median_ratios`` compares."""
    paced, burst = outcome.paced, outcome.burst
    return (
        paced.guesses_per_second,
        pct(paced.committed_ms, 0.99),
        calls_per_guess(paced),
        burst.guesses_per_second if burst else math.nan,
        max(outcome.results, default=math.nan),
    )
