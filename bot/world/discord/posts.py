"""The world round's posts in world channels, as the outbox delivers them: the board when a
round opens, its results when it closes (each with its post's nonce: a send repeated after a
crash returns the first message; a channel gone or closed to the bot gives the post up).

Each send waits its turn in the world's pace (this process's share of Discord's global limit);
a board whose turn comes after its round's close is skipped: the results follow it at once.
"""

from __future__ import annotations

import asyncio
import io
import logging

import discord

from bot.discord.outbox import delivering
from bot.discord.render import BOARD_FILE
from bot.kernel import codec
from bot.kernel.bounded import Bounded
from bot.kernel.outbox import Post, Undeliverable
from bot.world.discord.guess_form import world_board_view
from bot.world.discord.render import board_text, results_text
from bot.world.discord.uses import WorldUses
from bot.world.model import WorldRoundPost

NO_PINGS = discord.AllowedMentions.none()
PICTURES_KEPT = 8  # a few languages' boards, this round's

log = logging.getLogger(__name__)


class WorldPosts:
    """Sends the world channels' boards and results."""

    def __init__(self, client: discord.Client, uses: WorldUses) -> None:
        self.client = client
        self.uses = uses
        self.skipped_round: int | None = None  # the last round whose late boards were said
        # The board's picture, drawn once a round and language: every channel shows the same.
        self._pictures: Bounded[tuple[str, int], bytes | None] = Bounded(PICTURES_KEPT)
        self._drawing = asyncio.Lock()

    async def _channel(self, post: Post) -> discord.TextChannel:
        await self.client.wait_until_ready()  # the channel and the bot's permissions are known
        channel = self.client.get_channel(post.channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise Undeliverable(f"world channel {post.channel_id} of {post.guild_id} is gone")
        return channel

    async def _language(self, guild_id: int) -> str:
        return await self.uses.server_settings.language(guild_id)

    async def board(self, post: Post) -> None:
        about = codec.loads(WorldRoundPost, post.payload)
        channel = await self._channel(post)
        world = self.uses.world
        if self._late(about):
            return
        board = await world.board(about.language, about.number)
        files = []
        if channel.permissions_for(channel.guild.me).attach_files:
            png = await self._picture(about)
            if png is not None:
                files.append(discord.File(io.BytesIO(png), filename=BOARD_FILE))
        closes = world.rhythm.closes_at(about.number)
        language = await self._language(post.guild_id)
        content = board_text(board, closes, language, private=False)
        view = world_board_view(about.number, language)
        if not await world.pace.turn(lambda: not self._late(about)):
            return  # its turn came after the close: the next post takes it
        async with delivering():
            await channel.send(
                content, files=files, view=view, allowed_mentions=NO_PINGS, nonce=post.nonce()
            )

    async def results(self, post: Post) -> None:
        about = codec.loads(WorldRoundPost, post.payload)
        channel = await self._channel(post)
        results = await self.uses.world.results(about.language, about.number)
        content = results_text(results, post.guild_id, await self._language(post.guild_id))
        await self.uses.world.pace.turn()
        async with delivering():
            await channel.send(content, allowed_mentions=NO_PINGS, nonce=post.nonce())

    async def _picture(self, about: WorldRoundPost) -> bytes | None:
        key = (about.language, about.number)
        async with self._drawing:  # the posts waiting meanwhile take the one drawn
            if key not in self._pictures:
                board = await self.uses.world.board(*key)
                drawn = await self.uses.pictures.board(board.board, lang=board.language)
                self._pictures.put(key, drawn)
        return self._pictures.get(key)

    def _late(self, about: WorldRoundPost) -> bool:
        """Whether the round's board comes too late to post (its round has closed): counted,
        and said once a round."""
        world = self.uses.world
        if world.clock() < world.rhythm.closes_at(about.number):
            return False
        if self.skipped_round != about.number:
            self.skipped_round = about.number
            log.warning(
                "world round #%s: boards skipped where their turn came after the close",
                about.number,
            )
        world.boards_skipped += 1
        return True
