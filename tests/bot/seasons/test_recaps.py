"""Where a season's recap is owed, on the in-memory stores (``test_store.py`` holds them to the
engines): the season's own channel, else the daily channel, else (a champion role to move and
nowhere to tell) the server itself; nothing at all with neither a channel nor a role."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.kernel import codec
from bot.kernel.events import EventBus
from bot.kernel.outbox import Outbox
from bot.kernel.scheduler import Scheduler
from bot.seasons.events import SeasonEnded
from bot.seasons.model import SeasonSettings
from bot.seasons.service import RECAP, SeasonService
from bot.server_settings.model import ServerSettings
from bot.server_settings.service import ServerSettingsService
from core.seasons import SeasonLength
from tests.bot.harness import StoppedClock
from tests.bot.seasons.memory_store import MemorySeasonStore
from tests.bot.seasons.seeding import results_of
from tests.bot.server_settings.memory_store import MemoryServerSettings

HERE, DAILY, OWN, ROLE = 100, 700, 800, 900
P1, P2 = 11, 12
MARCH = datetime(2026, 3, 10, 12, tzinfo=UTC).timestamp()
APRIL = datetime(2026, 4, 1, 0, 1, tzinfo=UTC).timestamp()


async def close_march(daily: int | None, own: int | None, role: int | None) -> MemorySeasonStore:
    """March played by two, then closed on 1 April with these channels and role."""
    store = MemorySeasonStore()
    store.finish(HERE, results_of({P1: ["cats", "dog"], P2: ["cat"]}), MARCH, {P1: "Ann"})
    await store.save_season_settings(SeasonSettings(HERE, SeasonLength.MONTH, own, role))
    settings = MemoryServerSettings.holding({HERE: ServerSettings(daily_channel=daily)})
    clock = StoppedClock(APRIL)
    scheduler = Scheduler(clock)
    outbox = Outbox(store.outbox, scheduler, clock, lambda g: True)
    seasons = SeasonService(
        store, ServerSettingsService(settings), EventBus(), clock, lambda g: True, scheduler, outbox
    )
    ended = await seasons.close_due()
    assert [(e.guild_id, e.number, e.name) for e in ended] == [(HERE, 1, "2026-03")]
    assert ended[0].recap.champion is not None and ended[0].recap.champion.user_id == P1
    assert await seasons.close_due() == []  # archived once: owed once
    return store


@pytest.mark.parametrize(
    ("daily", "own", "role", "where"),
    [(DAILY, OWN, None, OWN), (DAILY, None, None, DAILY), (None, None, ROLE, HERE)],
)
async def test_the_recap_is_owed_once_where_it_is_told(
    daily: int | None, own: int | None, role: int | None, where: int
) -> None:
    store = await close_march(daily, own, role)
    (owed,) = [r.owed for r in store.outbox.rows.values()]
    assert (owed.kind, owed.guild_id, owed.channel_id) == (RECAP, HERE, where)
    told = codec.loads(SeasonEnded, owed.payload)
    assert (told.number, told.name, told.channel_id, told.champion_role) == (
        1,
        "2026-03",
        own or daily,
        role,
    )
    assert told.names == {P1: "Ann"}


async def test_no_channel_and_no_role_owe_nothing() -> None:
    store = await close_march(None, None, None)
    assert store.outbox.rows == {}
    assert [s.name for s in await store.archived_seasons(HERE)] == ["2026-03"]
