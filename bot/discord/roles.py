"""What keeps the bot from giving a role in a server, as Discord judges it now.

Read through the REST API, not the gateway's cache: a permission taken away or a role moved may
not have reached the cache. Discord refuses both the same way (403 50013 Missing Permissions)."""

from __future__ import annotations

from enum import StrEnum

import discord


class RoleTrouble(StrEnum):
    MANAGE_ROLES = "manage_roles"  # the bot lacks the Manage Roles permission
    POSITION = "position"  # the role is at or above the bot's highest role


async def role_trouble(client: discord.Client, guild_id: int, role_id: int) -> RoleTrouble | None:
    """Why Discord would refuse the bot giving ``role_id``; None when it would not, or when
    Discord cannot be asked."""
    if client.user is None:
        return None
    try:
        guild = await client.http.get_guild(guild_id, with_counts=False)
        me = await client.http.get_member(guild_id, client.user.id)
    except discord.HTTPException:
        return None
    if int(guild["owner_id"]) == client.user.id:  # the owner may do anything
        return None
    roles = {int(r["id"]): r for r in guild["roles"]}
    held = [roles[int(r)] for r in me["roles"] if int(r) in roles]
    everyone = roles.get(guild_id)
    perms = discord.Permissions(int(everyone["permissions"]) if everyone else 0)
    for role in held:
        perms.value |= int(role["permissions"])
    if not (perms.administrator or perms.manage_roles):
        return RoleTrouble.MANAGE_ROLES
    top = max((int(r["position"]) for r in held), default=0)
    wanted = roles.get(role_id)
    if wanted is not None and int(wanted["position"]) >= top:
        return RoleTrouble.POSITION
    return None
