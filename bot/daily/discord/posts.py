"""The end-of-day post sent on Discord, as the outbox delivers it (what is due, and when it is
owed, is ``bot.daily.posts``'s to say): its nonce makes a send repeated after a crash return the
first message; a channel gone or closed to the bot gives the post up."""

from __future__ import annotations

import io

import discord

from bot.daily.discord.render import end_of_day_text
from bot.daily.posts import DailyPost
from bot.discord.outbox import delivering
from bot.discord.render import BOARD_FILE
from bot.kernel.outbox import Undeliverable
from bot.pictures.pictures import Pictures


class DiscordDailyPosts:
    """Sends the end-of-day posts the daily poster owes (``DailyPoster.posts_sent_by``)."""

    def __init__(self, client: discord.Client, pictures: Pictures) -> None:
        self.client = client
        self.pictures = pictures

    async def send(self, post: DailyPost, nonce: str) -> None:
        """The post, with the board's picture where the bot may attach files; raises to be tried
        again (the same nonce), ``Undeliverable`` when it can never go."""
        await self.client.wait_until_ready()  # the channel and the bot's permissions are known
        channel = self.client.get_channel(post.channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise Undeliverable(f"daily channel {post.channel_id} of {post.guild_id} is gone")
        files = []
        if channel.permissions_for(channel.guild.me).attach_files:
            png = await self.pictures.board(post.board, lang=post.board_language)
            if png is not None:
                files.append(discord.File(io.BytesIO(png), filename=BOARD_FILE))
        async with delivering():
            await channel.send(
                end_of_day_text(post),
                files=files,
                allowed_mentions=discord.AllowedMentions.none(),
                nonce=nonce,
            )
