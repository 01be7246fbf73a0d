"""A Python child process run to its end: the bot's heavy one-off builds run apart from it."""

from __future__ import annotations

import asyncio
import contextlib
import sys


async def run_python(*argv: str, output: bool) -> tuple[int, bytes, bytes]:
    """``python *argv`` to its end, stdin closed: its exit code, stdout (empty unless ``output``)
    and stderr. A child still running when the caller is cancelled is killed, not left behind."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        *argv,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE if output else asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        out, errors = await process.communicate()
    except BaseException:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()
        raise
    return await process.wait(), out or b"", errors
