"""The SQL of players' display names in a server (``players``): kept by whatever meets a player
(a round's finish, a daily attempt, a sign-up), read by whatever shows one (boards, leaderboards,
recaps), so none of them asks Discord."""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from typing import Protocol

from bot.storage.database import Database, Session

UPSERT_NAME_SQL = (
    "INSERT INTO players (guild_id, user_id, display_name, updated_at) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (guild_id, user_id) DO UPDATE SET"
    " display_name = excluded.display_name, updated_at = excluded.updated_at"
)


def names_sql(count: int) -> str:
    """The kept names of ``count`` players of a guild."""
    marks = ", ".join("?" * count)
    return f"SELECT user_id, display_name FROM players WHERE guild_id = ? AND user_id IN ({marks})"


class PlayerNameSQL(Database, Protocol):
    """Players' names in a server."""

    async def remember_names(
        self, guild_id: int, names: Mapping[int, str], now: float | None = None
    ) -> None:
        """Keep players' display names so boards and leaderboards need no Discord look-ups."""
        if names:
            async with self._write() as session:
                await upsert_names(session, guild_id, names, time.time() if now is None else now)

    async def display_names(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        """The names kept for these players (those the bot never learnt are left out)."""
        wanted = list(user_ids)
        if not wanted:
            return {}
        rows = await self._fetch(names_sql(len(wanted)), guild_id, *wanted)
        return {r["user_id"]: r["display_name"] for r in rows}


async def upsert_names(
    session: Session, guild_id: int, names: Mapping[int, str], now: float
) -> None:
    """Keep the latest name of each player, inside the caller's transaction (a round's finish
    writes its players' names with its results)."""
    await session.executemany(
        UPSERT_NAME_SQL, [(guild_id, user, names[user], now) for user in sorted(names)]
    )
