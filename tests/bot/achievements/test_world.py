"""World rounds' achievements and a player's world record, on both engines, with figures worked
out by hand: the close (whichever process makes it) awards each tier once in its transaction,
in the entry's server, and tells each server's news once (its world channel's, else where the
player joined) but owes no line: a world channel gets two messages a round at most; an entry
joined in a DM earns nothing but counts in the player's record; the backfill
gives history's tiers silently, and a close after it tells none of them again."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from bot.achievements.events import LINE, AchievementsEarned, Where
from bot.achievements.service import AchievementService
from bot.kernel.codec import loads
from bot.kernel.events import EventBus
from bot.kernel.lexicons import Lexicons
from bot.kernel.outbox import Outbox
from bot.kernel.scheduler import Scheduler
from bot.server_settings.service import ServerSettingsService
from bot.standings.service import StandingsService
from bot.stores import Storage
from bot.world.model import RESULTS_POST, WorldChannel, WorldEntry, WorldRecord
from bot.world.service import WorldService
from core.world import Rhythm
from tests.bot.harness import StoppedClock
from tests.stores import StoreTarget

HERE, THERE = 100, 200  # HERE shows world rounds in WORLD_CHANNEL; THERE shows none
WORLD_CHANNEL = 1000
NOW = 1_780_000_000.0
RHYTHM = Rhythm(every=180, play=120)


def process(
    storage: Storage, awarding: bool = True
) -> tuple[WorldService, AchievementService, list[AchievementsEarned]]:
    """One process's world rounds and achievements on ``storage`` (its outbox sends nothing),
    and the lines it tells."""
    clock = StoppedClock(NOW)
    events = EventBus()
    told: list[AchievementsEarned] = []
    events.subscribe(AchievementsEarned, told.append)
    outbox = Outbox(storage, Scheduler(clock), clock, lambda guild: True)
    achievements = AchievementService(
        storage, ServerSettingsService(storage), events, clock, outbox
    )
    achievements.listen()
    world = WorldService(
        storage,
        Lexicons(loaded={}),
        Scheduler(clock),
        outbox,
        clock,
        lambda guild: True,
        RHYTHM,
        events=events,
        at_close=(achievements.world_closing,) if awarding else (),
    )
    return world, achievements, told


async def played(
    storage: Storage, language: str, number: int, plays: Sequence[tuple[int, int | None, int, int]]
) -> None:
    """Each (player, server, channel, points) joins round ``number`` and scores ``points``
    (one word), all at 30 s: they rank by points, level players sharing a rank."""
    for player, guild, channel, points in plays:
        await storage.join_world(
            WorldEntry(language, number, player, guild, channel, f"P{player}", NOW)
        )
        await storage.add_world_words(language, number, player, [("word", points)], 30.0)


# Round 7 (English): players 1-11 joined HERE, 12 THERE (from its channel 2001), 13 in a DM;
# player p scores 20 - p, so ranks 1 to 13 in order: 13 players, so ranks 1-10 are top ten;
# none is in the top 1 % (1 * 100 > 13).
ROUND_7 = [
    *((p, HERE, WORLD_CHANNEL, 20 - p) for p in range(1, 12)),
    (12, THERE, 2001, 8),
    (13, None, 3001, 7),
]
# Round 8 (French): player 1 (HERE) scores 50, players 1001-1099 (DMs) 1 each: 100 players,
# player 1 first (1 * 100 <= 100: the top 1 %), the 99 others level at rank 2 (top 2 %).
ROUND_8 = [(1, HERE, WORLD_CHANNEL, 50), *((p, None, 5, 1) for p in range(1001, 1100))]


async def earned(storage: Storage, guild: int) -> set[tuple[int, str]]:
    """(player, code) of every world tier held in ``guild``."""
    found: set[tuple[int, str]] = set()
    for player in (*range(1, 14), *range(1001, 1100)):
        found |= {(player, c) for c, _, _ in await storage.earned(guild, player) if "world" in c}
    return found


async def lines(storage: Storage, channel: int) -> list[AchievementsEarned]:
    return [
        loads(AchievementsEarned, p.payload)
        for p in await storage.channel_posts(channel)
        if p.kind == LINE
    ]


async def test_the_close_awards_in_each_entrys_server_and_tells_it_once(
    store_target: StoreTarget,
) -> None:
    first, second = await store_target.open(), await store_target.open()
    try:
        await first.set_world_channel(WorldChannel(HERE, WORLD_CHANNEL, "en"), NOW)
        await first.adopt_language(THERE, "fr")
        await played(first, "en", 7, ROUND_7)
        (a, _, told_a), (b, _, told_b) = process(first), process(second)
        closed = await asyncio.gather(a.close("en", 7), b.close("en", 7))
        assert sorted(closed) == [False, True]  # one close, on one of the two processes
        told = told_a + told_b
        top_ten = {(p, "world_top_ten") for p in range(1, 11)}
        assert await earned(first, HERE) == {(p, "world_round") for p in range(1, 12)} | top_ten
        assert await earned(first, THERE) == {(12, "world_round")}  # rank 12: no top ten
        assert {t.channel_id: len(t.awards) for t in told} == {WORLD_CHANNEL: 21, 2001: 1}
        # The news of the world channel's server, and of the other where 12 joined, in its
        # language; 13 (a DM) earned nothing. No line is owed: the results alone.
        posts = await first.channel_posts(WORLD_CHANNEL)
        assert [p.kind for p in posts] == [RESULTS_POST]
        assert await lines(first, 2001) == []
        (there,) = [t for t in told if t.channel_id == 2001]
        assert (there.guild_id, there.where, there.language) == (THERE, Where.WORLD, "fr")
        assert there.awards == ((12, "world_round", 1),) and there.names == {12: "P12"}
        assert next(t for t in told if t.channel_id == WORLD_CHANNEL).names[1] == "P1"

        await played(first, "fr", 8, ROUND_8)
        assert await b.close("fr", 8) and await a.close("fr", 8) is False
        assert await earned(first, HERE) - top_ten == {(p, "world_round") for p in range(1, 12)} | {
            (1, "world_top_percent")
        }
        newest = (told_a + told_b)[-1]  # only what is new: the top 1 %
        assert newest.awards == ((1, "world_top_percent", 1),)
        assert len(told_a + told_b) == 3 and await lines(first, WORLD_CHANNEL) == []
    finally:
        await first.close()
        await second.close()


async def test_a_players_record_counts_every_language_and_server(storage: Storage) -> None:
    await played(storage, "en", 7, ROUND_7)
    await played(storage, "fr", 8, ROUND_8)
    world, _, _ = process(storage)
    assert await world.close("en", 7) and await world.close("fr", 8)
    await played(storage, "en", 9, [(1, HERE, WORLD_CHANNEL, 500)])  # not closed: not counted
    standings = StandingsService(storage, ServerSettingsService(storage), lambda: NOW)

    async def record(player: int, guild: int = THERE) -> WorldRecord | None:
        return (await standings.player(guild, player)).world  # any server's /stats shows it

    # Player 1: #1 of 13 (top 8 %: 100 / 13 = 7.7, rounded up) and #1 of 100 (top 1 %).
    assert await record(1) == await record(1, 4242) == WorldRecord(2, 19 + 50, 2, 1, 100, 1)
    # Player 12: #12 of 13 only (1200 / 13 = 92.3: top 93 %), no top ten.
    assert await record(12) == WorldRecord(1, 8, 0, 12, 13, 93)
    # Player 1001 played in a DM: no tier, but the record is the player's own (#2 of 100).
    assert await record(1001) == WorldRecord(1, 1, 1, 2, 100, 2)
    assert await record(4242) is None


async def test_the_backfill_is_silent_and_a_later_close_tells_nothing_again(
    storage: Storage,
) -> None:
    await storage.set_world_channel(WorldChannel(HERE, WORLD_CHANNEL, "en"), NOW)
    await played(storage, "en", 7, ROUND_7)
    await played(storage, "fr", 8, ROUND_8)
    before, _, _ = process(storage, awarding=False)  # closed before the achievements were
    assert await before.close("en", 7) and await before.close("fr", 8)
    world, achievements, told = process(storage)
    await storage.join_world(WorldEntry("en", 9, 42, THERE, 2001, "P42", NOW))  # no point
    assert await achievements.backfill() == 21 + 1 + 1  # round 7's, and 1's top 1 %
    assert await achievements.backfill() == 0
    assert told == [] and await lines(storage, WORLD_CHANNEL) == []
    assert (1, "world_top_percent") in await earned(storage, HERE)
    assert await earned(storage, THERE) == {(12, "world_round")}

    await played(storage, "en", 10, [(p, HERE, WORLD_CHANNEL, 3) for p in (1, 2, 77)])
    assert await world.close("en", 10)
    (line,) = told  # 77's first world round; 1 and 2 hold theirs from the backfill
    assert line.awards == ((77, "world_round", 1),)
    kinds = [p.kind for p in await storage.channel_posts(WORLD_CHANNEL)]
    assert kinds == [RESULTS_POST, RESULTS_POST]  # rounds 7 and 10 (8 is French), no line
