"""``python -m bot`` with a PostgreSQL URL it cannot use: one line that names BOGGLE_DATABASE and
what is wrong, exit code 1, the password never printed, nothing written."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from standin import StandIn
from tests.bot.harness import bot_env, spawn_bot
from tests.bot.processes.test_process import TOKEN, stopped_by_itself
from tests.bot.storage.test_postgres import SECRET, other_login
from tests.postgres import server_url


@pytest.fixture(scope="module")
def warm_cache(lexicon_cache: Path) -> Path:
    """The machine's cache: the bot reads it in milliseconds, so each start reaches the database
    at once."""
    return lexicon_cache


def _unreachable() -> str:
    return f"postgresql://boggle:{SECRET}@127.0.0.1:1/boggle"


def _malformed() -> str:
    return f"postgresql://boggle:{SECRET}@127.0.0.1:notaport/boggle"


def _unknown_role() -> str:
    return other_login(server_url(), user="no_such_role_boggle")


def _unknown_database() -> str:
    return other_login(server_url(), database="no_such_db_boggle")


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        (_unreachable, "connection refused"),
        (_malformed, "not a valid PostgreSQL URL"),
        (_unknown_role, 'role "no_such_role_boggle" does not exist'),
        (_unknown_database, 'database "no_such_db_boggle" does not exist'),
    ],
    ids=["unreachable", "malformed", "unknown-role", "unknown-database"],
)
async def test_a_url_it_cannot_use_stops_it_with_one_line(
    tmp_path: Path, standin: StandIn, warm_cache: Path, url: Callable[[], str], reason: str
) -> None:
    env = bot_env(
        tmp_path,
        BOGGLE_DATABASE=url(),
        BOGGLE_CACHE_DIR=str(warm_cache),
        DISCORD_TOKEN=TOKEN,
        DISCORD_API_BASE=standin.api_base,
        DISCORD_GATEWAY_URL=standin.gateway_url,
    )
    process = await spawn_bot(env, tmp_path)
    err = await stopped_by_itself(process)
    assert process.returncode == 1, err
    assert "Traceback" not in err and SECRET not in err, err
    [line] = [line for line in err.splitlines() if line.startswith("error:")]
    assert line.startswith("error: database postgresql://") and "(BOGGLE_DATABASE)" in line, err
    assert reason in line, err
    assert await asyncio.to_thread(os.listdir, tmp_path) == []  # no file made in its place
