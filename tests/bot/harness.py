"""The real bot against the local stand-in, with a clock the test can move forward."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import random
import sqlite3
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.app import App
from bot.config.settings import Settings
from bot.discord.client import BoggleBot
from bot.rounds.live import LiveRound
from bot.services import Services, Tuning
from core.board import Board
from core.lexicon import Lexicon, default_cache_dir
from core.solver import find_path
from standin import StandIn
from standin.state import StoredMessage
from standin.testing import running_bot

REPO = Path(__file__).resolve().parents[2]  # where ``python -m bot`` runs from the source
Row = tuple[Any, ...]  # a row read with sqlite3: its columns' types are the query's


class Clock:
    """Wall time plus an offset the test moves; the bot's runners see it at their next tick, its
    scheduler at once (it watches the clock: ``bot.kernel.scheduler.MovableClock``)."""

    def __init__(self) -> None:
        self._watchers: list[Callable[[], None]] = []
        self._offset = 0.0

    def __call__(self) -> float:
        return time.time() + self._offset

    @property
    def offset(self) -> float:
        return self._offset

    @offset.setter
    def offset(self, offset: float) -> None:
        self._offset = offset
        self.moved()

    def advance(self, seconds: float) -> None:
        self.offset += seconds

    def watch(self, moved: Callable[[], None]) -> Callable[[], None]:
        self._watchers.append(moved)
        return lambda: self._watchers.remove(moved)

    def moved(self) -> None:
        for watcher in list(self._watchers):
            watcher()


class StoppedClock(Clock):
    """A clock that moves only when told: exact deadlines to compare, nothing timed (a
    ``Clock`` wherever one is taken; its offset is unused). Setting ``now`` moves it too."""

    def __init__(self, now: float) -> None:
        super().__init__()
        self._now = now

    def __call__(self) -> float:
        return self._now

    @property
    def now(self) -> float:
        return self._now

    @now.setter
    def now(self, now: float) -> None:
        self._now = now
        self.moved()

    def advance(self, seconds: float) -> None:
        self.now = self._now + seconds


@dataclass
class Harness:
    standin: StandIn
    bot: BoggleBot
    clock: Clock
    database: Path | str  # a SQLite file, or a PostgreSQL URL (then ``query`` does not apply)
    lexicon: Lexicon
    app: App
    seen: dict[str, int] = field(default_factory=dict)

    @property
    def services(self) -> Services:
        """The running bot's services: the composition root's (the client holds none)."""
        assert self.app.services is not None  # the bot is running
        return self.app.services

    def channel_id(self, channel: str = "boggle") -> int:
        return self.standin.channel(channel).id

    def live(self, channel: str = "boggle") -> LiveRound:
        return self.services.rounds.live[self.channel_id(channel)]

    async def start_round(
        self, user: str = "alice", channel: str = "boggle", **options: Any
    ) -> tuple[LiveRound, StoredMessage]:
        """``/boggle start`` as ``user``; the live round and the posted board message."""
        handle = await self.standin.slash(channel, user, "boggle start", options)
        board = await self.standin.wait_for_message(channel, lambda m: "Boggle" in m.content)
        reply = await handle.followup()
        assert reply.ephemeral and "Round started" in reply.content, reply.content
        return self.live(channel), board

    async def say(self, user: str, text: str, channel: str = "boggle") -> StoredMessage:
        return await self.standin.user_says(channel, user, text)

    async def guesses_stored(self, count: int, timeout: float = 5.0) -> list[Row]:
        """Wait until ``count`` guesses are committed; returns every stored guess row."""
        deadline = time.monotonic() + timeout
        while True:
            await self.services.writer.flush()
            rows = self.query("SELECT player_id, word, verdict, points FROM guesses ORDER BY id")
            if len(rows) >= count or time.monotonic() > deadline:
                assert len(rows) == count, rows
                return rows
            await asyncio.sleep(0.02)

    async def wait_for_guess(self, player: str, word: str, timeout: float = 5.0) -> list[Row]:
        """Every stored guess row, once ``player``'s guess of ``word`` is among them.

        Messages are judged in the order they arrive, so everything sent before is judged too.
        """
        player_id = self.user_id(player)
        deadline = time.monotonic() + timeout
        while True:
            await self.services.writer.flush()
            rows = self.query("SELECT player_id, word, verdict, points FROM guesses ORDER BY id")
            if any(r[0] == player_id and r[1] == word for r in rows):
                return rows
            assert time.monotonic() < deadline, f"{player}'s guess {word!r} never stored"
            await asyncio.sleep(0.02)

    def query(self, sql: str, params: tuple[object, ...] = ()) -> list[Row]:
        """Read the database through a connection of the test's own."""
        return query(self.database, sql, params)

    async def end_round(self, channel: str = "boggle", timeout: float = 5.0) -> StoredMessage:
        """Move the clock past the deadline; the first results message."""
        self.clock.advance(self.live(channel).game.deadline - self.clock() + 1)
        return await self.results(channel, timeout)

    async def results(self, channel: str = "boggle", timeout: float = 5.0) -> StoredMessage:
        return await self.standin.wait_for_message(
            channel, lambda m: "Round over" in m.content, timeout, after=0
        )

    def text_since(self, first: StoredMessage, channel: str | int = "boggle") -> str:
        """Every message in ``channel`` from ``first`` on (content, embeds, text attachments), as
        one text."""
        parts = []
        for message in self.standin.messages(channel):
            if message.id < first.id:
                continue
            parts.append(message.content)
            for embed in message.embeds:
                parts.append(embed.get("title", ""))
                parts.append(embed.get("description", ""))
                for f in embed.get("fields", []):
                    parts.append(f["name"])
                    parts.append(f["value"])
            for attachment in message.attachments:
                if attachment.filename.endswith(".txt"):
                    parts.append(attachment.data.decode())
        return "\n".join(parts)

    def user_id(self, name: str) -> int:
        return self.standin.user(name).id

    def words(self, live: LiveRound, count: int, min_len: int = 3) -> list[str]:
        """``count`` distinct words on the board, shortest first (they score least)."""
        chosen = sorted((w for w in live.game.solution if len(w) >= min_len), key=len)[:count]
        assert len(chosen) == count, "the board has too few words"
        return chosen

    def word_not_on_board(self, live: LiveRound) -> str:
        """A dictionary word the board cannot spell."""
        for word in ("zyzzyva", "jukebox", "quizzical", "rhythm", "xylophone", "buzzword"):
            if word in self.lexicon and find_path(live.game.board, word) is None:
                return word
        raise AssertionError("every candidate is on the board")


def saying(text: str) -> Callable[[StoredMessage], bool]:
    """Whether a message holds ``text``."""
    return lambda message: text in message.content


def query(database: Path | str, sql: str, params: tuple[object, ...] = ()) -> list[Row]:
    """Read the database through a connection of the test's own (never the bot's)."""
    with contextlib.closing(sqlite3.connect(database)) as db:
        return db.execute(sql, params).fetchall()


async def wait_for_rows(
    database: Path | str, sql: str, expected: list[Row], timeout: float = 5.0
) -> list[Row]:
    """Poll ``sql`` (own connection, no flush asked of the bot) until it returns ``expected``."""
    deadline = time.monotonic() + timeout
    # The point is to look from outside, as another reader of the file: nothing to wait on.
    while (rows := query(database, sql)) != expected and time.monotonic() < deadline:  # noqa: ASYNC110
        await asyncio.sleep(0.005)
    assert rows == expected
    return rows


def read_board(grid_lines: Iterable[str], lower: Callable[[str], str] = str.lower) -> Board:
    """The board as a player reads it from a posted grid (``Qu``, ``Th`` and ``·`` included);
    ``lower``: the language's lowercase (Turkish ``İ`` is ``i``: ``core.casing``)."""
    rows = []
    for line in grid_lines:
        faces = [lower(f) for f in line.split()]
        rows.append(
            "".join(
                "." if f == "·" else f if len(f) == 1 else "q" if f == "qu" else f"[{f}]"
                for f in faces
            )
        )
    return Board.parse("/".join(rows))


def bot_env(folder: Path, cache: Path | None = None, /, **extra: str) -> dict[str, str]:
    """The environment of a ``python -m bot`` process: this one's, less any bot setting, its
    lexicons read from ``cache`` (by default the machine's, filled at set-up: a bot that built
    English in a child at each start spent seconds of every test on it)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "BOGGLE_"))}
    env["BOGGLE_CACHE_DIR"] = str(cache if cache is not None else default_cache_dir())
    env.update(extra)
    return env


def sandbox_env(folder: Path, **extra: str) -> dict[str, str]:
    """A sandbox's environment (``bot_env``, no token): its page on a free port of its own, not
    the default 8780, which another test's sandbox may be binding at the same moment (its check
    that the port is free and its bind are apart: two at once stopped one with "Address already
    in use")."""
    return bot_env(folder, None, BOGGLE_WEB_PORT="0", **extra)


async def spawn_bot(
    env: dict[str, str],
    cwd: Path,
    *,
    interactive: bool = False,
    preexec_fn: Callable[[], None] | None = None,
    start: Sequence[str] = ("-m", "bot"),
) -> asyncio.subprocess.Process:
    """``python -m bot`` as a person starts it; ``interactive`` gives it a terminal to type in
    (stdin piped, stderr merged into stdout); ``preexec_fn`` runs in the child before Python;
    ``start``: Python's arguments (a probe's ``-c CODE`` that runs the bot as ``-m`` does)."""
    pipe = asyncio.subprocess.PIPE
    return await asyncio.create_subprocess_exec(
        sys.executable,
        *start,
        cwd=cwd,
        env=env,
        stdin=pipe if interactive else asyncio.subprocess.DEVNULL,
        stdout=pipe,
        stderr=asyncio.subprocess.STDOUT if interactive else pipe,
        preexec_fn=preexec_fn,
    )


class ProcessLog:
    """A bot process's stderr, read as it comes, to wait for what it logs."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.lines: list[str] = []
        self._more = asyncio.Event()  # set when a line comes in
        assert process.stderr is not None
        self._task = asyncio.create_task(self._read(process.stderr))

    async def _read(self, stream: asyncio.StreamReader) -> None:
        """Line by line however long a line is: ``readline`` fails on one longer than the stream's
        64 KiB limit, and at DEBUG discord.py logs the synced commands, with their translations
        in every language, as one line of 95 KB."""
        pending = bytearray()
        while chunk := await stream.read(1 << 16):
            pending += chunk
            end = pending.rfind(b"\n") + 1
            if end:
                self.lines.extend(_split_lines(bytes(pending[:end])))
                del pending[:end]
                self._more.set()
        if pending:  # a last line without its newline
            self.lines.extend(_split_lines(bytes(pending)))
            self._more.set()

    async def wait_for(self, text: str, timeout: float) -> None:
        """Until a line holding ``text`` is in; TimeoutError after ``timeout`` seconds."""
        async with asyncio.timeout(timeout):
            while not any(text in line for line in self.lines):
                self._more.clear()
                await self._more.wait()

    async def closed(self) -> None:
        """Until the process's stderr ends (it has exited): every line is in."""
        await self._task

    def __str__(self) -> str:
        return "".join(self.lines)


def _split_lines(data: bytes) -> list[str]:
    """Whole lines, each with its newline (split before decoding: a newline byte is never inside
    a UTF-8 character, a chunk's end may be)."""
    return [line.decode(errors="replace") for line in data.splitlines(keepends=True)]


def make_bot(
    database: Path | str,
    clock: Clock,
    lexicon: Lexicon,
    *,
    seed: int = 1,
    reads_messages: bool = True,
    busy_timeout: float = 5.0,
    lexicons: Mapping[str, Lexicon] | None = None,
    tuning: Mapping[str, Any] | None = None,
    **settings: Any,
) -> App:
    """The bot in this process; ``lexicons``: other languages' lexicons at hand (else a round in
    one loads it as the bot does, through a child process when the cache lacks it); ``tuning``:
    knobs of ``Tuning`` set otherwise than the tests' defaults."""
    knobs = Tuning(
        clock=clock,
        tick=0.02,
        rng=random.Random(seed),
        busy_timeout=busy_timeout,
        lexicons={**(lexicons or {}), "en": lexicon},
    )
    return App(
        Settings(database=str(database), **settings),
        dataclasses.replace(knobs, **(tuning or {})),
        reads_messages=reads_messages,
        guild_ready_timeout=0.05,
    )


@asynccontextmanager
async def bot_session(
    standin: StandIn,
    database: Path | str,
    clock: Clock,
    lexicon: Lexicon,
    **options: Any,
) -> AsyncIterator[Harness]:
    """One life of the bot process: started, ready, then closed as at shutdown."""
    app = make_bot(database, clock, lexicon, **options)
    async with running_bot(standin, app.client):
        yield Harness(standin, app.client, clock, database, lexicon, app)
