"""Discord's answers as the outbox reads them: a post whose channel is gone or whose permission is
missing can never go (``Undeliverable``: given up); anything else is tried again."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord

from bot.kernel.outbox import Undeliverable


@asynccontextmanager
async def delivering() -> AsyncIterator[None]:
    """Around a delivery: Discord's 403 and 404 become ``Undeliverable``."""
    try:
        yield
    except (discord.Forbidden, discord.NotFound) as exc:
        raise Undeliverable(f"{exc.status} {exc.text or type(exc).__name__}") from exc
