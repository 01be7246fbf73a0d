"""The database file before it is opened: is it there, can it be reached, is it ours?

Nothing here writes: a file that is not this bot's database is refused as it was found.
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

from bot.storage.errors import StorageError
from bot.storage.migrations import LEDGER_COLUMNS, check_ours
from bot.storage.sqlite.errors import describe

# Written in the header of every database the bot makes ("BOGG"): a file is ours by this mark,
# or, made before the mark existed, by its schema_migrations table.
APPLICATION_ID = 0x424F4747


def exists(path: Path) -> bool:
    """Whether the database file is there; StorageError when its folder is missing or cannot
    be looked into."""
    try:
        path.stat()
        return True
    except FileNotFoundError:
        pass
    except PermissionError:
        raise StorageError(
            f"cannot open database {path}: permission denied (a folder on its path cannot be "
            "entered by the bot's user)"
        ) from None
    except OSError as exc:
        raise StorageError(f"cannot open database {path}: {exc.strerror or exc}") from exc
    if not path.parent.is_dir():
        raise StorageError(f"cannot open database {path}: its folder does not exist")
    return False


def identify(path: Path) -> None:
    """Raise StorageError, having written nothing, unless ``path`` is this bot's database or
    an empty one.

    Read-only, and immutable (no lock, no -wal or -shm file made) unless a -wal or -journal file
    is already there, which a reader must then see.
    """
    if path.stat().st_size == 0:
        return  # SQLite's empty database, e.g. a file made for a Docker volume
    pending = any(Path(f"{path}{suffix}").exists() for suffix in ("-wal", "-journal"))
    uri = path.absolute().as_uri() + ("?mode=ro" if pending else "?mode=ro&immutable=1")
    try:
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as conn:
            application_id = conn.execute("PRAGMA application_id").fetchone()[0]
            tables = {
                r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            }
            ledger = _our_ledger(conn) if "schema_migrations" in tables else None
    except sqlite3.Error as exc:
        if exc.sqlite_errorcode == sqlite3.SQLITE_READONLY_ROLLBACK:
            raise StorageError(
                f"database {path} has an interrupted transaction ({path.name}-journal) that "
                "only the application that wrote it should recover; not opened"
            ) from exc
        raise StorageError(f"database {path} {describe(exc)}: {exc}") from exc
    if application_id == APPLICATION_ID:
        return
    if application_id != 0:
        raise StorageError(
            f"database {path} belongs to another application (application_id "
            f"{application_id:#010x}): it is not this bot's database"
        )
    check_ours(tables, ledger, str(path))  # made before APPLICATION_ID: known by its ledger


def _our_ledger(conn: sqlite3.Connection) -> list[tuple[int, str]] | None:
    """The (version, name) rows of a schema_migrations shaped as ours; None if shaped otherwise
    (other tools name their ledger so too)."""
    columns = [r[1] for r in conn.execute("PRAGMA table_info(schema_migrations)")]
    if columns != LEDGER_COLUMNS:
        return None
    return [(r[0], r[1]) for r in conn.execute("SELECT version, name FROM schema_migrations")]
