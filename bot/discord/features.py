"""Every feature's Discord side, each set up by one line with what it uses and nothing else:
commands only, each translating between Discord and its feature's service (no game rule here).
The composition root (``bot.app``) builds ``Features`` from the services."""

from __future__ import annotations

from dataclasses import dataclass

from discord.ext import commands

from bot.achievements import discord as achievements
from bot.battles import discord as battles
from bot.battles.service import BattleService
from bot.check import discord as check
from bot.check.discord.uses import CheckUses
from bot.daily import discord as daily
from bot.daily.discord.uses import DailyUses
from bot.definitions import discord as definitions
from bot.definitions.discord.uses import DefinitionsUses
from bot.kernel.events import EventBus
from bot.rounds import discord as rounds
from bot.rounds.discord.uses import RoundsUses
from bot.seasons import discord as seasons
from bot.seasons.service import SeasonService
from bot.server_settings import discord as server_settings
from bot.server_settings.discord.uses import ServerSettingsUses
from bot.standings import discord as standings
from bot.standings.discord.uses import StandingsUses
from bot.tournaments import discord as tournaments
from bot.tournaments.discord.uses import TournamentsUses


@dataclass(frozen=True)
class Features:
    """What each feature's Discord side uses: its own service and the few shared things it
    needs, one field a feature (or one service, where that is all it uses)."""

    rounds: RoundsUses
    check: CheckUses
    definitions: DefinitionsUses
    standings: StandingsUses
    server_settings: ServerSettingsUses
    daily: DailyUses
    tournaments: TournamentsUses
    battles: BattleService
    seasons: SeasonService
    events: EventBus  # what the seasons' and the achievements' posters listen to


async def add_features(bot: commands.AutoShardedBot, features: Features) -> None:
    await rounds.setup(bot, features.rounds)
    await check.setup(bot, features.check)  # joins the rounds' /boggle group
    await definitions.setup(bot, features.definitions)  # joins the rounds' /boggle group
    await standings.setup(bot, features.standings)
    await server_settings.setup(bot, features.server_settings)
    await daily.setup(bot, features.daily)
    await tournaments.setup(bot, features.tournaments)
    await battles.setup(bot, features.battles)
    await seasons.setup(bot, features.seasons, features.events)
    await achievements.setup(bot, features.events)
