"""``StandIn``: a Discord-compatible server on 127.0.0.1 for end-to-end tests and the sandbox.

It holds a world (guilds, channels, members), serves REST v10 and the gateway, records what
the bot did, and offers test helpers that act as people do: type in a channel, run a slash
command, click a button, fill in a modal, react.

The driver, in the calls a bot test makes (``standin`` a running ``StandIn``):

* a command in a server: ``h = await standin.slash("boggle", "alice", "daily")``;
  in the DM with the bot: ``standin.slash(standin.dm_with("alice"), "alice", "daily")``;
  as a user install: ``standin.install_for("alice")``, then in a server without the bot
  (``standin.channel_in(standin.add_foreign_guild("Elsewhere").id, "general")``) or a private
  channel (``standin.add_private_channel("alice", "bob")``). A command the place does not
  allow (its ``contexts``, ``integration_types``, or no install there) raises ``CommandError``.
* the answer: ``await h.response()``, ``await h.original_message()``, ``await h.followup(0)``;
  what one person sees: ``standin.seen_by("alice", channel)`` (the channel plus her ephemeral
  messages), ``standin.ephemerals("alice")``, ``await standin.wait_for_ephemeral("alice",
  predicate)`` (re-read a message's ``content``/``components``/``edits`` as it is edited).
* a click, also on an ephemeral message (its own user only): ``await standin.click(msg,
  "alice", custom_id)``.
* a modal: ``modal = await h.shown_modal()``; ``s = await standin.submit_modal(h, {"word":
  "cat"})`` (checked as the client checks: required, min/max length), then ``s.response()``...
* time: ``standin.pass_time(15 * 60)`` expires every token issued before.
"""

from __future__ import annotations

import socket
from collections.abc import Callable
from typing import Any

from aiohttp import web

from .actions import Actions
from .activities import Activities
from .clock import Clock
from .codes import CommandType, ComponentType, InteractionType, MessageFlag
from .faults import Faults
from .gateway import Gateway, Intent
from .installs import Reach, reach_command, reach_place
from .interactions import (
    TOKEN_LIFETIME,
    CommandError,
    CommandRegistry,
    InteractionHandle,
    build_options,
    interaction_payload,
    new_handle,
)
from .modals import submission
from .recorder import ApiCall, Changes, Recorder, TranscriptEntry
from .rest import Rest
from .shards import GUILDS_PER_SHARD
from .state import Channel, Guild, Perm, StoredMessage, User, World


class StandIn:
    """The server. ``await start()``, point discord.py at ``api_base``/``gateway_url``, ``await stop()``."""

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
    ) -> None:
        """``token`` None accepts any token; ``refuse_privileged_intents`` makes IDENTIFY with
        a privileged intent (message content, members, presences) close with 4014, as Discord
        does when the intent is not enabled for the application. ``commands`` are those the
        application synced before (a saved world's). A session that would hold more than
        ``guilds_per_shard`` guilds is closed with 4011 (Sharding required), and
        ``GET /gateway/bot`` recommends a shard per ``guilds_per_shard`` guilds."""
        self.world = world or World.default()
        self.changes = Changes()
        self.recorder = Recorder(self.world, self.changes)
        self.faults = Faults()
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
        )
        self._host = host
        self._port = port
        self._runner: web.AppRunner | None = None

    # lifecycle

    async def start(self) -> None:
        app = web.Application(middlewares=[self.rest.middleware], client_max_size=64 * 1024 * 1024)
        app.add_routes(self.rest.routes())
        app.router.add_get("/gateway", self.gateway.handle)
        self._runner = web.AppRunner(
            app, handle_signals=False, access_log=None, shutdown_timeout=1.0
        )
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self._host, self._port))
        self._port = sock.getsockname()[1]
        site = web.SockSite(self._runner, sock)
        await site.start()
        self.gateway.url = self.gateway_url

    async def stop(self) -> None:
        if self._runner is None:
            return
        await self.gateway.shutdown()
        await self._runner.cleanup()
        self._runner = None

    async def __aenter__(self) -> StandIn:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

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

    # people acting

    def user(self, user: int | str) -> User:
        return self.world.resolve_user(user)

    def channel(self, channel: int | str) -> Channel:
        return self.world.resolve_channel(channel)

    def channel_in(self, guild: int | str, channel: str) -> int:
        """The id of ``#channel`` in ``guild`` (by name or id), for the helpers below when
        several guilds have a channel of that name: ``user_says(channel_in("Shard 1",
        "boggle"), "alice", "hi")``."""
        return self.world.channel_in(guild, channel).id

    def mention(self, user: int | str) -> str:
        """``<@id>``, as a client writes a mention."""
        return f"<@{self.user(user).id}>"

    async def user_says(
        self, channel: int | str, user: int | str, content: str, *, reply_to: int | None = None
    ) -> StoredMessage:
        """A person types ``content`` in ``channel``; the bot receives MESSAGE_CREATE."""
        ch = self.channel(channel)
        author = self.user(user)
        if ch.guild_id is not None and self.world.member(ch.guild_id, author.id) is None:
            raise ValueError(f"{author.username} is not a member of #{ch.name}'s guild")
        if ch.private and author.id not in ch.recipients:
            raise ValueError(f"{author.username} is not in the private channel {ch.name}")
        return await self.actions.create(ch, author, content=content, reference_id=reply_to)

    async def user_edits(self, message: StoredMessage, content: str) -> StoredMessage:
        return await self.actions.edit(message, {"content": content})

    async def user_deletes(self, message: StoredMessage) -> None:
        await self.actions.delete(message)

    async def user_dms(self, user: int | str, content: str) -> StoredMessage:
        """A person writes to the bot in a DM."""
        author = self.user(user)
        return await self.actions.create(self.world.dm_channel(author.id), author, content=content)

    async def user_reacts(self, message: StoredMessage, user: int | str, emoji: str) -> None:
        await self.actions.react(message, self.user(user).id, emoji)

    async def add_member(
        self, user: str, display_name: str | None = None, *, guild_id: int | None = None
    ) -> User:
        """A new person joins (the default: the first guild); GUILD_MEMBER_ADD is sent."""
        gid = guild_id if guild_id is not None else next(iter(self.world.guilds))
        existing = self.world.find_user(user)
        if existing is not None and self.world.member(gid, existing.id) is not None:
            return existing
        return await self.actions.add_member(gid, user, display_name)

    async def remove_member(self, user: int | str, *, guild_id: int | None = None) -> None:
        """A person leaves the guild (the default: the first); GUILD_MEMBER_REMOVE is sent, and
        ``GET /guilds/{id}/members/{user}`` answers 404 Unknown Member from then on."""
        gid = guild_id if guild_id is not None else next(iter(self.world.guilds))
        await self.actions.remove_member(gid, self.user(user).id)

    async def delete_channel(self, channel: int | str) -> None:
        """An admin deletes the channel: CHANNEL_DELETE, and 404 Unknown Channel afterwards."""
        await self.actions.delete_channel(self.channel(channel))

    def _handle(
        self, type_: InteractionType, channel: Channel, user: User, name: str, reach: Reach
    ) -> InteractionHandle:
        handle = new_handle(
            self.changes,
            type_,
            channel.id,
            user.id,
            name,
            reach=reach,
            expires_at=self.clock.now() + TOKEN_LIFETIME,
        )
        self.rest.interactions[handle.id] = handle
        return handle

    # places and installs

    def dm_with(self, user: int | str) -> int:
        """The id of the DM channel between ``user`` and the bot (made on first use)."""
        return self.world.dm_channel(self.user(user).id).id

    def add_foreign_guild(self, name: str) -> Guild:
        """A server the bot is not in (#boggle, #general; alice, bob and carol): the app
        reaches it only through a user install. No gateway event tells the bot of it."""
        return self.world.add_play_guild(name, with_bot=False)

    def add_private_channel(self, *users: int | str) -> int:
        """A DM between two people or a group DM of more (never the bot): its id."""
        return self.world.add_private_channel([self.user(u).id for u in users]).id

    def install_for(self, user: int | str) -> None:
        """``user`` adds the app to their account (a user install)."""
        self.world.user_installs.add(self.user(user).id)

    def pass_time(self, seconds: float) -> None:
        """The stand-in's clock moves on (interaction tokens live 15 minutes on it)."""
        self.clock.advance(seconds)

    def split_command(self, channel: int | str, words: list[str]) -> tuple[str, list[str]]:
        """Split typed words into the synced command's full name and the leftover words."""
        ch = self.channel(channel)
        command, path, rest = self.commands.split(words, ch.guild_id)
        return " ".join([command["name"], *(p["name"] for p in path)]), rest

    def command_options(self, channel: int | str, name: str) -> list[dict[str, Any]]:
        """The synced option definitions of a command's leaf (for parsing typed options)."""
        ch = self.channel(channel)
        command, path, rest = self.commands.split(name.split(), ch.guild_id)
        if rest:
            raise CommandError(f"unknown subcommand {' '.join(rest)!r}")
        return path[-1].get("options", []) if path else command.get("options", [])

    async def slash(
        self,
        channel: int | str,
        user: int | str,
        command: str,
        options: dict[str, Any] | None = None,
    ) -> InteractionHandle:
        """A person runs ``/command`` with ``options``; built from the commands the bot synced.

        ``channel`` may be a server's channel (the bot in it or not), the DM with the bot
        (``dm_with``) or a private channel (``add_private_channel``). Raises ``CommandError``
        where Discord's client would refuse (unknown command or option, missing required
        option, bad value, a command the member may not use: its default permissions or the
        server's overwrites, ``World.may_use_command``; a command not offered in that place:
        its ``contexts``, or no install of its ``integration_types`` reaching there).
        """
        ch = self.channel(channel)
        author = self.user(user)
        if ch.private and author.id not in ch.recipients:
            raise CommandError(f"{author.username} is not in the private channel {ch.name}")
        guild_scope = ch.guild_id if self.world.bot_is_in(ch) else None
        cmd, path, rest = self.commands.split(command.split(), guild_scope)
        if rest:
            raise CommandError(f"unknown subcommand {' '.join(rest)!r} of /{cmd['name']}")
        reach = reach_command(self.world, ch, author.id, cmd)
        if "0" in reach.owners and not self.world.may_use_command(ch.id, author.id, cmd):
            raise CommandError(f"/{cmd['name']} is not available to {author.username} here")
        tree, resolved = build_options(self.world, ch, cmd, path, options or {})
        data: dict[str, Any] = {
            "id": cmd["id"],
            "name": cmd["name"],
            "type": CommandType.CHAT_INPUT,
        }
        if tree:
            data["options"] = tree
        if resolved:
            data["resolved"] = resolved
        if "guild_id" in cmd:
            data["guild_id"] = cmd["guild_id"]
        handle = self._handle(InteractionType.APPLICATION_COMMAND, ch, author, command, reach)
        payload = interaction_payload(self.world, handle=handle, channel=ch, data=data)
        return await self._deliver(handle, payload, ch)

    async def click(
        self,
        message: StoredMessage,
        user: int | str,
        custom_id: str,
        *,
        values: list[str] | None = None,
    ) -> InteractionHandle:
        """A person clicks a button (or picks ``values`` in a select) on a bot message.

        Raises ``CommandError`` where Discord's client shows nothing to click: a message gone, or
        ephemeral for someone else, a channel the person cannot view, no such enabled component;
        and values given to a button, which has none.
        """
        ch = self.world.channels[message.channel_id]
        author = self.user(user)
        live = self.world.messages.get(message.id)
        if live is None or live.deleted or ch.deleted:
            raise CommandError(f"message {message.id} is gone")
        if live.ephemeral_for is not None and live.ephemeral_for != author.id:
            raise CommandError(f"message {message.id} is shown only to its own user")
        if (ch.guild_id is not None or ch.private) and not (
            self.world.permissions(ch.id, author.id) & Perm.VIEW_CHANNEL
        ):
            raise CommandError(f"{author.username} cannot view #{ch.name}")
        component = _find_component(live.components, custom_id)
        if component is None:
            raise CommandError(f"no component {custom_id!r} on message {message.id}")
        if component.get("disabled"):
            raise CommandError(f"component {custom_id!r} is disabled")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
        if values is not None:
            if component["type"] == ComponentType.BUTTON:
                raise CommandError(f"{custom_id!r} is a button: it takes no values")
            data["values"] = values
        place = reach_place(self.world, ch, author.id)
        if live.interaction_owners is not None:  # the installs of the interaction it answered
            place = Reach(place.context, dict(live.interaction_owners), place.app_permissions)
        handle = self._handle(InteractionType.MESSAGE_COMPONENT, ch, author, custom_id, place)
        handle.message_id = message.id
        payload = interaction_payload(
            self.world,
            handle=handle,
            channel=ch,
            data=data,
            message=self.actions.payload(message),
        )
        return await self._deliver(handle, payload, ch)

    async def submit_modal(
        self, handle: InteractionHandle, values: dict[str, str], *, user: int | str | None = None
    ) -> InteractionHandle:
        """The person ``handle``'s modal was shown to fills it in with ``values`` (by the text
        inputs' custom ids; an input left out keeps its pre-filled value) and submits it: a
        MODAL_SUBMIT interaction, answered as any other. Raises ``CommandError`` where the
        client would not submit (no modal shown, already submitted, someone else, a required
        input empty, a value too short or too long, a line break in a short input).
        """
        if handle.modal is None:
            raise CommandError(f"no modal is open for {handle.name}")
        if user is not None and self.user(user).id != handle.user_id:
            raise CommandError("a modal is shown only to the person whose interaction opened it")
        if handle.modal_submitted:
            raise CommandError(f"the modal of {handle.name} was already submitted")
        components = submission(handle.modal, values)
        ch = self.world.channels[handle.channel_id]
        author = self.world.users[handle.user_id]
        assert handle.reach is not None
        custom_id = handle.modal["custom_id"]
        submit = self._handle(InteractionType.MODAL_SUBMIT, ch, author, custom_id, handle.reach)
        submit.source = handle
        submit.message_id = handle.message_id
        handle.modal_submitted = True
        message = None
        if handle.message_id is not None and handle.message_id in self.world.messages:
            message = self.actions.payload(self.world.messages[handle.message_id])
        payload = interaction_payload(
            self.world,
            handle=submit,
            channel=ch,
            data={"custom_id": custom_id, "components": components},
            message=message,
        )
        return await self._deliver(submit, payload, ch)

    # what one person sees

    def seen_by(self, user: int | str, channel: int | str) -> list[StoredMessage]:
        """The channel's messages as ``user`` sees them now, oldest first: everyone's, and the
        ephemeral ones shown to ``user`` alone (never another person's)."""
        uid = self.user(user).id
        return [
            m for m in self.messages(channel) if m.ephemeral_for is None or m.ephemeral_for == uid
        ]

    def ephemerals(self, user: int | str, channel: int | str | None = None) -> list[StoredMessage]:
        """The ephemeral messages shown to ``user`` (in ``channel``, or anywhere), oldest first."""
        uid = self.user(user).id
        cid = None if channel is None else self.channel(channel).id
        return [
            m
            for m in self.world.messages.values()
            if m.ephemeral_for == uid and not m.deleted and cid in (None, m.channel_id)
        ]

    async def wait_for_ephemeral(
        self,
        user: int | str,
        predicate: Callable[[StoredMessage], bool] | None = None,
        timeout: float = 5.0,
        *,
        channel: int | str | None = None,
    ) -> StoredMessage:
        """The latest ephemeral message shown to ``user`` (loaded, not "thinking...") for which
        ``predicate`` holds, once there is one: edits count, so this also waits for an edit."""

        def found() -> StoredMessage | None:
            for msg in reversed(self.ephemerals(user, channel)):
                if not msg.flags & MessageFlag.LOADING and (predicate is None or predicate(msg)):
                    return msg
            return None

        return await self.changes.wait_until(found, timeout, f"an ephemeral message for {user}")

    async def _deliver(
        self, handle: InteractionHandle, payload: dict[str, Any], channel: Channel
    ) -> InteractionHandle:
        """INTERACTION_CREATE to one session of the channel's shard (none: nobody answers)."""
        session = await self.gateway.dispatch_once(
            "INTERACTION_CREATE", payload, guild_id=channel.guild_id
        )
        handle.session_id = session.id if session is not None else None
        return handle

    # waiting

    async def wait_for_message(
        self,
        channel: int | str,
        predicate: Callable[[StoredMessage], bool] | None = None,
        timeout: float = 5.0,
        *,
        after: int | None = None,
    ) -> StoredMessage:
        """The next bot message in ``channel`` (created after this call, or after message id
        ``after``) for which ``predicate`` is true."""
        cid = self.channel(channel).id
        bot_id = self.world.bot.id
        since = after if after is not None else max(self.world.messages, default=0)

        def found() -> StoredMessage | None:
            for msg in self.world.messages.values():
                if (
                    msg.id > since
                    and msg.channel_id == cid
                    and msg.author.id == bot_id
                    and not msg.flags & MessageFlag.LOADING
                    and (predicate is None or predicate(msg))
                ):
                    return msg
            return None

        return await self.changes.wait_until(found, timeout, f"a bot message in {channel}")

    async def wait_for_transcript(
        self,
        channel: int | str,
        predicate: Callable[[TranscriptEntry], bool],
        timeout: float = 5.0,
    ) -> TranscriptEntry:
        """The first transcript entry (old or new) of ``channel`` matching ``predicate``."""
        cid = self.channel(channel).id

        def found() -> TranscriptEntry | None:
            return next((e for e in self.recorder.transcripts.get(cid, []) if predicate(e)), None)

        return await self.changes.wait_until(found, timeout, f"a transcript entry in {channel}")

    async def wait_until(self, check: Callable[[], Any], timeout: float = 5.0) -> Any:
        """Wait until ``check()`` is truthy (re-checked whenever the stand-in sees something)."""
        return await self.changes.wait_until(check, timeout)

    async def wait_for_connection(
        self, timeout: float = 5.0, *, shard: tuple[int, int] | None = None
    ) -> None:
        """Until a gateway session (of ``shard``, if given) is live."""
        await self.wait_until(lambda: self.gateway.live(shard), timeout)

    # gateway faults

    async def drop_gateway(self) -> int:
        """Cut the gateway connections abruptly; the client should RESUME."""
        return await self.gateway.drop()

    async def close_gateway(self, code: int, reason: str = "") -> int:
        """Close the gateway connections with ``code`` (4014: disallowed intents...)."""
        return await self.gateway.close_with(code, reason)

    async def request_reconnect(self) -> int:
        return await self.gateway.request_reconnect()

    async def invalidate_sessions(self) -> int:
        return await self.gateway.invalidate_sessions()

    def expire_interaction(self, handle: InteractionHandle) -> None:
        """Make one interaction's token stale now (``pass_time`` expires them all by age)."""
        handle.expired = True


def _find_component(components: list[dict], custom_id: str) -> dict | None:
    for component in components:
        if component.get("custom_id") == custom_id:
            return component
        found = _find_component(component.get("components", []), custom_id)
        if found is not None:
            return found
    return None
