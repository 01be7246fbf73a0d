"""People using the app: slash commands, clicks on components, modal submits; each one an
interaction sent to the bot, whose handle the test keeps."""

from __future__ import annotations

from typing import Any

from standin.codes import CommandType, ComponentType, InteractionType
from standin.commands import leaf_options
from standin.entities import Channel, StoredMessage, User
from standin.installs import Reach, reach_command, reach_place
from standin.interactions import TOKEN_LIFETIME, InteractionHandle, interaction_payload, new_handle
from standin.modals import submission
from standin.options import build_options
from standin.parts import StandInParts
from standin.permissions import Perm
from standin.refusal import CommandError


class Invoking(StandInParts):
    """The helpers a test calls to use the app as a person (see ``server.py``)."""

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
            answer_by=self.clock.now() + self.answer_window,
        )
        self.rest.interactions[handle.id] = handle
        return handle

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
        return leaf_options(command, path)

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
        option, a value not of its type or not one of its choices, a string shorter than its
        ``min_length`` or longer than its ``max_length`` (6000 without one), a number outside
        its ``min_value``/``max_value``: nothing is sent then, as Discord's client sends
        nothing; a command the member may not use: its default permissions or the
        server's overwrites, ``World.may_use_command``; a command not offered in that place:
        its ``contexts``, or no install of its ``integration_types`` reaching there).
        """
        return await self._command(
            InteractionType.APPLICATION_COMMAND, channel, user, command, options
        )

    async def autocomplete(
        self,
        channel: int | str,
        user: int | str,
        command: str,
        options: dict[str, Any],
        focused: str,
    ) -> InteractionHandle:
        """A person types ``options[focused]`` into an option the bot completes: an
        APPLICATION_COMMAND_AUTOCOMPLETE interaction (``handle.suggestions()``: what the bot
        suggests).

        The other options go as ``slash`` sends them, the focused one as typed so far (its
        type and choices unchecked, required options not needed); ``CommandError`` when the
        option does not autocomplete (Discord's client asks for nothing then).
        """
        kind = InteractionType.APPLICATION_COMMAND_AUTOCOMPLETE
        return await self._command(kind, channel, user, command, options, focused)

    async def _command(
        self,
        type_: InteractionType,
        channel: int | str,
        user: int | str,
        command: str,
        options: dict[str, Any] | None,
        focused: str | None = None,
    ) -> InteractionHandle:
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
        tree, resolved = build_options(self.world, ch, cmd, path, options or {}, focused)
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
        handle = self._handle(type_, ch, author, command, reach)
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

    async def _deliver(
        self, handle: InteractionHandle, payload: dict[str, Any], channel: Channel
    ) -> InteractionHandle:
        """INTERACTION_CREATE to one session of the channel's shard (none: nobody answers)."""
        session = await self.gateway.dispatch_once(
            "INTERACTION_CREATE", payload, guild_id=channel.guild_id
        )
        handle.session_id = session.id if session is not None else None
        return handle

    def expire_interaction(self, handle: InteractionHandle) -> None:
        """Make one interaction's token stale now (``pass_time`` expires them all by age)."""
        handle.expired = True


def _find_component(components: list[dict[str, Any]], custom_id: str) -> dict[str, Any] | None:
    for component in components:
        if component.get("custom_id") == custom_id:
            return component
        found = _find_component(component.get("components", []), custom_id)
        if found is not None:
            return found
    return None
