"""The two discord.py class attributes the stand-in (and a REST proxy) rely on."""

from __future__ import annotations

import discord
import discord.gateway
import discord.http
import yarl

from bot.discord.endpoints import point_discord_at
from standin.hooks import pointed_at


def test_discord_hooks_still_exist() -> None:
    # If an upgrade of discord.py moves these, point_discord_at silently does nothing: fail here.
    assert discord.__version__.startswith("2.7")
    assert isinstance(discord.http.Route.BASE, str)
    assert discord.http.Route.BASE.startswith("https://discord.com/api/v")
    assert isinstance(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY, yarl.URL)
    route = discord.http.Route("GET", "/users/@me")
    assert route.url == discord.http.Route.BASE + "/users/@me"


def test_point_discord_at_sets_and_leaves_alone() -> None:
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    with pointed_at("http://127.0.0.2:1/api/v10", "ws://127.0.0.2:1/gateway"):
        point_discord_at("http://127.0.0.1:1/api/v10/", None)
        assert discord.http.Route("GET", "/x").url == "http://127.0.0.1:1/api/v10/x"
        assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.2:1/gateway"
        point_discord_at(None, "ws://127.0.0.1:1/gateway")
        assert discord.http.Route.BASE == "http://127.0.0.1:1/api/v10"
        assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:1/gateway"
    assert saved == (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
