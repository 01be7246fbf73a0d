"""Numbered schema migrations, one folder per engine (``migrations/<engine>/NNNN_name.sql``).

Each engine applies the files it has not applied yet, in order, each in one transaction with its
row in ``schema_migrations (version, name, applied_at)``; a database that records a version this
code does not know was written by a newer bot and is refused.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from bot.storage.errors import StorageError

# A source checkout and an editable install (`pip install -e .`) both import bot/ from the tree,
# so the folder next to the package is the one to read.
MIGRATIONS_ROOT = Path(__file__).resolve().parents[2] / "migrations"

# The shape of the ledger every engine keeps: a table of this name with these columns is ours.
LEDGER_COLUMNS = ["version", "name", "applied_at"]

_MIGRATION_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    path: Path

    def sql(self) -> str:
        return self.path.read_text(encoding="utf-8")


def load_migrations(folder: Path) -> list[Migration]:
    """The migrations in ``folder``, in order; a badly named or duplicate file is an error."""
    if not folder.is_dir():
        raise StorageError(
            f"migrations folder {folder} not found; run from a source checkout or an editable "
            "install (pip install -e .), or pass migrations_dir"
        )
    found: dict[int, Migration] = {}
    for path in sorted(folder.glob("*.sql")):
        match = _MIGRATION_NAME.match(path.name)
        if match is None:
            raise StorageError(f"migration {path.name!r} is not named NNNN_description.sql")
        version = int(match.group(1))
        if version in found:
            raise StorageError(
                f"migrations {found[version].path.name} and {path.name} share {version}"
            )
        found[version] = Migration(version, match.group(2), path)
    return [found[v] for v in sorted(found)]


def pending(migrations: list[Migration], applied: Collection[int], where: str) -> list[Migration]:
    """The migrations still to apply, in order; StorageError if the database is newer."""
    known = {m.version for m in migrations}
    unknown = sorted(set(applied) - known)
    if unknown:
        raise StorageError(
            f"database {where} has schema version {max(applied)} (migrations "
            f"{', '.join(map(str, unknown))} unknown here) but this code knows up to "
            f"{max(known, default=0)}: it was written by a newer bot; upgrade the code"
        )
    return [m for m in migrations if m.version not in applied]


def check_ours(
    tables: Collection[str], ledger: Collection[tuple[int, str]] | None, where: str
) -> None:
    """Refuse a database with tables that is not this bot's: ours holds our first migration in a
    ledger shaped as ours (``ledger`` None: shaped otherwise, as other tools name theirs too), or,
    cut short before it, nothing but the ledger."""
    ours = ledger is not None and ((1, "initial") in ledger or set(tables) == {"schema_migrations"})
    if tables and not ours:
        raise StorageError(
            f"database {where} has tables but not this bot's schema_migrations: it is not this "
            "bot's database"
        )
