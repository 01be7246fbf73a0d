"""REST API v10: the routes a bot uses, with Discord's permission checks and error answers.

Route templates use discord.py's parameter names, so a recorded call's ``route`` reads like
``POST /channels/{channel_id}/messages`` and fault patterns can be copied from discord.py.
"""

from __future__ import annotations

import asyncio
import json
import mimetypes
import time
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any

from aiohttp import web
from aiohttp.web_urldispatcher import MatchInfoError

from . import payloads
from .actions import Actions, normalise_embeds
from .errors import (
    ApiError,
    invalid_form,
    json_response,
    missing_access,
    missing_permissions,
    unknown_channel,
    unknown_interaction,
    unknown_message,
    unknown_webhook,
)
from .faults import Faults, bucket_hash, fault_response
from .interactions import CommandRegistry, InteractionHandle
from .recorder import ApiCall, Recorder
from .state import Attachment, Channel, Perm, StoredMessage, World, new_snowflake

API_PREFIX = "/api/v10"
# The middleware reads the body once (to record it); handlers run in the same context.
_REQUEST_BODY: ContextVar[tuple[Any, list[Attachment]]] = ContextVar("standin_request_body")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
MAX_CONTENT = 2000


class Rest:
    """The aiohttp routes and the middleware that records calls and injects faults."""

    def __init__(
        self,
        world: World,
        recorder: Recorder,
        faults: Faults,
        commands: CommandRegistry,
        actions: Actions,
        *,
        token: str | None,
        gateway_url: Callable[[], str],
        shards: int,
    ) -> None:
        self.world = world
        self.recorder = recorder
        self.faults = faults
        self.commands = commands
        self.actions = actions
        self.token = token
        self.gateway_url = gateway_url
        self.shards = shards
        self.interactions: dict[int, InteractionHandle] = {}

    # wiring

    def routes(self) -> list[web.RouteDef]:
        api = API_PREFIX
        msg = "/channels/{channel_id}/messages/{message_id}"
        webhook = "/webhooks/{webhook_id}/{webhook_token}"
        commands = "/applications/{application_id}/commands"
        guild_commands = "/applications/{application_id}/guilds/{guild_id}/commands"
        table = [
            ("GET", "/gateway", self.get_gateway),
            ("GET", "/gateway/bot", self.get_gateway_bot),
            ("GET", "/users/@me", self.get_me),
            ("GET", "/oauth2/applications/@me", self.get_application),
            ("GET", "/applications/@me", self.get_application),
            ("POST", "/users/@me/channels", self.create_dm),
            ("GET", "/users/{user_id}", self.get_user),
            *(
                (method, scope, handler)
                for scope in (commands, guild_commands)
                for method, handler in (
                    ("GET", self.get_commands),
                    ("PUT", self.put_commands),
                    ("POST", self.post_command),
                )
            ),
            ("GET", "/guilds/{guild_id}", self.get_guild),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("POST", "/channels/{channel_id}/typing", self.typing),
            ("GET", "/channels/{channel_id}/messages", self.get_messages),
            ("POST", "/channels/{channel_id}/messages", self.create_message),
            ("POST", "/channels/{channel_id}/messages/bulk-delete", self.bulk_delete),
            ("GET", msg, self.get_message),
            ("PATCH", msg, self.edit_message),
            ("DELETE", msg, self.delete_message),
            ("DELETE", msg + "/reactions", self.clear_reactions),
            ("PUT", msg + "/reactions/{emoji}/@me", self.add_reaction),
            ("DELETE", msg + "/reactions/{emoji}/@me", self.remove_own_reaction),
            ("DELETE", msg + "/reactions/{emoji}/{member_id}", self.remove_reaction),
            ("POST", "/interactions/{webhook_id}/{webhook_token}/callback", self.callback),
            ("POST", webhook, self.followup),
            *(
                (method, f"{webhook}/messages/{which}", handler)
                for which in ("@original", "{message_id}")  # the literal route first
                for method, handler in (
                    ("GET", self.get_webhook_message),
                    ("PATCH", self.edit_webhook_message),
                    ("DELETE", self.delete_webhook_message),
                )
            ),
        ]
        defs = [web.route(method, api + path, handler) for method, path, handler in table]
        defs.append(web.get("/attachments/{attachment_id}/{filename}", self.download))
        return defs

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Record the call, apply injected faults, and turn ApiError into Discord's JSON."""
        info = request.match_info
        unknown = isinstance(info, MatchInfoError)
        if not unknown and not request.path.startswith(API_PREFIX):
            return await handler(request)  # the gateway websocket, attachment downloads
        route = request.path if unknown else info.route.resource.canonical  # type: ignore[union-attr]
        route = route.removeprefix(API_PREFIX)
        path = request.path.removeprefix(API_PREFIX)
        body, files = await read_body(request)
        call = ApiCall(
            request.method,
            route,
            path,
            dict(request.query),
            body,
            [(f.filename, f.data) for f in files],
        )
        _REQUEST_BODY.set((body, files))
        response: web.StreamResponse
        if unknown:
            response = json_response({"message": "404: Not Found", "code": 0}, status=404)
            self.recorder.unknown_routes.append(call)
        else:
            delay, fault = self.faults.take(request.method, route, path)
            if delay:
                await asyncio.sleep(delay)
            if fault is not None:
                response = fault_response(fault, f"{request.method} {route}")
            else:
                try:
                    self._check_auth(request, route)
                    response = await handler(request)
                except ApiError as exc:
                    response = exc.response()
                if 200 <= response.status < 300 and route.startswith("/"):
                    _add_ratelimit_headers(response, f"{request.method} {route}")
        call.status = response.status
        self.recorder.record_call(call)
        return response

    def _check_auth(self, request: web.Request, route: str) -> None:
        if route.startswith(("/webhooks/", "/interactions/", "/attachments/")):
            return
        auth = request.headers.get("Authorization", "")
        if not auth.startswith("Bot ") or (self.token is not None and auth != f"Bot {self.token}"):
            raise ApiError(401, 0, "401: Unauthorized")

    # lookups

    def _channel(self, request: web.Request) -> Channel:
        channel = self.world.channels.get(_int(request.match_info["channel_id"]))
        if channel is None or channel.deleted:
            raise unknown_channel()
        return channel

    def _require(self, channel: Channel, *perms: int) -> None:
        have = self.world.permissions(channel.id, self.world.bot.id)
        if not have & Perm.VIEW_CHANNEL:
            raise missing_access()
        for perm in perms:
            if not have & perm:
                raise missing_permissions()

    def _message(self, channel: Channel, message_id: str) -> StoredMessage:
        msg = self.world.messages.get(_int(message_id))
        if msg is None or msg.deleted or msg.channel_id != channel.id or msg.ephemeral:
            raise unknown_message()
        return msg

    def _can(self, channel: Channel, perm: int) -> bool:
        return bool(self.world.permissions(channel.id, self.world.bot.id) & perm)

    # gateway, identity, commands

    async def get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.gateway_url()})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "url": self.gateway_url(),
                "shards": self.shards,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 999,
                    "reset_after": 14_400_000,
                    "max_concurrency": 1,
                },
            }
        )

    async def get_me(self, request: web.Request) -> web.Response:
        me = payloads.user(self.world.bot) | {"verified": True, "mfa_enabled": False}
        return json_response(me)

    async def get_application(self, request: web.Request) -> web.Response:
        owner = next(iter(self.world.guilds.values())).owner_id if self.world.guilds else None
        owner_user = self.world.users[owner] if owner else self.world.bot
        return json_response(
            {
                "id": str(self.world.application_id),
                "name": self.world.bot.username,
                "description": "Discord stand-in application",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": payloads.user(owner_user),
                "verify_key": "0" * 64,
                "flags": 0,
                "bot": payloads.user(self.world.bot),
            }
        )

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.world.users.get(_int(request.match_info["user_id"]))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return json_response(payloads.user(user))

    def _command_scope(self, request: web.Request) -> int | None:
        if _int(request.match_info["application_id"]) != self.world.application_id:
            raise ApiError(403, 50001, "Missing Access")
        guild_id = request.match_info.get("guild_id")
        if guild_id is None:
            return None
        if _int(guild_id) not in self.world.guilds:
            raise ApiError(403, 50001, "Missing Access")
        return _int(guild_id)

    async def get_commands(self, request: web.Request) -> web.Response:
        return json_response(self.commands.commands(self._command_scope(request)))

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        body = _body()
        if not isinstance(body, list):
            raise invalid_form("_root", "LIST_TYPE_CONVERT", "Must be a list.")
        return json_response(self.commands.overwrite(scope, body))

    async def post_command(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        return json_response(self.commands.upsert(scope, _body()), status=201)

    # guilds and channels

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self.world.guilds.get(_int(request.match_info["guild_id"]))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        data = payloads.guild_create(self.world, guild)
        for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at"):
            data.pop(key, None)
        return json_response(data)

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self.world.guilds.get(_int(request.match_info["guild_id"]))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        member = guild.members.get(_int(request.match_info["user_id"]))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return json_response(payloads.member(member))

    async def get_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel.guild_id is not None:
            self._require(channel)
        return json_response(payloads.channel(self.world, channel))

    async def create_dm(self, request: web.Request) -> web.Response:
        body = _body() or {}
        user = self.world.users.get(_int(str(body.get("recipient_id", "0"))))
        if user is None:
            raise invalid_form("recipient_id", "NUMBER_TYPE_COERCE", "Value is not snowflake.")
        if user.bot:
            raise ApiError(400, 50007, "Cannot send messages to this user")
        return json_response(payloads.channel(self.world, self.world.dm_channel(user.id)))

    async def typing(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel.guild_id is not None:
            self._require(channel, Perm.SEND_MESSAGES)
        return web.Response(status=204)

    # messages

    async def get_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel.guild_id is not None:
            self._require(channel, Perm.READ_MESSAGE_HISTORY)
        limit = min(int(request.query.get("limit", 50)), 100)
        msgs = [
            m
            for m in self.world.messages.values()
            if m.channel_id == channel.id and not m.deleted and not m.ephemeral
        ]
        if "before" in request.query:
            msgs = [m for m in msgs if m.id < int(request.query["before"])]
        if "after" in request.query:
            msgs = [m for m in msgs if m.id > int(request.query["after"])]
            msgs = msgs[:limit]
        msgs = sorted(msgs, key=lambda m: m.id, reverse=True)[:limit]
        return json_response([self.actions.payload(m) for m in msgs])

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel.guild_id is not None:
            self._require(channel, Perm.READ_MESSAGE_HISTORY)
        msg = self._message(channel, request.match_info["message_id"])
        return json_response(self.actions.payload(msg))

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body = _body() or {}
        files: list[Attachment] = _files()
        guild_channel = channel.guild_id is not None
        if guild_channel:
            self._require(channel, Perm.SEND_MESSAGES)
            if files:
                self._require(channel, Perm.ATTACH_FILES)
        content = body.get("content") or ""
        embeds = normalise_embeds(body.get("embeds") or [])
        if embeds and guild_channel and not self._can(channel, Perm.EMBED_LINKS):
            # Discord refuses an embed-only message, and silently drops embeds otherwise.
            if not content and not files:
                raise missing_permissions()
            embeds = []
        _check_message(content, embeds, files, body)
        reference_id = None
        if body.get("message_reference"):
            ref = body["message_reference"]
            reference_id = _int(str(ref.get("message_id")))
            target = self.world.messages.get(reference_id)
            if target is None or target.channel_id != channel.id or target.deleted:
                if ref.get("fail_if_not_exists", True):
                    raise invalid_form(
                        "message_reference", "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message"
                    )
                reference_id = None
            elif guild_channel:
                self._require(channel, Perm.READ_MESSAGE_HISTORY)
        msg = await self.actions.create(
            channel,
            self.world.bot,
            content=content,
            embeds=embeds,
            attachments=files,
            components=body.get("components") or [],
            flags=int(body.get("flags") or 0) & ~StoredMessage.EPHEMERAL,
            type_=19 if reference_id else 0,
            reference_id=reference_id,
        )
        return json_response(self.actions.payload(msg))

    async def edit_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        msg = self._message(channel, request.match_info["message_id"])
        body = _body() or {}
        if msg.author.id != self.world.bot.id:
            if set(body) - {"flags"}:
                raise ApiError(403, 50005, "Cannot edit a message authored by another user")
            self._require(channel, Perm.MANAGE_MESSAGES)
        files: list[Attachment] = _files()
        if files and channel.guild_id is not None:
            self._require(channel, Perm.ATTACH_FILES)
        if "content" in body and len(body["content"] or "") > MAX_CONTENT:
            raise _too_long()
        await self.actions.edit(msg, body, files)
        return json_response(self.actions.payload(msg))

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        msg = self._message(channel, request.match_info["message_id"])
        if msg.author.id != self.world.bot.id and channel.guild_id is not None:
            self._require(channel, Perm.MANAGE_MESSAGES)
        await self.actions.delete(msg)
        return web.Response(status=204)

    async def bulk_delete(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        self._require(channel, Perm.MANAGE_MESSAGES)
        ids = (_body() or {}).get("messages") or []
        if not 2 <= len(ids) <= 100:
            raise invalid_form("messages", "BASE_TYPE_BAD_LENGTH", "Must be between 2 and 100.")
        msgs = [self._message(channel, str(i)) for i in ids]
        await self.actions.bulk_delete(channel, msgs)
        return web.Response(status=204)

    # reactions

    def _reaction_target(self, request: web.Request) -> tuple[Channel, StoredMessage, str]:
        channel = self._channel(request)
        msg = self._message(channel, request.match_info["message_id"])
        return channel, msg, request.match_info["emoji"]

    async def add_reaction(self, request: web.Request) -> web.Response:
        channel, msg, emoji = self._reaction_target(request)
        if channel.guild_id is not None:
            self._require(channel, Perm.READ_MESSAGE_HISTORY)
            if emoji not in msg.reactions:
                self._require(channel, Perm.ADD_REACTIONS)
        await self.actions.react(msg, self.world.bot.id, emoji)
        return web.Response(status=204)

    async def remove_own_reaction(self, request: web.Request) -> web.Response:
        _, msg, emoji = self._reaction_target(request)
        await self.actions.unreact(msg, self.world.bot.id, emoji)
        return web.Response(status=204)

    async def remove_reaction(self, request: web.Request) -> web.Response:
        channel, msg, emoji = self._reaction_target(request)
        self._require(channel, Perm.MANAGE_MESSAGES)
        await self.actions.unreact(msg, _int(request.match_info["member_id"]), emoji)
        return web.Response(status=204)

    async def clear_reactions(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        msg = self._message(channel, request.match_info["message_id"])
        self._require(channel, Perm.MANAGE_MESSAGES)
        for emoji, users in list(msg.reactions.items()):
            for user_id in list(users):
                await self.actions.unreact(msg, user_id, emoji)
        return web.Response(status=204)

    # interactions and webhooks

    def _interaction(self, request: web.Request, *, by_id: bool) -> InteractionHandle:
        token = request.match_info["webhook_token"]
        if by_id:
            handle = self.interactions.get(_int(request.match_info["webhook_id"]))
            if handle is None or handle.token != token:
                raise unknown_interaction()
        else:
            if _int(request.match_info["webhook_id"]) != self.world.application_id:
                raise unknown_webhook()
            handle = next((h for h in self.interactions.values() if h.token == token), None)
            if handle is None:
                raise unknown_webhook()
        if handle.expired:
            if by_id:
                raise unknown_interaction()
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return handle

    async def callback(self, request: web.Request) -> web.Response:
        handle = self._interaction(request, by_id=True)
        if handle.responded:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        body = _body() or {}
        kind = int(body.get("type", 0))
        data = body.get("data") or {}
        files: list[Attachment] = _files()
        channel = self.world.channels[handle.channel_id]
        if channel.deleted:
            raise unknown_channel()
        if kind not in (4, 5, 6, 7, 9):
            raise invalid_form("type", "BASE_TYPE_CHOICES", "Value must be one of (4, 5, 6, 7, 9).")
        ephemeral = bool(int(data.get("flags") or 0) & StoredMessage.EPHEMERAL)
        msg: StoredMessage | None = None
        if kind in (4, 5):
            content = data.get("content") or ""
            embeds = normalise_embeds(data.get("embeds") or [])
            if kind == 4:
                _check_message(content, embeds, files, data)
            flags = int(data.get("flags") or 0) & (StoredMessage.EPHEMERAL | 4096)
            if kind == 5:
                flags |= StoredMessage.LOADING
            handle.callback = body
            msg = await self.actions.create(
                channel,
                self.world.bot,
                content=content if kind == 4 else "",
                embeds=embeds if kind == 4 else [],
                attachments=files if kind == 4 else [],
                components=(data.get("components") or []) if kind == 4 else [],
                flags=flags,
                type_=20 if handle.kind == "command" else 0,
                ephemeral_for=handle.user_id if ephemeral else None,
                interaction_id=handle.id,
                interaction_user_id=handle.user_id,
                webhook_id=self.world.application_id,
            )
            handle.original = msg
        elif kind == 7:
            target = self.world.messages.get(handle.message_id or 0)
            if target is None or target.deleted:
                raise unknown_message()
            handle.callback = body
            msg = await self.actions.edit(target, data, files)
            handle.original = msg
        else:
            handle.callback = body
            if kind == 6 and handle.message_id is not None:
                handle.original = self.world.messages.get(handle.message_id)
        handle.changes.notify()
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(handle.id),
                "type": 2 if handle.kind == "command" else 3,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(msg and msg.ephemeral),
            }
        }
        if msg is not None:
            answer["interaction"]["response_message_id"] = str(msg.id)
            answer["resource"] = {"type": kind, "message": self.actions.payload(msg)}
        return json_response(answer)

    async def followup(self, request: web.Request) -> web.Response:
        handle = self._interaction(request, by_id=False)
        if not handle.responded:
            raise unknown_webhook()
        body = _body() or {}
        files: list[Attachment] = _files()
        channel = self.world.channels[handle.channel_id]
        if channel.deleted:
            raise unknown_channel()
        content = body.get("content") or ""
        embeds = normalise_embeds(body.get("embeds") or [])
        _check_message(content, embeds, files, body)
        ephemeral = bool(int(body.get("flags") or 0) & StoredMessage.EPHEMERAL)
        msg = await self.actions.create(
            channel,
            self.world.bot,
            content=content,
            embeds=embeds,
            attachments=files,
            components=body.get("components") or [],
            flags=int(body.get("flags") or 0) & (StoredMessage.EPHEMERAL | 4096),
            ephemeral_for=handle.user_id if ephemeral else None,
            interaction_id=handle.id,
            interaction_user_id=handle.user_id,
            webhook_id=self.world.application_id,
        )
        handle.followups.append(msg)
        handle.changes.notify()
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(self.actions.payload(msg))
        return web.Response(status=204)

    def _webhook_message(self, request: web.Request) -> tuple[InteractionHandle, StoredMessage]:
        handle = self._interaction(request, by_id=False)
        message_id = request.match_info.get("message_id")
        if message_id is None:  # @original
            msg = handle.original
        else:
            msg = next((m for m in handle.followups if m.id == _int(message_id)), None)
            if (
                msg is None
                and handle.original is not None
                and handle.original.id == _int(message_id)
            ):
                msg = handle.original
        if msg is None or msg.deleted:
            raise unknown_message()
        return handle, msg

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        _, msg = self._webhook_message(request)
        return json_response(self.actions.payload(msg))

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        handle, msg = self._webhook_message(request)
        body = _body() or {}
        if "content" in body and len(body["content"] or "") > MAX_CONTENT:
            raise _too_long()
        if "embeds" in body:
            body = body | {"embeds": normalise_embeds(body["embeds"] or [])}
        await self.actions.edit(msg, body, _files())
        handle.changes.notify()
        return json_response(self.actions.payload(msg))

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        handle, msg = self._webhook_message(request)
        await self.actions.delete(msg)
        handle.changes.notify()
        return web.Response(status=204)

    async def download(self, request: web.Request) -> web.Response:
        attachment_id = _int(request.match_info["attachment_id"])
        for msg in self.world.messages.values():
            for att in msg.attachments:
                if att.id == attachment_id:
                    return web.Response(
                        body=att.data,
                        headers={"Content-Type": att.content_type or "application/octet-stream"},
                    )
        return web.Response(status=404)


def _body() -> Any:
    return _REQUEST_BODY.get()[0]


def _files() -> list[Attachment]:
    return _REQUEST_BODY.get()[1]


def _int(value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise invalid_form(
            "id", "NUMBER_TYPE_COERCE", f"Value {value!r} is not snowflake."
        ) from None


def _too_long() -> ApiError:
    return invalid_form(
        "content", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CONTENT} or fewer in length."
    )


def _check_message(content: str, embeds: list, files: list, body: dict) -> None:
    """Discord's refusals for an empty or over-long message."""
    if len(content) > MAX_CONTENT:
        raise _too_long()
    if not (content or embeds or files or body.get("components") or body.get("sticker_ids")):
        raise ApiError(400, 50006, "Cannot send an empty message")


def _add_ratelimit_headers(response: web.StreamResponse, route: str) -> None:
    """The headers Discord sends on every answer; generous so the client never waits."""
    response.headers["X-RateLimit-Limit"] = "50"
    response.headers["X-RateLimit-Remaining"] = "49"
    response.headers["X-RateLimit-Reset"] = f"{time.time() + 1:.3f}"
    response.headers["X-RateLimit-Reset-After"] = "1.000"
    response.headers["X-RateLimit-Bucket"] = bucket_hash(route)


async def read_body(request: web.Request) -> tuple[Any, list[Attachment]]:
    """JSON body, or multipart ``payload_json`` plus ``files[n]`` (as discord.py sends them)."""
    if not request.can_read_body:
        return None, []
    if request.content_type.startswith("multipart/"):
        reader = await request.multipart()
        body: Any = None
        indexed: dict[int, Attachment] = {}
        while (part := await reader.next()) is not None:
            if part.name == "payload_json":
                body = json.loads(await part.text())  # type: ignore[union-attr]
            elif part.name and part.name.startswith("files["):
                index = int(part.name[6:-1])
                data = await part.read()  # type: ignore[union-attr]
                filename = part.filename or f"file{index}"  # type: ignore[union-attr]
                indexed[index] = Attachment(
                    new_snowflake(), filename, bytes(data), mimetypes.guess_type(filename)[0]
                )
        described = {}
        for att in (body or {}).get("attachments") or []:
            if isinstance(att, dict) and "id" in att:
                described[str(att["id"])] = att
        files = []
        for index in sorted(indexed):
            att = indexed[index]
            meta = described.get(str(index), {})
            att.description = meta.get("description")
            files.append(att)
        return body, files
    raw = await request.read()
    if not raw:
        return None, []
    return json.loads(raw), []
