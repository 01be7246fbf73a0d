"""The web adapter's Discord calls: the page's instance id never becomes another API path sent
with the bot's token (review: "../" segments were normalised into any route)."""

from __future__ import annotations

import contextlib

from aiohttp import web

from bot.web.discord_api import DiscordApi, Refused


async def test_the_instance_id_stays_an_instance_id() -> None:
    seen: list[tuple[str, str]] = []

    async def anything(request: web.Request) -> web.Response:
        seen.append((request.path, request.headers.get("Authorization", "")))
        return web.json_response({}, status=404)

    app = web.Application()
    app.router.add_get("/{tail:.*}", anything)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    api = DiscordApi(1, "bot-token", "secret", f"http://127.0.0.1:{port}/api/v10")
    try:
        with contextlib.suppress(Refused):
            await api.instance("../../../channels/123/messages")
    finally:
        await api.close()
        await runner.cleanup()
    for path, auth in seen:
        assert path.startswith("/api/v10/applications/1/activity-instances/"), (path, auth)
