"""The end-of-day post of the daily board: after a server's day ends (its time zone), its daily
channel gets the day's board, the server's ranking (fair results only) and the longest and best
words nobody there found, once per (server, date, language) across restarts and processes. The
post is written in the server's language and names the board's (a French server's post of the
English board is in French).

A day is posted once its midnight is ``DAILY_POST_DELAY`` behind (an attempt opened at 23:59
plays until 00:02), and first the server's attempts of that day still unfinished past their
deadline are finished through the bot's ``DailyService.finish`` (scored, flagged, their players
told), so the ranking is whole even when the process whose timer held them is gone; while one of
them still runs, the server's post waits for the next pass.

One task per process looks for ended days every ``every`` seconds; a server is posted for only
by the process that owns its shard, and the database's marker (``take_daily_post``, then
``mark_daily_posted``) makes the post happen once even when two processes take it together.
The clock is the bot's, so tests move the day along.
"""

from __future__ import annotations

import asyncio
import datetime
import io
import logging
from datetime import date
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

import discord

from core.daily import DAILY_POST_DELAY
from core.days import last_ended_day

from .discord_publisher import board_picture
from .render import BOARD_FILE
from .render.daily import end_of_day_text
from .storage import DailyAttempt, DailyChannel
from .tasks import cancel_and_wait

if TYPE_CHECKING:
    from .app import BoggleBot

log = logging.getLogger(__name__)


class DailyPoster:
    """Posts each owned server's ended day in its daily channel, once."""

    def __init__(self, bot: BoggleBot, every: float) -> None:
        self.bot = bot
        self.every = every
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="daily-posts")

    async def close(self) -> None:
        await cancel_and_wait(self._task)
        self._task = None

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            try:
                await self.post_due()
            except Exception:  # the database: try again next time
                log.exception("end-of-day posts failed; trying again in %.0f s", self.every)
            await asyncio.sleep(self.every)

    async def post_due(self) -> int:
        """One pass: post every ended day not posted yet; the number posted."""
        storage = self.bot.storage
        posted = 0
        unfinished: list[DailyAttempt] | None = None  # read once a pass, if a server is owned
        for server in await storage.daily_channels():
            if not self.bot.settings.shards.owns(server.guild_id):
                continue
            zone = ZoneInfo(server.timezone) if server.timezone else datetime.UTC
            day = last_ended_day(self.bot.clock(), zone, DAILY_POST_DELAY)
            if unfinished is None:
                unfinished = await storage.unfinished_daily_attempts()
            if not await self._finish_day(server.guild_id, day, unfinished):
                continue
            for language in await storage.daily_languages(server.guild_id, day):
                now = self.bot.clock()
                if not await storage.take_daily_post(server.guild_id, day, language, now):
                    continue
                if await self._post(server, day, language):
                    await storage.mark_daily_posted(
                        server.guild_id, day, language, self.bot.clock()
                    )
                    posted += 1
        return posted

    async def _finish_day(self, guild_id: int, day: date, unfinished: list[DailyAttempt]) -> bool:
        """Finish the server's attempts of ``day`` that are past their deadline; False while
        one of them still runs (the post waits for it)."""
        now = self.bot.clock()
        ready = True
        for attempt in unfinished:
            if attempt.guild_id != guild_id or attempt.date != day:
                continue
            if now < attempt.deadline:
                ready = False
                continue
            try:
                await self.bot.daily.finish(attempt.id)
            except Exception:  # this server waits for the next pass; the others go on
                log.exception("daily attempt %d: not finished before its post", attempt.id)
                ready = False
        return ready

    async def _post(self, server: DailyChannel, day: date, language: str) -> bool:
        """Send one post; False when it should be tried again later (Discord failed)."""
        storage = self.bot.storage
        board = await self.bot.daily.board(day, language)
        ranking = await storage.daily_ranking(server.guild_id, language, day)
        found = await storage.daily_found_words(server.guild_id, language, day)
        missed = [w for w in board.words if w not in found]
        spoken = (await storage.server_settings(server.guild_id)).language
        content = end_of_day_text(board, ranking, missed, spoken)
        channel = self.bot.get_channel(server.channel_id)
        if not isinstance(channel, discord.TextChannel):
            log.warning("daily channel %d of server %d is gone", server.channel_id, server.guild_id)
            return True  # nothing to retry: the server sets another channel
        files = []
        if channel.permissions_for(channel.guild.me).attach_files:
            png = await board_picture(board.board)
            if png is not None:
                files.append(discord.File(io.BytesIO(png), filename=BOARD_FILE))
        try:
            await channel.send(
                content, files=files, allowed_mentions=discord.AllowedMentions.none()
            )
        except (discord.Forbidden, discord.NotFound):
            log.warning("daily post refused in channel %d", server.channel_id)
            return True
        except discord.HTTPException:
            log.exception("daily post to channel %d failed; trying later", server.channel_id)
            return False
        return True
