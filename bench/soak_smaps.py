"""Where a process's resident memory is, from ``/proc/PID/smaps``: glibc's main heap, the
malloc arenas of its threads, other anonymous memory (Python's arenas, large blocks), each mapped
file by name. bench_soak compares two of these to say what grew.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path

ARENA = 64 << 20  # glibc's thread arenas: reserved 64 MB at a time, aligned to 64 MB
SHOWN = 0.5  # MB: less growth is not worth a word


@dataclass(frozen=True)
class Regions:
    """Resident MB by kind of mapping, and how many thread arenas hold memory."""

    rss: dict[str, float] = field(default_factory=dict)
    arenas: int = 0

    def grown_since(self, before: Regions) -> list[str]:
        """The kinds that grew by ``SHOWN`` or more since ``before``, most first."""
        grown = {k: v - before.rss.get(k, 0.0) for k, v in self.rss.items()}
        most = sorted(grown.items(), key=lambda item: -item[1])
        return [f"{k} {g:+.1f} MB" for k, g in most if g >= SHOWN]


def regions(pid: int) -> Regions:
    """The process's resident memory by kind; empty when it is gone."""
    rss: dict[str, float] = {}
    arenas = 0
    kind = ""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
            head = line.split(maxsplit=5)
            if "-" in head[0] and not head[0].endswith(":"):  # a mapping's first line
                kind = _kind(head)
                arenas += kind == "thread arenas"
            elif head[0] == "Rss:":
                rss[kind] = rss.get(kind, 0.0) + int(head[1]) / 1024
    return Regions({k: v for k, v in rss.items() if v > 0}, arenas)


def _kind(head: list[str]) -> str:
    start, _ = (int(x, 16) for x in head[0].split("-"))
    name = head[5] if len(head) > 5 else ""
    if name.startswith("["):
        return name  # [heap], [stack], [vvar]...
    if name:
        return Path(name).name
    # Anonymous: a thread's malloc arena is one mapping from a 64 MB boundary (its heap grows
    # up from there into the rest of the 64 MB, reserved); Python's own arenas and large
    # blocks land anywhere (on the boundary by chance, rarely).
    return "thread arenas" if start % ARENA == 0 else "anonymous"
