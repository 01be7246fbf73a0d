"""Messages and reactions in channels: the bot reading, sending, editing, deleting, reacting."""

from __future__ import annotations

import time
from typing import Any

from aiohttp import web

from standin.codes import MessageType
from standin.entities import Channel, StoredMessage
from standin.errors import ApiError, invalid_form, json_response, missing_permissions
from standin.permissions import Perm
from standin.rest import request as call
from standin.rest.drafts import MESSAGE_FLAGS, Draft, check_edit
from standin.rest.request import Route, snowflake
from standin.rest.routes import Routes

MESSAGE = "/channels/{channel_id}/messages/{message_id}"
NONCE_LIMIT = 25  # characters of a message's nonce (Discord: an integer or a string of 25 at most)
# How long a nonce sent with ``enforce_nonce`` makes a repeated create return the first message:
# Discord says "the past few minutes" and no more; the stand-in keeps two.
NONCE_WINDOW = 120.0


class MessageRoutes(Routes):
    def table(self) -> list[Route]:
        return [
            ("GET", "/channels/{channel_id}/messages", self.get_messages),
            ("POST", "/channels/{channel_id}/messages", self.create_message),
            ("POST", "/channels/{channel_id}/messages/bulk-delete", self.bulk_delete),
            ("GET", MESSAGE, self.get_message),
            ("PATCH", MESSAGE, self.edit_message),
            ("DELETE", MESSAGE, self.delete_message),
            ("DELETE", MESSAGE + "/reactions", self.clear_reactions),
            ("PUT", MESSAGE + "/reactions/{emoji}/@me", self.add_reaction),
            ("DELETE", MESSAGE + "/reactions/{emoji}/@me", self.remove_own_reaction),
            ("DELETE", MESSAGE + "/reactions/{emoji}/{member_id}", self.remove_reaction),
        ]

    # reading

    async def get_messages(self, request: web.Request) -> web.Response:
        channel = self.channel(request)
        if channel.guild_id is not None:
            self.require(channel, Perm.READ_MESSAGE_HISTORY)
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
        channel = self.channel(request)
        if channel.guild_id is not None:
            self.require(channel, Perm.READ_MESSAGE_HISTORY)
        msg = self.message(channel, request.match_info["message_id"])
        return json_response(self.actions.payload(msg))

    # writing

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self.channel(request)
        body = call.body() or {}
        draft = Draft.read(body, call.files(), MESSAGE_FLAGS)
        guild_channel = channel.guild_id is not None
        if guild_channel:
            self.require(channel, Perm.SEND_MESSAGES)
            if draft.files:
                self.require(channel, Perm.ATTACH_FILES)
        if draft.embeds and guild_channel and not self.can(channel, Perm.EMBED_LINKS):
            # Discord refuses an embed-only message, and silently drops embeds otherwise.
            if not draft.content and not draft.files:
                raise missing_permissions()
            draft.embeds = []
        draft.check(body)
        nonce = _nonce(body)
        earlier = self._nonce_sent(nonce) if body.get("enforce_nonce") else None
        if earlier is not None:  # a create repeated (a retry after a crash): the first message
            return json_response(self.actions.payload(earlier))
        reference_id = self._reference(channel, body.get("message_reference"))
        msg = await draft.post(
            self.actions,
            channel,
            self.world.bot,
            type_=MessageType.REPLY if reference_id else MessageType.DEFAULT,
            reference_id=reference_id,
        )
        if nonce is not None:
            msg.nonce = nonce
            self.world.nonces[(self.world.bot.id, nonce)] = (msg.id, time.monotonic())
        return json_response(self.actions.payload(msg))

    def _nonce_sent(self, nonce: str | None) -> StoredMessage | None:
        """The bot's message created with ``nonce`` in the last NONCE_WINDOW seconds, if any."""
        if nonce is None:
            return None
        sent = self.world.nonces.get((self.world.bot.id, nonce))
        if sent is None or time.monotonic() - sent[1] > NONCE_WINDOW:
            return None
        return self.world.messages.get(sent[0])

    def _reference(self, channel: Channel, ref: dict[str, Any] | None) -> int | None:
        """The message a reply answers; None when it is gone and the bot accepts that."""
        if not ref:
            return None
        reference_id = snowflake(str(ref.get("message_id")))
        target = self.world.messages.get(reference_id)
        if target is None or target.channel_id != channel.id or target.deleted or target.ephemeral:
            if ref.get("fail_if_not_exists", True):
                raise invalid_form(
                    "message_reference", "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message"
                )
            return None
        if channel.guild_id is not None:
            self.require(channel, Perm.READ_MESSAGE_HISTORY)
        return reference_id

    async def edit_message(self, request: web.Request) -> web.Response:
        channel = self.channel(request)
        msg = self.message(channel, request.match_info["message_id"])
        body = call.body() or {}
        if msg.author.id != self.world.bot.id:
            if set(body) - {"flags"}:
                raise ApiError(403, 50005, "Cannot edit a message authored by another user")
            self.require(channel, Perm.MANAGE_MESSAGES)
        files = call.files()
        if files and channel.guild_id is not None:
            self.require(channel, Perm.ATTACH_FILES)
        check_edit(body)
        await self.actions.edit(msg, body, files)
        return json_response(self.actions.payload(msg))

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self.channel(request)
        msg = self.message(channel, request.match_info["message_id"])
        if msg.author.id != self.world.bot.id and channel.guild_id is not None:
            self.require(channel, Perm.MANAGE_MESSAGES)
        await self.actions.delete(msg)
        return web.Response(status=204)

    async def bulk_delete(self, request: web.Request) -> web.Response:
        channel = self.channel(request)
        self.require(channel, Perm.MANAGE_MESSAGES)
        ids = (call.body() or {}).get("messages") or []
        if not 2 <= len(ids) <= 100:
            raise invalid_form("messages", "BASE_TYPE_BAD_LENGTH", "Must be between 2 and 100.")
        msgs = [self.message(channel, str(i)) for i in ids]
        await self.actions.bulk_delete(channel, msgs)
        return web.Response(status=204)

    # reactions

    def _reaction_target(self, request: web.Request) -> tuple[Channel, StoredMessage, str]:
        channel = self.channel(request)
        msg = self.message(channel, request.match_info["message_id"])
        return channel, msg, request.match_info["emoji"]

    async def add_reaction(self, request: web.Request) -> web.Response:
        channel, msg, emoji = self._reaction_target(request)
        if channel.guild_id is not None:
            self.require(channel, Perm.READ_MESSAGE_HISTORY)
            if emoji not in msg.reactions:
                self.require(channel, Perm.ADD_REACTIONS)
        await self.actions.react(msg, self.world.bot.id, emoji)
        return web.Response(status=204)

    async def remove_own_reaction(self, request: web.Request) -> web.Response:
        _, msg, emoji = self._reaction_target(request)
        await self.actions.unreact(msg, self.world.bot.id, emoji)
        return web.Response(status=204)

    async def remove_reaction(self, request: web.Request) -> web.Response:
        channel, msg, emoji = self._reaction_target(request)
        self.require(channel, Perm.MANAGE_MESSAGES)
        await self.actions.unreact(msg, snowflake(request.match_info["member_id"]), emoji)
        return web.Response(status=204)

    async def clear_reactions(self, request: web.Request) -> web.Response:
        channel = self.channel(request)
        msg = self.message(channel, request.match_info["message_id"])
        self.require(channel, Perm.MANAGE_MESSAGES)
        for emoji, users in list(msg.reactions.items()):
            for user_id in list(users):
                await self.actions.unreact(msg, user_id, emoji)
        return web.Response(status=204)

    # attachments, served outside the API as Discord's CDN serves them

    async def download(self, request: web.Request) -> web.Response:
        attachment_id = snowflake(request.match_info["attachment_id"])
        for msg in self.world.messages.values():
            for att in msg.attachments:
                if att.id == attachment_id:
                    return web.Response(
                        body=att.data,
                        headers={"Content-Type": att.content_type or "application/octet-stream"},
                    )
        return web.Response(status=404)


def _nonce(body: dict[str, Any]) -> str | None:
    """The body's ``nonce`` as a string; a 50035 for one longer than Discord takes."""
    nonce = body.get("nonce")
    if nonce is None:
        return None
    if not isinstance(nonce, (str, int)) or len(str(nonce)) > NONCE_LIMIT:
        raise invalid_form("nonce", "BASE_TYPE_BAD_LENGTH", "Must be 25 or fewer in length.")
    return str(nonce)
