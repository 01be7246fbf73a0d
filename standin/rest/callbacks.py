"""The bot answering interactions: the callback, follow-ups, and its webhook messages."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aiohttp import web

from standin.actions import Actions
from standin.activities import Activities
from standin.codes import CallbackType, InteractionType, MessageFlag, MessageType
from standin.command_checks import MAX_CHOICE_VALUE, MAX_CHOICES
from standin.entities import Channel, StoredMessage
from standin.errors import (
    ApiError,
    already_acknowledged,
    bad_length,
    invalid_activity_action,
    invalid_form,
    json_response,
    not_a_list,
    not_an_object,
    required,
    too_long,
    unknown_channel,
    unknown_interaction,
    unknown_message,
    unknown_webhook,
    within,
)
from standin.interactions import InteractionHandle
from standin.localizations import MAX_CHOICE_NAME
from standin.modals import check_modal
from standin.rest import request as call
from standin.rest.drafts import ANSWER_FLAGS, DEFERRAL_FLAGS, Draft, check_edit, check_flags
from standin.rest.request import Route, snowflake
from standin.rest.routes import Routes
from standin.state import World

WEBHOOK = "/webhooks/{webhook_id}/{webhook_token}"
# Answers that edit the message a component is on: for a component's interaction only (or
# the submit of a modal a component opened).
COMPONENT_ONLY = (CallbackType.DEFERRED_UPDATE_MESSAGE, CallbackType.UPDATE_MESSAGE)
# What a modal may answer: a command or a component, not a modal submit nor an autocomplete.
MODAL_ANSWERS = (InteractionType.APPLICATION_COMMAND, InteractionType.MESSAGE_COMPONENT)
# What may launch the Activity (LAUNCH_ACTIVITY): a command, a component or a modal's submit.
LAUNCHERS = (
    InteractionType.APPLICATION_COMMAND,
    InteractionType.MESSAGE_COMPONENT,
    InteractionType.MODAL_SUBMIT,
)
# Follow-ups to one interaction that only a user install authorizes (Discord's limit).
MAX_USER_INSTALL_FOLLOWUPS = 5


class CallbackRoutes(Routes):
    def __init__(
        self, world: World, actions: Actions, now: Callable[[], float], activities: Activities
    ) -> None:
        super().__init__(world, actions)
        self.activities = activities  # where LAUNCH_ACTIVITY opens (or joins) the Activity
        self.interactions: dict[int, InteractionHandle] = {}  # every one sent to the bot, by id
        self.now = now  # the stand-in's clock: tokens expire on it

    def table(self) -> list[Route]:
        return [
            ("POST", "/interactions/{webhook_id}/{webhook_token}/callback", self.callback),
            ("POST", WEBHOOK, self.followup),
            *(
                (method, f"{WEBHOOK}/messages/{which}", handler)
                for which in ("@original", "{message_id}")  # the literal route first
                for method, handler in (
                    ("GET", self.get_webhook_message),
                    ("PATCH", self.edit_webhook_message),
                    ("DELETE", self.delete_webhook_message),
                )
            ),
        ]

    def _interaction(self, request: web.Request, *, by_id: bool) -> InteractionHandle:
        """The callback names an interaction by id, a webhook by the application and token."""
        token = request.match_info["webhook_token"]
        if by_id:
            handle = self.interactions.get(snowflake(request.match_info["webhook_id"]))
            if handle is None or handle.token != token:
                raise unknown_interaction()
        else:
            if snowflake(request.match_info["webhook_id"]) != self.world.application_id:
                raise unknown_webhook()
            handle = next((h for h in self.interactions.values() if h.token == token), None)
            if handle is None:
                raise unknown_webhook()
        if handle.expired or self.now() >= handle.expires_at:
            if by_id:
                raise unknown_interaction()
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return handle

    def _channel_of(self, handle: InteractionHandle) -> Channel:
        channel = self.world.channels[handle.channel_id]
        if channel.deleted:
            raise unknown_channel()
        return channel

    async def _post(
        self,
        handle: InteractionHandle,
        channel: Channel,
        draft: Draft,
        type_: MessageType = MessageType.DEFAULT,
    ) -> StoredMessage:
        """A message answering ``handle``: from the application, ephemeral if the bot says so."""
        return await draft.post(
            self.actions,
            channel,
            self.world.bot,
            type_=type_,
            ephemeral_for=handle.user_id if draft.ephemeral else None,
            interaction_id=handle.id,
            interaction_user_id=handle.user_id,
            interaction_type=handle.type,
            interaction_owners=dict(handle.reach.owners) if handle.reach else None,
            webhook_id=self.world.application_id,
        )

    # the callback

    async def callback(self, request: web.Request) -> web.Response:
        handle = self._interaction(request, by_id=True)
        if handle.responded:
            raise already_acknowledged()
        if self.now() > handle.answer_by:  # Discord's 3 seconds: the token dies unanswered
            handle.expired = True
            raise unknown_interaction()
        body = call.body() or {}
        data = body.get("data") or {}
        channel = self._channel_of(handle)
        kind = _callback_type(body)
        if kind == CallbackType.LAUNCH_ACTIVITY and not self.world.activities_enabled:
            raise invalid_activity_action()
        completing = handle.type == InteractionType.APPLICATION_COMMAND_AUTOCOMPLETE
        if (
            completing != (kind == CallbackType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT)
            or (kind in COMPONENT_ONLY and handle.message_id is None)
            or (kind == CallbackType.MODAL and handle.type not in MODAL_ANSWERS)
            or (kind == CallbackType.LAUNCH_ACTIVITY and handle.type not in LAUNCHERS)
        ):
            raise invalid_form(
                "type", "INTERACTION_RESPONSE_TYPE_INVALID", "Interaction response type is invalid"
            )
        with within("data"):
            draft = self._checked(kind, data)
        msg: StoredMessage | None = None
        if draft is not None:
            handle.callback = body
            command = handle.type == InteractionType.APPLICATION_COMMAND
            type_ = MessageType.CHAT_INPUT_COMMAND if command else MessageType.DEFAULT
            msg = handle.original = await self._post(handle, channel, draft, type_)
        elif kind == CallbackType.MODAL:
            handle.callback = body
            handle.modal = data
        elif kind == CallbackType.LAUNCH_ACTIVITY:
            handle.callback = body  # the person's client opens the Activity in the channel
            instance = self.activities.join(channel.id, channel.guild_id, handle.user_id)
            handle.activity_instance_id = instance.id
        elif kind == CallbackType.UPDATE_MESSAGE:
            target = self.world.messages.get(handle.message_id or 0)
            if target is None or target.deleted:
                raise unknown_message()
            handle.callback = body
            msg = handle.original = await self.actions.edit(target, data, call.files())
        else:
            handle.callback = body
            if kind == CallbackType.DEFERRED_UPDATE_MESSAGE and handle.message_id is not None:
                handle.original = self.world.messages.get(handle.message_id)
        handle.changes.notify()
        return json_response(self._callback_answer(handle, kind, msg))

    def _checked(self, kind: CallbackType, data: dict[str, Any]) -> Draft | None:
        """The callback's ``data`` checked as Discord checks it for ``kind``; the message it
        posts (the bot's, or "thinking..." until it follows up), if it posts one."""
        if kind == CallbackType.DEFERRED_CHANNEL_MESSAGE:
            return Draft(flags=check_flags(data, DEFERRAL_FLAGS) | MessageFlag.LOADING)
        if kind == CallbackType.CHANNEL_MESSAGE:
            draft = Draft.read(data, call.files(), ANSWER_FLAGS)
            draft.check(data)
            return draft
        if kind == CallbackType.MODAL:
            check_modal(data)
        elif kind == CallbackType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT:
            check_suggestions(data)
        elif kind == CallbackType.UPDATE_MESSAGE:
            check_edit(data)
        return None

    def _callback_answer(
        self, handle: InteractionHandle, kind: CallbackType, msg: StoredMessage | None
    ) -> dict[str, Any]:
        """What ``?with_response=1`` returns: the interaction, and the message it made."""
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(handle.id),
                "type": handle.type,
                "response_message_loading": kind == CallbackType.DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(msg and msg.ephemeral),
            }
        }
        if handle.activity_instance_id is not None:
            answer["interaction"]["activity_instance_id"] = handle.activity_instance_id
            answer["resource"] = {
                "type": kind,
                "activity_instance": {"id": handle.activity_instance_id},
            }
        if msg is not None:
            answer["interaction"]["response_message_id"] = str(msg.id)
            answer["resource"] = {"type": kind, "message": self.actions.payload(msg)}
        return answer

    # follow-ups and the webhook's messages

    async def followup(self, request: web.Request) -> web.Response:
        handle = self._interaction(request, by_id=False)
        if not handle.responded or handle.modal is not None:
            raise unknown_webhook()  # nothing to follow up: no answer yet, or only a modal
        if (
            handle.reach is not None
            and handle.reach.user_install_only
            and len(handle.followups) >= MAX_USER_INSTALL_FOLLOWUPS
        ):
            raise ApiError(
                400, 40094, "This interaction has hit the maximum number of follow up messages"
            )
        body = call.body() or {}
        channel = self._channel_of(handle)
        draft = Draft.read(body, call.files(), ANSWER_FLAGS)
        draft.check(body)
        msg = await self._post(handle, channel, draft)
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
            wanted = snowflake(message_id)
            msg = next((m for m in handle.followups if m.id == wanted), None)
            if msg is None and handle.original is not None and handle.original.id == wanted:
                msg = handle.original
        if msg is None or msg.deleted:
            raise unknown_message()
        return handle, msg

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        _, msg = self._webhook_message(request)
        return json_response(self.actions.payload(msg))

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        handle, msg = self._webhook_message(request)
        body = call.body() or {}
        check_edit(body)
        await self.actions.edit(msg, body, call.files())
        handle.changes.notify()
        return json_response(self.actions.payload(msg))

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        handle, msg = self._webhook_message(request)
        await self.actions.delete(msg)
        handle.changes.notify()
        return web.Response(status=204)


def check_suggestions(data: dict[str, Any]) -> None:
    """An autocomplete's result as Discord checks it: ``choices``, at most 25, each named and
    valued as a command's own choices are."""
    choices = data.get("choices")
    if choices is None:
        raise required("choices")
    if not isinstance(choices, list):
        raise not_a_list("choices")
    if len(choices) > MAX_CHOICES:
        raise too_long("choices", MAX_CHOICES)
    for k, choice in enumerate(choices):
        if not isinstance(choice, dict):
            raise not_an_object(f"choices.{k}")
        name, value = choice.get("name"), choice.get("value")
        if not (isinstance(name, str) and 1 <= len(name) <= MAX_CHOICE_NAME):
            raise bad_length(f"choices.{k}.name", 1, MAX_CHOICE_NAME)
        if isinstance(value, str) and not 1 <= len(value) <= MAX_CHOICE_VALUE:
            raise bad_length(f"choices.{k}.value", 1, MAX_CHOICE_VALUE)
        if value is None:
            raise required(f"choices.{k}.value")


def _callback_type(body: dict[str, Any]) -> CallbackType:
    try:
        return CallbackType(int(body.get("type", 0)))
    except ValueError:
        choices = ", ".join(str(int(t)) for t in CallbackType)
        raise invalid_form(
            "type", "BASE_TYPE_CHOICES", f"Value must be one of ({choices})."
        ) from None
