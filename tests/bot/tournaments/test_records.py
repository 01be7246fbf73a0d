"""The tournaments' SQL in the standings (/leaderboard's tournament wins, /stats), on both engines.

Every tournament is taken through the storage's own steps, sign-up to places.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from bot.server_settings.service import ServerSettingsService
from bot.standings.model import Measure
from bot.standings.service import StandingsService
from bot.stores import Storage
from bot.tournaments.model import StoredTournament, TournamentRecord, TournamentState
from core.periods import Period
from core.round import Mode, Rules, tally
from core.tournament import Format, Placing, RoundScore
from tests.bot.harness import StoppedClock
from tests.bot.rounds.stored import new_round

GUILD, OTHER = 1, 2
ALICE, BOB, CAROL, DAVE, ERIN = 11, 12, 13, 14, 15
# Now: Monday 23 November 2026, noon UTC (a server without a time zone counts in UTC).
NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC).timestamp()
DAY = 86400.0


def values(guild: int, channel: int, at: float) -> StoredTournament:
    return StoredTournament(
        id=0,
        guild_id=guild,
        channel_id=channel,
        organiser_id=ALICE,
        name=f"Cup {channel}",
        format=Format.SERIES,
        rounds=1,
        break_seconds=0,
        starts_at=None,
        size=4,
        dice="classic",
        seconds=60,
        mode=Mode.CLASSIC,
        min_length=3,
        language="en",
        dictionary="default",
        state=TournamentState.SIGNUP,
        played=0,
        announced=0,
        next_at=None,
        opening_at=None,
        round_id=None,
        signup_message_id=None,
        event_id=None,
        created_at=at,
    )


async def played_round(
    storage: Storage, guild: int, channel: int, order: Sequence[int], at: float
) -> int:
    """A one-round tournament signed up by ``order``, begun and its round's scores added (the
    first in ``order`` scored most); its id."""
    made = await storage.create_tournament(values(guild, channel, at - 600))
    assert made is not None
    for n, player in enumerate(order):
        assert await storage.join_tournament(made.id, player, at - 500 + n)
    assert await storage.begin_tournament(made.id, at - 400)
    assert await storage.claim_opening(made.id, 0, at - 400)
    stored = await new_round(
        storage, channel, guild, starter_id=ALICE, started_at=at - 400, deadline=at - 340
    )
    assert await storage.attach_round(made.id, 1, stored.id, at - 400)
    assert await storage.finish_round(stored.id, tally({}, {}, Rules(Mode.CLASSIC)), at - 340, {})
    scores = [RoundScore(p, 10 * (len(order) - n), len(order) - n) for n, p in enumerate(order)]
    assert await storage.add_round_scores(made.id, 1, stored.id, scores, at)
    return made.id


async def finished(
    storage: Storage, guild: int, channel: int, order: Sequence[int], at: float
) -> None:
    """A tournament finished at ``at``, ``order`` its places from first to last."""
    tid = await played_round(storage, guild, channel, order, at)
    placings = [
        Placing(n, p, 10 * (len(order) - n + 1), 1, None, None, 0, 1)
        for n, p in enumerate(order, start=1)
    ]
    assert await storage.finish_tournament(tid, guild, placings, at)
    assert not await storage.finish_tournament(tid, guild, placings, at)  # once


async def history(storage: Storage) -> None:
    """Alice and Bob win two each (one of Alice's this week), Carol never; Dave wins only on
    another server; a cancelled and an unfinished tournament that Erin led count for nothing."""
    await finished(storage, GUILD, 100, [ALICE, BOB, CAROL, DAVE], NOW - 10 * DAY)
    await finished(storage, GUILD, 100, [BOB, ALICE, DAVE, CAROL], NOW - 9 * DAY)
    await finished(storage, GUILD, 100, [BOB, CAROL], NOW - DAY)  # Sunday: last week
    await finished(storage, GUILD, 100, [ALICE, CAROL, BOB], NOW - 3600)  # this Monday
    await finished(storage, OTHER, 200, [DAVE, ERIN], NOW - 2 * DAY)
    cancelled = await played_round(storage, GUILD, 101, [ERIN, ALICE], NOW - 7200)
    assert await storage.cancel_tournament(cancelled, NOW - 7000)
    await played_round(storage, GUILD, 102, [ERIN, BOB], NOW - 600)  # running: not finished


def standings(storage: Storage) -> StandingsService:
    return StandingsService(storage, ServerSettingsService(storage), StoppedClock(NOW))


async def test_tournament_wins_on_the_leaderboard(storage: Storage) -> None:
    await history(storage)
    await storage.remember_names(GUILD, {ALICE: "Alice", BOB: "Bob", DAVE: "Dave"})
    service = standings(storage)

    async def board(period: Period, viewer: int, size: int = 10) -> list[object]:
        shown = await service.leaderboard(GUILD, period, Measure.TOURNAMENT_WINS, 0, viewer, size)
        own = shown.board.own
        rows = [(r.rank, r.position, r.user_id, r.display_name, r.figure) for r in shown.board.rows]
        return [*rows, ("own", own.user_id, own.rank) if own else ("own", None), shown.board.total]

    both = [(1, 1, ALICE, "Alice", 2), (1, 2, BOB, "Bob", 2)]  # equal wins share the rank
    assert await board(Period.ALL_TIME, CAROL) == [*both, ("own", None), 2]
    assert await board(Period.ALL_TIME, BOB) == [*both, ("own", BOB, 1), 2]
    # A page of one holds Alice (first by id among equals); Bob's own line still says first.
    assert await board(Period.ALL_TIME, BOB, size=1) == [both[0], ("own", BOB, 1), 2]
    assert await board(Period.WEEK, DAVE) == [(1, 1, ALICE, "Alice", 1), ("own", None), 1]
    assert await board(Period.TODAY, ALICE) == [(1, 1, ALICE, "Alice", 1), ("own", ALICE, 1), 1]
    month = await board(Period.MONTH, ALICE)
    assert month[:2] == both  # all four this November
    other = await service.leaderboard(OTHER, Period.ALL_TIME, Measure.TOURNAMENT_WINS, 0, DAVE, 10)
    assert [(r.user_id, r.figure) for r in other.board.rows] == [(DAVE, 1)]


async def test_a_players_tournaments_for_stats(storage: Storage) -> None:
    await history(storage)
    expected = {
        ALICE: TournamentRecord(played=3, won=2, podiums=3),
        BOB: TournamentRecord(played=4, won=2, podiums=4),
        CAROL: TournamentRecord(played=4, won=0, podiums=3),
        DAVE: TournamentRecord(played=2, won=0, podiums=1),
        ERIN: TournamentRecord(played=0, won=0, podiums=0),  # only cancelled and unfinished
    }
    for player, record in expected.items():
        assert await storage.tournament_record(GUILD, player) == record, player
    assert await storage.tournament_record(OTHER, DAVE) == TournamentRecord(1, 1, 1)
    assert await storage.tournament_record(OTHER, ERIN) == TournamentRecord(1, 0, 1)
