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


Z95 = 1.959964  # two-sided 95 %


def wilson(passed: int, count: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share ``passed / count`` (sound near 0 and 1)."""
    share = passed / count
    centre = share + z * z / (2 * count)
    spread = z * (share * (1 - share) / count + z * z / (4 * count * count)) ** 0.5
    scale = 1 + z * z / count
    return (centre - spread) / scale, (centre + spread) / scale


def difference_interval(
    passed: int, count: int, other: int, other_count: int, z: float = Z95
) -> tuple[float, float]:
    """Newcombe's interval for ``passed / count - other / other_count`` (independent samples),
    from each share's Wilson interval."""
    p, q = passed / count, other / other_count
    low_p, high_p = wilson(passed, count, z)
    low_q, high_q = wilson(other, other_count, z)
    diff = p - q
    below = ((p - low_p) ** 2 + (high_q - q) ** 2) ** 0.5
    above = ((high_p - p) ** 2 + (q - low_q) ** 2) ** 0.5
    return diff - below, diff + above
