"""The standings the page shows, on both engines and a stopped clock: the current season's beside
all time's, each its top ten then the reader's own line when it is not among them (ranks and
points worked out by hand from the stored rounds), in the reader's language; all time alone
when the server has seasons off; none in a DM."""

from __future__ import annotations

from bot.kernel.events import EventBus
from bot.kernel.outbox import Outbox
from bot.kernel.refusal import Refusal
from bot.kernel.scheduler import Scheduler
from bot.seasons.service import SeasonService
from bot.server_settings.service import ServerSettingsService
from bot.standings.service import StandingsService
from bot.standings.web import BoardStandingsJson, standings
from bot.stores import Storage
from tests.bot.harness import StoppedClock
from tests.bot.seasons.seeding import seed
from tests.bot.seasons.test_service import at

HERE = 100
VIEWER = 50  # 1 point in March; 11 + 5 in February: 17 in all
PLAYERS = [100 + n for n in range(11)]  # March: 12, 11, ... 2 points
WORDS = ["cat", "cats", "dog", "dogs", "act", "tag", "rent", "lime", "mile", "ten", "net", "tan"]


def lines(board: BoardStandingsJson | None) -> list[tuple[int, str, int, str, bool]]:
    assert board is not None
    return [(r["rank"], r["name"], r["points"], r["shown"], r["you"]) for r in board["rows"]]


def line(rank: int, player: int, points: int, you: bool = False) -> tuple[object, ...]:
    return (rank, f"P{player}", points, f"{points} pts" if points > 1 else "1 pt", you)


async def test_season_and_all_time_with_the_readers_own_line(storage: Storage) -> None:
    for n, player in enumerate(PLAYERS):  # every word of a stored round counts: 1 point each
        await seed(storage, HERE, {player: WORDS[: 12 - n]}, at(2026, 3, 2, n))
    await seed(storage, HERE, {VIEWER: ["cat"]}, at(2026, 3, 3))
    await seed(storage, HERE, {VIEWER: ["elephants", "planets"]}, at(2026, 2, 3))  # 11 + 5
    clock = StoppedClock(at(2026, 3, 10, 12))
    settings = ServerSettingsService(storage)
    scheduler = Scheduler(clock)
    outbox = Outbox(storage, scheduler, clock, lambda g: True)
    seasons = SeasonService(storage, settings, EventBus(), clock, lambda g: True, scheduler, outbox)
    all_time = StandingsService(storage, settings, clock)

    seen = await standings(seasons, all_time, HERE, VIEWER, "en")
    assert not isinstance(seen, Refusal) and seen["type"] == "standings"
    season = seen["season"]
    assert season is not None and season["title"] == "Season 2026-03"
    top = [line(n + 1, p, 12 - n) for n, p in enumerate(PLAYERS[:10])]
    assert lines(season) == [*top, line(12, VIEWER, 1, you=True)]  # P110's 2 points: 11th
    assert season["players"] == 12
    assert seen["all_time"]["title"] == "All time" and seen["all_time"]["players"] == 12
    best = [line(n + 2, p, 12 - n) for n, p in enumerate(PLAYERS[:9])]
    assert lines(seen["all_time"]) == [line(1, VIEWER, 17, you=True), *best]

    last = PLAYERS[-1]  # 2 points, all in March: 11th this season, 12th of all time
    theirs = await standings(seasons, all_time, HERE, last, "fr")
    assert not isinstance(theirs, Refusal) and theirs["season"] is not None
    assert theirs["season"]["title"] == "Saison 2026-03"
    assert theirs["all_time"]["title"] == "Depuis toujours"
    assert lines(theirs["season"]) == [*top, line(11, last, 2, you=True)]
    assert lines(theirs["all_time"]) == [line(1, VIEWER, 17), *best, line(12, last, 2, you=True)]

    await seasons.configure(HERE, length="off")
    off = await standings(seasons, all_time, HERE, VIEWER, "en")
    assert not isinstance(off, Refusal) and off["season"] is None
    assert lines(off["all_time"]) == lines(seen["all_time"])

    dm = await standings(seasons, all_time, None, VIEWER, "de")
    assert isinstance(dm, Refusal) and dm.key == "leaderboard.not_in_dm"
