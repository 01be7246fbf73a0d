"""The daily board's SQL (``bot/daily/sql.py``) on both engines."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bot.kernel.outbox import Owed
from bot.server_settings.model import ServerSettings
from bot.standings.model import LeaderboardQuery, Measure
from bot.stores import Storage
from core.daily import DAILY_SECONDS, day_number
from core.round import Verdict
from tests.bot.daily.attempts import ACCEPTED, DAY, START, open_attempt, play, start
from tests.stores import StoreTarget


async def test_a_second_attempt_finds_the_first_across_a_reopen(store_target: StoreTarget) -> None:
    store = await store_target.open()
    try:
        first = await start(store)
        assert (first.day, first.day_number, first.seconds) == ("2026-03-14", day_number(DAY), 180)
        assert first.deadline == START + DAILY_SECONDS and not first.finished
    finally:
        await store.close()
    store = await store_target.open()
    try:
        again = await open_attempt(store, guild=2, started_at=START + 500)
        assert again.existed and again.attempt == first  # unchanged: the first start's time
        assert await store.daily_attempt(7, "en", DAY) == first
        assert await store.unfinished_daily_attempts() == [first]
        assert first.time_left(START + 60) == DAILY_SECONDS - 60
        assert first.time_left(START + 999) == 0
        # Another language, another day or another player is an attempt of its own.
        await start(store, language="fr")
        await start(store, day=DAY + timedelta(days=1))
        await start(store, player=8, guild=None)
        assert await store_target.value("SELECT COUNT(*) FROM daily_attempts") == 4
    finally:
        await store.close()


async def test_two_stores_on_one_database_start_one_attempt(store_target: StoreTarget) -> None:
    stores = [await store_target.open(), await store_target.open()]
    try:
        opened = await asyncio.gather(
            *(open_attempt(store, started_at=START + n) for n in range(6) for store in stores)
        )
        assert sorted(o.existed for o in opened) == [False] + [True] * 11
        assert len({o.attempt for o in opened}) == 1
        assert await store_target.value("SELECT COUNT(*) FROM daily_attempts") == 1
    finally:
        for store in stores:
            await store.close()


async def test_guesses_from_the_deadline_on_are_refused(store_target: StoreTarget) -> None:
    store = await store_target.open()
    try:
        attempt = await start(store)
        guesses = [("cat", ACCEPTED, 1), ("xq", Verdict.NOT_A_WORD, 0)]
        assert await store.add_daily_guesses(attempt.id, guesses, START + 12.5)
        assert await store.add_daily_guesses(attempt.id, [("cat", ACCEPTED, 1)], START + 13)
    finally:
        await store.close()
    store = await store_target.open()  # the deadline comes from the database, not from memory
    try:
        late = [("dog", ACCEPTED, 1)]
        assert await store.add_daily_guesses(attempt.id, late, START + DAILY_SECONDS - 0.01)
        assert not await store.add_daily_guesses(attempt.id, late, START + DAILY_SECONDS)
        assert [(g.word, g.verdict, g.elapsed) for g in await store.daily_guesses(attempt.id)] == [
            ("cat", ACCEPTED, 12.5),
            ("xq", Verdict.NOT_A_WORD, 12.5),
            ("dog", ACCEPTED, DAILY_SECONDS - 0.01),
        ]
    finally:
        await store.close()


async def test_the_days_ranking_leaves_out_flagged_and_unfinished_attempts(
    storage: Storage,
) -> None:
    await storage.remember_names(1, {1: "Ann", 2: "Bob"})
    await play(storage, 1, 12)
    await play(storage, 2, 12)
    await play(storage, 3, 5)
    await play(storage, 4, 25, flagged=True)
    await start(storage, player=5)  # still playing
    await play(storage, 6, 30, guild=2)
    await play(storage, 7, 30, language="fr")
    await play(storage, 8, 30, guild=None)
    ranking = await storage.daily_ranking(1, "en", DAY)
    assert [(r.rank, r.player_id, r.display_name, r.points) for r in ranking] == [
        (1, 1, "Ann", 12),
        (1, 2, "Bob", 12),
        (3, 3, None, 5),
    ]
    assert ranking[0].max_points == 100
    found = await storage.daily_found_words(1, "en", DAY)
    assert found == {f"w{n:03}" for n in range(12)}  # the flagged 25 are not counted
    assert await storage.daily_languages(1, DAY) == ["en", "fr"]
    assert await storage.daily_ranking(1, "en", DAY + timedelta(days=1)) == []


async def test_history_lists_finished_attempts_newest_first_flagged_ones_too(
    storage: Storage,
) -> None:
    """The streak's days from the same attempts: ``test_store.py`` (every store)."""
    await play(storage, 1, 3)
    await play(storage, 1, 4, day=DAY + timedelta(days=1))
    await play(storage, 1, 5, day=DAY + timedelta(days=1), language="de")
    await play(storage, 1, 20, day=DAY + timedelta(days=2), flagged=True)
    await start(storage, player=1, day=DAY + timedelta(days=3))
    history = await storage.daily_history(1)
    assert [(h.day, h.language, h.points, h.flagged) for h in history] == [
        ("2026-03-16", "en", 20, True),
        ("2026-03-15", "de", 5, False),
        ("2026-03-15", "en", 4, False),
        ("2026-03-14", "en", 3, False),
    ]
    assert len(await storage.daily_history(1, limit=2)) == 2


async def test_the_daily_leaderboard_measure_sums_fair_points(storage: Storage) -> None:
    await play(storage, 1, 6)
    await play(storage, 1, 4, day=DAY + timedelta(days=1))
    await play(storage, 2, 8, day=DAY + timedelta(days=1))
    await play(storage, 3, 40, day=DAY + timedelta(days=1), flagged=True)
    await play(storage, 4, 50, guild=2)
    all_time = await storage.leaderboard_page(LeaderboardQuery(1, Measure.DAILY, None, 0, 3, 10))
    assert [(r.rank, r.user_id, r.figure) for r in all_time.rows] == [(1, 1, 10), (2, 2, 8)]
    assert all_time.own is None and all_time.total == 2
    next_day = START + 86400
    today = await storage.leaderboard_page(
        LeaderboardQuery(1, Measure.DAILY, next_day, 0, 1, 10, next_day + 86400)
    )
    assert [(r.rank, r.user_id, r.figure) for r in today.rows] == [(1, 2, 8), (2, 1, 4)]


async def test_the_daily_measure_counts_a_day_once_by_its_best_language(
    storage: Storage,
) -> None:
    """Playing the day's board in several languages counts the best fair attempt of the day,
    not their sum (it summed before: four languages were worth up to four times one)."""
    await play(storage, 1, 6)
    await play(storage, 1, 9, language="fr")
    await play(storage, 1, 30, language="de", flagged=True)  # better, but not fair
    await play(storage, 1, 4, day=DAY + timedelta(days=1), language="es")
    await play(storage, 2, 12, language="fr")
    all_time = await storage.leaderboard_page(LeaderboardQuery(1, Measure.DAILY, None, 0, 3, 10))
    assert [(r.user_id, r.figure) for r in all_time.rows] == [(1, 13), (2, 12)]
    first_day = await storage.leaderboard_page(
        LeaderboardQuery(1, Measure.DAILY, START, 0, 1, 10, START + 86400)
    )
    assert [(r.user_id, r.figure) for r in first_day.rows] == [(2, 12), (1, 9)]


async def test_the_daily_channel_is_a_setting_of_its_own(storage: Storage) -> None:
    assert await storage.daily_channels() == []
    await storage.save_defaults(1, ServerSettings(timezone="Pacific/Auckland"))
    await storage.set_daily_channel(1, 2**62)
    await storage.set_daily_channel(2, 20)  # a server with no other setting
    await storage.save_defaults(1, ServerSettings(size=5, timezone="Pacific/Auckland"))
    assert (await storage.server_settings(1)).daily_channel == 2**62  # kept by the save
    assert (await storage.server_settings(1)).size == 5
    assert [tuple(c) for c in await storage.daily_channels()] == [
        (1, 2**62, "Pacific/Auckland"),
        (2, 20, None),
    ]
    await storage.set_daily_channel(1, None)
    assert (await storage.server_settings(1)).daily_channel is None
    assert [c.guild_id for c in await storage.daily_channels()] == [2]


def post(guild: int, text: str) -> list[Owed]:
    return [Owed("daily post", guild, guild * 10, text)]


async def test_the_end_of_day_post_is_owed_once_by_concurrent_owers(
    store_target: StoreTarget,
) -> None:
    stores = [await store_target.open(), await store_target.open()]
    try:
        owed = await asyncio.gather(
            *(
                store.owe_daily_post(1, DAY, "en", START, post(1, f"{n}"))
                for n in range(4)
                for store in stores
            )
        )
        assert sorted(owed) == [False] * 7 + [True]
        assert len(await stores[0].channel_posts(10)) == 1  # its claim's post, and no other
        # Another language or date is a post of its own.
        assert await stores[0].owe_daily_post(1, DAY, "fr", START, post(1, "fr"))
        assert await stores[1].owe_daily_post(1, DAY + timedelta(days=1), "en", START, [])
        assert not await stores[1].owe_daily_post(1, DAY, "en", START + 10_000, post(1, "x"))
        assert [p.payload for p in await stores[1].channel_posts(10)][1:] == ["fr"]
    finally:
        for store in stores:
            await store.close()


async def test_an_owed_end_of_day_post_outlives_its_process_and_is_owed_once(
    store_target: StoreTarget,
) -> None:
    """Owed, then the process dies: the post is still owed (the outbox sends it), and no later
    pass owes it again, however long after."""
    first = await store_target.open()
    await play(first, 1, 12)
    await play(first, 2, 5, language="fr")
    assert await first.due_daily_posts(1, DAY) == ["en", "fr"]
    assert await first.owe_daily_post(1, DAY, "en", START, post(1, "en"))
    await first.close()  # died before the outbox sent it
    second = await store_target.open()
    try:
        assert [p.payload for p in await second.channel_posts(10)] == ["en"]
        assert await second.due_daily_posts(1, DAY) == ["fr"]
        for later in (START + 601, START + 86_400 * 30):
            assert not await second.owe_daily_post(1, DAY, "en", later, post(1, "again"))
        assert await second.due_daily_posts(2, DAY) == []  # a server with nothing ranked
    finally:
        await second.close()
