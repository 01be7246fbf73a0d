"""Discord's sharding rules, in one place: which shard a guild is on, and how many a bot needs.

A guild's events go to shard ``(guild_id >> 22) % shard_count``: the id's timestamp decides.
Discord refuses a session that would hold more than 2,500 guilds (close 4011) and recommends,
in ``GET /gateway/bot``, enough shards that none would.
"""

from __future__ import annotations

import math

GUILDS_PER_SHARD = 2500  # Discord's limit; a StandIn can be given another
SESSION_STARTS_PER_DAY = 1000  # ``session_start_limit.total`` for a bot in few guilds
SESSION_START_RESET_MS = 24 * 60 * 60 * 1000


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that receives the guild's events."""
    return (guild_id >> 22) % shard_count


def valid_shard(shard: object) -> tuple[int, int] | None:
    """``[shard_id, shard_count]`` from IDENTIFY as a pair, or None where Discord says 4010."""
    if not isinstance(shard, list | tuple) or len(shard) != 2:
        return None
    shard_id, count = shard
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in (shard_id, count)):
        return None
    if count < 1 or not 0 <= shard_id < count:
        return None
    return shard_id, count


def recommended_shards(guild_count: int, guilds_per_shard: int) -> int:
    """One shard per ``guilds_per_shard`` guilds, rounded up, at least one (Discord's figure).

    Like Discord's, it assumes ids spread evenly: a shard can still end up over the limit.
    """
    return max(1, math.ceil(guild_count / guilds_per_shard))
