"""Which process runs which shards, on SQLite: one lock file per shard beside the database.

``flock`` locks belong to the open file, so they are released when the process closes it or
dies (however it dies): a killed process's shards are free at once, and no clock is involved.
A database in memory has no other process to share with, so every claim succeeds.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import socket
from collections.abc import Sequence

from bot.storage.errors import StorageError
from bot.storage.sqlite.opening import MEMORY


class ShardLocks:
    """The shard locks this process holds on one database."""

    def __init__(self, database: str) -> None:
        self._database = database
        self._held: dict[int, int] = {}  # shard id -> open lock file descriptor

    def claim(self, shard_ids: Sequence[int]) -> frozenset[int]:
        for shard in shard_ids:
            if shard not in self._held and (self._database == MEMORY or self._lock(shard)):
                self._held.setdefault(shard, -1)
        return frozenset(self._held)

    def release(self) -> None:
        for fd in self._held.values():
            if fd >= 0:
                os.close(fd)  # closing the file releases its lock
        self._held.clear()

    def path(self, shard: int) -> str:
        return f"{self._database}-shard-{shard}.lock"

    def _lock(self, shard: int) -> bool:
        path = self.path(shard)
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise StorageError(f"cannot open the shard lock {path}: {exc.strerror}") from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        with contextlib.suppress(OSError):  # who holds it, for a person looking at the file
            os.ftruncate(fd, 0)
            os.write(fd, f"{socket.gethostname()} pid {os.getpid()}\n".encode())
        self._held[shard] = fd
        return True
