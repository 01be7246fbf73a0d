"""The whole database as records, for copying it between engines
(``python -m bot.tools.copy_database``).

``CopyStorage`` is both what the copy tool sees and the one SQL every engine runs for it; only the
bulk ways in and out (``Session.batches``, ``copy_in``, ``renumber``) are the engine's own.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterable, AsyncIterator, Sequence
from typing import Protocol

from bot.storage.database import Database
from bot.storage.errors import TargetNotEmpty
from bot.storage.records import Record
from bot.storage.tables import (
    EXPORT_BATCH,
    TABLES,
    Table,
    record_from,
    table_of,
    values_of,
)


class CopyStorage(Database, Protocol):
    """Every record out, ids kept; every record in, all or nothing."""

    async def export_records(self, batch_size: int = EXPORT_BATCH) -> AsyncIterator[list[Record]]:
        """Every stored record as of one moment, ids kept, in batches of one table each, in
        ``records.TABLES`` order (parents first). The migration ledger is the engine's own."""
        async with self._snapshot() as session:
            for table in TABLES:
                async for rows in session.batches(table.select_sql(), batch_size):
                    yield [record_from(table, row) for row in rows]

    async def import_records(
        self, batches: AsyncIterable[Sequence[Record]], *, replace: bool = False
    ) -> dict[str, int]:
        """Store these records with their ids, all or nothing, new rows numbered after them;
        the rows written per table. TargetNotEmpty (nothing written) if the database holds any
        record, unless ``replace``: then what it held goes, in the same transaction."""
        written = dict.fromkeys((t.name for t in TABLES), 0)
        async with self._write() as session:
            held = {t.name: (await session.fetch(_count_sql(t)))[0]["n"] for t in TABLES}
            if any(held.values()) and not replace:
                raise TargetNotEmpty(held)
            for table in reversed(TABLES):  # children first
                await session.execute(_delete_all_sql(table))
            async for batch in batches:
                for table, group in itertools.groupby(batch, table_of):
                    rows = [values_of(r) for r in group]
                    await session.copy_in(table, rows)
                    written[table.name] += len(rows)
            for table in TABLES:
                if table.identity:
                    await session.renumber(table)
        return written


def _count_sql(table: Table) -> str:
    return f"SELECT COUNT(*) AS n FROM {table.name}"


def _delete_all_sql(table: Table) -> str:
    return f"DELETE FROM {table.name}"
