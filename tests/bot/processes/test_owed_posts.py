"""A post the bot owes survives kill -9 at each step and appears once: a season ended while the
bot was down, its recap and champion role owed by the archive; the process killed after the fact
is stored (the role call held), during the send (the message made, its answer held) and after the
send before it is marked (the answer given, the database's write lock held); a second process
delivers what is owed, and the stand-in shows one recap and the role given, on both engines."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.seasons.model import SeasonSettings
from core.seasons import SeasonLength
from standin import StandIn
from standin.permissions import Perm
from tests.bot.processes.owed import STEPS, database, delivered_once, kill_at
from tests.bot.seasons.seeding import seed
from tests.stores import ENGINES, StoreTarget

ROLE = "PUT /guilds/{guild_id}/members/{user_id}/roles/{role_id}"


async def last_season_played(standin: StandIn, target: StoreTarget) -> tuple[int, int]:
    """Last month's rounds in the sandbox's #boggle, bob ahead; the recap there and a champion
    role the bot may give. The role's id and bob's."""
    channel = standin.channel("boggle")
    guild = channel.guild_id
    assert guild is not None
    world = standin.world
    role = world.add_role(guild, "Champion", 0)
    world.give_role(guild, world.bot.id, world.add_role(guild, "Boggle", Perm.MANAGE_ROLES).id)
    first = datetime.now(UTC).replace(day=1, hour=12, minute=0, second=0, microsecond=0)
    last_month = (first - timedelta(days=20)).timestamp()
    bob, alice = standin.user("bob").id, standin.user("alice").id
    storage = await target.open()
    try:
        await storage.save_season_settings(
            SeasonSettings(guild, SeasonLength.MONTH, channel.id, role.id)
        )
        found = {bob: ["elephants"], alice: ["cat"]}
        names = {bob: "Bob", alice: "Alice"}
        await seed(storage, guild, found, last_month, names=names, channel_id=channel.id)
    finally:
        await storage.close()
    return role.id, bob


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("step", STEPS)
async def test_a_recap_owed_across_a_kill_appears_once(
    engine: str, step: str, standin: StandIn, tmp_path: Path
) -> None:
    def recaps() -> list[str]:
        return [m.content for m in standin.messages("boggle") if "is over" in m.content]

    async with database(engine, tmp_path) as target:
        role, bob = await last_season_played(standin, target)
        await kill_at(step, standin, target, tmp_path, recaps, before=ROLE)  # role, then recap
        recap = await delivered_once(step, standin, target, tmp_path, recaps)
        assert "👑 Champion: Bob, 11 pts" in recap and f"<@&{role}>" in recap
        member = standin.world.member(standin.channel("boggle").guild_id or 0, bob)
        assert member is not None and role in member.roles
