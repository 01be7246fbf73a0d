"""The world round's storage on both engines: the secret made once, one entry a player a round
wherever they join, words added until the close and never after, and each round opened and
closed once however many processes try at the same moment."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest

from bot.kernel.outbox import Owed
from bot.stores import Storage
from bot.world.model import WordsToAdd, WorldChannel, WorldEntry
from core.world import Entry, ranking
from tests.stores import ENGINES, engine_storage

EN = WorldChannel(1, 10, "en")
FR = WorldChannel(2, 20, "fr")
EN_TOO = WorldChannel(3, 30, "en")


@pytest.fixture(params=ENGINES)
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Storage]:
    async with engine_storage(request.param, tmp_path) as storage:
        yield storage


def owing(kind: str):  # type: ignore[no-untyped-def]
    def owed(channels: Sequence[WorldChannel]) -> list[Owed]:
        return [Owed(kind, c.guild_id, c.channel_id, "{}") for c in channels]

    return owed


def entry(player: int, guild: int | None = 1, channel: int = 10, at: float = 5.0) -> WorldEntry:
    return WorldEntry("en", 7, player, guild, channel, f"P{player}", at)


async def test_the_secret_is_made_once(store: Storage) -> None:
    assert await store.world_secret("first") == "first"
    assert await store.world_secret("second") == "first"


async def test_a_servers_world_channel_is_set_moved_and_cleared(store: Storage) -> None:
    for channel in (EN, FR, EN_TOO, WorldChannel(1, 11, "en")):
        await store.set_world_channel(channel, 1.0)
    assert await store.world_channels() == [WorldChannel(1, 11, "en"), FR, EN_TOO]
    assert await store.world_channels("en") == [WorldChannel(1, 11, "en"), EN_TOO]
    assert await store.world_channel(2) == FR
    assert await store.clear_world_channel(2) and not await store.clear_world_channel(2)
    assert await store.world_channel(2) is None


async def test_a_player_has_one_entry_wherever_they_join(store: Storage) -> None:
    first = await store.join_world(entry(5, guild=1, channel=10, at=3.0))
    again = await store.join_world(entry(5, guild=2, channel=20, at=9.0))
    assert first == again == entry(5, guild=1, channel=10, at=3.0)
    assert await store.world_entry("en", 7, 5) == first
    assert await store.world_entry("en", 8, 5) is None


async def test_words_count_once_until_the_close_and_none_after(store: Storage) -> None:
    await store.join_world(entry(5))
    assert await store.add_world_words("en", 7, 5, [("cat", 1), ("castle", 3)], 12.0) == [
        "cat",
        "castle",
    ]
    assert await store.add_world_words("en", 7, 5, [("cat", 1), ("act", 1)], 20.5) == ["act"]
    got = await store.world_entry("en", 7, 5)
    assert got is not None and (got.points, got.words, got.last_at) == (5, 3, 20.5)
    assert await store.world_words("en", 7, 5) == ["castle", "cat", "act"]
    assert await store.close_world_round("en", 7, 200.0, owing("results")) is not None
    assert await store.add_world_words("en", 7, 5, [("tea", 1)], 119.0) is None
    assert await store.world_words("en", 7, 5) == ["castle", "cat", "act"]


async def test_a_round_is_opened_and_closed_once_by_many_at_once(store: Storage) -> None:
    for channel in (EN, FR, EN_TOO):
        await store.set_world_channel(channel, 1.0)
    opened = await asyncio.gather(
        *(store.open_world_round("en", 7, 1260.0, owing("board")) for _ in range(4))
    )
    owed = [o for o in opened if o is not None]
    assert len(owed) == 1 and [(p.guild_id, p.channel_id) for p in owed[0]] == [(1, 10), (3, 30)]
    for player, points_words, at in ((5, [("castle", 3)], 30.0), (6, [("castle", 3)], 10.0)):
        await store.join_world(entry(player))
        await store.add_world_words("en", 7, player, points_words, at)
    await store.join_world(entry(8))  # joined, found nothing: not ranked
    closed = await asyncio.gather(
        *(store.close_world_round("en", 7, 1381.0, owing("results")) for _ in range(4))
    )
    ranked = [c for c in closed if c is not None]
    assert len(ranked) == 1
    assert ranked[0] == ranking([Entry(5, 3, 1, 30.0), Entry(6, 3, 1, 10.0)])
    assert [(e.player_id, e.rank) for e in await store.world_ranked("en", 7)] == [(6, 1), (5, 2)]
    assert await store.world_finders("en", 7) == {"castle": 2}
    posts = await store.channel_posts(10) + await store.channel_posts(30)
    assert sorted(p.kind for p in posts) == ["board", "board", "results", "results"]
    assert await store.channel_posts(20) == []  # French: no round in French
    assert await store.unclosed_world_rounds(7) == []


async def test_rounds_left_open_are_found_up_to_a_number(store: Storage) -> None:
    for language, number in (("en", 7), ("fr", 7), ("en", 8)):
        await store.join_world(WorldEntry(language, number, 5, None, 1, "P", 0.0))
    assert await store.unclosed_world_rounds(7) == [("en", 7), ("fr", 7)]
    assert await store.unclosed_world_rounds(8) == [("en", 7), ("fr", 7), ("en", 8)]


async def test_the_worlds_best_over_rounds_and_a_players_place(store: Storage) -> None:
    played = {(7, 5): 3, (7, 6): 1, (8, 6): 3, (8, 7): 4, (9, 5): 5, (7, 8): 0}
    for (number, player), points in played.items():
        await store.join_world(WorldEntry("en", number, player, 1, 10, f"P{player}", 0.0))
        if points:
            await store.add_world_words("en", number, player, [(f"w{number}", points)], 5.0)
    await store.join_world(WorldEntry("fr", 8, 9, 1, 10, "P9", 0.0))
    await store.add_world_words("fr", 8, 9, [("mot", 50)], 5.0)
    best = await store.world_best("en", 7, 8, 10)
    assert [(s.player_id, s.points, s.rounds) for s in best] == [(6, 4, 2), (7, 4, 1), (5, 3, 1)]
    assert [s.player_id for s in await store.world_best("en", 7, 9, 2)] == [5, 6]
    assert await store.world_place("en", 7, 8, 5) == (2, 3, best[2])
    assert (await store.world_place("en", 7, 8, 7))[:2] == (0, 3)  # level with 6: shares first
    assert await store.world_place("en", 7, 8, 8) == (3, 3, None)  # no point: no standing


async def test_a_batch_of_every_size_keeps_each_guess_its_new_words(store: Storage) -> None:
    """Batches of every size up to past the largest statement (the words go by statements of
    64, 16, 4 and 1 rows): each guess gets exactly the words that were new, the first guess with
    a word takes it, and each entry's points and words add up."""
    players = range(1, 8)
    for player in players:
        await store.join_world(entry(player))
    expected: dict[int, set[str]] = {p: set() for p in players}
    points = dict.fromkeys(players, 0)
    for size in (1, 3, 5, 17, 64, 90):
        adds, answers = [], []
        for i in range(size):
            player = players[i % len(players)]
            words = tuple((f"w{(size * k) % 97}", 1 + k % 3) for k in range(i, i + 1 + i % 3))
            adds.append(WordsToAdd("en", 7, player, words, float(size)))
            new = [w for w, _ in words if w not in expected[player]]
            expected[player].update(new)
            points[player] += sum(n for w, n in words if w in new)
            answers.append(new)
        assert await store.add_world_word_batch(adds) == answers, size
    for player in players:
        stored = await store.world_words("en", 7, player)
        assert sorted(stored) == sorted(expected[player])
        mine = await store.world_entry("en", 7, player)
        assert mine is not None and (mine.words, mine.points) == (
            len(expected[player]),
            points[player],
        )


async def test_a_batch_adds_many_guesses_words_in_one_go_and_none_to_a_closed_round(
    store: Storage,
) -> None:
    for player in (5, 6):
        await store.join_world(entry(player))
    await store.join_world(WorldEntry("en", 6, 5, 1, 10, "P5", 0.0))
    assert await store.close_world_round("en", 6, 100.0, owing("results")) == []
    answers = await store.add_world_word_batch(
        [
            WordsToAdd("en", 7, 5, (("cat", 1), ("castle", 3)), 12.0),
            WordsToAdd("en", 7, 6, (("cat", 1),), 13.0),
            WordsToAdd("en", 6, 5, (("tea", 1),), 14.0),  # its round is closed
            WordsToAdd("en", 7, 5, (("cat", 1), ("act", 1)), 15.0),  # cat: the first one's
        ]
    )
    assert answers == [["cat", "castle"], ["cat"], None, ["act"]]
    five, six = await store.world_entry("en", 7, 5), await store.world_entry("en", 7, 6)
    assert five is not None and (five.points, five.words, five.last_at) == (5, 3, 15.0)
    assert six is not None and (six.points, six.words, six.last_at) == (1, 1, 13.0)
    assert await store.world_words("en", 7, 5) == ["castle", "cat", "act"]
    assert await store.world_words("en", 6, 5) == []
