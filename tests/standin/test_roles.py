"""Giving and taking a member's role as Discord does: Manage Roles needed, a role only below the
bot's highest, 403 50013 Missing Permissions otherwise, 404 for what does not exist."""

from __future__ import annotations

from standin import StandIn
from standin.permissions import Perm
from tests.standin.rest_client import call

MISSING_PERMISSIONS = (403, {"message": "Missing Permissions", "code": 50013})


def path(guild: int, user: int, role: int) -> str:
    return f"/guilds/{guild}/members/{user}/roles/{role}"


async def test_a_role_given_and_taken_below_the_bot_s_highest(standin: StandIn) -> None:
    world = standin.world
    guild = next(iter(world.guilds.values()))
    champion = world.add_role(guild.id, "Champion", 0)
    boggle = world.add_role(guild.id, "Boggle", Perm.MANAGE_ROLES)
    world.give_role(guild.id, world.bot.id, boggle.id)
    member = world.add_member(guild.id, "dora")
    assert await call(standin, "PUT", path(guild.id, member.user.id, champion.id)) == (204, None)
    assert champion.id in member.roles
    assert await call(standin, "DELETE", path(guild.id, member.user.id, champion.id)) == (
        204,
        None,
    )
    assert champion.id not in member.roles


async def test_refused_without_manage_roles_or_above_the_bot(standin: StandIn) -> None:
    world = standin.world
    guild = next(iter(world.guilds.values()))
    member = world.add_member(guild.id, "dora")
    low = world.add_role(guild.id, "Champion", 0)
    plain = world.add_role(guild.id, "Bot role", 0)
    world.give_role(guild.id, world.bot.id, plain.id)
    assert await call(standin, "PUT", path(guild.id, member.user.id, low.id)) == (
        MISSING_PERMISSIONS
    )
    plain.permissions = Perm.MANAGE_ROLES
    high = world.add_role(guild.id, "Above", 0)  # created last: the highest position
    assert await call(standin, "PUT", path(guild.id, member.user.id, high.id)) == (
        MISSING_PERMISSIONS
    )
    assert high.id not in member.roles
    assert await call(standin, "PUT", path(guild.id, member.user.id, guild.id)) == (
        404,
        {"message": "Unknown Role", "code": 10011},
    )
    assert await call(standin, "PUT", path(guild.id, 42, low.id)) == (
        404,
        {"message": "Unknown Member", "code": 10007},
    )
