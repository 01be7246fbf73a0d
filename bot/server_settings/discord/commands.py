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

from bot.discord.answers import reader_language, refusal, tell
from bot.discord.choices import Chosen, round_options_command
from bot.discord.dynamic_items import services_of
from bot.discord.render.text import channels_text, plural
from bot.i18n.catalogue import text
from bot.rounds.options import OptionError
from bot.server_settings.discord.render import banned_list_text, settings_text
from bot.server_settings.rules import (
    MAX_BANNED_WORDS,
    MAX_ROUND_CHANNELS,
    banned_words,
    changed_defaults,
    reset_defaults,
    unbanned,
)
from bot.services import Services
from bot.storage import ServerSettings


async def _may_configure(interaction: discord.Interaction) -> bool:
    """Manage Server in this channel, as Discord computed it for the member; else one line (in
    the server's language, which needs a read: the answer is deferred first)."""
    if interaction.guild_id is None:
        await tell(interaction, text("settings.not_in_dm", reader_language(interaction)))
        return False
    if not interaction.permissions.manage_guild:
        await interaction.response.defer(ephemeral=True, thinking=True)
        settings = await services_of(interaction).server_settings.of(interaction.guild_id)
        await tell(interaction, text("settings.refused", settings.language))
        return False
    return True


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Config(
    commands.GroupCog, group_name="boggle-config", group_description=text("commands.config")
):
    """The command group; Discord offers it to members with Manage Server only."""

    channels = app_commands.Group(name="channels", description=text("commands.config_channels"))
    words = app_commands.Group(name="words", description=text("commands.config_words"))
    daily = app_commands.Group(name="daily-channel", description=text("commands.config_daily"))

    def __init__(self, services: Services) -> None:
        self.services = services
        super().__init__()

    async def _defer(self, interaction: discord.Interaction) -> tuple[int, ServerSettings]:
        """Answer later, privately (the database may be busy for a moment); the server's id and
        settings (their language is the replies')."""
        assert interaction.guild_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        return interaction.guild_id, await self.services.server_settings.of(interaction.guild_id)

    @app_commands.command(name="show", description=text("commands.config_show"))
    async def show(self, interaction: discord.Interaction) -> None:
        if not await _may_configure(interaction):
            return
        _, settings = await self._defer(interaction)
        await tell(interaction, settings_text(settings, settings.language))

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
        if not await _may_configure(interaction):
            return
        guild, current = await self._defer(interaction)
        if not chosen.given() and timezone is None:
            await tell(interaction, text("settings.nothing_to_set", current.language))
            return
        try:
            changed = changed_defaults(current, timezone=timezone, **dataclasses.asdict(chosen))
        except OptionError as exc:
            await tell(interaction, refusal(exc, current.language))
            return
        await self.services.storage.save_defaults(guild, changed)
        shown = settings_text(changed, changed.language)  # a new language answers at once
        await tell(interaction, text("settings.saved", changed.language, settings=shown))

    @app_commands.command(name="reset", description=text("commands.config_reset"))
    async def reset(self, interaction: discord.Interaction) -> None:
        if not await _may_configure(interaction):
            return
        guild, current = await self._defer(interaction)
        reset = reset_defaults(current)
        await self.services.storage.save_defaults(guild, reset)
        shown = settings_text(reset, reset.language)
        await tell(interaction, text("settings.reset_done", reset.language, settings=shown))

    @channels.command(name="add", description=text("commands.config_channels_add"))
    @app_commands.describe(channel=text("commands.config_channel"))
    async def channels_add(
        self, interaction: discord.Interaction, channel: discord.TextChannel
    ) -> None:
        await self._change_channel(interaction, channel.id, allowed=True)

    @channels.command(name="remove", description=text("commands.config_channels_remove"))
    @app_commands.describe(channel=text("commands.config_channel"))
    async def channels_remove(
        self, interaction: discord.Interaction, channel: discord.TextChannel
    ) -> None:
        await self._change_channel(interaction, channel.id, allowed=False)

    async def _change_channel(
        self, interaction: discord.Interaction, channel: int, *, allowed: bool
    ) -> None:
        if not await _may_configure(interaction):
            return
        guild, current = await self._defer(interaction)
        language, listed = current.language, current.channels
        if allowed and channel not in listed and len(listed) >= MAX_ROUND_CHANNELS:
            reply = text("settings.channel_limit", language, limit=MAX_ROUND_CHANNELS)
            await tell(interaction, reply)
            return
        if not allowed and channel not in listed:
            where = channels_text(listed, language)
            reply = text("settings.channel_not_listed", language, channel=channel, channels=where)
            await tell(interaction, reply)
            return
        await self.services.storage.set_round_channel(guild, channel, allowed)
        now = listed | {channel} if allowed else listed - {channel}
        reply = text("settings.channels_now", language, channels=channels_text(now, language))
        await tell(interaction, reply)

    @channels.command(name="clear", description=text("commands.config_channels_clear"))
    async def channels_clear(self, interaction: discord.Interaction) -> None:
        if not await _may_configure(interaction):
            return
        guild, current = await self._defer(interaction)
        await self.services.storage.clear_round_channels(guild)
        anywhere = channels_text((), current.language)
        await tell(interaction, text("settings.channels_now", current.language, channels=anywhere))

    @daily.command(name="set", description=text("commands.config_daily_set"))
    @app_commands.describe(channel=text("commands.config_channel"))
    async def daily_set(
        self, interaction: discord.Interaction, channel: discord.TextChannel
    ) -> None:
        if not await _may_configure(interaction):
            return
        guild, settings = await self._defer(interaction)
        language = settings.language
        perms = channel.permissions_for(channel.guild.me) if channel.guild.me else None
        if perms is not None and not (perms.view_channel and perms.send_messages):
            await tell(interaction, text("daily.channel_refused", language, channel=channel.id))
            return
        await self.services.storage.set_daily_channel(guild, channel.id)
        zone = settings.timezone or text("settings.utc", language)
        await tell(interaction, text("daily.channel_set", language, channel=channel.id, zone=zone))

    @daily.command(name="clear", description=text("commands.config_daily_clear"))
    async def daily_clear(self, interaction: discord.Interaction) -> None:
        if not await _may_configure(interaction):
            return
        guild, settings = await self._defer(interaction)
        await self.services.storage.set_daily_channel(guild, None)
        await tell(interaction, text("daily.channel_cleared", settings.language))

    @words.command(name="add", description=text("commands.config_words_add"))
    @app_commands.describe(words=text("commands.config_words_typed"))
    async def words_add(
        self, interaction: discord.Interaction, words: app_commands.Range[str, 1, 1000]
    ) -> None:
        await self._change_words(interaction, words, banned=True)

    @words.command(name="remove", description=text("commands.config_words_remove"))
    @app_commands.describe(words=text("commands.config_words_typed"))
    async def words_remove(
        self, interaction: discord.Interaction, words: app_commands.Range[str, 1, 1000]
    ) -> None:
        await self._change_words(interaction, words, banned=False)

    async def _change_words(
        self, interaction: discord.Interaction, typed: str, *, banned: bool
    ) -> None:
        if not await _may_configure(interaction):
            return
        guild, settings = await self._defer(interaction)
        language, current = settings.language, settings.banned
        try:
            words = banned_words(typed)
        except OptionError as exc:
            await tell(interaction, refusal(exc, language))
            return
        if not banned:  # every listed form the server's language reads as a word typed
            words = sorted(unbanned(words, current, language))
        if banned and len(current | set(words)) > MAX_BANNED_WORDS:
            total = len(current | set(words))
            reply = text("settings.words_limit", language, limit=MAX_BANNED_WORDS, total=total)
            await tell(interaction, reply)
            return
        changed = await self.services.storage.ban_words(guild, words, banned) if words else 0
        total = len(current | set(words)) if banned else len(current - set(words))
        key = "settings.words_added" if banned else "settings.words_removed"
        reply = text(
            key,
            language,
            changed=plural(changed, "word", language),
            total=plural(total, "word", language),
        )
        await tell(interaction, reply)

    @words.command(name="list", description=text("commands.config_words_list"))
    async def words_list(self, interaction: discord.Interaction) -> None:
        if not await _may_configure(interaction):
            return
        _, settings = await self._defer(interaction)
        await tell(interaction, banned_list_text(settings.banned, settings.language))
