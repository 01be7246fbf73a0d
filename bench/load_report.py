"""bench_load's figures for one phase of one configuration, and the table that prints them.

``Phase`` joins what the players sent (``load_players.Sent``, with each message's send time) to
what the bot processes made of it (``load_records.Taken``, merged over the processes) and to what the
stand-in saw shown to each player.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from dataclasses import dataclass, field
from itertools import pairwise

from load_players import Sent
from load_records import Key, Taken
from report_table import yes

TARGET_GUESSES_PER_SECOND = 500.0
TARGET_P99_MS = 100.0
NAIVE_CALLS_PER_GUESS = 1.0
WELL_BELOW = 0.2  # "well below one": at most a fifth of the naive calls
TARGET_VISIBLE_P99_S = 5.0  # "within a few seconds"


@dataclass
class Phase:
    """What one phase sent and what the bot processes made of it."""

    name: str
    sent: Sent
    bot: Taken
    processes: int
    api_calls: int = 0
    routes: Counter[str] = field(default_factory=Counter)
    judged_ms: list[float] = field(default_factory=list)
    committed_ms: list[float] = field(default_factory=list)
    visible_s: list[float] = field(default_factory=list)  # message -> its word visible
    shown_after_s: list[float] = field(default_factory=list)  # those shown after the last send
    shown_during_s: list[float] = field(default_factory=list)  # and those shown before it
    status_s: list[float] = field(default_factory=list)  # message -> its word in the status
    first_by_reaction: int = 0
    unseen: list[tuple[Key, str]] = field(default_factory=list)
    edit_gaps_s: list[float] = field(default_factory=list)  # between a board's status edits

    @property
    def messages(self) -> int:
        return len(self.sent.texts)

    @property
    def seconds(self) -> float:
        """First send to last commit: the backlog left when the senders stop counts."""
        return max(self.bot.last_commit, self.sent.done) - self.sent.started

    @property
    def guesses_per_second(self) -> float:
        return self.bot.rows / self.seconds if self.seconds > 0 else 0.0

    def join(self, times: dict[Key, list[float]]) -> None:
        """Latencies, from each player's send times over the whole run."""
        for key, index, judged, committed in self.bot.commits:
            sent = times[key][index]
            self.judged_ms.append(1000 * (judged - sent))
            self.committed_ms.append(1000 * (committed - sent))

    def shown(
        self, key: Key, word: str, sent: float, reacted: float | None, named: float | None
    ) -> None:
        """When an accepted word became visible: by ✅ on its message, or named in the status."""
        if reacted is None and named is None:
            self.unseen.append((key, word))
            return
        first = min(t for t in (reacted, named) if t is not None)
        self.visible_s.append(first - sent)
        (self.shown_after_s if first > self.sent.done else self.shown_during_s).append(first - sent)
        if named is None or (reacted is not None and reacted <= named):
            self.first_by_reaction += 1
        if named is not None:
            self.status_s.append(named - sent)

    def edits(self, edits: dict[int, list[float]]) -> None:
        """The gaps between each board's status edits while the phase ran."""
        for times in edits.values():
            during = [t for t in times if self.sent.started <= t <= self.bot.drained]
            self.edit_gaps_s += [b - a for a, b in pairwise(during)]


def calls_per_guess(phase: Phase) -> float:
    """Discord API calls in a phase over the guesses its bots committed."""
    return phase.api_calls / phase.bot.rows if phase.bot.rows else math.nan


def pct(values: list[float], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def row(figure: str, measured: str, target: str = "", ratio: str = "", met: str = "") -> str:
    return f"  {figure:<46} {measured:>15} {target:>17} {ratio:>7} {met:>4}"


def report_phase(phase: Phase, judged_against_targets: bool) -> list[str]:
    """The phase's table; the throughput and latency targets apply to the paced phase only."""
    sending = phase.sent.done - phase.sent.started
    lines = [
        f"[{phase.name}] {phase.messages} messages in {sending:.1f} s"
        f" ({phase.messages / sending:.0f}/s offered), {phase.bot.admitted} judged,"
        f" {phase.bot.dropped} dropped by the spam limit; caught up"
        f" {1000 * (phase.bot.drained - phase.sent.done):.0f} ms after the last send",
    ]
    if phase.name == "paced":
        lines.append(f"  senders behind schedule: at most {1000 * phase.sent.max_lag:.0f} ms")
    else:
        handled = phase.bot.admitted + phase.bot.dropped
        lines.append(
            f"  the bot took in {handled / (phase.bot.drained - phase.sent.started):.0f} messages/s"
            " (judged or dropped), first send to caught up"
        )
    rate = phase.guesses_per_second
    p99 = pct(phase.committed_ms, 0.99)
    per_guess = calls_per_guess(phase)
    judge = judged_against_targets
    lines += [
        row("figure", "measured", "target/baseline", "ratio", "met?"),
        row(
            "guesses processed /s",
            f"{rate:.0f}",
            f">= {TARGET_GUESSES_PER_SECOND:.0f}" if judge else "",
            f"{rate / TARGET_GUESSES_PER_SECOND:.2f}x" if judge else "",
            yes(rate >= TARGET_GUESSES_PER_SECOND) if judge else "",
        ),
        row(
            "message -> committed verdict, median",
            f"{statistics.median(phase.committed_ms or [math.nan]):.1f} ms",
        ),
        row(
            "message -> committed verdict, p99",
            f"{p99:.1f} ms",
            f"< {TARGET_P99_MS:.0f} ms" if judge else "",
            f"{p99 / TARGET_P99_MS:.2f}x" if judge else "",
            yes(p99 < TARGET_P99_MS) if judge else "",
        ),
        row("message -> committed verdict, max", f"{max(phase.committed_ms, default=0):.1f} ms"),
        row(
            "message -> judged in memory, median / p99",
            f"{statistics.median(phase.judged_ms or [math.nan]):.1f}"
            f" / {pct(phase.judged_ms, 0.99):.1f} ms",
        ),
        row(
            "Discord API calls per guess",
            f"{per_guess:.4f}",
            f"<{WELL_BELOW:g}; naive {NAIVE_CALLS_PER_GUESS:.1f}",
            f"{per_guess / NAIVE_CALLS_PER_GUESS:.3f}x",
            yes(per_guess < WELL_BELOW * NAIVE_CALLS_PER_GUESS),
        ),
        row(
            "Discord API calls per judged message",
            f"{phase.api_calls / max(phase.bot.admitted, 1):.4f}",
        ),
        *report_visible(phase, judge),
    ]
    if phase.status_s:
        lines.append(
            f"  accepted words first shown by a ✅ reaction: {phase.first_by_reaction}; named in"
            f" the status {statistics.median(phase.status_s):.2f} s after the message (median),"
            f" p99 {pct(phase.status_s, 0.99):.2f} s; a board's status edited every"
            f" {statistics.median(phase.edit_gaps_s or [math.nan]):.2f} s (median),"
            f" p99 {pct(phase.edit_gaps_s, 0.99):.2f} s,"
            f" max {max(phase.edit_gaps_s, default=math.nan):.2f} s"
        )
        after, during = phase.shown_after_s, phase.shown_during_s
        lines.append(
            f"  words shown while the phase sent: {len(during)}, p99 {pct(during, 0.99):.2f} s;"
            f" after its last send: {len(after)},"
            f" median {statistics.median(after or [math.nan]):.2f} s, p99 {pct(after, 0.99):.2f} s"
        )
    verdicts = ", ".join(f"{v} {n}" for v, n in phase.bot.verdicts.most_common())
    lines.append(f"  {phase.bot.rows} guesses committed: {verdicts}")
    routes = ", ".join(f"{route} x{n}" for route, n in phase.routes.most_common())
    lines.append(
        f"  {phase.api_calls} API calls ({phase.bot.feedback_calls} counted by Feedback.calls): {routes}"
    )
    if phase.bot.batches:
        lines.append(
            f"  {len(phase.bot.batches)} guess transactions of {statistics.mean(phase.bot.batches):.0f} rows"
            f" on average; each took median {statistics.median(phase.bot.batch_ms):.1f} ms,"
            f" p99 {pct(phase.bot.batch_ms, 0.99):.1f} ms, max {max(phase.bot.batch_ms):.1f} ms;"
            f" at most {phase.bot.max_pending} rows waited to be written"
        )
    took = phase.bot.drained - phase.sent.started
    lines.append(
        f"  bot CPU: {phase.bot.cpu_seconds:.1f} s in {took:.1f} s,"
        f" {100 * phase.bot.cpu_seconds / took:.0f}% of one core"
        + (f" over {phase.processes} processes" if phase.processes > 1 else "")
        + " (main thread and the database thread)"
    )
    stalls = phase.bot.stalls_ms
    lines.append(
        f"  bot event loop{'s' if phase.processes > 1 else ''} late by >5 ms: {len(stalls)} times, >50 ms: {sum(s > 50 for s in stalls)},"
        f" worst {max(stalls, default=0):.0f} ms; garbage collections (count, total, worst):"
        + ";".join(
            f" gen{g} {len(ms)}, {sum(ms):.0f}, {max(ms, default=0):.0f} ms"
            for g, ms in phase.bot.gc_ms.items()
        )
    )
    return lines


def report_visible(phase: Phase, judge: bool) -> list[str]:
    """Rows: how soon each word accepted from chat was visible to its player, and how many never
    were (a failure in any phase); the p99 target applies to the paced phase."""
    visible = phase.visible_s
    p99 = pct(visible, 0.99)
    accepted = len(phase.bot.accepted)
    return [
        row(
            "accepted word -> visible to player, median",
            f"{statistics.median(visible or [math.nan]):.2f} s",
        ),
        row(
            "accepted word -> visible to player, p99",
            f"{p99:.2f} s",
            f"<= {TARGET_VISIBLE_P99_S:g} s" if judge else "",
            f"{p99 / TARGET_VISIBLE_P99_S:.2f}x" if judge else "",
            yes(p99 <= TARGET_VISIBLE_P99_S) if judge else "",
        ),
        row("accepted word -> visible to player, max", f"{max(visible, default=math.nan):.2f} s"),
        row(
            "accepted words never shown",
            f"{len(phase.unseen)} of {accepted}",
            "0",
            "",
            yes(not phase.unseen),
        ),
    ]
