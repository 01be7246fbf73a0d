"""Shard settings: which servers a process runs, and bad values refused with the setting named."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.config.settings import Settings, SettingsError
from bot.config.shards import ShardSlice, parse_shard_ids
from tests.bot.harness import bot_env, spawn_bot


def _shards(**values: str) -> ShardSlice:
    return Settings.from_env(values, env_file=None).shards


def test_shard_settings_make_a_slice() -> None:
    assert _shards() == ShardSlice()
    assert _shards(BOGGLE_SHARD_COUNT="4") == ShardSlice(4)
    assert _shards(BOGGLE_SHARD_COUNT="8", BOGGLE_SHARD_IDS="0-3") == ShardSlice(8, (0, 1, 2, 3))
    assert _shards(BOGGLE_SHARD_COUNT="8", BOGGLE_SHARD_IDS="5, 4,4") == ShardSlice(8, (4, 5))
    assert parse_shard_ids("0-1,6") == (0, 1, 6)


def test_a_server_belongs_to_the_shard_discord_sends_it_to() -> None:
    on_shard = {shard: (1000 + shard) << 22 | 12345 for shard in range(4)}  # 1000 % 4 == 0
    half = ShardSlice(4, (0, 1))
    assert [half.owns(on_shard[s]) for s in range(4)] == [True, True, False, False]
    assert ShardSlice(4).owns(on_shard[3]) and ShardSlice().owns(on_shard[3])
    assert half.claimed == ((0, 1), 4)
    assert ShardSlice(3).claimed == ((0, 1, 2), 3)
    assert ShardSlice().claimed == ((0,), 1)  # one process runs everything: one lock
    assert half.describe() == "shards 0, 1 of 4"


@pytest.mark.parametrize(
    ("values", "named"),
    [
        ({"BOGGLE_SHARD_IDS": "0"}, "BOGGLE_SHARD_IDS needs BOGGLE_SHARD_COUNT"),
        ({"BOGGLE_SHARD_COUNT": "0"}, "BOGGLE_SHARD_COUNT must be"),
        ({"BOGGLE_SHARD_COUNT": "two"}, "BOGGLE_SHARD_COUNT must be"),
        ({"BOGGLE_SHARD_COUNT": "2", "BOGGLE_SHARD_IDS": "2"}, "shard 2 is outside"),
        ({"BOGGLE_SHARD_COUNT": "4", "BOGGLE_SHARD_IDS": "3-1"}, "BOGGLE_SHARD_IDS must be"),
        ({"BOGGLE_SHARD_COUNT": "4", "BOGGLE_SHARD_IDS": "1,,2"}, "BOGGLE_SHARD_IDS must be"),
        ({"BOGGLE_SHARD_COUNT": "4", "BOGGLE_SHARD_IDS": "-1"}, "BOGGLE_SHARD_IDS must be"),
    ],
)
def test_bad_shard_settings_are_named(values: dict[str, str], named: str) -> None:
    with pytest.raises(SettingsError, match=named):
        Settings.from_env(values, env_file=None)


async def test_a_shard_outside_the_count_stops_the_process_before_anything_is_written(
    tmp_path: Path,
) -> None:
    database = tmp_path / "boggle.sqlite3"
    env = bot_env(
        tmp_path,
        BOGGLE_DATABASE=str(database),
        DISCORD_TOKEN="MTIz.token",
        BOGGLE_SHARD_COUNT="2",
        BOGGLE_SHARD_IDS="0,2",
    )
    process = await spawn_bot(env, tmp_path)
    _, err = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 2
    lines = err.decode().strip().splitlines()
    assert lines == [
        "error: BOGGLE_SHARD_IDS: shard 2 is outside BOGGLE_SHARD_COUNT=2 (ids 0 to 1)"
    ]
    assert await asyncio.to_thread(lambda: list(tmp_path.glob("boggle.sqlite3*"))) == []
