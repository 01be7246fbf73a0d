"""A member's roles, given and taken by the bot as Discord allows it: the bot needs Manage Roles
in the server (Administrator has it; the owner has everything) and may only touch a role below its
own highest role; otherwise 403 50013 Missing Permissions. @everyone is no role to give."""

from __future__ import annotations

from aiohttp import web

from standin.entities import Guild, Member, Role
from standin.errors import (
    missing_access,
    missing_permissions,
    unknown_guild,
    unknown_member,
    unknown_role,
)
from standin.permissions import Perm
from standin.rest.request import Route, snowflake
from standin.rest.routes import Routes

MEMBER_ROLE = "/guilds/{guild_id}/members/{user_id}/roles/{role_id}"


class RoleRoutes(Routes):
    def table(self) -> list[Route]:
        return [("PUT", MEMBER_ROLE, self.add_role), ("DELETE", MEMBER_ROLE, self.remove_role)]

    async def add_role(self, request: web.Request) -> web.Response:
        member, role = self._checked(request)
        if role.id not in member.roles:
            member.roles.append(role.id)
        return web.Response(status=204)

    async def remove_role(self, request: web.Request) -> web.Response:
        member, role = self._checked(request)
        if role.id in member.roles:
            member.roles.remove(role.id)
        return web.Response(status=204)

    def _checked(self, request: web.Request) -> tuple[Member, Role]:
        """The path's member and role once Discord would let the bot change them: 404 for an
        unknown guild, member or role; 403 50001 where the bot is not; 403 50013 without Manage
        Roles or for a role at or above the bot's highest."""
        info = request.match_info
        guild = self.world.guilds.get(snowflake(info["guild_id"]))
        if guild is None:
            raise unknown_guild()
        bot = guild.members.get(self.world.bot.id)
        if bot is None:
            raise missing_access()
        member = guild.members.get(snowflake(info["user_id"]))
        if member is None:
            raise unknown_member()
        role = guild.roles.get(snowflake(info["role_id"]))
        if role is None or role.id == guild.id:
            raise unknown_role()
        if guild.owner_id != self.world.bot.id:
            if not guild_permissions(guild, bot) & Perm.MANAGE_ROLES:
                raise missing_permissions()
            if role.position >= highest_position(guild, bot):
                raise missing_permissions()
        return member, role


def guild_permissions(guild: Guild, member: Member) -> int:
    """A member's server-wide permissions (no channel's overwrites): @everyone and their roles;
    Administrator is every permission."""
    perms = guild.everyone.permissions
    for role_id in member.roles:
        if role_id in guild.roles:
            perms |= guild.roles[role_id].permissions
    return Perm.ALL if perms & Perm.ADMINISTRATOR else perms


def highest_position(guild: Guild, member: Member) -> int:
    """The position of a member's highest role (0, @everyone's, with none)."""
    return max((guild.roles[r].position for r in member.roles if r in guild.roles), default=0)
