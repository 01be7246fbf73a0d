"""``/boggle-config``: a server's defaults for new rounds, where rounds may start and the words it
does not accept. Manage Server only.

A top-level command of its own, because Discord takes default permissions on top-level commands
only: as a subcommand of ``/boggle`` it would be offered to every player. Discord hides it from
members without Manage Server, and each call checks again (a server may open the command to
others in its Integrations settings; only the permission itself lets a member change anything).
"""

from __future__ import annotations

import dataclasses

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.answers import managed_server, refuse, tell
from bot.discord.choices import Chosen, round_options_command
from bot.discord.render.text import channels_text, plural
from bot.i18n.catalogue import text
from bot.kernel.refusal import Refusal
from bot.server_settings.discord.render import banned_list_text, settings_text
from bot.server_settings.discord.uses import ServerSettingsUses
from bot.server_settings.model import ServerSettings
from bot.server_settings.rules import DefaultsChange
from bot.server_settings.service import BannedWordsChange


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Config(
    commands.GroupCog, group_name="boggle-config", group_description=text("commands.config")
):
    """The command group; Discord offers it to members with Manage Server only. Each command
    asks ServerSettingsService and writes its answer."""

    channels = app_commands.Group(name="channels", description=text("commands.config_channels"))
    words = app_commands.Group(name="words", description=text("commands.config_words"))
    daily = app_commands.Group(name="daily-channel", description=text("commands.config_daily"))

    def __init__(self, uses: ServerSettingsUses) -> None:
        self.service = uses.server_settings
        self.read = uses.round_defaults
        super().__init__()

    async def _deferred(self, interaction: discord.Interaction) -> int | None:
        return await managed_server(interaction, self.service)

    @app_commands.command(name="show", description=text("commands.config_show"))
    async def show(self, interaction: discord.Interaction) -> None:
        if (guild := await self._deferred(interaction)) is None:
            return
        settings = await self.service.of(guild)
        await tell(interaction, settings_text(settings, self.read, settings.language))

    @app_commands.command(name="set", description=text("commands.config_set"))
    @app_commands.describe(timezone=text("commands.config_timezone"))
    @round_options_command(
        text("commands.config_hints"),
        text("commands.config_language"),
        text("commands.config_dictionary"),
    )
    async def set_(
        self,
        interaction: discord.Interaction,
        chosen: Chosen,
        timezone: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        if (guild := await self._deferred(interaction)) is None:
            return
        change = DefaultsChange(timezone=timezone, **dataclasses.asdict(chosen))
        changed = await self.service.set_defaults(guild, change)
        if isinstance(changed, Refusal):
            await refuse(interaction, changed)
        else:
            await self._tell_settings(interaction, "settings.saved", changed)

    @app_commands.command(name="reset", description=text("commands.config_reset"))
    async def reset(self, interaction: discord.Interaction) -> None:
        if (guild := await self._deferred(interaction)) is None:
            return
        reset = await self.service.reset_defaults(guild)
        await self._tell_settings(interaction, "settings.reset_done", reset)

    async def _tell_settings(
        self, interaction: discord.Interaction, key: str, settings: ServerSettings
    ) -> None:
        """``key``'s line and the settings as they now are, in their language (a new language
        answers at once)."""
        shown = settings_text(settings, self.read, settings.language)
        await tell(interaction, text(key, settings.language, settings=shown))

    @channels.command(name="add", description=text("commands.config_channels_add"))
    @app_commands.describe(channel=text("commands.config_channel"))
    async def channels_add(
        self, interaction: discord.Interaction, channel: discord.TextChannel
    ) -> None:
        if (guild := await self._deferred(interaction)) is None:
            return
        changed = await self.service.add_round_channel(guild, channel.id)
        await self._tell_channels(interaction, changed)

    @channels.command(name="remove", description=text("commands.config_channels_remove"))
    @app_commands.describe(channel=text("commands.config_channel"))
    async def channels_remove(
        self, interaction: discord.Interaction, channel: discord.TextChannel
    ) -> None:
        if (guild := await self._deferred(interaction)) is None:
            return
        changed = await self.service.remove_round_channel(guild, channel.id)
        await self._tell_channels(interaction, changed)

    @channels.command(name="clear", description=text("commands.config_channels_clear"))
    async def channels_clear(self, interaction: discord.Interaction) -> None:
        if (guild := await self._deferred(interaction)) is None:
            return
        await self._tell_channels(interaction, await self.service.clear_round_channels(guild))

    async def _tell_channels(
        self, interaction: discord.Interaction, changed: ServerSettings | Refusal
    ) -> None:
        """Where rounds may start now, or why the list did not change."""
        if isinstance(changed, Refusal):
            await refuse(interaction, changed)
            return
        language = changed.language
        where = channels_text(changed.channels, language)
        await tell(interaction, text("settings.channels_now", language, channels=where))

    @daily.command(name="set", description=text("commands.config_daily_set"))
    @app_commands.describe(channel=text("commands.config_channel"))
    async def daily_set(
        self, interaction: discord.Interaction, channel: discord.TextChannel
    ) -> None:
        if (guild := await self._deferred(interaction)) is None:
            return
        perms = channel.permissions_for(channel.guild.me) if channel.guild.me else None
        if perms is not None and not (perms.view_channel and perms.send_messages):
            language = await self.service.language(guild)
            await tell(interaction, text("daily.channel_refused", language, channel=channel.id))
            return
        settings = await self.service.set_daily_channel(guild, channel.id)
        language = settings.language
        zone = settings.timezone or text("settings.utc", language)
        await tell(interaction, text("daily.channel_set", language, channel=channel.id, zone=zone))

    @daily.command(name="clear", description=text("commands.config_daily_clear"))
    async def daily_clear(self, interaction: discord.Interaction) -> None:
        if (guild := await self._deferred(interaction)) is None:
            return
        settings = await self.service.clear_daily_channel(guild)
        await tell(interaction, text("daily.channel_cleared", settings.language))

    @words.command(name="add", description=text("commands.config_words_add"))
    @app_commands.describe(words=text("commands.config_words_typed"))
    async def words_add(
        self, interaction: discord.Interaction, words: app_commands.Range[str, 1, 1000]
    ) -> None:
        if (guild := await self._deferred(interaction)) is None:
            return
        changed = await self.service.ban_words(guild, words)
        await self._tell_words(interaction, "settings.words_added", changed)

    @words.command(name="remove", description=text("commands.config_words_remove"))
    @app_commands.describe(words=text("commands.config_words_typed"))
    async def words_remove(
        self, interaction: discord.Interaction, words: app_commands.Range[str, 1, 1000]
    ) -> None:
        if (guild := await self._deferred(interaction)) is None:
            return
        changed = await self.service.unban_words(guild, words)
        await self._tell_words(interaction, "settings.words_removed", changed)

    async def _tell_words(
        self, interaction: discord.Interaction, key: str, changed: BannedWordsChange | Refusal
    ) -> None:
        """How many words changed and how many the server refuses now, or why none did."""
        if isinstance(changed, Refusal):
            await refuse(interaction, changed)
            return
        language = changed.language
        count = plural(changed.changed, "word", language)
        total = plural(changed.total, "word", language)
        await tell(interaction, text(key, language, changed=count, total=total))

    @words.command(name="list", description=text("commands.config_words_list"))
    async def words_list(self, interaction: discord.Interaction) -> None:
        if (guild := await self._deferred(interaction)) is None:
            return
        settings = await self.service.of(guild)
        await tell(interaction, banned_list_text(settings.banned, settings.language))
