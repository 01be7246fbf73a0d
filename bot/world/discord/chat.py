"""Guesses typed in a server's world channel while a world round is open: every message with the
message-content intent; without it, those Discord still delivers (a mention of the bot, a reply
to it). A message with a word that scored gets a ✅, paced at this process's share of
``WORLD_ACK_RATE`` (of Discord's global limit), or of the world posts' rate while they idle: one
whose turn would come more than ``ACK_WAIT`` later counts unmarked (a crowd's words outrun any
per-message answer); the rest is silence, as in a round. While the channel runs a round of its
own, its chat is that round's (one board, one ✅): the world round is played there through its
board's Guess form, ``/world-guess`` or the page."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Callable

import discord
from discord.ext import commands

from bot.discord import render
from bot.kernel.limits import Pacer
from bot.world.model import WorldGuessed
from bot.world.service import WorldService
from core.round import Verdict
from core.world import WORLD_ACK_RATE

MENTION = re.compile(r"<(?:@[!&]?|#)\d+>")
ACCEPTED = "✅"
ACK_WAIT = 1.2  # seconds a ✅ may wait for its turn (it then lands within 2 s); past that: unmarked
# Discord takes one reaction a channel each 0.25 s: a channel's next ✅ leaves this long after
# its last one was answered, and one at a time (a crowd's ✅s at once drew 429s).
REACTION_GAP = 0.3


class WorldChat(commands.Cog):
    def __init__(
        self, world: WorldService, reads_messages: bool, has_own_round: Callable[[int], bool]
    ) -> None:
        self.world = world
        self.has_own_round = has_own_round
        self.reads_messages = reads_messages
        # This process's share of the ✅s, as its world posts' pace is its share of theirs.
        self.acks = Pacer(WORLD_ACK_RATE * world.pace.rate / world.rate)
        self._acking: set[int] = set()  # channels with a ✅ on its way
        self._acked: dict[int, float] = {}  # each channel's last ✅ answered (the loop's time)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None or not message.content:
            return
        channel = self.world.channels.get(message.channel.id)
        if channel is None or channel.guild_id != message.guild.id:
            return
        if self.world.open_number() is None or not (self.reads_messages or _meant(message)):
            return
        if self.has_own_round(channel.channel_id):  # the channel's own board takes its chat
            return
        words = MENTION.sub(" ", message.content[: render.CONTENT_LIMIT])
        author = message.author
        guessed = await self.world.guess(
            author.id,
            author.display_name,
            channel.language,
            channel.guild_id,
            channel.channel_id,
            words,
        )
        if isinstance(guessed, WorldGuessed) and any(
            j.verdict is Verdict.ACCEPTED for j in guessed.judgements
        ):
            await self._ack(message)

    async def _ack(self, message: discord.Message) -> None:
        """The ✅ on its way within the channel's reaction limit and the world's pace (its own
        share, or the world posts' pace when it idles during play, once the boards are out:
        whichever turn comes first); counted unmarked when it would come too late to tell."""
        channel_id = message.channel.id
        loop = asyncio.get_running_loop()
        gap = max(0.0, self._acked.get(channel_id, -REACTION_GAP) + REACTION_GAP - loop.time())
        pace = min((self.acks, self.world.pace), key=lambda p: p.wait())
        if channel_id in self._acking or gap + pace.wait() > ACK_WAIT:
            self.world.acks_skipped += 1
            return
        self._acking.add(channel_id)
        try:
            await asyncio.sleep(gap)
            await pace.turn()
            with contextlib.suppress(discord.HTTPException):
                await message.add_reaction(ACCEPTED)
        finally:
            self._acking.discard(channel_id)
            self._acked[channel_id] = loop.time()


def _meant(message: discord.Message) -> bool:
    """Without the intent: a message that mentions the bot or replies to one of its messages."""
    me = message.guild.me if message.guild is not None else None
    if me is not None and (f"<@{me.id}>" in message.content or f"<@!{me.id}>" in message.content):
        return True
    reference = message.reference
    resolved = reference.resolved if reference is not None else None
    return isinstance(resolved, discord.Message) and me is not None and resolved.author.id == me.id
