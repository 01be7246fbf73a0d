"""``python -m bot`` with no token: a person plays a whole round in the terminal sandbox."""

from __future__ import annotations

import asyncio
from pathlib import Path

from core.lexicon import Lexicon
from core.solver import solve

from .harness import bot_env, read_board, spawn_bot


async def _read_until(stream: asyncio.StreamReader, marker: str, seen: list[str]) -> None:
    while True:
        line = (await asyncio.wait_for(stream.readline(), 30)).decode()
        if not line:
            raise AssertionError(f"output ended before {marker!r}:\n{''.join(seen)}")
        seen.append(line)
        if marker in line:
            return


def _last_grid(lines: list[str]) -> list[str]:
    """The grid lines of the last board message printed."""
    fences = [i for i, line in enumerate(lines) if line.strip() == "```"]
    return lines[fences[-2] + 1 : fences[-1]]


async def test_no_token_plays_a_round_in_the_terminal(tmp_path: Path, lexicon: Lexicon) -> None:
    process = await spawn_bot(bot_env(tmp_path), tmp_path, interactive=True)
    assert process.stdin is not None and process.stdout is not None
    seen: list[str] = []
    try:
        await _read_until(process.stdout, "Type :help", seen)
        assert any("LOCAL SANDBOX" in line for line in seen)
        assert any("DISCORD_TOKEN" in line for line in seen)

        process.stdin.write(b"/boggle start size:4 time:2m\n")
        await _read_until(process.stdout, "Round started", seen)
        board = read_board(_last_grid(seen))
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
