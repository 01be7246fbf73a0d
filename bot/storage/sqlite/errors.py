"""SQLite's errors in the project's terms (``bot.storage.errors``)."""

from __future__ import annotations

import sqlite3

from bot.storage.errors import RejectedWrite, StorageError, TransientStorageError

# Primary result codes that say "not now" rather than "never": busy, locked, I/O error, disk full.
_TRANSIENT = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_FULL}


def _primary_code(exc: sqlite3.Error) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def describe(exc: sqlite3.Error) -> str:
    """What an error says about the database, for a person: "database X <this>: <error>"."""
    code = _primary_code(exc)
    if code in (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT):
        return "is damaged or not a database"
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return "is locked by another process"
    return "cannot be used"


def translate(exc: sqlite3.Error, path: str) -> StorageError:
    """The project's error for ``exc``: rejected (a constraint), transient, or unusable."""
    if isinstance(exc, sqlite3.IntegrityError):
        return RejectedWrite(f"database {path} refused the write: {exc}")
    if _primary_code(exc) in _TRANSIENT:
        return TransientStorageError(f"database {path} {describe(exc)}: {exc}")
    return StorageError(f"database {path} {describe(exc)}: {exc}")
