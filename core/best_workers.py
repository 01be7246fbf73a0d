"""The search for the best board on every core: one ``core.best`` search a process.

The parent owns the clock and stops the workers when time is up; workers ignore Ctrl-C (the
terminal sends it to the whole process group), and the parent keeps the best board heard. With
one worker the search runs in process, so a seed gives the same board as ``best_board``.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import random
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.synchronize import Event
from typing import Any

from core.best import AnnealSchedule, Best, best_board, confirm
from core.board import Board
from core.lexicon import Lexicon

POLL_SECONDS = 0.05
REPORT_EVERY = 2000  # evaluations between a worker's counts
STOP_SECONDS = 5.0  # how long stopped workers get to send their last board


@dataclass(frozen=True)
class Progress:
    """What a long search shows: the best so far (and when it was found), boards scored a second
    across all workers, and the time left."""

    points: int
    found_at: float
    evaluations: int
    per_second: float
    seconds_left: float


@dataclass(frozen=True)
class Outcome:
    """The best board and whether Ctrl-C cut the search short."""

    best: Best
    interrupted: bool


def worker_seed(seed: int, worker: int) -> int:
    """Worker 0 keeps the seed (so one worker is ``best_board`` with that seed); the others get
    seeds of their own derived from it."""
    return seed if worker == 0 else seed * 1_000_003 + worker


def search(
    lexicon: Lexicon,
    rows: int,
    cols: int,
    seconds: float,
    seed: int,
    clock: Callable[[], float],
    min_length: int = 3,
    workers: int = 1,
    max_iterations: int | None = None,
    on_progress: Callable[[Progress], None] | None = None,
    schedule: AnnealSchedule | None = None,
) -> Outcome:
    """The best board ``workers`` searches find in ``seconds`` of ``clock`` (or ``max_iterations``
    boards each), confirmed by the solver; Ctrl-C ends it early with the best board so far."""

    def in_this_process() -> Outcome:
        """One search here; Ctrl-C returns the best board heard of so far."""
        started = clock()
        seen: list[tuple[int, tuple[str, ...], float, int]] = []
        last_shown = [started]

        def improved(points: int, faces: tuple[str, ...], at: float, evaluations: int) -> None:
            seen[:] = [(points, faces, at, evaluations)]
            now = clock()
            if on_progress is not None and now - last_shown[0] >= 0.2:
                last_shown[0] = now
                elapsed = max(1e-9, now - started)
                left = max(0.0, seconds - elapsed)
                on_progress(Progress(points, at, evaluations, evaluations / elapsed, left))

        try:
            best = best_board(
                lexicon, rows, cols, seconds, random.Random(seed), min_length, clock, max_iterations,
                schedule, on_improve=improved,
            )  # fmt: skip
        except KeyboardInterrupt:
            if not seen:
                raise
            points, faces, at, evaluations = seen[0]
            board = Board(rows, cols, faces)
            words = confirm(lexicon, board, points, min_length)
            # The boards scored in all are known as of the last best board heard of.
            return Outcome(Best(board, points, words, at, evaluations, evaluations), True)
        return Outcome(best, False)

    if workers <= 1:
        return in_this_process()
    context = multiprocessing.get_context()
    messages: multiprocessing.Queue[tuple[Any, ...]] = context.Queue()
    stop = context.Event()
    blob = lexicon.to_bytes()
    tally = _Tally(workers, clock)
    processes = []
    for w in range(workers):
        args: tuple[Any, ...] = (blob, rows, cols, min_length, worker_seed(seed, w))
        args += (max_iterations, schedule, stop, messages, w)
        processes.append(context.Process(target=_worker, args=args, daemon=True))
    for process in processes:
        process.start()
    interrupted = False
    try:
        while tally.done < workers and tally.elapsed() < seconds:
            tally.hear(messages, POLL_SECONDS)
            if on_progress is not None and tally.best is not None:
                on_progress(tally.progress(seconds))
    except KeyboardInterrupt:
        interrupted = True
    finally:
        stop.set()
        waited = time.monotonic()
        while tally.done < workers and time.monotonic() - waited < STOP_SECONDS:
            tally.hear(messages, POLL_SECONDS)
        for process in processes:
            process.join(timeout=POLL_SECONDS)
            if process.is_alive():
                process.terminate()
                process.join()
    if tally.best is None:
        raise RuntimeError("no worker reported a board")
    points, _, faces, found_at, found_after = tally.best
    board = Board(rows, cols, faces)
    words = confirm(lexicon, board, points, min_length)
    found = Best(board, points, words, found_at, found_after, sum(tally.counts))
    return Outcome(found, interrupted)


class _Tally:
    """What the parent has heard from its workers: the best board (first heard wins a tie, then
    the lower worker), each worker's evaluations, and how many have finished."""

    def __init__(self, workers: int, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.started = clock()
        # points, -worker, faces, seconds and boards scored (all workers) when it was heard
        self.best: tuple[int, int, tuple[str, ...], float, int] | None = None
        self.counts = [0] * workers
        self.done = 0

    def elapsed(self) -> float:
        return self.clock() - self.started

    def hear(self, messages: multiprocessing.Queue[tuple[Any, ...]], wait: float) -> None:
        """Take one message, if one comes within ``wait`` seconds."""
        try:
            kind, worker, *rest = messages.get(timeout=wait)
        except queue.Empty:
            return
        if kind == "best":
            points, faces = rest
            candidate = (points, -worker, tuple(faces), self.elapsed(), sum(self.counts))
            if self.best is None or candidate[:2] > self.best[:2]:
                self.best = candidate
        elif kind == "count":
            self.counts[worker] = max(self.counts[worker], rest[0])
        else:
            self.done += 1

    def progress(self, seconds: float) -> Progress:
        assert self.best is not None
        elapsed = max(1e-9, self.elapsed())
        total = sum(self.counts)
        return Progress(
            self.best[0], self.best[3], total, total / elapsed, max(0.0, seconds - elapsed)
        )


def _worker(
    blob: bytes,
    rows: int,
    cols: int,
    min_length: int,
    seed: int,
    max_iterations: int | None,
    schedule: AnnealSchedule | None,
    stop: Event,
    messages: multiprocessing.Queue[tuple[Any, ...]],
    worker: int,
) -> None:
    """One search in a child process, until the parent says stop (or its budget is spent)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()  # a parent that died without a word leaves this process to init
    lexicon = Lexicon.from_bytes(blob)
    reported = [0]
    counter = [0]

    def tick(evaluations: int) -> None:
        if evaluations - reported[0] >= REPORT_EVERY:
            reported[0] = evaluations
            messages.put(("count", worker, evaluations))

    def improved(points: int, faces: tuple[str, ...], at: float, evaluations: int) -> None:
        messages.put(("best", worker, points, faces))
        tick(evaluations)

    def should_stop() -> bool:
        counter[0] += 64  # best_board asks once every 64 boards
        tick(counter[0])
        return stop.is_set() or os.getppid() != parent

    best = best_board(
        lexicon, rows, cols, 0.0, random.Random(seed), min_length, None, max_iterations,
        schedule, stop=should_stop, on_improve=improved,
    )  # fmt: skip
    messages.put(("best", worker, best.points, best.board.cells))
    messages.put(("count", worker, counter[0]))
    messages.put(("done", worker))
