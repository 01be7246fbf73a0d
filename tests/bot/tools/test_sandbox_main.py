"""The sandbox's page: its port chosen where it is bound, and the links it prints lead to it."""

from __future__ import annotations

import re
import socket
from pathlib import Path

from aiohttp import ClientSession

from bot.config.settings import WebSettings
from bot.tools.sandbox_main import sandbox_web
from tests.bot.tools.test_sandbox_play import Terminal


def test_port_zero_is_left_to_the_pages_server() -> None:
    """A port probed free and bound later can be taken meanwhile ("Address already in use")."""
    assert sandbox_web(WebSettings(port=0)).port == 0


def test_a_busy_port_gives_way_to_one_chosen_at_the_bind() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        assert sandbox_web(WebSettings(port=busy.getsockname()[1])).port == 0


async def test_the_printed_links_open_the_page(tmp_path: Path) -> None:
    terminal = await Terminal.open(tmp_path)  # BOGGLE_WEB_PORT=0
    try:
        await terminal.type(":web bob", until="bob: http")
        url = re.search(r"bob: (http://127\.0\.0\.1:(\d+)/\S*)", terminal.since("bob: http"))
        assert url is not None and int(url.group(2)) > 0
        async with ClientSession() as http, http.get(url.group(1)) as page:
            assert page.status == 200
            assert "<html" in (await page.text()).lower()
        await terminal.quit()
    finally:
        await terminal.kill()
