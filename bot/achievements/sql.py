"""The achievements' SQL: the tiers each player earned in a server, and the figures the
rules read from what the other features keep (standings, found words, tournaments, seasons).

A tier is earned once: ``(guild_id, user_id, code, tier)`` is the primary key and an award is an
insert that does nothing on a conflict, so two processes finishing rounds at once award it once,
and each learns whether it was the one that did."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from bot.i18n.languages import DEFAULT_LANGUAGE
from bot.kernel.outbox import Owed
from bot.storage.database import Database, Session
from bot.storage.outbox_sql import owe_in
from core.achievements import Measure
from core.world import TOP_TEN

ServerAward = tuple[int, int, str, int]  # server, player, code, tier
# Tiers awarded a statement at a time: 5 parameters a tier, far under either engine's limit.
AWARD_BATCH = 512
# The statement's sizes: a batch is filled up to the first that holds it by repeating its last
# tier (a conflict, which does nothing), so that an engine which prepares each statement's text
# once (PostgreSQL) prepares three, not one a size.
AWARD_SIZES = (8, 64, AWARD_BATCH)
EARNED_SQL = (
    "SELECT code, tier, earned_at FROM achievements WHERE guild_id = ? AND user_id = ?"
    " ORDER BY earned_at, code, tier"
)
HOLDERS_SQL = (
    "SELECT code, tier, COUNT(*) AS n FROM achievements WHERE guild_id = ? GROUP BY code, tier"
)
PLAYERS_SQL = "SELECT COUNT(*) AS n FROM standings WHERE guild_id = ?"
QU_SQL = (
    "SELECT DISTINCT f.player_id FROM found_words AS f JOIN rounds AS r ON r.id = f.round_id"
    " WHERE r.guild_id = ? AND f.word LIKE '%qu%'"
)
TOURNAMENT_WINS_SQL = (
    "SELECT user_id, COUNT(*) AS n FROM tournament_places WHERE guild_id = ? AND place = 1"
    " GROUP BY user_id"
)
SEASON_PODIUMS_SQL = (
    "SELECT user_id, COUNT(*) AS podiums, SUM(CASE WHEN place = 1 THEN 1 ELSE 0 END) AS titles"
    " FROM season_places WHERE guild_id = ? AND place <= 3 AND points > 0 GROUP BY user_id"
)

# Every server's players' closed world rounds (a DM's earn nothing): rounds scored in, top-ten
# finishes (``core.world.top_ten_finish``) and top 1 % ones (``top_one_percent``: rank * 100 <=
# players).
WORLD_MARKS_SQL = (
    "SELECT e.guild_id, e.player_id, COUNT(*) AS rounds,"
    " SUM(CASE WHEN e.rank <= ? AND r.players > ? THEN 1 ELSE 0 END) AS top_tens,"
    " SUM(CASE WHEN e.rank * 100 <= r.players THEN 1 ELSE 0 END) AS top_percents"
    " FROM world_entries AS e JOIN world_rounds AS r ON r.language = e.language"
    " AND r.number = e.number WHERE e.rank IS NOT NULL AND e.guild_id IS NOT NULL"
    " GROUP BY e.guild_id, e.player_id"
)


def _award_sql(count: int) -> str:
    """``count`` tiers inserted at once; the ones inserted come back (a tier held already
    conflicts and is not)."""
    rows = ", ".join(["(?, ?, ?, ?, ?)"] * count)
    return (
        f"INSERT INTO achievements (guild_id, user_id, code, tier, earned_at) VALUES {rows}"
        " ON CONFLICT (guild_id, user_id, code, tier) DO NOTHING"
        " RETURNING guild_id, user_id, code, tier"
    )


async def _award_rows(
    session: Session, awards: Sequence[ServerAward], now: float
) -> list[ServerAward]:
    """Insert the tiers (server, player, code, tier) in one order (two transactions taking the
    same keys never wait on each other in a circle); the ones inserted, in the order given."""
    wanted = list(dict.fromkeys(awards))
    earned: set[ServerAward] = set()
    ordered = sorted(wanted)
    for start in range(0, len(ordered), AWARD_BATCH):
        batch = ordered[start : start + AWARD_BATCH]
        size = next(n for n in AWARD_SIZES if n >= len(batch))
        batch += [batch[-1]] * (size - len(batch))
        params = [v for guild, user, code, tier in batch for v in (guild, user, code, tier, now)]
        rows = await session.fetch(_award_sql(size), *params)
        earned |= {(r["guild_id"], r["user_id"], r["code"], int(r["tier"])) for r in rows}
    return [award for award in wanted if award in earned]


async def _award_in(
    session: Session, guild_id: int, awards: Sequence[tuple[int, str, int]], now: float
) -> list[tuple[int, str, int]]:
    """One server's tiers (player, code, tier) inserted; the ones inserted, in the order given."""
    rows = [(guild_id, user, code, tier) for user, code, tier in awards]
    return [(user, code, tier) for _, user, code, tier in await _award_rows(session, rows, now)]


async def _languages_in(session: Session, guild_ids: Iterable[int]) -> dict[int, str]:
    """Each server's language (the default where it set none)."""
    wanted = sorted(set(guild_ids))
    languages = dict.fromkeys(wanted, DEFAULT_LANGUAGE)
    for start in range(0, len(wanted), AWARD_BATCH):
        batch = wanted[start : start + AWARD_BATCH]
        rows = await session.fetch(
            "SELECT guild_id, language FROM server_settings"
            f" WHERE guild_id IN ({', '.join('?' * len(batch))})",
            *batch,
        )
        languages.update({int(r["guild_id"]): str(r["language"]) for r in rows})
    return languages


async def _award_and_owe(
    session: Session,
    guild_id: int,
    awards: Sequence[tuple[int, str, int]],
    now: float,
    told: Callable[[list[tuple[int, str, int]]], Sequence[Owed]],
) -> list[tuple[int, str, int]]:
    new = await _award_in(session, guild_id, awards, now)
    if new:
        await owe_in(session, told(new), now)
    return new


class AchievementSQL(Database, Protocol):
    """Earned tiers and the figures behind them."""

    async def award(
        self,
        guild_id: int,
        awards: Sequence[tuple[int, str, int]],
        now: float,
        within: Session | None = None,
        told: Callable[[list[tuple[int, str, int]]], Sequence[Owed]] = lambda new: (),
    ) -> list[tuple[int, str, int]]:
        """Earn these (player, code, tier); the ones this call earned (not held already), in
        the order given. One statement for up to ``AWARD_BATCH`` of them; in the transaction
        ``within`` when given (a round's finish), else in one of its own; with the posts that
        tell the new ones (``told``, when any is new) owed in the same transaction."""
        if not awards:
            return []
        if within is not None:
            return await _award_and_owe(within, guild_id, awards, now, told)
        async with self._write() as session:
            return await _award_and_owe(session, guild_id, awards, now, told)

    async def award_across(
        self, awards: Sequence[ServerAward], now: float, within: Session
    ) -> tuple[list[ServerAward], dict[int, str]]:
        """Earn tiers in many servers at once (a world round's close), in ``within``'s
        transaction: the ones this call earned, and the language of each server with one."""
        new = await _award_rows(within, awards, now)
        guilds = (guild for guild, _, _, _ in new)
        return new, (await _languages_in(within, guilds) if new else {})

    async def earned(self, guild_id: int, user_id: int) -> list[tuple[str, int, float]]:
        """The player's earned tiers (code, tier, when), oldest first."""
        rows = await self._fetch(EARNED_SQL, guild_id, user_id)
        return [(r["code"], int(r["tier"]), float(r["earned_at"])) for r in rows]

    async def earned_by(self, guild_id: int, user_ids: Iterable[int]) -> set[tuple[int, str, int]]:
        """The tiers these players hold, as (player, code, tier)."""
        wanted = sorted(set(user_ids))
        if not wanted:
            return set()
        marks = ", ".join("?" * len(wanted))
        rows = await self._fetch(
            "SELECT user_id, code, tier FROM achievements"
            f" WHERE guild_id = ? AND user_id IN ({marks})",
            guild_id,
            *wanted,
        )
        return {(r["user_id"], r["code"], int(r["tier"])) for r in rows}

    async def holders(self, guild_id: int) -> tuple[dict[tuple[str, int], int], int]:
        """How many players hold each tier in the server, and how many players it has."""
        rows = await self._fetch(HOLDERS_SQL, guild_id)
        players = (await self._fetch(PLAYERS_SQL, guild_id))[0]["n"]
        return {(r["code"], int(r["tier"])): int(r["n"]) for r in rows}, int(players)

    async def every_total(self, guild_id: int) -> dict[int, dict[str, object]]:
        """Every player's all-time figures in the server (the backfill's)."""
        rows = await self._fetch(
            "SELECT user_id, words, rounds, wins, best, longest_word FROM standings"
            " WHERE guild_id = ?",
            guild_id,
        )
        return {r["user_id"]: r for r in rows}

    async def history_marks(self, guild_id: int) -> dict[str, dict[int, int]]:
        """What history says beyond the totals, by player: a Qu word (``qu``), tournament wins,
        season podiums and titles."""
        qu = {r["player_id"]: 1 for r in await self._fetch(QU_SQL, guild_id)}
        wins = {r["user_id"]: int(r["n"]) for r in await self._fetch(TOURNAMENT_WINS_SQL, guild_id)}
        seasons = await self._fetch(SEASON_PODIUMS_SQL, guild_id)
        return {
            "qu": qu,
            "tournament_wins": wins,
            "podiums": {r["user_id"]: int(r["podiums"]) for r in seasons},
            "titles": {r["user_id"]: int(r["titles"] or 0) for r in seasons},
        }

    async def world_marks(self) -> dict[int, dict[int, dict[Measure, int]]]:
        """Every player's world rounds as the rules' measures, by server then player (the
        backfill's: one read for every server)."""
        marks: dict[int, dict[int, dict[Measure, int]]] = {}
        for r in await self._fetch(WORLD_MARKS_SQL, TOP_TEN, TOP_TEN):
            marks.setdefault(int(r["guild_id"]), {})[int(r["player_id"])] = {
                Measure.WORLD_ROUNDS: int(r["rounds"]),
                Measure.WORLD_TOP_TEN: int(r["top_tens"]),
                Measure.WORLD_TOP_PERCENT: int(r["top_percents"]),
            }
        return marks

    async def guilds_with_players(self) -> list[int]:
        """Every server with standings (the backfill's round)."""
        rows = await self._fetch("SELECT DISTINCT guild_id FROM standings ORDER BY guild_id")
        return [r["guild_id"] for r in rows]
