"""``/tournament create``, ``start``, ``status``, ``cancel`` and ``organisers``: each one
translated to a use case of ``TournamentService`` and its answer to a private reply."""

from __future__ import annotations

import dataclasses

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.answers import reader_language, refusal, server_language, tell
from bot.discord.choices import Chosen, round_options_command
from bot.discord.translator import choice
from bot.i18n.catalogue import text
from bot.kernel.options import OptionError
from bot.kernel.refusal import Refusal
from bot.rounds.options import hints_for, round_options
from bot.tournaments.discord.render import FORMAT_NAMES, signup_text, standings_text
from bot.tournaments.discord.uses import TournamentsUses
from bot.tournaments.model import Entrants
from bot.tournaments.options import MAX_BREAK, MAX_ROUNDS, parse_name, parse_span, parse_start
from bot.tournaments.service import Plan
from core.tournament import Format

FORMAT_CHOICES = [choice(key, f.value) for f, key in FORMAT_NAMES.items()]


class Tournaments(commands.Cog):
    tournament = app_commands.Group(
        name="tournament", description=text("tournaments.command_group")
    )

    def __init__(self, services: TournamentsUses) -> None:
        self.services = services

    async def _organises(self, interaction: discord.Interaction) -> bool:
        """Manage Server, or the server's organisers' role."""
        if interaction.permissions.manage_guild:
            return True
        role = await self.services.tournaments.organiser_role(interaction.guild_id or 0)
        member = interaction.user
        return (
            role is not None
            and isinstance(member, discord.Member)
            and any(r.id == role for r in member.roles)
        )

    @tournament.command(name="create", description=text("tournaments.command_create"))
    @app_commands.describe(
        name=text("tournaments.command_name"),
        rounds=text("tournaments.command_rounds"),
        pause=text("tournaments.command_break"),
        start_at=text("tournaments.command_start_at"),
        format=text("tournaments.command_format"),
    )
    @app_commands.choices(format=FORMAT_CHOICES)
    @round_options_command(
        text("commands.start_hints"),
        text("commands.start_language"),
        text("commands.start_dictionary"),
    )
    async def create(
        self,
        interaction: discord.Interaction,
        chosen: Chosen,
        name: app_commands.Range[str, 1, 80] | None = None,
        rounds: app_commands.Range[int, 1, MAX_ROUNDS] | None = None,
        pause: app_commands.Range[str, 1, 12] | None = None,
        start_at: app_commands.Range[str, 1, 30] | None = None,
        format: str | None = None,
    ) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            await tell(interaction, text("replies.not_in_dm", reader_language(interaction)))
            return
        server = await self.services.server_settings.of(interaction.guild_id)
        try:
            options = round_options(
                chosen.size, chosen.dice, chosen.time, chosen.mode, chosen.min_length, server,
                chosen.language, chosen.dictionary,
            )  # fmt: skip
            options = dataclasses.replace(
                options, hints=hints_for(chosen.hints, options.mode, server.hints)
            )
            plan = Plan(
                parse_name(name or text("tournaments.default_name", options.language)),
                Format(format or Format.SERIES.value),
                3 if rounds is None else rounds,
                parse_span(pause, MAX_BREAK) if pause else 60,
                parse_start(start_at, self.services.clock(), server.timezone),
                options,
            )
        except OptionError as exc:
            await tell(interaction, refusal(exc, server.language))
            return
        perms = interaction.app_permissions  # the sign-up is posted here, the event made
        if not (perms.send_messages and perms.view_channel):
            await tell(interaction, text("replies.cannot_post", server.language))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user
        channel = interaction.channel
        location = f"#{getattr(channel, 'name', '') or 'boggle'}"
        created = await self.services.tournaments.create(
            interaction.guild_id, interaction.channel_id, (user.id, user.display_name), plan,
            await self._organises(interaction), location,
            perms.create_events or perms.manage_events,
        )  # fmt: skip
        if isinstance(created, Refusal):
            await tell(interaction, created.text(server.language))
            return
        language = created.entrants.tournament.language
        lines = [text("tournaments.created", language)]
        if created.event is not None:
            lines.append(
                text(
                    "tournaments.event_made" if created.event else "tournaments.no_event", language
                )
            )
        await tell(interaction, "\n".join(lines))

    @tournament.command(name="start", description=text("tournaments.command_start"))
    async def start(self, interaction: discord.Interaction) -> None:
        language = await server_language(self.services.server_settings, interaction)
        started = await self.services.tournaments.start_now(
            interaction.channel_id or 0, await self._organises(interaction), language
        )
        if isinstance(started, Refusal):
            await tell(interaction, started.text(language))
            return
        await tell(interaction, text("tournaments.started", started.language, name=started.name))

    @tournament.command(name="cancel", description=text("tournaments.command_cancel"))
    async def cancel(self, interaction: discord.Interaction) -> None:
        language = await server_language(self.services.server_settings, interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        cancelled = await self.services.tournaments.cancel(
            interaction.channel_id or 0, await self._organises(interaction), language
        )
        if isinstance(cancelled, Refusal):
            await tell(interaction, cancelled.text(language))
            return
        if self.services.rounds.is_running(cancelled.channel_id):
            await self.services.rounds.stop_by(cancelled.channel_id, interaction.user.id, True)
        await tell(
            interaction, text("tournaments.cancelled", cancelled.language, name=cancelled.name)
        )

    @tournament.command(name="status", description=text("tournaments.command_status"))
    async def status(self, interaction: discord.Interaction) -> None:
        language = await server_language(self.services.server_settings, interaction)
        seen = await self.services.tournaments.status(interaction.channel_id or 0, language)
        if isinstance(seen, Refusal):
            await tell(interaction, seen.text(language))
            return
        if isinstance(seen, Entrants):
            await tell(interaction, signup_text(seen, True))
            return
        line = standings_text(seen)
        t = seen.tournament
        if t.round_id is not None:
            line += "\n" + text(
                "tournaments.in_progress", t.language, number=t.played + 1, rounds=t.rounds
            )
        await tell(interaction, line)

    @tournament.command(name="organisers", description=text("tournaments.command_organisers"))
    @app_commands.describe(role=text("tournaments.command_role"))
    async def organisers(
        self, interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        language = await server_language(self.services.server_settings, interaction)
        if interaction.guild_id is None or not interaction.permissions.manage_guild:
            await tell(interaction, text("tournaments.manage_server_only", language))
            return
        await self.services.tournaments.set_organiser_role(
            interaction.guild_id, role.id if role else None
        )
        if role is None:
            await tell(interaction, text("tournaments.organisers_cleared", language))
        else:
            await tell(interaction, text("tournaments.organisers_set", language, role=role.mention))


__all__ = ["Tournaments"]
