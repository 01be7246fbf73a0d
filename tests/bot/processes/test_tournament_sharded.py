"""A tournament with the shards split across two ``python -m bot`` processes on one PostgreSQL.

Only the process owning the tournament's server runs it; killed (SIGKILL) during round 2 and
started again, it resumes the round, every word ✅ before the kill counting.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import asyncpg

from core.lexicon import Lexicon
from core.scoring import word_score
from core.solver import solve
from standin import StandIn, World
from standin.state import StoredMessage
from tests.bot.harness import read_board
from tests.bot.processes.test_sharded_processes import SHARDS, processes
from tests.postgres import fresh_postgres_url

NAME = "Shard Cup"
ENTRANTS = ("alice", "bob", "carol")
STANDING = re.compile(r"^(\d+)\. (\w+): (\d+) pts? · (\d+) words?$")


async def query(url: str, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    """Rows of ``sql`` in the test's own schema of the shared database."""
    schema = dict(parse_qsl(urlsplit(url).query))["search_path"]
    connection = await asyncpg.connect(url.split("?")[0], server_settings={"search_path": schema})
    try:
        return [tuple(row) for row in await connection.fetch(sql, *args)]
    finally:
        await connection.close()


def is_board(message: StoredMessage) -> bool:
    return "```" in message.content and not message.embeds


def standings(post: StoredMessage) -> dict[str, tuple[int, int]]:
    """Each entrant's points and words on a standings or podium post, checked in place order."""
    found = [STANDING.match(line) for line in post.content.splitlines()]
    lines = [(int(m[1]), m[2], int(m[3]), int(m[4])) for m in found if m is not None]
    assert [place for place, *_ in lines] == list(range(1, len(ENTRANTS) + 1)), post.content
    assert [points for _, _, points, _ in lines] == sorted(
        (points for _, _, points, _ in lines), reverse=True
    )
    return {name: (points, words) for _, name, points, words in lines}


async def test_a_tournament_runs_once_and_survives_a_kill_of_its_process(
    tmp_path: Path, lexicon: Lexicon
) -> None:
    async with (
        fresh_postgres_url() as url,
        StandIn(World.sharded(SHARDS)) as standin,
        processes(standin, url, tmp_path) as (bots, start),
    ):
        first, second = await start("0"), await start("1")
        for shard in range(SHARDS):
            await standin.wait_for_connection(30, shard=(shard, SHARDS))
        channel = standin.channel_in("Shard 0", "boggle")
        guild = standin.world.channels[channel].guild_id or 0
        owner = standin.world.guilds[guild].owner_id

        async def say(player: str, word: str) -> StoredMessage:
            """``word`` typed by ``player``, once the bot has reacted: it must be a ✅. Half a
            second apart, as people type: the bot skips reactions past its budget (3.5 a second
            in a channel, 2 at once) and tells by a status line instead."""
            await asyncio.sleep(0.5)
            said = await standin.user_says(channel, player, word)
            await standin.changes.wait_until(lambda: said.reactions, 15, f"{player}'s {word}")
            assert "✅" in said.reactions, (word, said.reactions)
            return said

        async def stop_round(after: int) -> StoredMessage:
            """The organiser (the round's starter) ends the round; its results."""
            handle = await standin.slash(channel, owner, "boggle stop", {})
            await handle.followup(timeout=15)
            return await standin.wait_for_message(
                channel, lambda m: bool(m.embeds), 15, after=after
            )

        async def board(number: int) -> list[str]:
            """Round ``number``'s board, once posted: its words of five letters or more."""
            await standin.wait_until(
                lambda: len([m for m in standin.messages(channel) if is_board(m)]) >= number, 30
            )
            posted = [m for m in standin.messages(channel) if is_board(m)][number - 1]
            grid = read_board(posted.content.split("```")[1].strip().splitlines())
            return sorted(w for w in solve(grid, lexicon, 3) if len(w) >= 5)

        options = {"name": NAME, "rounds": 2, "pause": "0", "time": "2m", "size": 5}
        handle = await standin.slash(channel, owner, "tournament create", options)
        assert "Tournament created" in (await handle.followup(timeout=15)).content
        signup = await standin.wait_for_message(
            channel, lambda m: NAME in m.content and bool(m.components), 15, after=0
        )
        join = next(
            c["custom_id"]
            for row in signup.components
            for c in row["components"]
            if c["custom_id"].startswith("tournament:join:")
        )
        for user in ENTRANTS:
            click = await standin.click(signup, user, join)
            assert "You are in" in (await click.original_message(timeout=15)).content
        handle = await standin.slash(channel, owner, "tournament start", {})
        assert "starts now" in (await handle.original_message(timeout=15)).content

        said: Counter[str] = Counter()
        points: Counter[str] = Counter()

        async def score(player: str, word: str) -> StoredMessage:
            said[player] += 1
            points[player] += word_score(word)
            return await say(player, word)

        words = iter(await board(1))
        for player in ENTRANTS:
            last = await score(player, next(words))
        await stop_round(last.id)
        after_one = await standin.wait_for_message(
            channel, lambda m: "standings after round 1 of 2" in m.content, 15, after=0
        )
        assert standings(after_one) == {n.title(): (points[n], said[n]) for n in ENTRANTS}

        words = iter(await board(2))
        kept = [await score("alice", next(words)), await score("bob", next(words))]
        first.kill()  # mid-round, nothing runs at exit
        await first.process.wait()
        again = await start("0")
        await again.log.wait_for("resumed 1 unfinished rounds", 30)
        await standin.wait_for_connection(30, shard=(0, SHARDS))
        last = await score("carol", next(words))
        await score("alice", next(words))
        results = await stop_round(max(m.id for m in kept))
        shown = results.content + str(results.embeds)
        assert all(m.content in shown for m in kept), shown

        podium = await standin.wait_for_message(
            channel, lambda m: "the podium" in m.content, 30, after=last.id
        )
        assert podium.attachments and podium.attachments[0].filename == "podium.png"
        assert standings(podium) == {n.title(): (points[n], said[n]) for n in ENTRANTS}
        await again.log.wait_for("tournament 1 finished", 15)  # just after the podium
        rows = await query(url, "SELECT state, played, announced FROM tournaments")
        assert rows == [("finished", 2, 2)]
        stored = await query(
            url, "SELECT user_id, SUM(words) FROM tournament_scores GROUP BY user_id"
        )
        ids = {standin.user(n).id: n for n in ENTRANTS}
        assert {ids[user]: words for user, words in stored} == dict(said)
        for bot in (second, again):
            assert await bot.stop() == 0, str(bot.log)

        # Once each, with both processes gone (nothing more can come).
        posts = standin.messages(channel)
        assert len([m for m in posts if is_board(m)]) == 2
        assert len([m for m in posts if "standings after round" in m.content]) == 1
        assert len([m for m in posts if "the podium" in m.content]) == 1
        assert not any(
            "bot.tournaments" in line or "bot.rounds" in line for line in second.log.lines
        ), str(second.log)
        assert "round 2 started" in str(first.log)  # opened by the owner, then killed
        assert "tournament 1: round 1 added" in str(first.log)
        assert "tournament 1: round 2 added" in str(again.log)
        assert not any("Traceback" in str(bot.log) for bot in bots)
