"""A post the bot owes survives kill -9 at each step and appears once: a season ended while the
bot was down, its recap and champion role owed by the archive; the process killed after the fact
is stored (the role call held), during the send (the message made, its answer held) and after the
send before it is marked (the answer given, the database's write lock held); a second process
delivers what is owed, and the stand-in shows one recap and the role given, on both engines."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.storage.records import SeasonSettings
from standin import StandIn
from standin.permissions import Perm
from tests.bot.harness import ProcessLog, bot_env, spawn_bot
from tests.bot.seasons.seeding import seed
from tests.stores import ENGINES, SQLiteTarget, StoreTarget, postgres_target

TOKEN = "MTIzNDU2Nzg5.owed-posts-token"
MESSAGES = "POST /channels/{channel_id}/messages"
ROLE = "PUT /guilds/{guild_id}/members/{user_id}/roles/{role_id}"
OWED = "SELECT id FROM outbox WHERE sent_at IS NULL AND given_up IS NULL"
HELD = 3.0  # seconds a call (or its answer) is held: the kill lands inside


@asynccontextmanager
async def database(engine: str, folder: Path) -> AsyncIterator[StoreTarget]:
    async with AsyncExitStack() as stack:
        if engine == "sqlite":
            yield SQLiteTarget(folder / "boggle.sqlite3")
        else:
            yield await stack.enter_async_context(postgres_target())


async def last_season_played(standin: StandIn, target: StoreTarget) -> tuple[int, int]:
    """Last month's rounds in the sandbox's #boggle, bob ahead; the recap there and a champion
    role the bot may give. The role's id and bob's."""
    channel = standin.channel("boggle")
    guild = channel.guild_id
    assert guild is not None
    world = standin.world
    role = world.add_role(guild, "Champion", 0)
    world.give_role(guild, world.bot.id, world.add_role(guild, "Boggle", Perm.MANAGE_ROLES).id)
    first = datetime.now(UTC).replace(day=1, hour=12, minute=0, second=0, microsecond=0)
    last_month = (first - timedelta(days=20)).timestamp()
    bob, alice = standin.user("bob").id, standin.user("alice").id
    storage = await target.open()
    try:
        await storage.save_season_settings(SeasonSettings(guild, "month", channel.id, role.id))
        found = {bob: ["elephants"], alice: ["cat"]}
        names = {bob: "Bob", alice: "Alice"}
        await seed(storage, guild, found, last_month, names=names, channel_id=channel.id)
    finally:
        await storage.close()
    return role.id, bob


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


def recaps(standin: StandIn) -> list[str]:
    return [m.content for m in standin.messages("boggle") if "is over" in m.content]


async def killed(bot: Bot) -> None:
    if bot.process.returncode is None:
        bot.process.send_signal(signal.SIGKILL)
    await asyncio.wait_for(bot.process.wait(), 30)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("step", ["stored", "sending", "sent"])
async def test_a_recap_owed_across_a_kill_appears_once(
    engine: str, step: str, standin: StandIn, tmp_path: Path
) -> None:
    async with database(engine, tmp_path) as target:
        role, bob = await last_season_played(standin, target)
        if step == "stored":  # the role call held: the recap not sent yet
            standin.faults.slow(ROLE, HELD, times=1)
        else:  # the recap made, its answer held
            standin.faults.answer_late(MESSAGES, HELD, times=1)
        first = await started(standin, target, tmp_path)
        try:
            if step == "stored":
                await standin.wait_until(lambda: standin.calls_to(ROLE), 60)
                assert await target.rows(OWED) and recaps(standin) == []
            else:
                await standin.wait_until(lambda: recaps(standin), 60)
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
        second = await started(standin, target, tmp_path)
        try:
            await standin.wait_until(lambda: recaps(standin), 60)
            for _ in range(300):
                if not await target.rows(OWED):
                    break
                await asyncio.sleep(0.1)
            assert not await target.rows(OWED)
            await asyncio.sleep(HELD if step == "stored" else 0.5)  # a held call has landed too
            (recap,) = recaps(standin)
            assert "👑 Champion: Bob, 11 pts" in recap and f"<@&{role}>" in recap
            member = standin.world.member(standin.channel("boggle").guild_id or 0, bob)
            assert member is not None and role in member.roles
        except BaseException:
            print(f"--- the second process ---\n{second}")
            raise
        finally:
            await killed(second)
