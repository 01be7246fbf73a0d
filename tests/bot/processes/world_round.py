"""What the world round's process tests share: three servers opted in and one not, on two
shards; players typing words in their world channels; the results every player and server must
get, computed here from the words and core's scoring alone (not ``core.world``'s ranking)."""

from __future__ import annotations

import asyncio
import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bot.discord.render.text import pts
from bot.world.model import WorldChannel
from core.lexicon import Lexicon
from core.scoring import word_score
from core.solver import solve
from core.world import Rhythm
from standin import StandIn, World
from standin.state import StoredMessage
from tests.bot.harness import read_board
from tests.stores import StoreTarget

EVERY = 20  # BOGGLE_WORLD_EVERY: 13.3 s of play, then the results
RHYTHM = Rhythm.every_seconds(EVERY)
SHARDS = 2
SETTINGS = {"BOGGLE_WORLD_EVERY": str(EVERY), "BOGGLE_WORLD_SECRET": "world-processes-secret"}
# The servers opted in (name, shard) and where each player types: bob's second server (a
# process of the other shard) joins the entry of his first.
SERVERS = (("Shard 0", 0), ("Shard 0 bis", 0), ("Shard 1", 1))
QUIET = "Quiet"  # shard 1's server that never opted in: frank types there, in vain
PLAYERS = {
    "alice": ("Shard 0",),
    "bob": ("Shard 0", "Shard 1"),
    "carol": ("Shard 0 bis",),
    "dave": ("Shard 1",),
    "erin": ("Shard 1",),
}
MARGIN = 2.0  # seconds before the close by which every word has its ✅


def world() -> World:
    """The stand-in's world: each server with a #world channel, the players its members."""
    built = World()
    for name, shard in (*SERVERS, (QUIET, 1)):
        guild = built.add_guild(name, shard=(shard, SHARDS))
        built.add_channel(guild.id, "world")
        for player in (*PLAYERS, "frank"):
            built.add_member(guild.id, player, player.title())
    return built


async def opt_in(standin: StandIn, target: StoreTarget) -> None:
    """The three servers' #world channels show English world rounds (as ``/boggle-config
    world`` stores them); Quiet's does not."""
    storage = await target.open()
    try:
        for name, _ in SERVERS:
            channel = standin.world.channel_in(name, "world")
            assert channel.guild_id is not None
            await storage.set_world_channel(
                WorldChannel(channel.guild_id, channel.id, "en"), time.time()
            )
    finally:
        await storage.close()


def is_board(number: int) -> Callable[[StoredMessage], bool]:
    return lambda m: f"World round #{number}**" in m.content and "```" in m.content


def is_results(number: int) -> Callable[[StoredMessage], bool]:
    return lambda m: f"World round #{number}**" in m.content and "```" not in m.content


@dataclass
class Played:
    """The words each player found, where each server's players joined, and the round."""

    number: int
    found: dict[str, list[str]] = field(default_factory=dict)
    said: list[StoredMessage] = field(default_factory=list)

    def points(self, player: str) -> int:
        return sum(word_score(w) for w in set(self.found[player]))

    def rank(self, player: str) -> int:
        """1 + the players with more points (every player's total differs: no tie to break)."""
        return 1 + sum(self.points(p) > self.points(player) for p in self.found)

    def here_lines(self, server: str) -> list[str]:
        """The "This server" lines of ``server``'s results: those who joined there, best first."""
        players = len(self.found)
        joined = sorted((p for p in self.found if PLAYERS[p][0] == server), key=self.rank)
        return [
            f"{p.title()}: #{self.rank(p)} of {players} · top"
            f" {max(1, math.ceil(self.rank(p) * 100 / players))} % · {pts(self.points(p))}"
            for p in joined
        ]

    def server_place(self, server: str) -> str:
        totals = {
            name: sum(
                sorted((self.points(p) for p in self.found if PLAYERS[p][0] == name), reverse=True)[
                    :3
                ]
            )
            for name, _ in SERVERS
        }
        place = 1 + sum(t > totals[server] for t in totals.values())
        return f"This server is #{place} of {len(SERVERS)} this round ({pts(totals[server])}"


def share_words(words: list[str]) -> dict[str, list[str]]:
    """Each player's words: all find the first (every finder scores it), then one more word
    each than the one before, more where needed so that no two totals are level."""
    pool = iter(words[1:])
    found: dict[str, list[str]] = {}
    totals: set[int] = set()
    for k, player in enumerate(PLAYERS):
        mine = [words[0], *(next(pool) for _ in range(k + 1))]
        while sum(map(word_score, mine)) in totals:
            mine.append(next(pool))
        totals.add(sum(map(word_score, mine)))
        found[player] = mine
    return found


async def play(standin: StandIn, lexicon: Lexicon, number: int) -> Played:
    """Round ``number``'s board read from a world channel, solved, and each player's words
    typed in their world channels, each one's ✅ awaited; frank's in Quiet's #world too."""
    post = standin.messages(standin.channel_in("Shard 0", "world"))[-1]
    board = read_board(post.content.split("```")[1].strip().splitlines())
    words = sorted(solve(board, lexicon, 3), key=lambda w: (len(w), w))
    played = Played(number, share_words(words))
    quiet = await standin.user_says(standin.channel_in(QUIET, "world"), "frank", words[-1])
    for player, found in played.found.items():
        servers = PLAYERS[player]
        for k, word in enumerate(found):
            channel = standin.channel_in(servers[min(k, len(servers) - 1)], "world")
            said = await standin.user_says(channel, player, word)
            await standin.wait_until(lambda said=said: said.reactions.get("✅"), 5)  # type: ignore[misc]
            played.said.append(said)
    assert time.time() < RHYTHM.closes_at(number) - MARGIN / 2, "the words came too late"
    assert not quiet.reactions
    return played


async def until_open(standin: StandIn) -> int:
    """The next round to open (its whole play ahead), once every world channel shows its board."""
    number = RHYTHM.number_at(time.time()) + 1
    for name, _ in SERVERS:
        channel = standin.channel_in(name, "world")
        await standin.wait_for_message(channel, is_board(number), EVERY + 15, after=0)
    return number


async def until_deadline(number: int, before: float) -> None:
    """Sleep until ``before`` seconds ahead of round ``number``'s close (the wall clock's)."""
    await asyncio.sleep(max(0.0, RHYTHM.closes_at(number) - before - time.time()))


async def results_once(standin: StandIn, played: Played) -> None:
    """Every opted-in channel shows the round's board and results once each, with its players'
    ranks and its place exact; Quiet's channels show nothing from the bot."""
    number = played.number
    for name, _ in SERVERS:
        channel = standin.channel_in(name, "world")
        await standin.wait_for_message(channel, is_results(number), 30, after=0)
    await asyncio.sleep(1.5)  # a second post would be out by now
    for name, _ in SERVERS:
        posts = standin.messages(standin.channel_in(name, "world"))
        assert len([m for m in posts if is_board(number)(m)]) == 1, name
        (results,) = [m.content for m in posts if is_results(number)(m)]
        assert f"· {len(played.found)} players" in results, results
        here = results.split("**This server**\n")[1].split("\n")
        expected = played.here_lines(name)
        assert here[: len(expected)] == expected, results
        assert here[len(expected)].startswith(played.server_place(name)), results
        for player in played.found:
            assert f" {player.title()} · {pts(played.points(player))} (" in results, results
        assert "Frank" not in results
    quiet = standin.world.guilds[standin.world.channel_in(QUIET, "world").guild_id or 0]
    for channel_id in quiet.channels:
        assert not [m for m in standin.messages(channel_id) if m.author.bot]


async def words_kept(target: StoreTarget, played: Played) -> None:
    """Every word with its ✅ is stored and counted: each player's entry holds their points."""
    rows = await target.rows(
        "SELECT player_id, points, words, rank FROM world_entries WHERE number = ?", played.number
    )
    assert len(rows) == len(played.found), rows
    stored = await target.rows("SELECT COUNT(*) FROM world_words WHERE number = ?", played.number)
    assert stored[0][0] == sum(len(set(f)) for f in played.found.values())
    by_points = sorted((int(r[1]), int(r[3])) for r in rows)
    assert by_points == sorted((played.points(p), played.rank(p)) for p in played.found)


def socket_owner(port: int, pids: list[int]) -> int | None:
    """Which of ``pids`` has a TCP socket of local ``port`` (a PostgreSQL session's client)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port:
                inodes.add(f"socket:[{fields[9]}]")
    for pid in pids:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                if os.readlink(fd) in inodes:
                    return pid
            except OSError:
                continue
    return None
