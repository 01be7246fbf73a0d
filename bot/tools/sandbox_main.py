"""The no-token path of ``python -m bot``: the real bot against the local stand-in, in a terminal."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bot.config.settings import DEFAULT_DATABASE, Settings, WebSettings
from bot.metrics.logs import configure_logging
from bot.startup_failures import report_failure
from standin.activities import STANDIN_CLIENT_SECRET
from standin.world_file import WorldFileError

if TYPE_CHECKING:
    from bot.world.service import WorldService

SANDBOX_DIR = Path("sandbox")
SANDBOX_WEB_PORT = 8780


def run(settings: Settings) -> int:
    """Play in the terminal; the sandbox keeps its own database unless BOGGLE_DATABASE is set,
    and its logs go to a file so they do not break into the chat."""
    try:
        SANDBOX_DIR.mkdir(exist_ok=True)
        (SANDBOX_DIR / "bot.log").touch()
    except OSError as exc:  # a read-only install, such as the Docker image run without a token
        print(
            f"error: DISCORD_TOKEN is not set (without it the bot starts the local sandbox, "
            f"which cannot write {SANDBOX_DIR.resolve()}: {exc.strerror}); set DISCORD_TOKEN "
            "to run the bot on Discord",
            file=sys.stderr,
        )
        return 2
    settings = dataclasses.replace(settings, web=sandbox_web(settings.web))
    from bot.tools.sandbox_world import SANDBOX_WORLD_EVERY
    from core.world import WORLD_EVERY

    if settings.world_every == WORLD_EVERY:  # not set: the sandbox's short rhythm
        settings = dataclasses.replace(settings, world_every=SANDBOX_WORLD_EVERY)
    if settings.database == DEFAULT_DATABASE:
        settings = dataclasses.replace(settings, database=str(SANDBOX_DIR / "boggle.sqlite3"))
    log_file = SANDBOX_DIR / "bot.log"
    configure_logging(settings.log_level, log_file, settings.log_format)
    print(f"(bot logs: {log_file})")
    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(_sandbox(settings))
    except WorldFileError as exc:
        print(f"error: {exc}; move it away to start a new sandbox world", file=sys.stderr)
        return 1
    except Exception as exc:  # what stopped the bot before it connected
        return report_failure(settings, exc)
    return 0


def sandbox_web(web: WebSettings) -> WebSettings:
    """The page on 127.0.0.1, on BOGGLE_WEB_PORT, else SANDBOX_WEB_PORT when free, else port 0:
    the one the page's server is given when it binds (a port probed free and bound later can be
    taken meanwhile); its client secret is the stand-in's."""
    port = web.port if web.port is not None else SANDBOX_WEB_PORT
    if port:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                port = 0
    return WebSettings("127.0.0.1", port, STANDIN_CLIENT_SECRET, activity=web.activity)


def world_file_for(database: str) -> Path:
    """The sandbox's world is kept beside its database and named after it: the ids the
    database holds (server, channels, players, messages) are the world's."""
    if "://" in database:
        return SANDBOX_DIR / "world.json"
    path = Path(database)
    return path.with_name(f"{path.stem}.world.json")


async def _sandbox(settings: Settings) -> None:
    from bot.app import App
    from bot.services import Tuning
    from bot.tools.sandbox import run_sandbox
    from bot.tools.sandbox_world import run_world

    apps: list[App] = []

    async def start_bot(api_base: str, gateway_url: str) -> None:
        reads = settings.message_content != "off"
        app = App(settings, Tuning(standby=False), reads_messages=reads, guild_ready_timeout=0.05)
        apps.append(app)
        async with app.client as bot:
            await bot.start("sandbox-token")

    def page() -> str | None:
        """The page's address once its server is bound (its port may be chosen then)."""
        web = apps[-1].web if apps else None
        return web.url if web is not None else None

    def world() -> WorldService | None:
        services = apps[-1].services if apps else None
        return services.world if services is not None else None

    await run_sandbox(
        start_bot,
        world_file=world_file_for(settings.database),
        page_url=page,
        world_rounds=lambda standin: run_world(standin, world),
    )
