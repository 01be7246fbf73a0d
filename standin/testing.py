"""Helpers for tests that run a real discord.py client against the stand-in.

No pytest here, so any test package can wrap these in its own fixtures::

    async with running_standin() as standin, running_bot(make_my_bot()) as bot:
        await standin.user_says("boggle", "alice", "hello")
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import discord

from standin.hooks import pointed_at
from standin.server import StandIn
from standin.state import World

ClientT = TypeVar("ClientT", bound=discord.Client)

FAKE_TOKEN = "standin.fake.token"


def bot_intents() -> discord.Intents:
    """Default intents plus message content, as the Boggle bot asks for."""
    intents = discord.Intents.default()
    intents.message_content = True
    return intents


@asynccontextmanager
async def running_standin(world: World | None = None, **options: Any) -> AsyncIterator[StandIn]:
    """A started stand-in with discord.py pointed at it; both are restored on exit."""
    standin = StandIn(world, **options)
    await standin.start()
    try:
        with pointed_at(standin.api_base, standin.gateway_url):
            yield standin
    finally:
        await standin.stop()


async def start_client(
    standin: StandIn, client: ClientT, *, token: str = FAKE_TOKEN, timeout: float = 10.0
) -> asyncio.Task[None]:
    """Start ``client`` and return once it is ready; raise what it failed with otherwise.

    The returned task is the client's ``start()``; ``stop_client`` ends it.
    """
    task = asyncio.create_task(client.start(token), name=f"discord-client-{id(client)}")
    try:
        # wait_until_ready() needs the client's login to have begun; its first call is GET /users/@me
        await standin.wait_until(
            lambda: task.done() or standin.calls_to("GET /users/@me"), timeout=timeout
        )
        if not task.done():
            ready = asyncio.create_task(client.wait_until_ready())
            done, _ = await asyncio.wait(
                {task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
            )
            if ready not in done:
                ready.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await ready
        if task.done():
            task.result()  # raises the client's error
            raise RuntimeError("discord client stopped before it was ready")
        if not client.is_ready():
            raise TimeoutError(f"discord client not ready after {timeout}s")
    except BaseException:
        await stop_client(client, task)
        raise
    return task


async def stop_client(client: discord.Client, task: asyncio.Task[None]) -> None:
    """Close the client and wait for its task, whatever state it is in."""
    await client.close()
    done, _ = await asyncio.wait({task}, timeout=5.0)
    if not done:
        task.cancel()
    with contextlib.suppress(BaseException):
        await task


@asynccontextmanager
async def running_bot(
    standin: StandIn, client: ClientT, *, token: str = FAKE_TOKEN, timeout: float = 10.0
) -> AsyncIterator[ClientT]:
    """``client`` logged in to ``standin`` and ready (guilds received); closed on exit."""
    task = await start_client(standin, client, token=token, timeout=timeout)
    try:
        yield client
    finally:
        await stop_client(client, task)
