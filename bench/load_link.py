"""The pipe between bench_load and its child processes: calls one way, answers the other.

Anything sent must unpickle in both processes: classes from importable modules, never from the
bench's ``__main__``.
"""

from __future__ import annotations

import asyncio
import math
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

STOP = "stop"


class Remote:
    """The bench's handle on one child process."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def call(self, name: str, *args: Any) -> Any:
        self.conn.send((name, *args))
        return await self.receive()

    async def receive(self) -> Any:
        """The child's next message; EOFError if it died (its traceback is on stderr)."""
        return await asyncio.get_running_loop().run_in_executor(None, self.conn.recv)


async def serve(conn: Connection, handler: object) -> None:
    """Answer calls ``(name, *args)`` with ``handler``'s methods until ``STOP``."""
    loop = asyncio.get_running_loop()
    while True:
        name, *args = await loop.run_in_executor(None, conn.recv)
        if name == STOP:
            return
        result = getattr(handler, name)(*args)
        if asyncio.iscoroutine(result):
            result = await result
        conn.send(result)


def proc_status(name: str) -> float:
    """This process's ``/proc/self/status`` size ``name`` (VmRSS, VmHWM) in MB: each child
    reports its own."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(name + ":"):
            return int(line.split()[1]) / 1024
    return math.nan
