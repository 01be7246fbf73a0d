"""StandingsService without Discord, over the in-memory store: periods counted in the server's
time zone (UTC where it set none) up to now, a page past the end giving the last one, and a
player's figures with their daily streak as of the server's today."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.daily.model import DailyAttempt
from bot.server_settings.model import ServerSettings
from bot.standings.model import Measure, ModeStats, PlayerStats
from bot.standings.service import StandingsService, page_count
from core.periods import Period
from core.round import Mode
from tests.bot.harness import StoppedClock
from tests.bot.server_settings.memory_store import settings_of
from tests.bot.standings.memory_store import MemoryStandings, Result

NEW_YORK, PLAIN = 10, 20  # a server in America/New_York (UTC-5 in November), one with no zone
ALICE, BOB, CAROL, DAVE = 1, 2, 3, 4
# Monday 23 November 03:00 UTC: still Sunday 22:00 in New York.
MONDAY_UTC = datetime(2026, 11, 23, 3, 0, tzinfo=UTC).timestamp()


def at(day: int, hour: int) -> float:
    return datetime(2026, 11, day, hour, 0, tzinfo=UTC).timestamp()


def service(store: MemoryStandings, now: float = MONDAY_UTC) -> StandingsService:
    store.settings[NEW_YORK] = ServerSettings(timezone="America/New_York", language="fr")
    return StandingsService(store, settings_of(store.settings), StoppedClock(now))


def ranked(store: MemoryStandings, guild: int, points: dict[int, int], when: float) -> None:
    store.results += [Result(guild, user, when, n) for user, n in points.items()]


async def test_periods_are_the_servers_own_days_and_weeks() -> None:
    store = MemoryStandings()
    for guild in (NEW_YORK, PLAIN):
        ranked(store, guild, {ALICE: 5}, at(22, 6))  # Sunday 01:00 in New York, Sunday in UTC
        ranked(store, guild, {BOB: 3}, at(23, 1))  # Sunday 20:00 in New York, Monday in UTC
        ranked(store, guild, {CAROL: 2}, at(22, 4))  # Saturday 23:00 in New York
        ranked(store, guild, {DAVE: 9}, MONDAY_UTC + 60)  # after now: not counted yet
    standings = service(store)

    async def players(guild: int, period: Period) -> list[int]:
        shown = await standings.leaderboard(guild, period, Measure.POINTS, 0, ALICE, 10)
        return [r.user_id for r in shown.board.rows]

    assert await players(NEW_YORK, Period.TODAY) == [ALICE, BOB]
    assert await players(NEW_YORK, Period.WEEK) == [ALICE, BOB, CAROL]
    assert await players(PLAIN, Period.TODAY) == [BOB]  # Monday in UTC
    assert await players(PLAIN, Period.WEEK) == [BOB]  # a new week in UTC


async def test_a_page_past_the_end_gives_the_last_one_with_the_viewers_line() -> None:
    store = MemoryStandings()
    ranked(store, PLAIN, {100 + n: 50 - n for n in range(25)}, at(20, 12))
    standings = service(store)

    shown = await standings.leaderboard(PLAIN, Period.ALL_TIME, Measure.POINTS, 5, 110, 10)
    assert (shown.page, shown.pages, shown.board.total) == (2, 3, 25)
    assert [r.position for r in shown.board.rows] == list(range(21, 26))
    assert shown.board.own is not None and shown.board.own.rank == 11
    assert shown.language == "en" and shown.period is Period.ALL_TIME

    middle = await standings.leaderboard(PLAIN, Period.ALL_TIME, Measure.POINTS, 1, 110, 10)
    assert (middle.page, middle.pages, middle.board.rows[0].position) == (1, 3, 11)

    empty = await standings.leaderboard(NEW_YORK, Period.MONTH, Measure.WINS, 3, ALICE, 10)
    assert (empty.page, empty.pages, empty.board.rows, empty.board.own) == (0, 1, (), None)
    assert empty.language == "fr" and empty.measure is Measure.WINS


def test_pages_round_up_and_an_empty_board_is_one_page() -> None:
    assert [page_count(n, 10) for n in (0, 1, 10, 11, 25)] == [1, 1, 1, 2, 3]


def attempt(n: int, day: str, points: int | None = 40, flagged: bool = False) -> DailyAttempt:
    started = datetime.fromisoformat(day).replace(tzinfo=UTC).timestamp() + 12 * 3600
    return DailyAttempt(
        id=n,
        player_id=ALICE,
        language="en",
        day=day,
        day_number=n,
        guild_id=NEW_YORK,
        channel_id=1,
        board="cato/dogs/rent/lime",
        max_points=100,
        seconds=180,
        started_at=started,
        finished_at=None if points is None else started + 180,
        points=points,
        words=None if points is None else 4,
        flagged=flagged,
    )


FIGURES = PlayerStats(
    rounds=3,
    wins=1,
    points=17,
    words=9,
    longest_word="dogs",
    best_points=8,
    best_board="cato/dogs/rent/lime",
    favourite_size=4,
    share=0.25,
    modes=(ModeStats(Mode.CASUAL, 3, 1, 17, 0.25, 0.25),),
)


async def test_a_players_figures_kept_name_and_language() -> None:
    store = MemoryStandings()
    store.stats[NEW_YORK, BOB] = FIGURES
    store.names[NEW_YORK, BOB] = "Bob"
    figures = await service(store).player(NEW_YORK, BOB)
    assert (figures.stats, figures.kept_name, figures.language) == (FIGURES, "Bob", "fr")
    assert figures.daily == () and (figures.streak.current, figures.streak.longest) == (0, 0)

    elsewhere = await service(store).player(PLAIN, BOB)  # no round on that server
    assert (elsewhere.stats, elsewhere.kept_name, elsewhere.language) == (None, None, "en")


async def test_the_daily_streak_is_counted_on_the_servers_today() -> None:
    store = MemoryStandings()
    store.attempts = [
        attempt(1, "2026-11-20", flagged=True),
        attempt(2, "2026-11-21"),
        attempt(3, "2026-11-22"),
        attempt(4, "2026-11-23", points=None),  # not finished: neither shown nor counted
    ]
    now = datetime(2026, 11, 24, 3, 0, tzinfo=UTC).timestamp()  # the 23rd, 22:00 in New York

    there = await service(store, now).player(NEW_YORK, ALICE)
    assert there.stats is None  # a daily player who never finished a round: still shown
    assert [a.id for a in there.daily] == [3, 2, 1]
    assert (there.streak.current, there.streak.longest) == (2, 2)  # played yesterday there

    plain = await service(store, now).player(PLAIN, ALICE)
    assert (plain.streak.current, plain.streak.longest) == (0, 2)  # two days ago in UTC
