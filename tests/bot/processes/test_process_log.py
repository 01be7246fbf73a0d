"""The harness's ``ProcessLog`` reads a process's stderr whole, however long its lines."""

from __future__ import annotations

import asyncio
import sys

from tests.bot.harness import ProcessLog

# 512 KB, eight times asyncio's 64 KiB line limit, of two-byte characters a chunk's end may cut.
LONG = "é" * (1 << 18)


async def test_a_line_longer_than_the_stream_limit_is_read_whole() -> None:
    text = f"'before\\n' + 'é' * {len(LONG)} + '\\nafter\\nlast words'"
    script = f"import sys; sys.stderr.buffer.write(({text}).encode())"
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", script, stderr=asyncio.subprocess.PIPE
    )
    log = ProcessLog(process)
    await log.wait_for("after", 10)
    await log.closed()
    assert await process.wait() == 0
    assert log.lines == ["before\n", LONG + "\n", "after\n", "last words"]
