"""The C allocator's thresholds held (``bot.kernel.allocator``): after a large block is freed, a
block of 1 MB still gets pages of its own rather than a place in the heap; the host's setting wins.

Each case runs in a Python of its own: the thresholds are the process's, and this one's have
moved already."""

from __future__ import annotations

import ctypes
import json
import os
import subprocess
import sys

import pytest

from bot.kernel.allocator import hold_thresholds
from tests.bot.harness import REPO

HAS_MALLINFO2 = hasattr(ctypes.CDLL(None), "mallinfo2")  # glibc 2.33 and later

# Frees an 8 MB block (glibc then serves blocks under 8 MB from its heap, unless held), then takes
# a 1 MB one: how much of it glibc mapped apart from the heap (mallinfo2's hblkhd).
CHILD = """
import ctypes, json, sys
from bot.kernel.allocator import hold_thresholds

class MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd",
        "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]

mallinfo2 = ctypes.CDLL(None).mallinfo2
mallinfo2.restype = MallInfo2
held = hold_thresholds() if sys.argv[1] == "hold" else False
big = bytearray(8 << 20)
del big
before = mallinfo2().hblkhd
block = bytearray(1 << 20)
print(json.dumps({"held": held, "mapped": mallinfo2().hblkhd - before}))
"""


def run_child(hold: bool, **environ: str) -> dict[str, int]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MALLOC_")} | environ
    done = subprocess.run(
        [sys.executable, "-c", CHILD, "hold" if hold else "leave"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    answer: dict[str, int] = json.loads(done.stdout)
    return answer


@pytest.mark.skipif(not HAS_MALLINFO2, reason="glibc 2.33 or later only")
def test_a_large_block_freed_moves_the_threshold_only_when_not_held() -> None:
    left = run_child(hold=False)
    assert not left["held"] and left["mapped"] == 0  # glibc's way: 1 MB now comes from the heap
    held = run_child(hold=True)
    assert held["held"] and held["mapped"] >= 1 << 20  # pages of its own, given back whole


@pytest.mark.skipif(not HAS_MALLINFO2, reason="glibc 2.33 or later only")
def test_the_hosts_own_threshold_wins() -> None:
    chosen = run_child(hold=True, MALLOC_MMAP_THRESHOLD_=str(4 << 20))
    assert not chosen["held"] and chosen["mapped"] == 0  # under the host's 4 MB: the heap's


def test_nothing_is_asked_of_the_allocator_when_the_host_sets_it() -> None:
    asked: list[tuple[int, int]] = []

    def mallopt(parameter: int, value: int) -> int:
        asked.append((parameter, value))
        return 1

    assert not hold_thresholds({"MALLOC_TRIM_THRESHOLD_": "0"}, mallopt)
    assert asked == []
    assert hold_thresholds({}, mallopt)
    assert len(asked) == 2
