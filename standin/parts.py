"""The parts of a stand-in (world, recorder, gateway, REST, clock) and what it recorded.

``StandIn`` (``server.py``) is built on this, with ``People`` (people acting) and ``Invoking``
(commands, clicks, modals): each reads the world and records through the parts held here.
"""

from __future__ import annotations

from collections.abc import Callable

from aiohttp import web

from standin.actions import Actions
from standin.activities import Activities
from standin.clock import Clock
from standin.commands import CommandRegistry
from standin.entities import Channel, StoredMessage, User
from standin.faults import Faults
from standin.gateway import Gateway, Intent
from standin.interactions import ANSWER_WINDOW
from standin.rate_limits import RateLimits
from standin.recorder import ApiCall, Changes, Recorder, TranscriptEntry
from standin.rest import Rest
from standin.shards import GUILDS_PER_SHARD
from standin.state import World


class StandInParts:
    """What every part of the stand-in's driver shares; not used alone."""

    def __init__(
        self,
        world: World | None = None,
        *,
        commands: CommandRegistry | None = None,
        token: str | None = None,
        refuse_privileged_intents: bool = False,
        guilds_per_shard: int = GUILDS_PER_SHARD,
        host: str = "127.0.0.1",
        port: int = 0,
        answer_window: float = ANSWER_WINDOW,
    ) -> None:
        """``token`` None accepts any token; ``refuse_privileged_intents`` makes IDENTIFY with
        a privileged intent (message content, members, presences) close with 4014, as Discord
        does when the intent is not enabled for the application. ``commands`` are those the
        application synced before (a saved world's). A session that would hold more than
        ``guilds_per_shard`` guilds is closed with 4011 (Sharding required), and
        ``GET /gateway/bot`` recommends a shard per ``guilds_per_shard`` guilds.
        ``answer_window`` (also settable later, as ``self.answer_window``) is how long the bot
        has to answer an interaction first (Discord's 3 seconds); a callback later gets 10062
        Unknown interaction."""
        self.answer_window = answer_window
        self.world = world or World.default()
        self.changes = Changes()
        self.recorder = Recorder(self.world, self.changes)
        self.faults = Faults()
        self.rate_limits = RateLimits()  # Discord's per-channel buckets, once enable()d
        self.clock = Clock()
        self.commands = commands or CommandRegistry(self.world.application_id)
        self.gateway = Gateway(
            self.world,
            self.changes,
            token=token,
            allowed_privileged_intents=0 if refuse_privileged_intents else Intent.PRIVILEGED,
            guilds_per_shard=guilds_per_shard,
        )
        self.actions = Actions(self.world, self.recorder, self.gateway, lambda: self.base_url)
        self.activities = Activities()  # OAuth2 and Activity instances (standin/rest/oauth.py)
        self.rest = Rest(
            self.world,
            self.recorder,
            self.faults,
            self.commands,
            self.actions,
            token=token,
            gateway_url=lambda: self.gateway_url,
            gateway_bot=self.gateway.gateway_bot,
            now=self.clock.now,
            activities=self.activities,
            rate_limits=self.rate_limits,
        )
        self._host = host
        self._port = port
        self._runner: web.AppRunner | None = None

    @property
    def base_url(self) -> str:
        return f"http://{self._host}:{self._port}"

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` should be."""
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """What ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` should be."""
        return f"ws://{self._host}:{self._port}/gateway"

    # records

    @property
    def calls(self) -> list[ApiCall]:
        """Every REST call, in order."""
        return self.recorder.calls

    @property
    def unknown_routes(self) -> list[ApiCall]:
        """REST calls to routes the stand-in does not serve (a test can assert there are none)."""
        return self.recorder.unknown_routes

    @property
    def api_call_count(self) -> int:
        return self.recorder.api_call_count

    def calls_to(self, route: str) -> list[ApiCall]:
        """Calls whose ``"METHOD /route/{template}"`` (or route alone) equals ``route``."""
        method, _, path = route.rpartition(" ")
        return [c for c in self.calls if c.route == path and (not method or c.method == method)]

    def transcript(self, channel: int | str) -> list[TranscriptEntry]:
        """What happened in a channel, as people there saw it (ephemeral ones flagged)."""
        return list(self.recorder.transcripts.get(self.world.resolve_channel(channel).id, []))

    def messages(self, channel: int | str, *, include_deleted: bool = False) -> list[StoredMessage]:
        """The channel's messages now, oldest first."""
        cid = self.world.resolve_channel(channel).id
        return [
            m
            for m in self.world.messages.values()
            if m.channel_id == cid and (include_deleted or not m.deleted)
        ]

    def history(self, channel: int | str, limit: int = 50) -> list[TranscriptEntry]:
        """The channel's latest messages as a client shows them on opening it, oldest first."""
        shown = [m for m in self.messages(channel) if not m.ephemeral][-limit:]
        return [
            self.recorder.snapshot("edit" if m.edited_timestamp else "message", m) for m in shown
        ]

    def on_transcript(self, listener: Callable[[TranscriptEntry], None]) -> None:
        """Call ``listener`` for every new transcript entry (the sandbox prints them)."""
        self.recorder.listeners.append(listener)

    # looking up

    def user(self, user: int | str) -> User:
        return self.world.resolve_user(user)

    def channel(self, channel: int | str) -> Channel:
        return self.world.resolve_channel(channel)

    def channel_in(self, guild: int | str, channel: str) -> int:
        """The id of ``#channel`` in ``guild`` (by name or id), for the helpers below when
        several guilds have a channel of that name: ``user_says(channel_in("Shard 1",
        "boggle"), "alice", "hi")``."""
        return self.world.channel_in(guild, channel).id
