"""A tiny discord.py bot for what issue 12's daily board needs of Discord: a command answered
privately with buttons, a modal (from the command or from a button on the private message),
its submit editing that message, a public share, and the command offered in a DM and as a
user install. It remembers each interaction's context, owners and app permissions."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from standin.testing import bot_intents

EVERYWHERE = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)
BOTH_INSTALLS = app_commands.AppInstallationType(guild=True, user=True)


class GuessModal(discord.ui.Modal, title="Your guesses"):
    words: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="Words", custom_id="words", min_length=3, max_length=40, placeholder="cat dog"
    )
    note: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="Note", custom_id="note", required=False, style=discord.TextStyle.paragraph
    )

    def __init__(self, from_button: bool) -> None:
        super().__init__(custom_id="guess-modal")
        self.from_button = from_button

    async def on_submit(self, interaction: discord.Interaction) -> None:
        text = f"guessed {self.words.value} ({self.note.value or 'no note'})"
        if self.from_button:  # the ephemeral board, edited in place (callback type 7)
            await interaction.response.edit_message(content=text)
        else:
            await interaction.response.send_message(text, ephemeral=True)


class Board(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Guess", custom_id="guess")
    async def guess(
        self, interaction: discord.Interaction, button: discord.ui.Button[Board]
    ) -> None:
        await interaction.response.send_modal(GuessModal(from_button=True))

    @discord.ui.button(label="Share", custom_id="share")
    async def share(
        self, interaction: discord.Interaction, button: discord.ui.Button[Board]
    ) -> None:
        await interaction.response.send_message(f"{interaction.user.name} shared a result")


class PrivateBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(
            command_prefix="!", intents=bot_intents(), guild_ready_timeout=0.05, help_command=None
        )
        self.seen: list[discord.Interaction] = []  # the commands' own
        self.received: list[discord.Interaction] = []  # every interaction, as it came
        self.refusals: list[int] = []  # codes of REST calls Discord refused
        tree = self.tree

        @tree.command(name="private", description="A private board")
        @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
        @app_commands.allowed_installs(guilds=True, users=True)
        async def private(interaction: discord.Interaction) -> None:
            self.seen.append(interaction)
            await interaction.response.send_message(
                f"board for {interaction.user.name}", view=Board(), ephemeral=True
            )

        @tree.command(name="ask", description="A modal at once")
        @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
        @app_commands.allowed_installs(guilds=True, users=True)
        async def ask(interaction: discord.Interaction) -> None:
            self.seen.append(interaction)
            await interaction.response.send_modal(GuessModal(from_button=False))

        @tree.command(name="serveronly", description="Only in servers that installed the app")
        @app_commands.allowed_contexts(guilds=True)
        @app_commands.allowed_installs(guilds=True)
        async def serveronly(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("server")

        @tree.command(name="post", description="Tries the channel itself")
        @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
        @app_commands.allowed_installs(guilds=True, users=True)
        async def post(interaction: discord.Interaction) -> None:
            self.seen.append(interaction)
            await interaction.response.defer(ephemeral=True)
            route = discord.http.Route(
                "POST", "/channels/{channel_id}/messages", channel_id=interaction.channel_id
            )
            try:
                await self.http.request(route, json={"content": "straight into the channel"})
                outcome = "posted"
            except discord.HTTPException as exc:
                self.refusals.append(exc.code)
                outcome = f"refused {exc.code}"
            await interaction.followup.send(outcome, ephemeral=True)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.received.append(interaction)

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5 s pause before identifying again."""
