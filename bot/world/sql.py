"""The world round's SQL, on every engine: the host's secret, world channels, rounds opened and
closed once across processes, entries and their words.

Across processes the round's row decides: its boards are owed by the one write that sets
``posted_at``, its results by the one that sets ``closed_at`` (the row locked, so a second
closer waits and then finds it closed); a word is added under a shared lock of the same row, so
none is added once the round is closed, and every word added before is ranked.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Protocol

from bot.kernel.outbox import Owed
from bot.storage.database import Database, Row, Session
from bot.storage.outbox_sql import owe_in
from bot.world.model import (
    WordsToAdd,
    WorldChannel,
    WorldClosing,
    WorldEntry,
    WorldRecord,
    WorldStanding,
)
from core.world import TOP_TEN, Entry, Ranked, ranking, top_percent

SECRET_SQL = "SELECT secret FROM world_secret WHERE id = 1"
NEW_SECRET_SQL = "INSERT INTO world_secret (id, secret) VALUES (1, ?) ON CONFLICT (id) DO NOTHING"
_CHANNEL = "SELECT guild_id, channel_id, language FROM world_channels"
CHANNELS_SQL = f"{_CHANNEL} ORDER BY guild_id"
LANGUAGE_CHANNELS_SQL = f"{_CHANNEL} WHERE language = ? ORDER BY guild_id"
GUILD_CHANNEL_SQL = f"{_CHANNEL} WHERE guild_id = ?"
COUNTS_SQL = (
    "SELECT language, COUNT(*) AS channels FROM world_channels WHERE set_at <= ?"
    " GROUP BY language ORDER BY language"
)
SET_CHANNEL_SQL = (
    "INSERT INTO world_channels (guild_id, channel_id, language, set_at) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id,"
    " language = excluded.language, set_at = excluded.set_at"
)
CLEAR_CHANNEL_SQL = "DELETE FROM world_channels WHERE guild_id = ?"
_ROUND = "WHERE language = ? AND number = ?"
NEW_ROUND_SQL = (
    "INSERT INTO world_rounds (language, number) VALUES (?, ?)"
    " ON CONFLICT (language, number) DO NOTHING"
)
ROUND_SQL = f"SELECT posted_at, closed_at FROM world_rounds {_ROUND}"
POSTED_SQL = f"UPDATE world_rounds SET posted_at = ? {_ROUND} AND posted_at IS NULL"
CLOSED_SQL = f"UPDATE world_rounds SET closed_at = ?, players = ? {_ROUND}"
UNCLOSED_SQL = (
    "SELECT language, number FROM world_rounds WHERE closed_at IS NULL AND number <= ?"
    " ORDER BY number, language"
)
_ENTRY_COLUMNS = (
    "language, number, player_id, guild_id, channel_id, name, joined_at, points, words, last_at,"
    " rank"
)
JOIN_SQL = (
    "INSERT INTO world_entries (language, number, player_id, guild_id, channel_id, joined_at,"
    " name) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (language, number, player_id) DO NOTHING"
)
ENTRY_SQL = f"SELECT {_ENTRY_COLUMNS} FROM world_entries {_ROUND} AND player_id = ?"
RANKED_SQL = (
    f"SELECT {_ENTRY_COLUMNS} FROM world_entries {_ROUND} AND rank IS NOT NULL"
    " ORDER BY rank, last_at, player_id"
)
SCORED_SQL = f"SELECT {_ENTRY_COLUMNS} FROM world_entries {_ROUND} AND points > 0"
RANK_SQL = f"UPDATE world_entries SET rank = ? {_ROUND} AND player_id = ?"
WORDS_SQL = f"SELECT word FROM world_words {_ROUND} AND player_id = ? ORDER BY at, word"
# Words are added by statements of these many rows (greedily, largest first): a batch costs a
# few round trips, not one a word, from four statements the engines prepare once.
WORD_ROWS = (64, 16, 4, 1)
ADD_WORDS_SQL = {
    rows: "INSERT INTO world_words (language, number, player_id, word, at) VALUES "
    + ", ".join(["(?, ?, ?, ?, ?)"] * rows)
    + " ON CONFLICT (language, number, player_id, word) DO NOTHING"
    " RETURNING language, number, player_id, word"
    for rows in WORD_ROWS
}
ADD_POINTS_SQL = (
    f"UPDATE world_entries SET points = points + ?, words = words + ?, last_at = ?"
    f" {_ROUND} AND player_id = ?"
)
FINDERS_SQL = f"SELECT word, COUNT(*) AS finders FROM world_words {_ROUND} GROUP BY word"

_PERIOD = "WHERE language = ? AND number >= ? AND number <= ? AND points > 0"
BEST_SQL = (
    "SELECT player_id, MAX(name) AS name, SUM(points) AS points, COUNT(*) AS rounds"
    f" FROM world_entries {_PERIOD} GROUP BY player_id ORDER BY SUM(points) DESC, player_id"
    " LIMIT ?"
)
OWN_SQL = (
    "SELECT player_id, MAX(name) AS name, SUM(points) AS points, COUNT(*) AS rounds"
    f" FROM world_entries {_PERIOD} AND player_id = ? GROUP BY player_id"
)
AHEAD_SQL = (
    f"SELECT COUNT(*) AS ahead, (SELECT COUNT(DISTINCT player_id) FROM world_entries {_PERIOD})"
    f" AS players FROM (SELECT player_id FROM world_entries {_PERIOD} GROUP BY player_id"
    " HAVING SUM(points) > ?) AS better"
)
# A player's closed rounds (those with a rank: they scored), with their round's players.
_PLAYED = (
    "FROM world_entries AS e JOIN world_rounds AS r ON r.language = e.language"
    " AND r.number = e.number WHERE e.player_id = ? AND e.rank IS NOT NULL"
)
RECORD_SQL = (
    "SELECT COUNT(*) AS rounds, COALESCE(SUM(e.points), 0) AS points,"
    " COALESCE(SUM(CASE WHEN e.rank <= ? AND r.players > ? THEN 1 ELSE 0 END), 0) AS top_tens"
    f" {_PLAYED}"
)
BEST_RANK_SQL = f"SELECT e.rank, r.players {_PLAYED} ORDER BY e.rank, r.players DESC LIMIT 1"
# The round of the smallest rank / players (the best top share), the fullest among equals.
BEST_SHARE_SQL = (
    f"SELECT e.rank, r.players {_PLAYED} ORDER BY e.rank * 1.0 / r.players, r.players DESC LIMIT 1"
)

OwedFor = Callable[[Sequence[WorldChannel]], Sequence[Owed]]
# Another feature's part of a round's close, in its transaction (``WorldService.at_close``).
ClosingStep = Callable[[WorldClosing, Session], Awaitable[None]]


def _channel(row: Row) -> WorldChannel:
    return WorldChannel(int(row["guild_id"]), int(row["channel_id"]), str(row["language"]))


def _entry(row: Row) -> WorldEntry:
    return WorldEntry(**row)


def _standing(row: Row) -> WorldStanding:
    return WorldStanding(
        int(row["player_id"]), str(row["name"]), int(row["points"]), int(row["rounds"])
    )


class WorldSQL(Database, Protocol):
    """The world round's queries, the service's store (``bot.world.store.WorldStore``)."""

    async def world_secret(self, new: str) -> str:
        """The host's secret: the stored one, else ``new``, stored first (every process then
        reads the same)."""
        async with self._write() as session:
            await session.execute(NEW_SECRET_SQL, new)
            return str((await session.fetch(SECRET_SQL))[0]["secret"])

    async def world_channels(self, language: str | None = None) -> list[WorldChannel]:
        if language is None:
            return [_channel(r) for r in await self._fetch(CHANNELS_SQL)]
        return [_channel(r) for r in await self._fetch(LANGUAGE_CHANNELS_SQL, language)]

    async def world_channel_counts(self, set_by: float) -> dict[str, int]:
        """The world channels set by ``set_by`` (and still set), by language: the same on every
        process once that instant has passed."""
        rows = await self._fetch(COUNTS_SQL, set_by)
        return {str(r["language"]): int(r["channels"]) for r in rows}

    async def world_channel(self, guild_id: int) -> WorldChannel | None:
        rows = await self._fetch(GUILD_CHANNEL_SQL, guild_id)
        return _channel(rows[0]) if rows else None

    async def set_world_channel(self, channel: WorldChannel, now: float) -> None:
        async with self._write() as session:
            await session.execute(
                SET_CHANNEL_SQL, channel.guild_id, channel.channel_id, channel.language, now
            )

    async def clear_world_channel(self, guild_id: int) -> bool:
        async with self._write() as session:
            return await session.execute(CLEAR_CHANNEL_SQL, guild_id) > 0

    async def open_world_round(
        self, language: str, number: int, now: float, owed: OwedFor
    ) -> Sequence[Owed] | None:
        """Owe the round's boards to the language's world channels, once across processes: the
        posts this call owed, or None when they were owed already."""
        async with self._write() as session:
            await session.execute(NEW_ROUND_SQL, language, number)
            if not await session.execute(POSTED_SQL, now, language, number):
                return None
            posts = owed(await self._channels_in(session, language))
            await owe_in(session, posts, now)
            return posts

    async def join_world(self, entry: WorldEntry) -> WorldEntry:
        """The player's entry in the round: ``entry`` as new, or the one they already have
        (joined elsewhere first: the database's key keeps one)."""
        key = (entry.language, entry.number)
        async with self._write() as session:
            await session.execute(NEW_ROUND_SQL, *key)
            await session.execute(
                JOIN_SQL,
                *key,
                entry.player_id,
                entry.guild_id,
                entry.channel_id,
                entry.joined_at,
                entry.name,
            )
            return _entry((await session.fetch(ENTRY_SQL, *key, entry.player_id))[0])

    async def world_entry(self, language: str, number: int, player_id: int) -> WorldEntry | None:
        rows = await self._fetch(ENTRY_SQL, language, number, player_id)
        return _entry(rows[0]) if rows else None

    async def world_words(self, language: str, number: int, player_id: int) -> list[str]:
        return [str(r["word"]) for r in await self._fetch(WORDS_SQL, language, number, player_id)]

    async def add_world_words(
        self,
        language: str,
        number: int,
        player_id: int,
        words: Sequence[tuple[str, int]],
        at: float,
    ) -> list[str] | None:
        """Add the player's new words (with their points) found ``at`` seconds into the round:
        those that were new, or None when the round is closed (nothing added)."""
        adds = [WordsToAdd(language, number, player_id, tuple(words), at)]
        return (await self.add_world_word_batch(adds))[0]

    async def add_world_word_batch(self, adds: Sequence[WordsToAdd]) -> list[list[str] | None]:
        """Many guesses' words in one transaction (``WorldService.writer``, a ``Gathered``): for each, the
        words that were new to its player, or None when its round is closed (nothing added).

        Rows are written in key order, the rounds' first, so two processes' batches never wait
        on each other in a circle; a word in two of the batch's guesses is the first one's."""
        async with self._write() as session:
            open_rounds = set()
            for key in sorted({(a.language, a.number) for a in adds}):
                rows = await session.fetch(ROUND_SQL + self.share_rows, *key)
                if rows and rows[0]["closed_at"] is None:
                    open_rounds.add(key)
            wanted: dict[tuple[str, int, int, str], tuple[int, float]] = {}
            for a in adds:
                if (a.language, a.number) in open_rounds:
                    for word, points in a.words:
                        wanted.setdefault((a.language, a.number, a.player_id, word), (points, a.at))
            stored = await _add_words(session, [(*key, wanted[key][1]) for key in sorted(wanted)])
            scores: dict[tuple[str, int, int], tuple[int, int, float]] = {}
            for (language, number, player_id, _), (points, at) in (
                (key, wanted[key]) for key in stored
            ):
                was = scores.get((language, number, player_id), (0, 0, at))
                scores[language, number, player_id] = (was[0] + points, was[1] + 1, max(was[2], at))
            await session.executemany(
                ADD_POINTS_SQL,
                [(p, n, at, *key) for key, (p, n, at) in sorted(scores.items())],
            )
        answers: list[list[str] | None] = []
        for a in adds:
            if (a.language, a.number) not in open_rounds:
                answers.append(None)
                continue
            mine = []
            for word, _ in a.words:
                found = (a.language, a.number, a.player_id, word)
                if found in stored:
                    stored.discard(found)  # the first guess with it takes it
                    mine.append(word)
            answers.append(mine)
        return answers

    async def close_world_round(
        self,
        language: str,
        number: int,
        now: float,
        owed: OwedFor,
        then: Sequence[ClosingStep] = (),
    ) -> list[Ranked] | None:
        """Close the round once across processes: rank its players, store their ranks, owe its
        results to the language's world channels, then run ``then`` (the other features'
        parts, in the same transaction); the ranking, or None when another call closed it
        first."""
        key = (language, number)
        async with self._write() as session:
            await session.execute(NEW_ROUND_SQL, *key)
            if (await session.fetch(ROUND_SQL + self.lock_rows, *key))[0]["closed_at"] is not None:
                return None
            scored = {int(r["player_id"]): _entry(r) for r in await session.fetch(SCORED_SQL, *key)}
            ranked = ranking(
                Entry(e.player_id, e.points, e.words, e.last_at) for e in scored.values()
            )
            await session.executemany(RANK_SQL, [(r.rank, *key, r.player) for r in ranked])
            await session.execute(CLOSED_SQL, now, len(ranked), *key)
            await owe_in(session, owed(await self._channels_in(session, language)), now)
            if then:
                channels = await session.fetch(CHANNELS_SQL)
                closing = WorldClosing(
                    language,
                    number,
                    tuple(replace(scored[r.player], rank=r.rank) for r in ranked),
                    {int(c["guild_id"]): int(c["channel_id"]) for c in channels},
                )
                for step in then:
                    await step(closing, session)
            return ranked

    async def unclosed_world_rounds(self, up_to: int) -> list[tuple[str, int]]:
        """(language, number) of every round numbered ``up_to`` or lower not closed yet."""
        return [
            (str(r["language"]), int(r["number"])) for r in await self._fetch(UNCLOSED_SQL, up_to)
        ]

    async def world_ranked(self, language: str, number: int) -> list[WorldEntry]:
        """The closed round's ranked entries, best first."""
        return [_entry(r) for r in await self._fetch(RANKED_SQL, language, number)]

    async def world_finders(self, language: str, number: int) -> dict[str, int]:
        """Each word found in the round, with how many players found it."""
        rows = await self._fetch(FINDERS_SQL, language, number)
        return {str(r["word"]): int(r["finders"]) for r in rows}

    async def world_best(
        self, language: str, first: int, last: int, limit: int
    ) -> list[WorldStanding]:
        """The players with the most points in rounds ``first`` to ``last``, best first."""
        rows = await self._fetch(BEST_SQL, language, first, last, limit)
        return [_standing(r) for r in rows]

    async def world_place(
        self, language: str, first: int, last: int, player_id: int
    ) -> tuple[int, int, WorldStanding | None]:
        """(players ahead of ``player_id``, players who scored, their standing) over rounds
        ``first`` to ``last``."""
        own = await self._fetch(OWN_SQL, language, first, last, player_id)
        mine = _standing(own[0]) if own else None
        span = (language, first, last)
        rows = await self._fetch(AHEAD_SQL, *span, *span, mine.points if mine else 0)
        return int(rows[0]["ahead"]), int(rows[0]["players"]), mine

    async def world_record(self, player_id: int) -> WorldRecord | None:
        """The player's closed world rounds, every language together (None: none scored)."""
        counts = (await self._fetch(RECORD_SQL, TOP_TEN, TOP_TEN, player_id))[0]
        if not counts["rounds"]:
            return None
        best = (await self._fetch(BEST_RANK_SQL, player_id))[0]
        share = (await self._fetch(BEST_SHARE_SQL, player_id))[0]
        return WorldRecord(
            int(counts["rounds"]),
            int(counts["points"]),
            int(counts["top_tens"]),
            int(best["rank"]),
            int(best["players"]),
            top_percent(int(share["rank"]), int(share["players"])),
        )

    async def _channels_in(self, session: Session, language: str) -> list[WorldChannel]:
        return [_channel(r) for r in await session.fetch(LANGUAGE_CHANNELS_SQL, language)]


async def _add_words(
    session: Session, rows: Sequence[tuple[str, int, int, str, float]]
) -> set[tuple[str, int, int, str]]:
    """Insert the words' rows in their order, a few statements for them all; the keys of those
    that were new."""
    added: set[tuple[str, int, int, str]] = set()
    start = 0
    for size in WORD_ROWS:
        while len(rows) - start >= size:
            params = [value for row in rows[start : start + size] for value in row]
            for r in await session.fetch(ADD_WORDS_SQL[size], *params):
                added.add(
                    (str(r["language"]), int(r["number"]), int(r["player_id"]), str(r["word"]))
                )
            start += size
    return added
