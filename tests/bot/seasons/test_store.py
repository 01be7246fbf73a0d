"""``SeasonStore`` held to its one Protocol: the same assertions on SQLite, on PostgreSQL and on
the tests' in-memory store, for the settings, the results a season ranks, the rounds still
settling, the archive (once a name) and the recap owed with it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.kernel.outbox import Owed, Post
from bot.seasons.model import ArchivedSeason, SeasonSettings
from bot.seasons.store import SeasonStore
from core.board import Board
from core.round import Mode
from core.seasons import Place, ResultRow, SeasonLength
from tests.bot.seasons.memory_store import MemorySeasonStore
from tests.bot.seasons.seeding import BOARD, results_of, seed
from tests.stores import STORES, engine_storage

GUILD, OTHER = 1, 2
T0 = 1_000_000.0
RECAPS = 555  # the channel the recap is owed in
# What a round's players found (casual: none cancelled), and its mode.
Finish = Callable[[int, dict[int, list[str]], float, Mode], Awaitable[int]]


@dataclass
class Seasons:
    store: SeasonStore
    finish: Finish  # a round ended; its id
    open_round: Callable[[int, float], Awaitable[int]]  # a round running until then; its id
    posts: Callable[[int], Awaitable[list[Post]]]  # what is owed in a channel


@pytest.fixture(params=STORES)
async def seasons(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Seasons]:
    if request.param == "memory":
        memory = MemorySeasonStore()

        async def finish_in_memory(
            guild: int, found: dict[int, list[str]], at: float, mode: Mode
        ) -> int:
            names = {p: f"P{p}" for p in found}
            return memory.finish(guild, results_of(found, mode), at, names, mode == Mode.COOP)

        async def open_in_memory(guild: int, deadline: float) -> int:
            return memory.open_round(guild, deadline)

        yield Seasons(memory, finish_in_memory, open_in_memory, memory.outbox.channel_posts)
        return
    async with engine_storage(request.param, tmp_path) as storage:
        channels = iter(range(100, 1000))

        async def finish_stored(
            guild: int, found: dict[int, list[str]], at: float, mode: Mode
        ) -> int:
            return await seed(storage, guild, found, at, mode=mode, channel_id=next(channels))

        async def open_stored(guild: int, deadline: float) -> int:
            running = await storage.create_round(
                guild_id=guild,
                channel_id=next(channels),
                starter_id=1,
                board=Board.parse(BOARD),
                dice="classic",
                mode=Mode.CASUAL,
                min_length=3,
                started_at=deadline - 180,
                deadline=deadline,
            )
            return running.id

        yield Seasons(storage, finish_stored, open_stored, storage.channel_posts)


async def test_settings_are_a_month_until_saved(seasons: Seasons) -> None:
    store = seasons.store
    assert await store.season_settings(GUILD) == SeasonSettings(GUILD, SeasonLength.MONTH)
    saved = SeasonSettings(GUILD, SeasonLength.QUARTER, 2**60, 2**61)
    await store.save_season_settings(saved)
    assert await store.season_settings(GUILD) == saved
    off = SeasonSettings(GUILD, SeasonLength.OFF, None, None)
    await store.save_season_settings(off)
    assert await store.season_settings(GUILD) == off
    assert await store.season_settings(OTHER) == SeasonSettings(OTHER)


async def test_a_season_ranks_its_servers_competitive_results_in_its_time(
    seasons: Seasons,
) -> None:
    finish, store = seasons.finish, seasons.store
    await finish(GUILD, {1: ["cat"]}, T0 - 1, Mode.CASUAL)  # before the season
    first = await finish(GUILD, {1: ["cats", "dog", "rent"], 2: ["stone"]}, T0, Mode.CASUAL)
    await finish(GUILD, {1: ["cat"], 2: ["dog"]}, T0 + 50, Mode.COOP)  # kept apart
    await finish(OTHER, {3: ["lime"]}, T0 + 60, Mode.CASUAL)
    second = await finish(GUILD, {2: ["planets"]}, T0 + 99.5, Mode.CASUAL)
    await finish(GUILD, {1: ["dogs"]}, T0 + 100, Mode.CASUAL)  # the next season's
    assert await store.season_results(GUILD, T0, T0 + 100) == [
        ResultRow(first, 1, 3, 3, True, "cats"),
        ResultRow(first, 2, 2, 1, False, "stone"),
        ResultRow(second, 2, 5, 1, False, "planets"),  # alone: no win
    ]
    assert await store.season_results(OTHER, T0, T0 + 100) == [
        ResultRow(first + 2, 3, 1, 1, False, "lime")
    ]
    assert await store.season_results(GUILD, T0 + 200, T0 + 300) == []
    assert await store.guilds_playing_since(T0 + 60) == [GUILD, OTHER]
    assert await store.guilds_playing_since(T0 + 61) == [GUILD]
    assert await store.guilds_playing_since(T0 + 101) == []


async def test_rounds_settling_are_those_whose_time_was_up(seasons: Seasons) -> None:
    await seasons.open_round(GUILD, T0)
    await seasons.open_round(OTHER, T0 - 10)
    await seasons.finish(GUILD, {1: ["cat"]}, T0 - 5, Mode.CASUAL)  # finished: not settling
    store = seasons.store
    assert await store.rounds_settling(GUILD, T0) == 0  # its time is not up before T0
    assert await store.rounds_settling(GUILD, T0 + 0.5) == 1
    assert await store.rounds_settling(OTHER, T0) == 1


def recap(channel: int) -> Callable[[ArchivedSeason], list[Owed]]:
    def owed(kept: ArchivedSeason) -> list[Owed]:
        return [Owed("season recap", kept.guild_id, channel, f'{{"number": {kept.number}}}')]

    return owed


async def test_a_season_is_archived_once_numbered_with_its_places_and_recap(
    seasons: Seasons,
) -> None:
    store = seasons.store
    march = ArchivedSeason(GUILD, 0, "2026-03", T0, T0 + 100, 7, T0 + 101)
    places = [
        Place(2, 8, 4, 4, 2, 0, "dogs", 2),
        Place(1, 7, 9, 5, 2, 2, "planets", 5),
        Place(2, 6, 4, 3, 1, 1, None, 4),
    ]
    kept = await store.archive_season(march, places, recap(RECAPS))
    assert kept == ArchivedSeason(GUILD, 1, "2026-03", T0, T0 + 100, 7, T0 + 101)
    # The same season again (another process saw it end too): nothing kept, nothing owed.
    assert await store.archive_season(march, places[:1], recap(RECAPS)) is None
    april = ArchivedSeason(GUILD, 0, "2026-04", T0 + 100, T0 + 200, None, T0 + 201)
    assert (await store.archive_season(april, [], lambda kept: [])) == ArchivedSeason(
        GUILD, 2, "2026-04", T0 + 100, T0 + 200, None, T0 + 201
    )
    elsewhere = ArchivedSeason(OTHER, 0, "2026-03", T0, T0 + 100, None, T0 + 102)
    assert (await store.archive_season(elsewhere, [], lambda kept: [])) is not None
    assert [(s.number, s.name) for s in await store.archived_seasons(GUILD)] == [
        (1, "2026-03"),
        (2, "2026-04"),
    ]
    assert [s.number for s in await store.archived_seasons(OTHER)] == [1]
    assert await store.season_places(GUILD, 1) == [places[1], places[2], places[0]]
    assert await store.season_places(GUILD, 2) == []
    (owed,) = await seasons.posts(RECAPS)
    assert (owed.kind, owed.guild_id, owed.payload, owed.due_at) == (
        "season recap",
        GUILD,
        '{"number": 1}',
        T0 + 101,
    )


async def test_names_are_those_kept_for_the_server(seasons: Seasons) -> None:
    await seasons.finish(GUILD, {1: ["cat"], 2: ["dog"]}, T0, Mode.CASUAL)
    names = await seasons.store.display_names(GUILD, [1, 2, 3])
    assert dict(names) == {1: "P1", 2: "P2"}
    assert dict(await seasons.store.display_names(OTHER, [1])) == {}
