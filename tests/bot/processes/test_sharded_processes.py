"""Several bot processes on one database, each running its slice of the shards, end to end:
real ``python -m bot`` processes against one stand-in that routes each server to its shard."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Protocol
from urllib.parse import parse_qsl, urlsplit

import asyncpg
import pytest

from bot.storage.postgres.opening import lock_key
from core.lexicon import Lexicon
from core.solver import solve
from standin import StandIn, World
from standin.state import StoredMessage
from tests.bot.harness import ProcessLog, bot_env, read_board, spawn_bot
from tests.postgres import fresh_postgres_url, server_url

TOKEN = "MTIzNDU2Nzg5.sharded-token"
SHARDS = 2


class Bot:
    """One ``python -m bot`` process and its log."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.log = ProcessLog(process)

    async def stop(self) -> int:
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        return await asyncio.wait_for(self.process.wait(), 30)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)


class Start(Protocol):
    """Starts a bot process of ``shard_ids`` (None: every shard), ``extra`` settings added."""

    async def __call__(self, shard_ids: str | None, **extra: str) -> Bot: ...


@asynccontextmanager
async def processes(
    standin: StandIn, database: str, folder: Path
) -> AsyncIterator[tuple[list[Bot], Start]]:
    started: list[Bot] = []

    async def start(shard_ids: str | None, **extra: str) -> Bot:
        """A process of ``shard_ids`` (None: every shard), ``extra`` settings added."""
        env = bot_env(
            folder,
            BOGGLE_DATABASE=database,
            DISCORD_TOKEN=TOKEN,
            DISCORD_API_BASE=standin.api_base,
            DISCORD_GATEWAY_URL=standin.gateway_url,  # a sharded client never asks /gateway/bot
        )
        if shard_ids is not None:
            env.update(BOGGLE_SHARD_COUNT=str(SHARDS), BOGGLE_SHARD_IDS=shard_ids)
        env.update(extra)
        bot = Bot(await spawn_bot(env, folder))
        started.append(bot)
        return bot

    try:
        yield started, start
    except BaseException:
        for number, bot in enumerate(started):
            print(f"--- process {number} ---\n{bot.log}")
        raise
    finally:
        for bot in started:
            if bot.process.returncode is None:
                bot.kill()
                await bot.process.wait()


class Server:
    """A guild of the stand-in's world, played in its #boggle."""

    def __init__(self, standin: StandIn, lexicon: Lexicon, shard: int) -> None:
        self.standin = standin
        self.lexicon = lexicon
        self.channel = standin.channel_in(f"Shard {shard}", "boggle")
        self.words: list[str] = []

    async def start(self) -> None:
        handle = await self.standin.slash(self.channel, "alice", "boggle start", {"time": "5m"})
        await handle.followup(timeout=15)
        board = await self.standin.wait_for_message(
            self.channel, lambda m: "Boggle" in m.content, 15, after=0
        )
        self.words = sorted(
            solve(read_board(board.content.split("```")[1].strip().splitlines()), self.lexicon, 3)
        )

    async def accepted(self, player: str, word: str) -> StoredMessage:
        said = await self.standin.user_says(self.channel, player, word)
        await self.standin.wait_until(lambda: said.reactions, 15)
        return said

    async def stop(self, after: int) -> str:
        handle = await self.standin.slash(self.channel, "alice", "boggle stop", {})
        await handle.followup(timeout=15)
        results = await self.standin.wait_for_message(
            self.channel, lambda m: bool(m.embeds), 15, after=after
        )
        return results.content + str(results.embeds)

    async def leaderboard(self) -> str:
        handle = await self.standin.slash(self.channel, "carol", "leaderboard", {})
        answer = await handle.followup(timeout=15)
        return str(answer.embeds)


@pytest.fixture(params=["sqlite", "postgres"])
async def shared_database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """What ``BOGGLE_DATABASE`` says in every process: a SQLite file, or a PostgreSQL schema."""
    if request.param == "sqlite":
        yield str(tmp_path / "boggle.sqlite3")
        return
    async with fresh_postgres_url() as url:
        yield url


async def test_shards_split_across_processes_survive_a_kill(
    tmp_path: Path, lexicon: Lexicon, shared_database: str
) -> None:
    async with (
        StandIn(World.sharded(SHARDS)) as standin,
        processes(standin, shared_database, tmp_path) as (bots, start),
    ):
        first, second = await start("0"), await start("1")
        for shard in range(SHARDS):
            await standin.wait_for_connection(30, shard=(shard, SHARDS))
        zero, one = Server(standin, lexicon, 0), Server(standin, lexicon, 1)
        await zero.start()
        await one.start()
        kept = await zero.accepted("bob", zero.words[0])  # the ✅ the kill must not cost
        await one.accepted("bob", one.words[0])

        first.kill()  # mid-round, nothing runs at exit
        await first.process.wait()
        later = await one.accepted("carol", one.words[1])  # the other process plays on
        shown = await one.stop(after=later.id)
        assert one.words[0] in shown and one.words[1] in shown

        again = await start("0")
        await again.log.wait_for("resumed 1 unfinished rounds", 30)
        await standin.wait_for_connection(30, shard=(0, SHARDS))
        twin = await start("0")  # the same shard as a live process: it must wait
        await twin.log.wait_for("run by another process", 30)
        identified = len(standin.gateway.identifies)
        last = await zero.accepted("carol", zero.words[1])
        shown = await zero.stop(after=max(kept.id, last.id))
        assert zero.words[0] in shown and zero.words[1] in shown, shown
        assert len(standin.gateway.identifies) == identified  # the twin never connected
        boards = [await server.leaderboard() for server in (zero, one)]
        assert all("Bob" in board and "Carol" in board for board in boards), boards
        for bot in (second, again, twin):
            assert await bot.stop() == 0, str(bot.log)

        alone = await start(None)  # one process, one shard (as Discord recommends), reads both
        await standin.wait_for_connection(30, shard=(0, 1))
        assert [await server.leaderboard() for server in (zero, one)] == boards
        assert await alone.stop() == 0, str(alone.log)
        assert not any("Traceback" in str(bot.log) for bot in bots)


async def test_a_process_that_loses_its_claim_stops_and_its_stand_by_ends_the_round(
    tmp_path: Path, lexicon: Lexicon
) -> None:
    """The database ends the session that holds a process's shards (a network cut, say): the
    process stops with exit 1 and ends no round; its stand-by takes the round over, and the
    results are posted once, crediting the word that had its ✅."""
    async with (
        fresh_postgres_url() as url,
        StandIn(World.sharded(1)) as standin,
        processes(standin, url, tmp_path) as (_, start),
    ):
        first = await start(None)
        await standin.wait_for_connection(30)
        server = Server(standin, lexicon, 0)
        await server.start()
        kept = await server.accepted("bob", server.words[0])
        stand_by = await start(None)
        await stand_by.log.wait_for("run by another process", 30)

        admin = await asyncpg.connect(server_url())
        try:
            ended = await admin.fetchval(  # the session holding this schema's shard 0
                "SELECT count(pg_terminate_backend(pid)) FROM pg_locks"
                " WHERE locktype = 'advisory' AND granted AND classid::int4 = $1"
                " AND objid = 0 AND objsubid = 2",
                lock_key("shards", dict(parse_qsl(urlsplit(url).query))["search_path"]),
            )
        finally:
            await admin.close()
        assert ended == 1
        assert await asyncio.wait_for(first.process.wait(), 30) == 1
        assert "no longer holds our shards" in str(first.log)

        await stand_by.log.wait_for("resumed 1 unfinished rounds", 30)
        await standin.wait_until(lambda: len(standin.gateway.identifies) == 2, 30)
        shown = await server.stop(after=kept.id)
        assert server.words[0] in shown
        await asyncio.sleep(1.0)  # a second results post would be out by now
        results = [m for m in standin.messages(server.channel) if m.id > kept.id and m.embeds]
        assert len(results) == 1
        assert await stand_by.stop() == 0, str(stand_by.log)
