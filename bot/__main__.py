"""``python -m bot``: the bot on Discord with DISCORD_TOKEN set, else the local sandbox."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

import discord

from bot.config.settings import Settings, SettingsError
from bot.discord.endpoints import point_discord_at
from bot.kernel.allocator import hold_thresholds
from bot.metrics.logs import configure_logging
from bot.startup_failures import report_failure

log = logging.getLogger("bot")

NO_INTENT_PLAY = "players guess by replying to the board, mentioning the bot, Guess or /guess"


async def run_bot(settings: Settings) -> int:
    """Run until closed, reading chat as BOGGLE_MESSAGE_CONTENT says: ``auto`` asks for the
    message-content intent and, refused, plays on by replies, mentions and the Guess form;
    ``on`` stops when it is refused; ``off`` never asks. The exit code: 1 if the process lost its
    hold on its shards, else 0."""
    mode = settings.message_content
    if mode == "off":
        log.info("message content off (BOGGLE_MESSAGE_CONTENT=off): %s", NO_INTENT_PLAY)
        return await _run_once(settings, reads_messages=False)
    log.info("message content %s: asking Discord for the message-content intent", mode)
    try:
        return await _run_once(settings, reads_messages=True)
    except discord.PrivilegedIntentsRequired:
        if mode == "on":
            raise
        log.warning(
            "the message-content intent is not enabled for this application; message content "
            "off: %s (enable the intent in the Developer Portal to read guesses typed in chat)",
            NO_INTENT_PLAY,
        )
        return await _run_once(settings, reads_messages=False)


async def _run_once(settings: Settings, reads_messages: bool) -> int:
    """A SIGINT or SIGTERM closes the bot cleanly: rounds saved, database closed, exit code 0."""
    from bot.app import App
    from bot.kernel.shard_claims import ShuttingDown

    app = App(settings, reads_messages=reads_messages)
    bot = app.client
    loop = asyncio.get_running_loop()
    stops: set[asyncio.Future[None]] = set()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, lambda: stops.add(asyncio.ensure_future(bot.close())))
    async with bot:
        try:
            await bot.start(settings.token or "")
        except ShuttingDown:  # stopped while waiting for its shards
            pass
        except Exception as exc:
            if not stops:  # not a stop asked for (SIGINT, SIGTERM): a failure to report
                raise
            # Stopped during start-up: what was under way (the commands' sync) meets the closed
            # HTTP session ("Session is closed"); the stop is what was asked for.
            log.info("stopped during start-up (%s: %s)", type(exc).__name__, exc)
        if stops:  # the stop's own work (rounds saved, the database closed) ends first
            await asyncio.wait(stops)
    return 1 if app.claims_lost else 0


def main() -> int:
    hold_thresholds()  # before the bot's first large blocks: its memory stays flat under play
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not settings.token:
        from bot.tools.sandbox_main import run as run_sandbox

        return run_sandbox(settings)
    configure_logging(settings.log_level, log_format=settings.log_format)
    point_discord_at(settings.api_base, settings.gateway_url)
    try:
        return asyncio.run(run_bot(settings))
    except KeyboardInterrupt:
        return 0
    except Exception as exc:
        return report_failure(settings, exc)


if __name__ == "__main__":
    sys.exit(main())
