"""Two bot processes on one token (shards 0 and 1 of 2, one database) post a world round's
boards and results to 80 world channels through the stand-in with Discord's limits on: each
paces its posts at its share, so the token never passes 50 requests a second and no request
gets a 429; ``/metrics`` shows the fan-out."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.config.shards import ShardSlice
from bot.world.model import WorldChannel
from bot.world.service import CLOSE_GRACE, WorldService
from core.lexicon import Lexicon
from core.world import WORLD_RATE
from standin import StandIn
from standin.entities import Channel
from standin.rate_limits import GLOBAL_LIMIT
from standin.testing import FAKE_TOKEN
from tests.bot.harness import Clock, Harness, bot_session
from tests.bot.metrics.test_metrics import scrape

CHANNELS = 80
SEND = "POST /channels/{channel_id}/messages"


@asynccontextmanager
async def opened_on_two_processes(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> AsyncIterator[tuple[Harness, tuple[WorldService, WorldService], dict[int, Channel], int]]:
    """CHANNELS servers' world channels on two processes (shards 0 and 1 of 2), Discord's limits
    on, the clock moved into the next world round: the first process (its metrics served), the
    processes' world services, the channels by server, the round's number."""
    guilds = [standin.world.add_play_guild(f"S{i}", shard=(i % 2, 2)) for i in range(CHANNELS)]
    channels = {g.id: next(c for c in g.channels.values() if c.name == "boggle") for g in guilds}
    async with (
        bot_session(
            standin,
            database,
            clock,
            lexicon,
            shards=ShardSlice(2, (0,)),
            board_pictures=False,
            metrics_port=0,
        ) as first,
        bot_session(
            standin, database, clock, lexicon, shards=ShardSlice(2, (1,)), board_pictures=False
        ) as second,
    ):
        worlds = first.services.world, second.services.world
        for guild_id, channel in channels.items():
            await worlds[0].set_channel(WorldChannel(guild_id, channel.id, "en"))
        standin.rate_limits.enable()
        rhythm = worlds[0].rhythm
        number = rhythm.number_at(clock()) + 1
        clock.advance(rhythm.opens_at(number) + 1 - clock())
        yield first, worlds, channels, number


async def test_two_processes_post_a_world_round_within_the_global_limit(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with opened_on_two_processes(standin, database, clock, lexicon) as (
        first,
        worlds,
        channels,
        number,
    ):

        def posted(marks: str) -> int:
            ids = {c.id for c in channels.values()}
            return len(
                {
                    m.channel_id
                    for m in standin.world.messages.values()
                    if m.channel_id in ids and f"#{number}" in m.content and marks in m.content
                }
            )

        assert [w.pace.rate for w in worlds] == [WORLD_RATE / 2] * 2
        await standin.wait_until(lambda: posted("World round") == CHANNELS, timeout=20)
        rhythm = worlds[0].rhythm
        clock.advance(rhythm.closes_at(number) + CLOSE_GRACE + 0.5 - clock())
        await standin.wait_until(lambda: posted("players") == CHANNELS, timeout=20)
        samples = await scrape(first)
    assert samples[("boggle_world_channels", (("language", "en"),))] == CHANNELS
    assert samples[("boggle_world_fan_out_seconds", ())] == CHANNELS / WORLD_RATE
    assert samples[("boggle_world_pace", ())] == WORLD_RATE / 2
    assert samples[("boggle_world_stride", ())] == 1
    assert samples[("boggle_world_every_seconds", ())] == 180
    assert samples[("boggle_world_boards_skipped_total", ())] == 0
    sends = standin.calls_to(SEND)
    assert len(sends) >= 2 * CHANNELS and {c.status for c in sends} == {200}
    assert standin.rate_limits.refused_global == [] and standin.rate_limits.refused == []
    assert [c for c in standin.calls if c.status == 429] == []
    busiest = standin.rate_limits.busiest_second(f"Bot {FAKE_TOKEN}")
    assert WORLD_RATE / 2 < busiest <= WORLD_RATE + 2 < GLOBAL_LIMIT  # both paces at once


async def test_chat_words_marked_within_their_share_while_the_boards_go_out(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with opened_on_two_processes(standin, database, clock, lexicon) as (
        _,
        worlds,
        channels,
        number,
    ):
        await standin.wait_until(lambda: all(len(w.channels) == CHANNELS for w in worlds))
        words = sorted((await worlds[0].board("en", number)).words)[:CHANNELS]
        said = [
            await standin.user_says(channel.id, "alice", word)
            for channel, word in zip(channels.values(), words, strict=False)
        ]
        alice = standin.user("alice").id
        await standin.wait_until(
            lambda: (
                sum(w.acks_skipped for w in worlds) + sum(1 for m in said if m.reactions.get("✅"))
                == len(said)
            ),
            timeout=20,
        )
        stored = await worlds[0].store.world_words("en", number, alice)
    assert sorted(stored) == sorted(words[: len(said)])  # every word counts, marked or not
    assert 0 < sum(1 for m in said if m.reactions.get("✅")) < len(said)
    assert [c for c in standin.calls if c.status == 429] == []
    assert standin.rate_limits.busiest_second(f"Bot {FAKE_TOKEN}") <= GLOBAL_LIMIT


async def test_chat_words_take_the_idle_posts_pace_once_the_boards_are_out(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    """During play the world posts' pace idles (the boards went out at the opening): a burst of
    chat words is marked on it, faster than the ✅s' own share, within the global limit."""
    async with opened_on_two_processes(standin, database, clock, lexicon) as (
        _,
        worlds,
        channels,
        number,
    ):
        await standin.wait_until(
            lambda: len(standin.calls_to(SEND)) >= CHANNELS, timeout=20
        )  # every board out
        words = sorted((await worlds[0].board("en", number)).words)[:40]
        said = [
            await standin.user_says(channel.id, "alice", word)
            for channel, word in zip(channels.values(), words, strict=False)
        ]
        await standin.wait_until(
            lambda: all(m.reactions.get("✅") for m in said) or None, timeout=10
        )
    assert sum(w.acks_skipped for w in worlds) == 0  # 40 words: 13 s of the ✅s' own share
    assert [c for c in standin.calls if c.status == 429] == []
    assert standin.rate_limits.busiest_second(f"Bot {FAKE_TOKEN}") <= GLOBAL_LIMIT


async def test_a_busy_channels_chat_words_are_marked_within_its_reaction_limit(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    """Discord takes one reaction a channel each 0.25 s: a burst of words in one world channel
    gets its ✅s one at a time, the rest counted unmarked, and no 429 (the idle posts' pace
    alone let 30 ✅s go at once: 25 refused)."""
    guild = standin.world.add_play_guild("S0")
    channel = next(c for c in guild.channels.values() if c.name == "boggle")
    async with bot_session(standin, database, clock, lexicon, board_pictures=False) as only:
        world = only.services.world
        await world.set_channel(WorldChannel(guild.id, channel.id, "en"))
        standin.rate_limits.enable()
        number = world.rhythm.number_at(clock()) + 1
        clock.advance(world.rhythm.opens_at(number) + 1 - clock())
        await standin.wait_until(lambda: len(standin.calls_to(SEND)) >= 1, timeout=20)
        words = sorted((await world.board("en", number)).words)[:30]
        said = [await standin.user_says(channel.id, "alice", word) for word in words]

        def marked() -> int:
            return sum(1 for m in said if m.reactions.get("✅"))

        await standin.wait_until(
            lambda: world.acks_skipped + marked() == len(said) or None, timeout=10
        )
        stored = await world.store.world_words("en", number, standin.user("alice").id)
    assert sorted(stored) == sorted(words)  # every word counts, marked or not
    assert 0 < marked() < len(said)
    assert [c for c in standin.calls if c.status == 429] == []
