"""Interactions the stand-in sends to the bot (INTERACTION_CREATE), and the handle a test
keeps on each: what the bot answered, when, and whether its token still works."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from standin import payloads
from standin.codes import CallbackType, InteractionType, MessageFlag
from standin.entities import Channel, StoredMessage
from standin.ids import new_snowflake
from standin.installs import Reach
from standin.recorder import Changes
from standin.refusal import CommandError
from standin.state import World


@dataclass
class InteractionHandle:
    """An interaction the stand-in sent, and everything the bot answered to it.

    ``reach`` says where it came from (context, installs, app permissions); ``modal`` is the
    modal the bot opened in answer (callback type 9), for ``StandIn.submit_modal``; ``source``
    is the interaction whose modal a MODAL_SUBMIT answers. The token works until
    ``expires_at`` on the stand-in's clock (15 minutes; ``StandIn.pass_time`` moves it), if
    the bot answered it (the callback) by ``answer_by`` (3 seconds after it was sent, as on
    Discord; ``StandIn.answer_window``): a callback later is refused with 10062 and the token
    dies with it.
    """

    id: int
    token: str
    type: InteractionType
    channel_id: int
    user_id: int
    changes: Changes
    name: str = ""
    message_id: int | None = None  # the message whose component was used
    callback: dict[str, Any] | None = None
    original: StoredMessage | None = None
    followups: list[StoredMessage] = field(default_factory=list)
    expired: bool = False
    session_id: str | None = None  # the one gateway session it was sent to
    reach: Reach | None = None
    modal: dict[str, Any] | None = None
    modal_submitted: bool = False
    source: InteractionHandle | None = None
    expires_at: float = float("inf")
    answer_by: float = float("inf")
    activity_instance_id: str | None = None  # the Activity a LAUNCH_ACTIVITY answer opened

    @property
    def callback_type(self) -> int | None:
        return None if self.callback is None else self.callback.get("type")

    @property
    def responded(self) -> bool:
        return self.callback is not None

    @property
    def deferred(self) -> bool:
        return self.callback_type in (
            CallbackType.DEFERRED_CHANNEL_MESSAGE,
            CallbackType.DEFERRED_UPDATE_MESSAGE,
        )

    @property
    def ephemeral(self) -> bool:
        """Whether the original response is visible only to the user who invoked it."""
        return self.original is not None and self.original.ephemeral

    async def response(self, timeout: float = 5.0) -> dict[str, Any]:
        """The callback body (``{"type": 4, "data": {...}}``) once the bot has answered."""
        await self.changes.wait_until(lambda: self.responded, timeout, f"a response to {self.name}")
        assert self.callback is not None
        return self.callback

    async def suggestions(self, timeout: float = 5.0) -> list[dict[str, Any]]:
        """An autocomplete's choices, once the bot has answered it."""
        return list((await self.response(timeout))["data"]["choices"])

    async def original_message(self, timeout: float = 5.0, *, loaded: bool = True) -> StoredMessage:
        """The original response message; with ``loaded``, after a deferral has been edited."""

        def ready() -> StoredMessage | None:
            msg = self.original
            if msg is None or (loaded and msg.flags & MessageFlag.LOADING):
                return None
            return msg

        return await self.changes.wait_until(ready, timeout, f"the response to {self.name}")

    async def shown_modal(self, timeout: float = 5.0) -> dict[str, Any]:
        """The modal the bot answered with (``custom_id``, ``title``, ``components``)."""
        await self.response(timeout)
        if self.modal is None:
            raise AssertionError(f"the bot answered {self.name} with type {self.callback_type}")
        return self.modal

    async def followup(self, index: int = 0, timeout: float = 5.0) -> StoredMessage:
        """The ``index``-th followup message once it exists."""
        await self.changes.wait_until(
            lambda: len(self.followups) > index, timeout, f"followup {index} to {self.name}"
        )
        return self.followups[index]


def interaction_payload(
    world: World,
    *,
    handle: InteractionHandle,
    channel: Channel,
    data: dict[str, Any],
    message: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """INTERACTION_CREATE as Discord sends it: in a server (``member``; the bot may not be in
    it, for a user install), in the DM with the bot or a private channel (``user``)."""
    reach = handle.reach
    assert reach is not None
    payload: dict[str, Any] = {
        "id": str(handle.id),
        "application_id": str(world.application_id),
        "type": handle.type,
        "data": data,
        "token": handle.token,
        "version": 1,
        "channel_id": str(channel.id),
        "channel": payloads.channel(world, channel),
        "app_permissions": str(reach.app_permissions),
        "locale": "en-US",
        "entitlements": [],
        "attachment_size_limit": 10 * 1024 * 1024,
    }
    user = world.users[handle.user_id]
    if channel.guild_id is not None:
        member = world.member(channel.guild_id, user.id)
        if member is None:
            raise CommandError(f"{user.username} is not a member of the channel's guild")
        locale = world.guilds[channel.guild_id].preferred_locale
        payload["guild_id"] = str(channel.guild_id)
        payload["guild"] = {"id": str(channel.guild_id), "locale": locale, "features": []}
        payload["guild_locale"] = locale
        payload["member"] = payloads.member(member) | {
            "permissions": str(world.permissions(channel.id, user.id))
        }
    else:
        payload["user"] = payloads.user(user)
    payload["authorizing_integration_owners"] = dict(reach.owners)
    payload["context"] = int(reach.context)
    if message is not None:
        payload["message"] = message
    return payload


def new_handle(
    changes: Changes,
    type_: InteractionType,
    channel_id: int,
    user_id: int,
    name: str,
    *,
    reach: Reach,
    expires_at: float,
    answer_by: float,
) -> InteractionHandle:
    return InteractionHandle(
        id=new_snowflake(),
        token="standin-" + secrets.token_urlsafe(64),
        type=type_,
        channel_id=channel_id,
        user_id=user_id,
        changes=changes,
        name=name,
        reach=reach,
        expires_at=expires_at,
        answer_by=answer_by,
    )


TOKEN_LIFETIME = 15 * 60.0  # seconds an interaction's token answers (Discord's 15 minutes)
ANSWER_WINDOW = 3.0  # seconds the bot has for its first answer (the callback), as on Discord
