"""PostgreSQL's errors in the project's terms (``bot.storage.errors``), by SQLSTATE class.

Messages carry the server's words or the socket's, never the URL: its password stays unsaid.
"""

from __future__ import annotations

import socket

import asyncpg

from bot.storage.errors import RejectedWrite, StorageError, TransientStorageError

# "Not now": the connection (08), a serialization failure or deadlock (40), the server out of
# room or connections (53), a lock not granted in time (55P03), a statement cancelled (57014),
# the server shutting down or starting (57P01-57P03).
_TRANSIENT_CLASSES = ("08", "40", "53")
_TRANSIENT_STATES = {"55P03", "57014", "57P01", "57P02", "57P03"}
_CONSTRAINT_CLASS = "23"

# What asyncpg raises: the server's errors, the client's, and the socket's.
EngineError = (
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    asyncpg.exceptions.InternalClientError,
    OSError,
    TimeoutError,
)


def translate(exc: BaseException) -> StorageError:
    """The project's error for an error met while using the database."""
    if isinstance(exc, asyncpg.PostgresError):
        state = exc.sqlstate or ""
        if state.startswith(_CONSTRAINT_CLASS):
            return RejectedWrite(f"PostgreSQL refused the write: {exc}")
        if state[:2] in _TRANSIENT_CLASSES or state in _TRANSIENT_STATES:
            return TransientStorageError(f"PostgreSQL is not available now: {exc}")
        return StorageError(f"PostgreSQL: {exc}")
    if isinstance(exc, OSError | TimeoutError):
        return TransientStorageError(f"PostgreSQL cannot be reached now: {_socket_reason(exc)}")
    if isinstance(exc, asyncpg.InterfaceError) and "closed" in str(exc):
        return TransientStorageError(f"PostgreSQL connection lost: {exc}")
    return StorageError(f"PostgreSQL: {exc}")


def connect_failure(exc: BaseException, timeout: float) -> StorageError:
    """Why the database cannot be opened at all, in one line a person can act on."""
    if isinstance(exc, ValueError | OverflowError):  # asyncpg's own checks of the URL
        detail = f": {exc}" if isinstance(exc, asyncpg.ClientConfigurationError) else ""
        return StorageError(
            f"not a valid PostgreSQL URL{detail} (the form is "
            "postgresql://user:password@host:port/database)"
        )
    if isinstance(exc, TimeoutError):
        return StorageError(f"cannot connect to PostgreSQL: no answer within {timeout:g} s")
    if isinstance(exc, OSError):
        return StorageError(f"cannot connect to PostgreSQL: {_socket_reason(exc)}")
    if isinstance(exc, asyncpg.InvalidPasswordError):
        return StorageError(f"PostgreSQL refused the login: {exc} (check the user and password)")
    if isinstance(exc, asyncpg.InvalidAuthorizationSpecificationError):
        return StorageError(f"PostgreSQL refused the login: {exc}")
    if isinstance(exc, asyncpg.InvalidCatalogNameError):
        return StorageError(f"PostgreSQL has no such database: {exc}")
    return translate(exc)


def _socket_reason(exc: OSError | TimeoutError) -> str:
    if isinstance(exc, socket.gaierror):
        return "unknown host (the name does not resolve)"
    if isinstance(exc, ConnectionRefusedError):
        return "connection refused (is the server running, at that host and port?)"
    if isinstance(exc, TimeoutError):
        return "timed out"
    return exc.strerror or str(exc) or type(exc).__name__
