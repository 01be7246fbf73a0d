"""The figures table every bench prints, and the small helpers its rows use.

One row a figure: ours, the baseline measured in the same run, their ratio, the target and whether
it is met; each row is echoed to stderr as it is measured, so a long run shows its progress.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


class Table:
    def __init__(self) -> None:
        self.rows: list[tuple[str, ...]] = []

    def add(
        self,
        figure: str,
        ours: str,
        baseline: str = "",
        ratio: str = "",
        target: str = "",
        met: str = "",
    ) -> None:
        self.rows.append((figure, ours, baseline, ratio, target, met))
        print(f"  ... {figure}: {ours}", file=sys.stderr, flush=True)

    def print(self) -> None:
        head = ("figure", "ours", "baseline", "ratio", "target", "met?")
        widths = [max(len(r[i]) for r in [head, *self.rows]) for i in range(len(head))]
        line = "  ".join("-" * w for w in widths)
        print("  ".join(h.ljust(w) for h, w in zip(head, widths, strict=True)))
        print(line)
        for row in self.rows:
            print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def yes(condition: bool) -> str:
    return "yes" if condition else "NO"
