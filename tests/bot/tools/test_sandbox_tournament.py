"""``python -m bot`` with no token: a short tournament in the terminal sandbox, as
docs/commands.md tells a person to run one (the owner creates it, two people join, it starts,
its round is stopped early, the podium follows)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.bot.harness import query, sandbox_env, spawn_bot
from tests.bot.tools.test_sandbox_play import _read_until

STEPS = (
    (":as sandbox-owner", "you are now sandbox-owner"),
    ("/tournament create rounds:1 pause:0 time:30s", "Tournament created"),
    (":as alice", "you are now alice"),
    (":click Join", "You are in"),
    (":as bob", "you are now bob"),
    (":click Join", "You are in"),
    (":as sandbox-owner", "you are now sandbox-owner"),
    ("/tournament start", "```"),  # its round's board
    ("/boggle stop", "the podium"),
)


async def test_a_short_tournament_in_the_terminal(tmp_path: Path) -> None:
    process = await spawn_bot(sandbox_env(tmp_path), tmp_path, interactive=True)
    assert process.stdin is not None and process.stdout is not None
    seen: list[str] = []
    try:
        await _read_until(process.stdout, "Type :help", seen)
        for line, answer in STEPS:
            process.stdin.write(f"{line}\n".encode())
            await _read_until(process.stdout, answer, seen)
        await _read_until(process.stdout, "2. Bob: 0 pts", seen)
        process.stdin.write(b":quit\n")
        await process.stdin.drain()
        rest, _ = await asyncio.wait_for(process.communicate(), 30)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    transcript = "".join(seen) + rest.decode()
    assert process.returncode == 0, transcript
    assert "Entrants (2): Alice, Bob" in transcript
    assert "4×4 · English" in transcript and "Phrase(" not in transcript
    assert "started by sandbox-owner" in transcript, transcript  # never "player <id>"
    assert "podium.png" in transcript
    database = tmp_path / "sandbox" / "boggle.sqlite3"
    assert query(database, "SELECT state FROM tournaments") == [("finished",)]
