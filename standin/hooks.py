"""Where discord.py sends REST calls and opens the gateway, for a while: tests and the sandbox
point a client at the stand-in (production sets them once, with ``bot.discord.endpoints``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import discord.gateway
import discord.http
import yarl


@contextmanager
def pointed_at(api_base: str, gateway_url: str) -> Iterator[None]:
    """discord.py pointed at ``api_base`` and ``gateway_url`` inside the block, as before after.

    Both hooks are class attributes, so this affects every client in the process; enter it
    before the client logs in."""
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = api_base.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    try:
        yield
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved
