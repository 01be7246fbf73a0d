"""What ``BOGGLE_DATABASE`` names: a PostgreSQL URL or a SQLite path.

The one place that tells the engines apart by the target's form (the one place that hides a
password before a target is printed or logged is the setting's: ``bot.config.database``).
"""

from __future__ import annotations

from pathlib import Path

from bot.config.database import printable
from bot.storage.errors import StorageError

POSTGRES_SCHEMES = ("postgresql", "postgres")


def is_postgres(target: str | Path) -> bool:
    """Whether ``target`` is a PostgreSQL URL; StorageError for a URL of another kind (it would
    otherwise be taken for a file name)."""
    text = str(target)
    scheme, sep, _ = text.partition("://")
    if not sep:
        return False
    if scheme.lower() in POSTGRES_SCHEMES:
        return True
    raise StorageError(
        f"{scheme}:// URLs are not supported: give a file path (SQLite) or a postgresql:// URL"
    )


def database_error(target: str | Path, error: StorageError) -> str:
    """The one line a process prints when its database cannot be used (never a password)."""
    return f"error: database {printable(target)} (BOGGLE_DATABASE): {error}"
