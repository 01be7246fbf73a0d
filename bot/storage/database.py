"""What an SQL engine gives the storage's SQL: a write transaction, a read and a snapshot, each
speaking through a ``Session`` that runs this package's standard SQL (``statements.py``, ``?``
parameters) in the engine's own words and turns the engine's errors into the project's.

Rows (``Row``) stay below this line: every aggregate's methods hand back the project's types.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from bot.storage.tables import Table

Row = dict[str, Any]


class Session(Protocol):
    """Statements on one connection, inside the transaction the engine opened for them."""

    async def execute(self, query: str, *params: object) -> int:
        """Run one statement; the number of rows it changed."""

    async def executemany(self, query: str, rows: Sequence[Sequence[object]]) -> None: ...

    async def fetch(self, query: str, *params: object) -> list[Row]: ...

    def batches(self, query: str, size: int) -> AsyncIterator[list[tuple[Any, ...]]]:
        """A big result a batch of rows at a time."""
        ...

    async def copy_in(self, table: Table, rows: Sequence[tuple[object, ...]]) -> None:
        """Rows with their own ids, the fastest way the engine has."""

    async def renumber(self, table: Table) -> None:
        """Make new ids follow the highest one there (after ``copy_in``)."""


class Database(Protocol):
    """The engine's ways into its database, on which every aggregate's SQL is written once.

    Members of every storage protocol (the aggregates build on it), but no caller's: the
    underscore says so. An engine that leaves one out cannot be instantiated (mypy).
    """

    # A clause that makes a read inside a write transaction lock the rows it reads ("" where
    # the transaction holds the whole database already).
    lock_rows: str = ""
    # The same for a read that only keeps the rows from changing meanwhile: readers share it.
    share_rows: str = ""

    def _write(self) -> AbstractAsyncContextManager[Session]:
        """One write transaction: committed when the block ends, rolled back on any error."""
        ...

    async def _fetch(self, query: str, *params: object) -> list[Row]:
        """One read, committed data only."""
        ...

    def _snapshot(self) -> AbstractAsyncContextManager[Session]:
        """A read-only transaction that sees the whole database as of one moment."""
        ...
