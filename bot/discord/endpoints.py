"""Where discord.py sends REST calls and opens the gateway (DISCORD_API_BASE, DISCORD_GATEWAY_URL):
Discord itself unless set, else a REST proxy or a Discord-compatible server."""

from __future__ import annotations

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
