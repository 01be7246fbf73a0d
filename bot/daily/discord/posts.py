"""The end-of-day post sent on Discord (what is due is ``bot.daily.posts``'s to say)."""

from __future__ import annotations

import io
import logging

import discord

from bot.daily.discord.render import end_of_day_text
from bot.daily.posts import DailyPost
from bot.discord.render import BOARD_FILE
from bot.pictures.pictures import Pictures

log = logging.getLogger(__name__)


class DiscordDailyPosts:
    def __init__(self, client: discord.Client, pictures: Pictures) -> None:
        self.client = client
        self.pictures = pictures

    async def wait_until_ready(self) -> None:
        await self.client.wait_until_ready()

    async def send_daily_post(self, post: DailyPost) -> bool:
        """Send one post; False only when Discord certainly did not post it (a refusal of the
        request), so it is tried again; a server error or a time-out may have posted it, and a post
        goes out at most once."""
        content = end_of_day_text(
            post.board, post.ranking, post.missed, post.language, post.spelled, post.battle
        )
        channel = self.client.get_channel(post.channel_id)
        if not isinstance(channel, discord.TextChannel):
            log.warning("daily channel %d of server %d is gone", post.channel_id, post.guild_id)
            return True  # nothing to retry: the server sets another channel
        files = []
        if channel.permissions_for(channel.guild.me).attach_files:
            png = await self.pictures.board(post.board.board, lang=post.board.language)
            if png is not None:
                files.append(discord.File(io.BytesIO(png), filename=BOARD_FILE))
        try:
            await channel.send(
                content, files=files, allowed_mentions=discord.AllowedMentions.none()
            )
        except (discord.Forbidden, discord.NotFound):
            log.warning("daily post refused in channel %d", post.channel_id)
            return True
        except discord.HTTPException as exc:
            if exc.status >= 500:
                log.exception(
                    "daily post to channel %d may not be out; not sent again", post.channel_id
                )
                return True
            log.exception("daily post to channel %d failed; trying later", post.channel_id)
            return False
        except (TimeoutError, OSError):
            log.exception(
                "daily post to channel %d may not be out; not sent again", post.channel_id
            )
            return True
        return True
