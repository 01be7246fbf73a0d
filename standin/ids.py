"""Discord-style ids (snowflakes) and timestamps, unique across a process and a saved world."""

from __future__ import annotations

import time
from datetime import UTC, datetime

from standin.shards import shard_of, valid_shard

DISCORD_EPOCH_MS = 1420070400000

_last_snowflake = 0


def new_snowflake(shard: tuple[int, int] | None = None) -> int:
    """A fresh Discord-style id whose timestamp is now, larger than every id issued before in
    this process or loaded from a saved world (even if the clock went back since).

    With ``shard`` (``(shard_id, shard_count)``), a guild of this id is on that shard: the
    timestamp moves up to ``shard_count - 1`` ms ahead to land there.
    """
    global _last_snowflake
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    snowflake = max((ms << 22) | (1 << 17), _last_snowflake + 1)
    if shard is not None:
        if valid_shard(shard) is None:
            raise ValueError(f"shard {shard!r}: not (shard_id, shard_count) with 0 <= id < count")
        shard_id, count = shard
        ahead = (shard_id - shard_of(snowflake, count)) % count
        if ahead:
            snowflake = (((snowflake >> 22) + ahead) << 22) | (1 << 17)
    _last_snowflake = snowflake
    return snowflake


def last_snowflake() -> int:
    """The largest id issued so far (0 before the first)."""
    return _last_snowflake


def issue_snowflakes_above(floor: int) -> None:
    """Make every id issued from now on larger than ``floor`` (a saved world's last id)."""
    global _last_snowflake
    _last_snowflake = max(_last_snowflake, floor)


def iso_now() -> str:
    return datetime.now(UTC).isoformat()
