"""A world saved to its file and loaded again is the same server, as Discord keeps it."""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path

import pytest

from standin import StandIn, World
from standin.state import DISCORD_EPOCH_MS, Attachment, Perm, new_snowflake
from standin.world_file import WorldFile, WorldFileError
from tests.standin.demo_bot import raw_commands


async def _lived_in() -> StandIn:
    """A stand-in with some of everything a world holds."""
    world = World.default()
    guild = next(iter(world.guilds.values()))
    boggle = world.resolve_channel("boggle")
    role = world.add_role(guild.id, "mods", Perm.MANAGE_MESSAGES)
    world.add_member(guild.id, "dave", "Dave", nick="D").roles.append(role.id)
    world.set_bot_permissions(boggle.id, deny=["add_reactions"])
    standin = StandIn(world)
    standin.commands.overwrite(None, raw_commands())
    standin.commands.overwrite(guild.id, raw_commands()[:1])
    await standin.add_member("erin", "Erin")
    said = await standin.user_says("boggle", "alice", "hello <@1>")
    board = await standin.actions.create(
        boggle,
        world.bot,
        content="board",
        embeds=[{"title": "t", "type": "rich"}],
        attachments=[Attachment(new_snowflake(), "a.png", b"\x89PNG\x00\xff", "image/png", "pic")],
        components=[{"type": 1, "components": [{"type": 2, "custom_id": "go", "label": "Go"}]}],
        reference_id=said.id,
        type_=19,
    )
    await standin.actions.edit(board, {"content": "board, edited"})
    await standin.actions.react(said, world.bot.id, "✅")
    await standin.user_dms("bob", "psst")
    await standin.actions.create(boggle, world.bot, content="only alice", ephemeral_for=1, flags=64)
    gone = await standin.user_says("general", "carol", "oops")
    await standin.user_deletes(gone)
    await standin.delete_channel("general")
    return standin


async def test_a_saved_world_loads_as_it_was(tmp_path: Path) -> None:
    before = await _lived_in()
    file = WorldFile(tmp_path / "sandbox" / "world.json")
    assert file.save(before) and not file.save(before)  # written once, then unchanged

    after = WorldFile(file.path).standin()
    old, new = before.world, after.world
    assert (new.bot, new.application_id) == (old.bot, old.application_id)
    assert new.users == old.users
    assert new.channels == old.channels
    assert new.guilds == old.guilds
    kept = {
        i: dataclasses.replace(m, edits=[])  # as Discord: no edit history, no ephemeral or
        for i, m in old.messages.items()  # deleted messages
        if not m.ephemeral and not m.deleted
    }
    assert len(kept) == len(old.messages) - 2
    assert new.messages == kept
    assert list(new.messages) == list(kept)  # in their order
    assert (after.commands.global_commands, after.commands.guild_commands) == (
        before.commands.global_commands,
        before.commands.guild_commands,
    )
    # One object for each thing, as in a world built in memory.
    guild = next(iter(new.guilds.values()))
    assert all(new.channels[c.id] is c for c in guild.channels.values())
    assert all(new.users[m.user.id] is m.user for m in guild.members.values())
    assert all(new.users[m.author.id] is m.author for m in new.messages.values())
    assert new.users[new.bot.id] is new.bot


async def test_ids_issued_after_loading_are_larger_than_every_saved_one(tmp_path: Path) -> None:
    file = WorldFile(tmp_path / "world.json")
    file.save(StandIn())
    # A clock set back since the save: the saved ids are a few seconds "in the future".
    data = json.loads(file.path.read_text())
    ahead = (int(time.time() * 1000) - DISCORD_EPOCH_MS + 3000) << 22
    data["last_snowflake"] = ahead
    file.path.write_text(json.dumps(data))
    WorldFile(file.path).standin()
    assert new_snowflake() > ahead


def test_a_world_file_that_cannot_be_read_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "world.json"
    for text in ("{not json", '{"format": 99}', '{"format": 1, "users": []}'):
        path.write_text(text)
        with pytest.raises(WorldFileError, match=r"world\.json"):
            WorldFile(path).standin()
        assert path.read_text() == text


def test_without_a_file_the_world_is_new_and_nothing_is_written(tmp_path: Path) -> None:
    standin = WorldFile(tmp_path / "world.json").standin()
    assert standin.channel("boggle").name == "boggle"
    assert list(tmp_path.iterdir()) == []


def test_saving_leaves_no_temporary_file(tmp_path: Path) -> None:
    file = WorldFile(tmp_path / "world.json")
    standin = StandIn()
    file.save(standin)
    standin.world.add_user("zed")
    assert file.save(standin)
    assert [p.name for p in tmp_path.iterdir()] == ["world.json"]
    assert WorldFile(file.path).standin().world.find_user("zed") is not None
