"""Databases as older versions of the bot left them, made with plain sqlite3 (not today's code)."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

from bot.storage import load_migrations
from bot.storage.sqlite import MIGRATIONS_DIR


def database_at(path: Path, version: int) -> None:
    """The schema of migrations 1..``version``, recorded as the bot recorded them; no
    application_id (older bots wrote none)."""
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute(
            "CREATE TABLE schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)"
        )
        for migration in load_migrations(MIGRATIONS_DIR):
            if migration.version <= version:
                conn.executescript(migration.sql())
                conn.execute(
                    "INSERT INTO schema_migrations VALUES (?, ?, 0)",
                    (migration.version, migration.name),
                )


def add_round(
    path: Path,
    channel_id: int,
    started_at: float,
    deadline: float,
    ended_at: float | None = None,
    points: dict[int, int] | None = None,
) -> int:
    """A round in migration 0001's columns; finished (with a result row per player) when
    ``ended_at`` is given."""
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as conn:
        cursor = conn.execute(
            "INSERT INTO rounds (guild_id, channel_id, starter_id, board, dice, size, mode,"
            " min_length, started_at, deadline, state, ended_at) VALUES"
            " (1, ?, 7, 'cato/dogs/rent/lime', 'classic', 4, 'classic', 3, ?, ?, ?, ?)",
            (
                channel_id,
                started_at,
                deadline,
                "running" if ended_at is None else "finished",
                ended_at,
            ),
        )
        round_id = cursor.lastrowid
        assert round_id is not None
        conn.executemany(
            "INSERT INTO round_results (round_id, guild_id, player_id, points, words, rank)"
            " VALUES (?, 1, ?, ?, 1, 1)",
            [(round_id, player, score) for player, score in (points or {}).items()],
        )
        return round_id
