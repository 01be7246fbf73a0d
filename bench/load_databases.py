"""The benches' databases: checking a ``--database`` before the run, a fresh one for each
configuration (a new SQLite file, the path given, or a new schema on the PostgreSQL server given,
dropped after), and reading a configuration's rounds back once its bots have stopped
(bench_load); the ``--engine`` choice of the benches that fill a database with records and time
its queries on each engine (bench_leaderboard, bench_battles).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from load_records import Running, Word

from bot.storage import StorageError, is_postgres
from bot.storage.records import Record
from bot.stores import Storage

SQLITE = "sqlite"  # --database: a new SQLite file for each configuration
ENGINES = ("sqlite", "postgres")
CONNECT_TIMEOUT = 10.0  # to reach a PostgreSQL server given with --database


async def check_database(spec: str) -> str | None:
    """Why ``--database spec`` cannot be used, or None; a PostgreSQL server is asked."""
    try:
        if spec == SQLITE:
            return None
        if not is_postgres(spec):
            return await asyncio.to_thread(missing_folder, Path(spec))
        await on_server(spec, "SELECT 1")
    except StorageError as exc:
        return str(exc)
    return None


def missing_folder(path: Path) -> str | None:
    """Why a SQLite file cannot be made at ``path``: its folder is not there; or None."""
    parent = path.resolve().parent
    return None if parent.is_dir() else f"no such directory: {parent}"


async def on_server(url: str, statement: str) -> None:
    """Run one statement on the PostgreSQL server ``url`` names; StorageError saying why not."""
    import asyncpg  # here: a bot process imports this module too, and runs on SQLite

    from bot.storage.postgres.errors import EngineError, connect_failure

    try:
        connection = await asyncpg.connect(url, timeout=CONNECT_TIMEOUT)
    except (*EngineError, ValueError, OverflowError) as exc:
        raise connect_failure(exc, CONNECT_TIMEOUT) from None
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


@asynccontextmanager
async def fresh_database(spec: str, workdir: Path, number: int) -> AsyncIterator[str]:
    """What ``BOGGLE_DATABASE`` says in configuration ``number``'s bot processes: a new SQLite
    file, the path given, or a new schema on the server given (dropped after)."""
    if spec == SQLITE:
        yield str(workdir / f"configuration-{number}.sqlite3")
    elif not is_postgres(spec):
        yield spec
    else:
        from tests.postgres import with_search_path  # here: it imports pytest (7 MB)

        schema = f"bench_{os.getpid()}_{number}"
        await on_server(spec, f"CREATE SCHEMA {schema}")
        try:
            yield with_search_path(spec, schema)
        finally:
            await on_server(spec, f"DROP SCHEMA {schema} CASCADE")


@asynccontextmanager
async def fresh_storage(spec: str, workdir: Path) -> AsyncIterator[Storage]:
    """A fresh database of ``spec``'s engine, opened as the bot opens it, closed after."""
    async with fresh_database(spec, workdir, 0) as database:
        storage = await Storage.open(database)
        try:
            yield storage
        finally:
            await storage.close()


async def read_back(database: str, rounds: dict[int, Running]) -> tuple[set[Word], Counter[str]]:
    """Through the storage interface, as the bot reads it: every round's accepted words, and
    how many rounds are in each state."""
    storage = await Storage.open(database)
    stored: set[Word] = set()
    states: Counter[str] = Counter()
    try:
        for running in rounds.values():
            words = await storage.accepted_words(running.round_id)
            stored |= {(running.round_id, w.player_id, w.word) for w in words}
            got = await storage.get_round(running.round_id)
            states[str(got.state) if got else "missing"] += 1
    finally:
        await storage.close()
    return stored, states


def add_engine_options(parser: argparse.ArgumentParser) -> None:
    """``--engine``, ``--runs``, ``--seed`` and ``--postgres``, as every filled-database bench
    takes them."""
    parser.add_argument("--engine", choices=(*ENGINES, "both"), default="both")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--postgres", default=os.environ.get("BOGGLE_TEST_POSTGRES_URL"))


def chosen_engines(args: argparse.Namespace) -> list[str] | None:
    """The engines ``--engine`` names; None (and why, on stderr) when PostgreSQL has no URL."""
    engines = list(ENGINES) if args.engine == "both" else [args.engine]
    if "postgres" in engines and not args.postgres:
        print("error: --postgres URL (or BOGGLE_TEST_POSTGRES_URL) is needed", file=sys.stderr)
        return None
    return engines


async def batches(groups: list[list[Record]]) -> AsyncIterator[Sequence[Record]]:
    """Records in their import batches, as ``Storage.import_records`` reads them."""
    for group in groups:
        yield group
