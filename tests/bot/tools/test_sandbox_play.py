"""``python -m bot`` with no token: a person plays a whole round in the terminal sandbox."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from core.lexicon import Lexicon
from core.solver import solve
from tests.bot.harness import query, read_board, sandbox_env, spawn_bot


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
    process = await spawn_bot(sandbox_env(tmp_path), tmp_path, interactive=True)
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


class Terminal:
    """A ``python -m bot`` sandbox process, typed into line by line."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        assert process.stdin is not None and process.stdout is not None
        self.process = process
        self.stdin = process.stdin
        self.stdout = process.stdout
        self.seen: list[str] = []

    @classmethod
    async def open(cls, folder: Path) -> Terminal:
        terminal = cls(await spawn_bot(sandbox_env(folder), folder, interactive=True))
        await terminal.read_until("Type :help")
        return terminal

    async def read_until(self, marker: str) -> None:
        await _read_until(self.stdout, marker, self.seen)

    async def type(self, line: str, until: str) -> None:
        self.stdin.write(f"{line}\n".encode())
        await self.read_until(until)

    def since(self, marker: str) -> str:
        """What was printed from the last line holding ``marker`` on."""
        start = max(i for i, line in enumerate(self.seen) if marker in line)
        return "".join(self.seen[start:])

    async def quit(self) -> str:
        self.stdin.write(b":quit\n")
        await self.stdin.drain()
        rest, _ = await asyncio.wait_for(self.process.communicate(), 30)
        transcript = "".join(self.seen) + rest.decode()
        assert self.process.returncode == 0, transcript
        return transcript

    async def kill(self) -> None:
        if self.process.returncode is None:
            self.process.kill()
            await self.process.wait()


async def test_the_sandbox_keeps_its_world_across_runs(tmp_path: Path, lexicon: Lexicon) -> None:
    """A second ``make run`` is the same server: same ids, same players, the leaderboard of the
    first run, and a round left mid-way goes on in its channel and ends there."""
    first = await Terminal.open(tmp_path)
    try:
        await first.type("/boggle start size:4 time:5m", until="Round started")
        alices, bobs = sorted(solve(read_board(_last_grid(first.seen)), lexicon, 3), key=len)[:2]
        await first.type(alices, until=f"reacted ✅ to alice: '{alices}'")
        await first.type(":as bob", until="you are now bob")
        await first.type(bobs, until=f"reacted ✅ to bob: '{bobs}'")
        await first.type(":as alice", until="you are now alice")
        await first.type("/boggle stop", until="Round over")
        await first.type("/boggle start size:4 time:10m", until="Round started")
        board = _last_grid(first.seen)
        left = min(solve(read_board(board), lexicon, 3), key=len)
        await first.type(left, until=f"reacted ✅ to alice: '{left}'")
        await first.quit()  # the second round is left running
    finally:
        await first.kill()

    second = await Terminal.open(tmp_path)
    try:
        # Opening the channel shows its latest messages: the running round's board among them.
        assert "-- the latest messages in #boggle --" in second.since("LOCAL SANDBOX")
        assert _last_grid(second.seen) == board
        await second.type("/leaderboard", until="Leaderboard")
        await second.type("/boggle stop", until="Round over")
        leaderboard = second.since("Leaderboard").split("used /boggle stop")[0]
        assert "Alice · " in leaderboard and "Bob · " in leaderboard, leaderboard
        await second.read_until(left)  # the resumed round's results name the word found
        assert "[#" not in second.since("Round over")  # posted in #boggle, where alice is
        await second.type("/boggle start size:4 time:5m", until="Round started")
        await second.quit()
    finally:
        await second.kill()

    database = tmp_path / "sandbox" / "boggle.sqlite3"
    assert len(query(database, "SELECT DISTINCT guild_id, channel_id FROM rounds")) == 1
    assert query(database, "SELECT state FROM rounds ORDER BY id") == [
        ("finished",),
        ("finished",),
        ("running",),
    ]


async def test_a_second_sandbox_on_the_same_database_says_why_at_once(tmp_path: Path) -> None:
    """A second ``make run`` while one runs: one line naming the cause, exit 1, at once (it
    waited 60 s in silence as a stand-by, then said only that the bot did not connect)."""
    first = await Terminal.open(tmp_path)
    try:
        second = await spawn_bot(sandbox_env(tmp_path), tmp_path, interactive=True)
        assert second.stdin is not None
        second.stdin.write(b":quit\n")
        out, _ = await asyncio.wait_for(second.communicate(), 20)
        text = out.decode()
        assert second.returncode == 1, text
        assert "another bot process is running on" in text and "shards 0" in text, text
        assert "did not connect" not in text
    finally:
        await first.quit()


async def test_a_folder_it_cannot_write_says_the_token_is_needed(tmp_path: Path) -> None:
    """The Docker image run without DISCORD_TOKEN (its /app is not the bot user's): one line
    saying the token is needed, not a PermissionError traceback."""
    (tmp_path / "sandbox").write_text("a file where the sandbox's folder would go")
    process = await spawn_bot(sandbox_env(tmp_path), tmp_path, interactive=True)
    out, _ = await asyncio.wait_for(process.communicate(b""), 20)
    text = out.decode()
    assert process.returncode == 2, text
    assert "error: DISCORD_TOKEN is not set" in text and "Traceback" not in text, text


async def test_without_message_content_the_sandbox_plays_by_replies(
    tmp_path: Path, lexicon: Lexicon
) -> None:
    """``BOGGLE_MESSAGE_CONTENT=off make run``: a word typed in the channel is not read (the
    stand-in strips it as Discord does), ``:reply WORDS`` to the board is."""
    env = sandbox_env(tmp_path, BOGGLE_MESSAGE_CONTENT="off")
    terminal = Terminal(await spawn_bot(env, tmp_path, interactive=True))
    try:
        await terminal.read_until("Type :help")
        await terminal.type("/boggle start size:4 time:2m", until="Round started")
        assert "Reply to this message with your words" in "".join(terminal.seen)
        board = read_board(_last_grid(terminal.seen))
        first, second = sorted(solve(board, lexicon, 3), key=lambda w: (len(w), w))[:2]
        await terminal.type(first, until=first)  # said in the channel: empty for the bot
        await terminal.type(f":reply {second}", until="✅")
        await terminal.type("/boggle stop", until="Round over")
        transcript = await terminal.quit()
    finally:
        await terminal.kill()
    results = transcript.split("Round over", 1)[1]
    assert second in results and f"{first} " not in results.split("Missed words")[0]


async def test_the_sandboxs_log_file_follows_the_log_format(tmp_path: Path) -> None:
    """``BOGGLE_LOG_FORMAT=json``: the sandbox's log file holds one JSON object a line, as the
    bot's stderr would."""
    env = sandbox_env(tmp_path, BOGGLE_LOG_FORMAT="json")
    terminal = Terminal(await spawn_bot(env, tmp_path, interactive=True))
    try:
        await terminal.read_until("Type :help")
        await terminal.type("/boggle start size:4 time:2m", until="Round started")
        await terminal.quit()
    finally:
        await terminal.kill()
    lines = (tmp_path / "sandbox" / "bot.log").read_text().splitlines()
    assert lines, "nothing logged"
    records = [json.loads(line) for line in lines]
    assert any("round" in r.get("message", "") for r in records), records
