"""Benchmark of the board picture (bot/pictures/picture.py): time to draw and encode a board.

Seeded boards of each size, plain, with a path and with hints. The baseline redraws everything
for each picture (``clear_cache()``); also timed: our palette PNG against a true-colour one, and
how late the event loop runs while pictures are drawn in a thread. Target: under 20 ms a board
(median and p99). Exit 1 when a picture is not a PNG of the layout's size.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

from PIL import Image

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from report_table import Table, percentile, yes  # noqa: E402

from bot.pictures import picture  # noqa: E402
from core.board import Board  # noqa: E402
from core.dice import dice_set  # noqa: E402

SIZES = {4: "4x4-new", 5: "5x5-original", 6: "6x6-superbig"}
PATH_DICE = 8
HINT_MOST = 60  # the most words a hint shows in the benchmark (a 6x6 die: about 45)
TARGET_MS = 20.0
LOOP_PICTURES = 50
TICK_S = 0.001
DRAWER = ThreadPoolExecutor(max_workers=1)


def walk(board: Board, rng: random.Random, length: int) -> tuple[int, ...]:
    """A random path of up to ``length`` dice (never a blank, never a die twice)."""
    start = rng.choice([i for i, face in enumerate(board.cells) if face])
    path = [start]
    while len(path) < length:
        free = [j for j in board.neighbours[path[-1]] if j not in path]
        if not free:
            break
        path.append(rng.choice(free))
    return tuple(path)


def timed(draw: Callable[[], bytes], before: Callable[[], None] | None = None) -> float:
    if before is not None:
        before()
    start = time.perf_counter()
    draw()
    return time.perf_counter() - start


def figures(times: Sequence[float]) -> tuple[float, float]:
    return statistics.median(times) * 1000, percentile(times, 0.99) * 1000


def check(png: bytes, board: Board) -> bool:
    image = Image.open(io.BytesIO(png))
    return image.format == "PNG" and image.size == picture.layout(board.rows, board.cols).size


def measure_size(table: Table, size: int, count: int, seed: int) -> bool:
    dice = dice_set(SIZES[size])
    rng = random.Random(seed + size)
    boards = [dice.roll(rng) for _ in range(count)]
    paths = [walk(board, rng, PATH_DICE) for board in boards]
    # Hints as a casual round's board post shows them: a number of 0 to HINT_MOST per die.
    hints = [tuple(rng.randint(0, HINT_MOST) for _ in board.cells) for board in boards]

    picture.clear_cache()
    cold = timed(lambda: picture.board_png(boards[0]))
    ok = True
    for board, path, hint in zip(boards, paths, hints, strict=True):  # every piece drawn once
        ok &= check(picture.board_png(board), board) and check(
            picture.board_png(board, path), board
        )
        ok &= check(picture.board_png(board, hints=hint), board)

    for label, shown, numbers in (
        ("plain", [()] * count, [None] * count),
        (f"with a path of {PATH_DICE}", paths, [None] * count),
        ("with hints", [()] * count, hints),
    ):
        draws = [
            partial(picture.board_png, board, path, hint)
            for board, path, hint in zip(boards, shown, numbers, strict=True)
        ]
        for draw in draws:  # warm (the baseline before clears every piece)
            draw()
        ours = [timed(draw) for draw in draws]
        naive = [timed(draw, picture.clear_cache) for draw in draws]
        o_med, o_p99 = figures(ours)
        b_med, b_p99 = figures(naive)
        table.add(
            f"{size}x{size} {SIZES[size]} {label}, median / p99 ({count} boards)",
            f"{o_med:.1f} / {o_p99:.1f} ms",
            f"{b_med:.1f} / {b_p99:.1f} ms",
            f"{b_med / o_med:.1f}x faster",
            f"< {TARGET_MS:g} ms",
            yes(o_p99 < TARGET_MS),
        )
    sizes = [len(picture.board_png(b, p)) for b, p in zip(boards, paths, strict=True)]
    table.add(
        f"{size}x{size} first picture of a process (pieces drawn) / PNG bytes with path, median",
        f"{cold * 1000:.0f} ms / {statistics.median(sizes) / 1024:.0f} KiB",
    )
    measure_encoding(table, size, boards, paths)
    return ok


def as_is(image: Image.Image) -> Image.Image:
    """The true-colour baseline's encoding step: the picture, unchanged."""
    return image


def measure_encoding(
    table: Table, size: int, boards: Sequence[Board], paths: Sequence[tuple[int, ...]]
) -> None:
    """Our palette PNG against a true-colour PNG of the same drawn pictures."""
    ours: list[float] = []
    naive: list[float] = []
    ours_bytes: list[int] = []
    naive_bytes: list[int] = []
    for board, path in zip(boards, paths, strict=True):
        shown = tuple(face[:1].upper() + face[1:] for face in board.cells)
        drawn = picture._draw(board, shown, path)
        palette = picture._palette()
        for times, sizes, encoded in (
            (ours, ours_bytes, partial(drawn.quantize, palette=palette, dither=Image.Dither.NONE)),
            (naive, naive_bytes, partial(as_is, drawn)),
        ):
            start = time.perf_counter()
            out = io.BytesIO()
            encoded().save(out, "PNG")
            times.append(time.perf_counter() - start)
            sizes.append(len(out.getvalue()))
    o, b = statistics.median(ours) * 1000, statistics.median(naive) * 1000
    table.add(
        f"{size}x{size} encoding alone, median: palette / true-colour PNG",
        f"{o:.1f} ms, {statistics.median(ours_bytes) / 1024:.0f} KiB",
        f"{b:.1f} ms, {statistics.median(naive_bytes) / 1024:.0f} KiB",
        f"{b / o:.1f}x faster",
    )


async def loop_lateness(draw_in_thread: bool, boards: Sequence[Board]) -> list[float]:
    """How late a 1 ms timer fires while ``LOOP_PICTURES`` pictures are drawn."""
    late: list[float] = []
    done = asyncio.Event()

    async def ticker() -> None:
        while not done.is_set():
            start = time.perf_counter()
            await asyncio.sleep(TICK_S)
            late.append(time.perf_counter() - start - TICK_S)

    task = asyncio.create_task(ticker())
    await asyncio.sleep(0.01)
    for i in range(LOOP_PICTURES):
        board = boards[i % len(boards)]
        if draw_in_thread:
            await asyncio.get_running_loop().run_in_executor(DRAWER, picture.board_png, board)
        else:
            picture.board_png(board)
            await asyncio.sleep(0)
    done.set()
    await task
    return late


def measure_loop(table: Table, seed: int) -> None:
    rng = random.Random(seed)
    boards = [dice_set(SIZES[6]).roll(rng) for _ in range(10)]
    picture.board_png(boards[0])
    threaded = asyncio.run(loop_lateness(True, boards))
    on_loop = asyncio.run(loop_lateness(False, boards))
    o, b = max(threaded) * 1000, max(on_loop) * 1000
    table.add(
        f"event loop: latest 1 ms timer while {LOOP_PICTURES} 6x6 pictures draw (median late)",
        f"{o:.1f} ms ({statistics.median(threaded) * 1000:.2f})",
        f"{b:.1f} ms on the loop ({statistics.median(on_loop) * 1000:.2f})",
        target="a few ms",
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=200, help="boards per size (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the boards (default 1)")
    args = parser.parse_args(argv)
    import PIL

    print(f"{args.boards} boards a size, Pillow {PIL.__version__}, python {sys.version.split()[0]}")
    table = Table()
    ok = True
    for size in SIZES:
        ok &= measure_size(table, size, args.boards, args.seed)
    measure_loop(table, args.seed)
    print()
    table.print()
    print()
    print("pictures:", "PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
