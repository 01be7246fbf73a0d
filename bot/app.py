"""The composition root: settings -> services -> the front ends, started as peers (the Discord
client, and the Activity's web server beside it, not inside it), each given the narrow view of
the services it uses (``discord_plugins``, ``page_sides``: no front end holds the whole
``Services``), everything torn down in reverse by one exit stack. The one list of the features'
Discord sides is ``discord_plugins``; what the services ask of Discord, ``discord_ports``.

The Discord client drives the start (its set-up runs once it has logged in, when the
application's id is known) and the stop (its close); both come back here.
"""

from __future__ import annotations

import functools
import logging
from contextlib import AsyncExitStack
from typing import TYPE_CHECKING

import discord

from bot.achievements import discord as achievements
from bot.battles import discord as battles
from bot.battles.discord.uses import BattlesUses
from bot.check import discord as check
from bot.check.discord.uses import CheckUses
from bot.config.settings import Settings
from bot.daily import discord as daily
from bot.daily.discord.uses import DailyUses
from bot.definitions import discord as definitions
from bot.definitions.discord.uses import DefinitionsUses
from bot.discord.client import BoggleBot, Plugin, plugin
from bot.rounds import discord as rounds
from bot.rounds.discord.publisher import member_names
from bot.rounds.discord.uses import RoundsUses
from bot.rounds.options import round_defaults
from bot.seasons import discord as seasons
from bot.seasons.discord.uses import SeasonsUses
from bot.server_settings import discord as server_settings
from bot.server_settings.discord.uses import ServerSettingsUses
from bot.services import Ports, Services, Tuning, open_services, start_services
from bot.standings import discord as standings
from bot.standings.discord.uses import StandingsUses
from bot.tournaments import discord as tournaments
from bot.tournaments.discord.uses import TournamentsUses
from bot.world import discord as world
from bot.world.discord.uses import WorldUses

if TYPE_CHECKING:  # imported when served: prometheus_client and aiohttp.web weigh 3 MB
    from bot.metrics.registry import Metrics
    from bot.metrics.server import MetricsServer
    from bot.web.routes import PageRoutes
    from bot.web.server import WebServer

log = logging.getLogger(__name__)


class App:
    """One bot process: its services and its front ends."""

    def __init__(
        self,
        settings: Settings,
        tuning: Tuning | None = None,
        *,
        reads_messages: bool = True,
        **client_options: object,
    ) -> None:
        """``tuning``: what tests and benchmarks change (None: production's);
        ``reads_messages``: whether the bot asks for the message-content intent."""
        self.settings = settings
        self.tuning = tuning or Tuning()
        self.stack = AsyncExitStack()
        self.services: Services | None = None
        self.web: WebServer | None = None  # the Activity's page and socket (BOGGLE_WEB_PORT)
        # /healthz and /metrics (BOGGLE_METRICS_PORT); Discord's API calls counted by a trace.
        self.metrics: Metrics | None = None
        self.metrics_server: MetricsServer | None = None
        if settings.metrics_port is not None:
            from bot.metrics.discord_http import discord_trace
            from bot.metrics.registry import Metrics

            self.metrics = Metrics()
            client_options.setdefault("http_trace", discord_trace(self.metrics))
        self.client = BoggleBot(
            settings,
            setup=self._setup,
            teardown=self.stack.aclose,
            reads_messages=reads_messages,
            **client_options,
        )

    @property
    def claims_lost(self) -> bool:
        """The database's hold on our shards was lost: the process exits non-zero."""
        return self.services is not None and self.services.claims.lost

    async def _setup(self, client: BoggleBot) -> None:
        """The services, then the Discord side over them, then the rounds resumed, then the
        page's server beside the client (each torn down in reverse when the client closes);
        the metrics' server first of all, so that a process still starting answers 503."""
        settings, metrics = self.settings, self.metrics
        if metrics is not None and settings.metrics_port is not None:
            from bot.metrics.server import start_metrics

            storage = lambda: self.services.storage if self.services else None  # noqa: E731
            self.metrics_server = await start_metrics(
                metrics, client, storage, settings.metrics_host, settings.metrics_port, self.stack
            )
        services = await open_services(
            self.settings, self.tuning, discord_ports(client), self.stack
        )
        self.services = services
        if metrics is not None:
            metrics.watch_services(services)
        settings_service = services.server_settings
        await client.install(
            discord_plugins(services), settings_service.language, settings_service.adopt_locale
        )
        await start_services(services, client.close, self.stack)
        web = self.settings.web
        if web.port is not None and client.application_id is not None:
            from bot.web.server import start_web

            mock = self.settings.token is None  # the sandbox: the page is opened outside Discord
            token, base = client.http.token or "", discord.http.Route.BASE  # the bot's own
            sides, app_id = page_sides(services), client.application_id
            self.web = await start_web(
                sides, services.pages, services.clock, web, app_id, token, base, mock=mock
            )
            self.stack.push_async_callback(self._stop_web, self.web)
            if metrics is not None:
                metrics.readings.sockets_open = lambda: self.web.sockets_open if self.web else 0

    async def _stop_web(self, web: WebServer) -> None:
        """The pages reconnect to the next process; their server failing to stop never costs a
        guess (the services close after it whatever happens)."""
        try:
            await web.stop()
        except Exception:
            log.exception("the Activity's page did not stop cleanly")


def discord_plugins(s: Services) -> tuple[Plugin, ...]:
    """Every feature's Discord side, one line a feature, in the order they are installed: its
    ``setup`` given what it uses (its own service and the few shared things it needs)."""
    activity = s.settings.web.activity  # the board offers "Play on the board"
    world_uses = WorldUses(s.world, s.server_settings, s.pictures, s.rounds.is_running)
    guess_elsewhere = functools.partial(world.guess_in_world_channel, world_uses)  # /guess there
    return (
        plugin(
            rounds.setup,
            RoundsUses(s.rounds, s.server_settings, s.pictures, activity, s.clock, guess_elsewhere),
        ),
        plugin(check.setup, CheckUses(s.check, s.pictures)),  # joins the rounds' /boggle group
        plugin(
            definitions.setup,  # joins the rounds' /boggle group
            DefinitionsUses(s.definitions, s.rounds, s.daily, s.server_settings),
        ),
        plugin(
            standings.setup,
            StandingsUses(
                s.standings, s.seasons, s.tournaments, s.achievements, s.server_settings, s.world
            ),
        ),
        plugin(server_settings.setup, ServerSettingsUses(s.server_settings, round_defaults)),
        plugin(
            daily.setup,
            DailyUses(s.daily, s.server_settings, s.pictures, s.lexicons, s.clock, s.daily_poster),
        ),
        plugin(
            tournaments.setup,
            TournamentsUses(s.tournaments, s.rounds, s.server_settings, s.clock),
        ),
        plugin(battles.setup, BattlesUses(s.battles, s.server_settings)),  # joins /boggle-config
        plugin(seasons.setup, SeasonsUses(s.seasons, s.server_settings)),  # joins too
        plugin(achievements.setup, s.achievements),
        plugin(world.setup, world_uses),  # joins /boggle-config too
    )


def discord_ports(client: BoggleBot) -> Ports:
    """What the services ask of Discord that is not a post: players' names, whether the client
    is closing (what they owe goes on the outbox, sent by the features' Discord sides; the
    rounds' channels listen to the rounds' events: ``bot.rounds.discord.channel_view``)."""
    return Ports(member_names(client), lambda: client.closing)


def page_sides(s: Services) -> list[PageRoutes]:
    """Each feature's page side (its handlers of the page's messages) given what it uses: its
    own service and the few shared things it needs. Imported when the page is served."""
    from bot.achievements import web as achievements
    from bot.daily import web as daily
    from bot.definitions import web as definitions
    from bot.rounds import web as rounds
    from bot.standings import web as standings
    from bot.world import web as world

    return [
        rounds.routes(s.rounds, s.server_settings, s.clock),
        daily.routes(s.daily),
        definitions.routes(s.definitions),
        standings.routes(s.seasons, s.standings),
        achievements.routes(s.achievements.events),
        world.routes(s.world, s.server_settings),
    ]
