"""Where discord.py sends REST calls and opens the gateway: the one place that knows its hooks.

Production leaves both alone (Discord itself); a REST proxy, a Discord-compatible server or
the stand-in is chosen with the settings DISCORD_API_BASE / DISCORD_GATEWAY_URL, and tests and
the sandbox point a client at the stand-in for a while with ``pointed_at``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import discord.gateway
import discord.http
import yarl


def point_discord_at(api_base: str | None, gateway_url: str | None) -> None:
    """Set discord.py's REST base and default gateway; None leaves that one unchanged.

    Both hooks are class attributes, so this affects every client in the process; it must run
    before the client logs in. An ``AutoShardedBot`` without a ``shard_count`` takes its
    gateway from ``GET /gateway/bot`` on ``api_base``; one given a ``shard_count`` (a process
    running a slice of the shards) never asks and opens the default gateway, so both are needed.
    """
    if api_base is not None:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url is not None:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


@contextmanager
def pointed_at(api_base: str, gateway_url: str) -> Iterator[None]:
    """discord.py pointed at ``api_base`` and ``gateway_url`` inside the block, as before after."""
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    point_discord_at(api_base, gateway_url)
    try:
        yield
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved
