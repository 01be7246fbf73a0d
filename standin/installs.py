"""Where an app's command may be used, and on whose install: contexts and integration types.

Discord's client offers a command where one of its ``contexts`` matches the place and one of its
``integration_types`` is installed there (the server's install, or the user's own, which follows
them); what the interaction then carries follows from the same answer, a ``Reach``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from standin.codes import IntegrationType, InteractionContext
from standin.entities import Channel
from standin.permissions import Perm
from standin.refusal import CommandError
from standin.state import World

ALL_CONTEXTS = tuple(InteractionContext)


@dataclass(frozen=True)
class Reach:
    """How an interaction reaches the app: the place's context and the installs behind it."""

    context: InteractionContext
    owners: dict[str, str]  # authorizing_integration_owners: "0" guild (or "0"), "1" user id
    app_permissions: int

    @property
    def user_install_only(self) -> bool:
        """Only a user install authorizes it: Discord allows such an answer 5 follow-ups."""
        return str(int(IntegrationType.GUILD_INSTALL)) not in self.owners


def context_of(channel: Channel) -> InteractionContext:
    if channel.guild_id is not None:
        return InteractionContext.GUILD
    return InteractionContext.PRIVATE_CHANNEL if channel.private else InteractionContext.BOT_DM


def allowed_contexts(command: dict[str, Any]) -> tuple[InteractionContext, ...]:
    """The command's ``contexts``; none given: everywhere (less bot DMs with ``dm_permission``
    false, the older way to say it); a guild's own command: that guild only."""
    if "guild_id" in command:
        return (InteractionContext.GUILD,)
    contexts = command.get("contexts")
    if contexts is None:
        everywhere = ALL_CONTEXTS
        if command.get("dm_permission") is False:
            return tuple(c for c in everywhere if c != InteractionContext.BOT_DM)
        return everywhere
    return tuple(InteractionContext(int(c)) for c in contexts)


def allowed_installs(command: dict[str, Any]) -> tuple[IntegrationType, ...]:
    """The command's ``integration_types``; none given (or a guild's command): a server install."""
    types = command.get("integration_types")
    if types is None or "guild_id" in command:
        return (IntegrationType.GUILD_INSTALL,)
    return tuple(IntegrationType(int(t)) for t in types)


def place_permissions(world: World, channel: Channel) -> int:
    """``app_permissions``: the bot's own where it is; elsewhere what @everyone has in the
    channel (nothing in a private channel) plus what an answer may use (files, embeds...)."""
    if world.bot_is_in(channel):
        return world.permissions(channel.id, world.bot.id)
    guild = world.guild_of(channel)
    if guild is None:
        return Perm.RESPONSES_ONLY
    perms = guild.everyone.permissions
    for overwrite in channel.overwrites:
        if overwrite.id == guild.id:
            perms = (perms & ~overwrite.deny) | overwrite.allow
    return perms | Perm.RESPONSES_ONLY


def reach_place(world: World, channel: Channel, user_id: int) -> Reach:
    """The installs that reach ``channel`` for ``user_id``, whatever the command (a click on a
    message that no interaction made, for instance)."""
    owners: dict[str, str] = {}
    if world.bot_is_in(channel):
        owners[str(int(IntegrationType.GUILD_INSTALL))] = str(channel.guild_id or 0)
    if user_id in world.user_installs:
        owners[str(int(IntegrationType.USER_INSTALL))] = str(user_id)
    return Reach(context_of(channel), owners, place_permissions(world, channel))


def reach_command(world: World, channel: Channel, user_id: int, command: dict[str, Any]) -> Reach:
    """The reach of ``command`` used by ``user_id`` in ``channel``; ``CommandError`` where
    Discord's client would not list it (a context it does not allow, or no install of a kind it
    allows reaches there)."""
    name = command["name"]
    context = context_of(channel)
    if context not in allowed_contexts(command):
        where = context.name.lower().replace("_", " ")
        raise CommandError(f"/{name} is not offered in a {where} (its contexts do not allow it)")
    installs = allowed_installs(command)
    place = reach_place(world, channel, user_id)
    owners = {
        key: owner for key, owner in place.owners.items() if IntegrationType(int(key)) in installs
    }
    if not owners:
        raise CommandError(f"/{name} is not offered here: the app is not installed for this place")
    return Reach(context, owners, place.app_permissions)
