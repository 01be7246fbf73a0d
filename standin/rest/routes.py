"""What every group of REST handlers shares: the world, and Discord's lookups and checks."""

from __future__ import annotations

from aiohttp import web

from standin.actions import Actions
from standin.entities import Channel, StoredMessage
from standin.errors import missing_access, missing_permissions, unknown_channel, unknown_message
from standin.permissions import Perm
from standin.rest.request import Route, snowflake
from standin.state import World


class Routes:
    """A group of handlers; ``table()`` says which route each one serves."""

    def __init__(self, world: World, actions: Actions) -> None:
        self.world = world
        self.actions = actions

    def table(self) -> list[Route]:
        raise NotImplementedError

    def channel(self, request: web.Request) -> Channel:
        """The path's channel; 404 Unknown Channel when there is none (or it was deleted), 403
        Missing Access where the bot is not (it reaches those only by answering interactions)."""
        channel = self.world.channels.get(snowflake(request.match_info["channel_id"]))
        if channel is None or channel.deleted:
            raise unknown_channel()
        if not self.world.bot_is_in(channel):
            raise missing_access()  # a user install's server or private channel
        return channel

    def require(self, channel: Channel, *perms: int) -> None:
        """The bot's permissions in ``channel``: 403 without View Channel or any of ``perms``."""
        have = self.world.permissions(channel.id, self.world.bot.id)
        if not have & Perm.VIEW_CHANNEL:
            raise missing_access()
        for perm in perms:
            if not have & perm:
                raise missing_permissions()

    def can(self, channel: Channel, perm: int) -> bool:
        return bool(self.world.permissions(channel.id, self.world.bot.id) & perm)

    def message(self, channel: Channel, message_id: str) -> StoredMessage:
        """A message of ``channel`` the bot can see; 404 Unknown Message otherwise."""
        msg = self.world.messages.get(snowflake(message_id))
        if msg is None or msg.deleted or msg.channel_id != channel.id or msg.ephemeral:
            raise unknown_message()
        return msg
