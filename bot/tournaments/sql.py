"""The tournaments' SQL: a tournament from its sign-up to its podium, its entrants, the
rounds it opened, each entrant's score in each round and the final places.

Every step that must happen once (the start, a round's opening, a round's scores, the end) is a
conditional update on the tournament's row: a retry after a crash, or a second process, finds it
done and changes nothing. What a step owes its channel (``bot.tournaments.posts``: the sign-up,
a line, the standings, the event's changes) is owed on the outbox in the step's transaction,
only by the call that made the step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from bot.kernel.outbox import Owed
from bot.storage.database import Database, Session
from bot.storage.outbox_sql import owe_in
from bot.storage.records import TournamentEntrant
from bot.storage.tables import column_list
from bot.tournaments.model import StoredTournament, TournamentRecord, TournamentState
from core.tournament import Placing, RoundScore

_COLUMNS = column_list("tournaments")
_OPEN = "state IN ('signup', 'running')"
INSERT_SQL = (
    "INSERT INTO tournaments (guild_id, channel_id, organiser_id, name, format, rounds,"
    " break_seconds, starts_at, size, dice, seconds, mode, min_length, language, dictionary,"
    " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    f" ON CONFLICT (channel_id) WHERE {_OPEN} DO NOTHING RETURNING id"
)
GET_SQL = f"SELECT {_COLUMNS} FROM tournaments WHERE id = ?"
IN_CHANNEL_SQL = f"SELECT {_COLUMNS} FROM tournaments WHERE channel_id = ? AND {_OPEN}"
ACTIVE_SQL = f"SELECT {_COLUMNS} FROM tournaments WHERE {_OPEN} ORDER BY id"
JOIN_SQL = (
    "INSERT INTO tournament_entrants (tournament_id, user_id, joined_at)"
    " SELECT id, ?, ? FROM tournaments WHERE id = ? AND state = 'signup'"
    " ON CONFLICT (tournament_id, user_id) DO NOTHING"
)
LEAVE_SQL = (
    "DELETE FROM tournament_entrants WHERE user_id = ? AND tournament_id IN"
    " (SELECT id FROM tournaments WHERE id = ? AND state = 'signup')"
)
ENTRANTS_SQL = (
    "SELECT tournament_id, user_id, joined_at FROM tournament_entrants"
    " WHERE tournament_id = ? ORDER BY joined_at, user_id"
)
BEGIN_SQL = (
    "UPDATE tournaments SET state = 'running', next_at = ? WHERE id = ? AND state = 'signup'"
)
CLAIM_SQL = (
    "UPDATE tournaments SET opening_at = ? WHERE id = ? AND state = 'running' AND played = ?"
    " AND round_id IS NULL AND opening_at IS NULL"
)
ATTACH_SQL = (
    "UPDATE tournaments SET round_id = ?, opening_at = NULL"
    " WHERE id = ? AND state = 'running' AND played = ? AND round_id IS NULL"
)
ROUND_ROW_SQL = (
    "INSERT INTO tournament_rounds (tournament_id, number, round_id, due_at) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (tournament_id, number) DO NOTHING"
)
RELEASE_SQL = (
    "UPDATE tournaments SET opening_at = NULL, next_at = ? WHERE id = ? AND round_id IS NULL"
)
ROUND_SINCE_SQL = (
    "SELECT id FROM rounds WHERE channel_id = ? AND started_at >= ? AND entrants IS NOT NULL"
    " ORDER BY id LIMIT 1"
)
ADD_SCORES_SQL = (
    "UPDATE tournaments SET played = ?, round_id = NULL, next_at = ?"
    " WHERE id = ? AND state = 'running' AND played = ? AND round_id = ?"
)
SCORE_SQL = (
    "INSERT INTO tournament_scores (tournament_id, number, user_id, points, words, longest_word,"
    " best_word, best_points, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
SCORES_SQL = (
    "SELECT number, user_id, points, words, longest_word, best_word, best_points, finished"
    " FROM tournament_scores WHERE tournament_id = ? ORDER BY number, user_id"
)
ROUNDS_SQL = (
    "SELECT number, round_id, due_at FROM tournament_rounds WHERE tournament_id = ? ORDER BY number"
)
ANNOUNCED_SQL = "UPDATE tournaments SET announced = ? WHERE id = ? AND announced < ?"
NO_POSTS: Sequence[Owed] = ()
FINISH_SQL = (
    "UPDATE tournaments SET state = 'finished', ended_at = ?, next_at = NULL"
    " WHERE id = ? AND state = 'running' AND played = rounds"
)
PLACE_SQL = (
    "INSERT INTO tournament_places (tournament_id, guild_id, user_id, place, points, best_word,"
    " ended_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
)
CANCEL_SQL = (
    f"UPDATE tournaments SET state = 'cancelled', ended_at = ?, next_at = NULL"
    f" WHERE id = ? AND {_OPEN}"
)
SET_SQL = "UPDATE tournaments SET {column} = ? WHERE id = ?"
RECORD_SQL = (
    "SELECT COUNT(*) AS played, COALESCE(SUM(CASE WHEN place = 1 THEN 1 ELSE 0 END), 0) AS won,"
    " COALESCE(SUM(CASE WHEN place <= 3 THEN 1 ELSE 0 END), 0) AS podiums"
    " FROM tournament_places WHERE guild_id = ? AND user_id = ?"
)
ROLE_SQL = "SELECT organiser_role FROM tournament_settings WHERE guild_id = ?"
SET_ROLE_SQL = (
    "INSERT INTO tournament_settings (guild_id, organiser_role) VALUES (?, ?)"
    " ON CONFLICT (guild_id) DO UPDATE SET organiser_role = excluded.organiser_role"
)


class TournamentSQL(Database, Protocol):
    """Tournaments, their entrants, rounds, scores and places."""

    async def create_tournament(
        self,
        values: StoredTournament,
        owed: Callable[[StoredTournament], Sequence[Owed]] = lambda t: NO_POSTS,
    ) -> StoredTournament | None:
        """Store a new tournament in sign-up (``values``' id and progress are ignored) with what
        it owes (``owed`` of the tournament as stored); None if its channel has an open one
        already."""
        v = values
        async with self._write() as session:
            rows = await session.fetch(
                INSERT_SQL,
                v.guild_id,
                v.channel_id,
                v.organiser_id,
                v.name,
                v.format.value,
                v.rounds,
                v.break_seconds,
                v.starts_at,
                v.size,
                v.dice,
                v.seconds,
                v.mode.value,
                v.min_length,
                v.language,
                v.dictionary,
                v.created_at,
            )
            if not rows:
                return None
            made = StoredTournament.from_columns((await session.fetch(GET_SQL, rows[0]["id"]))[0])
            await owe_in(session, owed(made), v.created_at)
        return made

    async def get_tournament(self, tournament_id: int) -> StoredTournament | None:
        rows = await self._fetch(GET_SQL, tournament_id)
        return StoredTournament.from_columns(rows[0]) if rows else None

    async def channel_tournament(self, channel_id: int) -> StoredTournament | None:
        """The channel's open tournament (in sign-up or running), if any."""
        rows = await self._fetch(IN_CHANNEL_SQL, channel_id)
        return StoredTournament.from_columns(rows[0]) if rows else None

    async def active_tournaments(self) -> list[StoredTournament]:
        """Every tournament in sign-up or running (the scheduler's work)."""
        return [StoredTournament.from_columns(r) for r in await self._fetch(ACTIVE_SQL)]

    async def join_tournament(
        self, tournament_id: int, user_id: int, at: float, owed: Sequence[Owed] = NO_POSTS
    ) -> bool:
        """Sign a player up while sign-up is open; False if they were, or it is closed."""
        async with self._write() as session:
            return await _owing(session, owed, at, JOIN_SQL, user_id, at, tournament_id)

    async def leave_tournament(
        self, tournament_id: int, user_id: int, at: float, owed: Sequence[Owed] = NO_POSTS
    ) -> bool:
        """Take a player off while sign-up is open; False if they were not on, or it is closed."""
        async with self._write() as session:
            return await _owing(session, owed, at, LEAVE_SQL, user_id, tournament_id)

    async def tournament_entrants(self, tournament_id: int) -> list[TournamentEntrant]:
        """The entrants in sign-up order."""
        rows = await self._fetch(ENTRANTS_SQL, tournament_id)
        return [TournamentEntrant(**r) for r in rows]

    async def set_tournament_field(
        self, tournament_id: int, column: str, value: int | None
    ) -> None:
        """Remember the sign-up post's id or the scheduled event's (``column``)."""
        if column not in ("signup_message_id", "event_id"):
            raise ValueError(column)
        async with self._write() as session:
            await session.execute(SET_SQL.format(column=column), value, tournament_id)

    async def begin_tournament(
        self, tournament_id: int, now: float, owed: Sequence[Owed] = NO_POSTS
    ) -> bool:
        """Close sign-up and run it, its first round due ``now``; False if it was not in sign-up."""
        async with self._write() as session:
            return await _owing(session, owed, now, BEGIN_SQL, now, tournament_id)

    async def claim_opening(
        self, tournament_id: int, played: int, now: float, owed: Sequence[Owed] = NO_POSTS
    ) -> bool:
        """Take the opening of round ``played + 1``; False if it is taken or done."""
        async with self._write() as session:
            return await _owing(session, owed, now, CLAIM_SQL, now, tournament_id, played)

    async def attach_round(
        self, tournament_id: int, number: int, round_id: int, due_at: float
    ) -> bool:
        """The round opened as the tournament's round ``number``; False if one was already."""
        async with self._write() as session:
            if not await session.execute(ATTACH_SQL, round_id, tournament_id, number - 1):
                return False
            await session.execute(ROUND_ROW_SQL, tournament_id, number, round_id, due_at)
        return True

    async def release_opening(self, tournament_id: int, retry_at: float) -> None:
        """The round could not be opened: try again at ``retry_at``."""
        async with self._write() as session:
            await session.execute(RELEASE_SQL, retry_at, tournament_id)

    async def round_opened_since(self, channel_id: int, since: float) -> int | None:
        """The first entrants-only round the channel started at or after ``since`` (one opened
        by a process that died before it could note it)."""
        rows = await self._fetch(ROUND_SINCE_SQL, channel_id, since)
        return int(rows[0]["id"]) if rows else None

    async def add_round_scores(
        self,
        tournament_id: int,
        number: int,
        round_id: int,
        scores: Iterable[RoundScore],
        next_at: float,
    ) -> bool:
        """Add round ``number``'s scores once, the next round due ``next_at``; False if they
        were added already."""
        async with self._write() as session:
            if not await session.execute(
                ADD_SCORES_SQL, number, next_at, tournament_id, number - 1, round_id
            ):
                return False
            await session.executemany(
                SCORE_SQL,
                [
                    (
                        tournament_id,
                        number,
                        s.player,
                        s.points,
                        s.words,
                        s.longest,
                        s.best,
                        s.best_points,
                        s.finished,
                    )
                    for s in sorted(scores, key=lambda s: s.player)
                ],
            )
        return True

    async def round_scores(self, tournament_id: int) -> list[dict[int, RoundScore]]:
        """Each added round's scores, by entrant, in round order."""
        rounds: dict[int, dict[int, RoundScore]] = {}
        for r in await self._fetch(SCORES_SQL, tournament_id):
            rounds.setdefault(r["number"], {})[r["user_id"]] = RoundScore(
                r["user_id"],
                r["points"],
                r["words"],
                r["longest_word"],
                r["best_word"],
                r["best_points"],
                r["finished"],
            )
        return [rounds[n] for n in sorted(rounds)]

    async def tournament_rounds(self, tournament_id: int) -> list[tuple[int, int, float]]:
        """(number, round id, when it was due) of every round the tournament opened."""
        rows = await self._fetch(ROUNDS_SQL, tournament_id)
        return [(r["number"], r["round_id"], r["due_at"]) for r in rows]

    async def announce(
        self, tournament_id: int, number: int, now: float, owed: Sequence[Owed] = NO_POSTS
    ) -> bool:
        """The standings after round ``number`` (the last: the podium) owed, once; False if
        they were."""
        async with self._write() as session:
            return await _owing(session, owed, now, ANNOUNCED_SQL, number, tournament_id, number)

    async def finish_tournament(
        self,
        tournament_id: int,
        guild_id: int,
        placings: Sequence[Placing],
        now: float,
        owed: Sequence[Owed] = NO_POSTS,
    ) -> bool:
        """Finished, its places kept, once; False if it was not running with every round added."""
        async with self._write() as session:
            if not await _owing(session, owed, now, FINISH_SQL, now, tournament_id):
                return False
            await session.executemany(
                PLACE_SQL,
                [
                    (tournament_id, guild_id, p.player, p.place, p.points, p.best, now)
                    for p in placings
                ],
            )
        return True

    async def cancel_tournament(
        self, tournament_id: int, now: float, owed: Sequence[Owed] = NO_POSTS
    ) -> bool:
        """Cancelled, if it was open."""
        async with self._write() as session:
            return await _owing(session, owed, now, CANCEL_SQL, now, tournament_id)

    async def tournament_record(self, guild_id: int, user_id: int) -> TournamentRecord:
        """A player's finished tournaments in the guild: played, won, on the podium."""
        row = (await self._fetch(RECORD_SQL, guild_id, user_id))[0]
        return TournamentRecord(int(row["played"]), int(row["won"]), int(row["podiums"]))

    async def organiser_role(self, guild_id: int) -> int | None:
        """The role whose members may organise tournaments (None: Manage Server only)."""
        rows = await self._fetch(ROLE_SQL, guild_id)
        return rows[0]["organiser_role"] if rows else None

    async def set_organiser_role(self, guild_id: int, role_id: int | None) -> None:
        async with self._write() as session:
            await session.execute(SET_ROLE_SQL, guild_id, role_id)


async def _owing(
    session: Session, owed: Sequence[Owed], now: float, sql: str, *args: object
) -> bool:
    """Run a step's conditional ``sql``; where it changed a row, owe ``owed`` with it."""
    if not await session.execute(sql, *args):
        return False
    await owe_in(session, owed, now)
    return True


__all__ = ["TournamentSQL", "TournamentState"]
