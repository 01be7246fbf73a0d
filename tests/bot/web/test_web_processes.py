"""Several processes on PostgreSQL: every one serves the page, and a player whose channel's
shard another process runs plays there all the same, their socket relayed to the owner (its
address in ``web_addresses``, its trust in the relay's signatures); real ``python -m bot`` processes."""

from __future__ import annotations

import re
from pathlib import Path

import aiohttp

from core.lexicon import Lexicon
from standin import StandIn, World
from standin.activities import STANDIN_CLIENT_SECRET
from tests.bot.processes.test_sharded_processes import SHARDS, Bot, Server, processes
from tests.postgres import fresh_postgres_url

SERVED = re.compile(r"the Activity's page is served on (http://\S+/)")


async def page_of(bot: Bot) -> str:
    """The address a process serves its page on, as it logs it."""
    await bot.log.wait_for("the Activity's page is served on", 60)
    found = SERVED.search(str(bot.log))
    assert found is not None
    return found.group(1)


async def test_a_player_reaching_the_other_process_plays_in_the_owners_round(
    tmp_path: Path, lexicon: Lexicon
) -> None:
    web = {"BOGGLE_WEB_PORT": "0", "DISCORD_CLIENT_SECRET": STANDIN_CLIENT_SECRET}
    async with (
        fresh_postgres_url() as url,
        StandIn(World.sharded(SHARDS)) as standin,
        processes(standin, url, tmp_path) as (bots, start),
    ):
        first, second = await start("0", **web), await start("1", **web)
        first_page, second_page = await page_of(first), await page_of(second)
        for shard in range(SHARDS):
            await standin.wait_for_connection(30, shard=(shard, SHARDS))
        one = Server(standin, lexicon, 1)  # shard 1: the second process's
        await one.start()
        place = standin.channel(one.channel)
        alice = standin.user("alice")
        instance = standin.activities.join(place.id, place.guild_id, alice.id)
        code = standin.activities.issue_code(alice.id, standin.clock.now())
        async with aiohttp.ClientSession() as http:
            async with http.get(first_page + "api/relay") as forged:
                assert forged.status == 403  # no secret, no relay
            async with http.post(first_page + "api/token", json={"code": code}) as answer:
                token = (await answer.json())["access_token"]
            async with http.ws_connect(first_page + "api/play") as ws:  # the wrong process
                hello = {"type": "hello", "access_token": token, "instance_id": instance.id}
                await ws.send_json(hello)
                assert (await ws.receive_json(timeout=10))["type"] == "welcome"
                state = await ws.receive_json(timeout=10)
                assert state["type"] == "round"  # the owner's round, through the relay
                word = one.words[-1]
                await ws.send_json({"type": "guess", "word": word, "path": []})
                verdict = await ws.receive_json(timeout=10)
                while verdict["type"] != "verdict":
                    verdict = await ws.receive_json(timeout=10)
                assert (verdict["word"], verdict["verdict"]) == (word, "accepted")
        shown = await one.stop(after=0)
        assert word in shown and "Alice" in shown, shown
        assert second_page != first_page
        for bot in (first, second):
            assert await bot.stop() == 0, str(bot.log)
        assert not any("Traceback" in str(bot.log) for bot in bots)
