"""What the kill -9 tests of owed posts share: a database on either engine, a real ``python -m
bot`` process against the stand-in, and the two halves of each test: the first process killed at
a step of delivering what it owes (``kill_at``), then a second one delivering it
(``delivered_once``)."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

from standin import StandIn
from tests.bot.harness import ProcessLog, bot_env, spawn_bot
from tests.stores import SQLiteTarget, StoreTarget, postgres_target

TOKEN = "MTIzNDU2Nzg5.owed-posts-token"
MESSAGES = "POST /channels/{channel_id}/messages"
OWED = "SELECT id FROM outbox WHERE sent_at IS NULL AND given_up IS NULL"
HELD = 3.0  # seconds a call (or its answer) is held: the kill lands inside
STEPS = ["stored", "sending", "sent"]


@asynccontextmanager
async def database(engine: str, folder: Path) -> AsyncIterator[StoreTarget]:
    async with AsyncExitStack() as stack:
        if engine == "sqlite":
            yield SQLiteTarget(folder / "boggle.sqlite3")
        else:
            yield await stack.enter_async_context(postgres_target())


class Bot:
    """A ``python -m bot`` process and its log."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.log = ProcessLog(process)

    def __str__(self) -> str:
        return str(self.log)


async def started(standin: StandIn, target: StoreTarget, folder: Path) -> Bot:
    env = bot_env(
        folder,
        BOGGLE_DATABASE=target.target,
        DISCORD_TOKEN=TOKEN,
        DISCORD_API_BASE=standin.api_base,
        DISCORD_GATEWAY_URL=standin.gateway_url,
    )
    return Bot(await spawn_bot(env, folder))


async def killed(bot: Bot) -> None:
    if bot.process.returncode is None:
        bot.process.send_signal(signal.SIGKILL)
    await asyncio.wait_for(bot.process.wait(), 30)


async def until_rows(target: StoreTarget, query: str, present: bool, timeout: float) -> None:
    for _ in range(int(timeout * 10)):
        if bool(await target.rows(query)) is present:
            return
        await asyncio.sleep(0.1)
    assert bool(await target.rows(query)) is present, query


async def kill_at(
    step: str,
    standin: StandIn,
    target: StoreTarget,
    folder: Path,
    posts: Callable[[], list[str]],
    before: str,
) -> None:
    """Start the bot and kill -9 it at ``step`` of delivering what it owes: ``stored`` (the fact
    and its post stored, the call ``before`` the post held: nothing sent), ``sending`` (the
    message made, its answer held) or ``sent`` (the answer given, the mark waiting on the
    outbox's write lock). The post is still owed after."""
    if step == "stored":
        standin.faults.slow(before, HELD, times=1)
    else:
        standin.faults.answer_late(MESSAGES, HELD, times=1)
    first = await started(standin, target, folder)
    try:
        if step == "stored":
            await until_rows(target, OWED, True, 60)
            assert posts() == []
        else:
            await standin.wait_until(posts, 60)
        if step == "sent":  # the answer comes; marking it waits on the lock, then the kill
            async with target.blocking_writes("outbox"):
                await asyncio.sleep(HELD + 1.0)
                assert await target.rows(OWED)
                await killed(first)
        else:
            await killed(first)
    except BaseException:
        print(f"--- the first process ---\n{first}")
        raise
    finally:
        await killed(first)
    assert await target.rows(OWED)  # still owed: the process died before marking it


async def delivered_once(
    step: str, standin: StandIn, target: StoreTarget, folder: Path, posts: Callable[[], list[str]]
) -> str:
    """A second process delivers what is owed: the one post, once every held call has landed."""
    second = await started(standin, target, folder)
    try:
        await standin.wait_until(posts, 60)
        await until_rows(target, OWED, False, 30)
        await asyncio.sleep(HELD if step == "stored" else 0.5)  # a held call has landed too
        (post,) = posts()
        return post
    except BaseException:
        print(f"--- the second process ---\n{second}")
        raise
    finally:
        await killed(second)
