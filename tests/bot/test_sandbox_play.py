"""``python -m bot`` with no token: a person plays a whole round in the terminal sandbox."""

from __future__ import annotations

import asyncio
from pathlib import Path

from core.board import Board
from core.dice import DATA_DIR
from core.lexicon import load
from core.solver import solve

from .harness import bot_env, spawn_bot


async def _read_until(stream: asyncio.StreamReader, marker: str, seen: list[str]) -> None:
    while True:
        line = (await asyncio.wait_for(stream.readline(), 30)).decode()
        if not line:
            raise AssertionError(f"output ended before {marker!r}:\n{''.join(seen)}")
        seen.append(line)
        if marker in line:
            return


def _grid(lines: list[str]) -> Board:
    """The board as a player reads it from the last board message printed."""
    fences = [i for i, line in enumerate(lines) if line.strip() == "```"]
    start, end = fences[-2], fences[-1]
    rows = []
    for line in lines[start + 1 : end]:
        faces = [f.lower() for f in line.split()]
        rows.append("".join(f if len(f) == 1 else ("q" if f == "qu" else f"[{f}]") for f in faces))
    return Board.parse("/".join(rows))


async def test_no_token_plays_a_round_in_the_terminal(tmp_path: Path) -> None:
    process = await spawn_bot(bot_env(tmp_path), tmp_path, interactive=True)
    assert process.stdin is not None and process.stdout is not None
    seen: list[str] = []
    try:
        await _read_until(process.stdout, "Type :help", seen)
        assert any("LOCAL SANDBOX" in line for line in seen)
        assert any("DISCORD_TOKEN" in line for line in seen)

        process.stdin.write(b"/boggle start size:4 time:2m\n")
        await _read_until(process.stdout, "Round started", seen)
        board = _grid(seen)
        lexicon = load(DATA_DIR / "words" / "en.txt", cache_dir=tmp_path / "cache")
        word = min(solve(board, lexicon, 3), key=len)

        process.stdin.write(f"{word} notaword\n".encode())
        await _read_until(process.stdout, "✅", seen)
        process.stdin.write(b"/boggle stop\n")
        await _read_until(process.stdout, "Round over", seen)
        process.stdin.write(b"/leaderboard\n")
        await _read_until(process.stdout, "Leaderboard", seen)
        process.stdin.write(b":quit\n")
        await process.stdin.drain()
        rest, _ = await asyncio.wait_for(process.communicate(), 30)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    transcript = "".join(seen) + rest.decode()
    assert process.returncode == 0, transcript
    assert "Alice" in transcript and word in transcript.split("Round over", 1)[1]
    assert (tmp_path / "sandbox" / "boggle.sqlite3").exists()
