"""A small real discord.py bot that exercises what the Boggle bot needs from Discord.

Run as a script it is a bot process of its own, on one shard, that prints ``ready`` once it
has its guilds: ``python -m tests.standin.demo_bot API_BASE GATEWAY_URL SHARD_ID SHARD_COUNT``.
"""

from __future__ import annotations

import asyncio
import io
import sys
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.endpoints import point_discord_at
from standin.testing import FAKE_TOKEN, bot_intents


def raw_commands() -> list[dict[str, Any]]:
    """Command definitions as a bot would PUT them: ``/guess words`` and ``/boggle start``."""
    return [
        {
            "name": "guess",
            "description": "d",
            "options": [{"type": 3, "name": "words", "description": "d", "required": True}],
        },
        {
            "name": "boggle",
            "description": "d",
            "options": [
                {
                    "type": 1,
                    "name": "start",
                    "description": "d",
                    "options": [
                        {"type": 4, "name": "size", "description": "d"},
                        {"type": 3, "name": "time", "description": "d"},
                    ],
                }
            ],
        },
    ]


class Board(discord.ui.View):
    """One button; clicking it edits the message (interaction response type 7)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Shake", custom_id="shake")
    async def shake(
        self, interaction: discord.Interaction, button: discord.ui.Button[Board]
    ) -> None:
        await interaction.response.edit_message(content=f"shaken by {interaction.user.name}")


def _commands(bot: DemoBot, guild: discord.Object | None) -> None:
    group = app_commands.Group(name="boggle", description="Play Boggle")

    @group.command(name="start", description="Start a round")
    @app_commands.describe(size="board size", time="round length")
    async def start(
        interaction: discord.Interaction,
        size: app_commands.Range[int, 3, 6] = 4,
        time: str = "3m",
        hard: bool = False,
    ) -> None:
        embed = discord.Embed(title=f"Boggle {size}x{size}", description="```\nA B\nC D\n```")
        embed.add_field(name="time", value=time)
        await interaction.response.send_message(
            f"round {size} {time} hard={hard}", embed=embed, view=Board()
        )

    @group.command(name="hint", description="A private hint")
    async def hint(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("psst: QUIET", ephemeral=True)

    @group.command(name="slow", description="Deferred answer")
    async def slow(interaction: discord.Interaction, private: bool = False) -> None:
        await interaction.response.defer(ephemeral=private, thinking=True)
        await interaction.followup.send("followup", ephemeral=private)
        await interaction.edit_original_response(content="done thinking")

    bot.tree.add_command(group)

    @bot.tree.command(name="who", description="Name a player")
    async def who(interaction: discord.Interaction, player: discord.Member) -> None:
        await interaction.response.send_message(f"player {player.display_name}")

    if guild is not None:

        @bot.tree.command(name="local", description="A guild-only command", guild=guild)
        async def local(interaction: discord.Interaction) -> None:
            assert interaction.guild is not None  # a guild's own command
            await interaction.response.send_message(f"local to {interaction.guild.name}")


class DemoBot(commands.Bot):
    """Answers ``!`` chat commands and the slash commands above; remembers what it received."""

    def __init__(
        self,
        *,
        intents: discord.Intents | None = None,
        sync_guild: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__(
            command_prefix="!",
            intents=intents or bot_intents(),
            guild_ready_timeout=0.05,
            help_command=None,
            **options,
        )
        self.sync_guild = discord.Object(sync_guild) if sync_guild else None
        self.received: list[discord.Message] = []
        self.interactions: list[discord.Interaction] = []
        _commands(self, self.sync_guild)

    @property
    def user_id(self) -> int:
        """The bot's own user id, once logged in."""
        assert self.user is not None
        return self.user.id

    def text_channel(self, channel_id: int) -> discord.TextChannel:
        """The guild text channel ``channel_id``, as the client's cache holds it."""
        channel = self.get_channel(channel_id)
        assert isinstance(channel, discord.TextChannel), channel
        return channel

    async def setup_hook(self) -> None:
        await self.tree.sync()
        if self.sync_guild is not None:
            await self.tree.sync(guild=self.sync_guild)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5 s pause before re-identifying: the stand-in has no identify rate limit."""

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.interactions.append(interaction)

    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot:
            return
        self.received.append(message)
        text = message.content
        if text.startswith("!echo "):
            await message.reply(text.removeprefix("!echo "))
        elif text == "!edit":
            sent = await message.channel.send("first")
            await sent.edit(content="second")
        elif text == "!file":
            board = discord.File(io.BytesIO(b"A B\nC D\n"), filename="board.txt")
            await message.channel.send("the board", file=board)
        elif text == "!react":
            await message.add_reaction("✅")
        elif text == "!dm":
            await message.author.send("a private word")
        elif text == "!delete":
            sent = await message.channel.send("gone soon")
            await sent.delete()
        elif isinstance(message.channel, discord.DMChannel):
            await message.channel.send(f"you said {text}")


class ShardedDemoBot(DemoBot, commands.AutoShardedBot):
    """The same bot as an ``AutoShardedBot``, as the Boggle bot is: ``shard_ids``/``shard_count``
    make it one process of several."""


def expect(
    bot: discord.Client, event: str, check: Any = None, timeout: float = 5.0
) -> asyncio.Future[Any]:
    """Start waiting for a client event now (before triggering it); await the result later."""
    return asyncio.ensure_future(bot.wait_for(event, check=check, timeout=timeout))


async def _run_alone(api_base: str, gateway_url: str, shard_id: int, shard_count: int) -> None:
    """One shard in a process of its own, until killed; ``ready`` on stdout once connected."""
    point_discord_at(api_base, gateway_url)
    bot = ShardedDemoBot(shard_ids=[shard_id], shard_count=shard_count)

    async def say_ready() -> None:
        print("ready", flush=True)

    bot.add_listener(say_ready, "on_ready")
    await bot.start(FAKE_TOKEN)


if __name__ == "__main__":
    api, gateway, shard, count = sys.argv[1:]
    asyncio.run(_run_alone(api, gateway, int(shard), int(count)))
