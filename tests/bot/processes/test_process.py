"""``python -m bot`` as a real process: settings, start-up, shutdown on SIGTERM, the intent fallback."""

from __future__ import annotations

import asyncio
import ctypes
import os
import signal
import sqlite3
from pathlib import Path

import pytest

from bot.config.settings import Settings, SettingsError
from core.lexicon import Lexicon
from core.solver import solve
from standin import StandIn
from tests.bot.harness import ProcessLog, bot_env, read_board, spawn_bot

TOKEN = "MTIzNDU2Nzg5.secret-token-value"
ROOT = Path(__file__).resolve().parents[3]


async def _spawn_logged(
    env: dict[str, str], cwd: Path
) -> tuple[asyncio.subprocess.Process, ProcessLog]:
    """The bot with its stderr read as it comes: at DEBUG a start logs more than a pipe holds (the
    synced commands alone, with their translations), and a bot writing to a full pipe blocks."""
    process = await spawn_bot(env, cwd)
    return process, ProcessLog(process)


async def _stopped(process: asyncio.subprocess.Process, log: ProcessLog) -> str:
    """SIGTERM, then everything the process wrote once it has exited."""
    process.send_signal(signal.SIGTERM)
    assert process.stdout is not None
    out = await asyncio.wait_for(process.stdout.read(), 30)  # stderr is the log's to read
    await asyncio.wait_for(process.wait(), 30)
    await log.closed()
    return out.decode() + str(log)


def _env(tmp_path: Path, standin: StandIn | None = None, **extra: str) -> dict[str, str]:
    env = bot_env(
        tmp_path, BOGGLE_DATABASE=str(tmp_path / "boggle.sqlite3"), BOGGLE_LOG_LEVEL="DEBUG"
    )
    if standin is not None:
        env.update(
            DISCORD_TOKEN=TOKEN,
            DISCORD_API_BASE=standin.api_base,
            DISCORD_GATEWAY_URL=standin.gateway_url,
        )
    env.update(extra)
    return env


def test_settings_env_wins_over_dotenv(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text('# comment\nBOGGLE_LOG_LEVEL=debug\nBOGGLE_DATABASE="from-file.db"\n')
    settings = Settings.from_env({"BOGGLE_DATABASE": "from-env.db"}, env_file=dotenv)
    assert settings.database == "from-env.db"
    assert settings.log_level == "DEBUG"
    shown = repr(Settings.from_env({"DISCORD_TOKEN": TOKEN}, env_file=None))
    assert TOKEN not in shown and "token=set" in shown


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("DISCORD_API_BASE", "not a url"),
        ("DISCORD_GATEWAY_URL", "http://x"),
        ("BOGGLE_LOG_LEVEL", "LOUD"),
        ("BOGGLE_SYNC_GUILD", "abc"),
        ("BOGGLE_DICTIONARY", "/no/such/words.txt"),
        ("BOGGLE_BOARD_PICTURES", "sometimes"),
    ],
)
def test_invalid_setting_is_named(name: str, value: str) -> None:
    with pytest.raises(SettingsError, match=name):
        Settings.from_env({name: value}, env_file=None)


async def test_invalid_setting_stops_the_process(tmp_path: Path) -> None:
    process = await spawn_bot(_env(tmp_path, BOGGLE_LOG_LEVEL="LOUD"), tmp_path)
    _, err = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 2
    assert "BOGGLE_LOG_LEVEL" in err.decode()


async def test_runs_plays_and_stops_cleanly_on_sigterm(
    tmp_path: Path, standin: StandIn, lexicon: Lexicon
) -> None:
    process, log = await _spawn_logged(_env(tmp_path, standin), tmp_path)
    try:
        await standin.wait_until(
            lambda: standin.calls_to("PUT /applications/{application_id}/commands"), 30
        )
        await standin.wait_for_connection(30)
        handle = await standin.slash("boggle", "alice", "boggle start", {"time": "5m"})
        await handle.followup(timeout=10)
        board = await standin.wait_for_message(
            "boggle", lambda m: "Boggle" in m.content, 10, after=0
        )
        grid = board.content.split("```")[1].strip().splitlines()
        word = min(solve(read_board(grid), lexicon, 3), key=len)
        message = await standin.user_says("boggle", "bob", word)
        await standin.wait_until(lambda: message.reactions, 10)
    finally:
        logs = await _stopped(process, log)
    assert process.returncode == 0, logs
    assert TOKEN not in logs
    with sqlite3.connect(tmp_path / "boggle.sqlite3") as db:
        assert db.execute("SELECT state FROM rounds").fetchall() == [("running",)]
        assert db.execute("SELECT word FROM found_words").fetchall() == [(word,)]


async def test_refused_the_intent_auto_plays_by_replies(tmp_path: Path) -> None:
    """BOGGLE_MESSAGE_CONTENT=auto (the default), the intent refused: the bot plays on, says so
    in its log, and its board asks for replies."""
    async with StandIn(refuse_privileged_intents=True) as standin:
        process, log = await _spawn_logged(_env(tmp_path, standin), tmp_path)
        try:
            await standin.wait_for_connection(30)
            handle = await standin.slash("boggle", "alice", "boggle start", {})
            await handle.followup(timeout=10)
            board = await standin.wait_for_message(
                "boggle", lambda m: "Boggle" in m.content, 10, after=0
            )
            assert "Reply to this message with your words" in board.content
        finally:
            logs = await _stopped(process, log)
    assert process.returncode == 0, logs
    assert "message content auto: asking Discord" in logs
    assert "message content off: players guess by replying to the board" in logs


async def test_message_content_on_stops_when_refused(tmp_path: Path) -> None:
    async with StandIn(refuse_privileged_intents=True) as standin:
        env = _env(tmp_path, standin, BOGGLE_MESSAGE_CONTENT="on")
        process, log = await _spawn_logged(env, tmp_path)
        out = await asyncio.wait_for(process.stdout.read(), 60) if process.stdout else b""
        await asyncio.wait_for(process.wait(), 30)
        await log.closed()
    assert process.returncode == 1, str(log)
    assert "error: Discord refused the message-content intent (BOGGLE_MESSAGE_CONTENT=on)" in (
        str(log) + out.decode()
    )
    assert "Traceback" not in str(log)


async def test_message_content_off_never_asks_for_the_intent(tmp_path: Path) -> None:
    async with StandIn() as standin:
        env = _env(tmp_path, standin, BOGGLE_MESSAGE_CONTENT="off")
        process, log = await _spawn_logged(env, tmp_path)
        try:
            await standin.wait_for_connection(30)
            sessions = list(standin.gateway.sessions.values())
            assert sessions and all(not s.intents & (1 << 15) for s in sessions)
        finally:
            logs = await _stopped(process, log)
    assert process.returncode == 0, logs
    assert "message content off (BOGGLE_MESSAGE_CONTENT=off)" in logs


async def test_a_database_from_a_newer_bot_stops_it(tmp_path: Path, standin: StandIn) -> None:
    process, log = await _spawn_logged(_env(tmp_path, standin), tmp_path)
    await standin.wait_for_connection(30)
    await _stopped(process, log)
    with sqlite3.connect(tmp_path / "boggle.sqlite3") as db:
        columns = [r[1] for r in db.execute("PRAGMA table_info(schema_migrations)")]
        values = {"version": 9999, "name": "9999_future", "applied_at": 0.0}
        db.execute(
            f"INSERT INTO schema_migrations ({', '.join(columns)}) VALUES "
            f"({', '.join('?' for _ in columns)})",
            [values.get(c, 0) for c in columns],
        )
    process = await spawn_bot(_env(tmp_path, standin), tmp_path)
    _, err = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 1
    assert "newer" in err.decode()


async def stopped_by_itself(process: asyncio.subprocess.Process, timeout: float = 60) -> str:
    """The process's stderr once it has exited on its own (killed if it does not)."""
    try:
        _, err = await asyncio.wait_for(process.communicate(), timeout)
    except TimeoutError:
        process.kill()
        await process.wait()
        raise
    return err.decode()


def assert_one_error_line(err: str, returncode: int | None, database: Path) -> None:
    """A bad database stops the bot with exit code 1 and one ``error: database ...`` line."""
    assert returncode == 1, err
    assert "Traceback" not in err, err
    lines = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(lines) == 1, err
    assert lines[0].startswith(f"error: database {database}"), err


def drop_root_rights() -> None:
    """In the child before it runs Python: uid 0 keeps no capability, so file permissions bind
    it as they bind any other user. (The tests run as root in CI, and the interpreter may live
    where no other user can read, e.g. under /root, so the child cannot become nobody.)"""
    prctl = ctypes.CDLL(None, use_errno=True).prctl
    pr_set_securebits, noroot, noroot_locked = 28, 1 << 0, 1 << 1
    pr_cap_ambient, clear_all = 47, 4
    pr_capbset_drop = 24
    prctl(pr_cap_ambient, clear_all, 0, 0, 0)
    if prctl(pr_set_securebits, noroot | noroot_locked, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "cannot give up root's capabilities")
    for capability in range(64):  # past the last one the kernel knows: EINVAL, harmless
        prctl(pr_capbset_drop, capability, 0, 0, 0)


@pytest.mark.parametrize("below", ["boggle.sqlite3", "data/boggle.sqlite3"])
async def test_a_database_folder_it_cannot_enter_is_one_error_line(
    tmp_path: Path, standin: StandIn, below: str
) -> None:
    locked = tmp_path / "locked"
    (locked / "data").mkdir(parents=True)
    locked.chmod(0o000)
    database = locked / below
    try:
        process = await spawn_bot(
            _env(tmp_path, standin, BOGGLE_DATABASE=str(database)),
            tmp_path,
            preexec_fn=drop_root_rights if os.geteuid() == 0 else None,
        )
        err = await stopped_by_itself(process)
    finally:
        locked.chmod(0o755)
    assert_one_error_line(err, process.returncode, database)
    assert "permission denied" in err.lower(), err


async def test_the_sandbox_on_a_database_it_cannot_use_is_one_error_line(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-folder" / "boggle.sqlite3"
    process = await spawn_bot(bot_env(tmp_path, BOGGLE_DATABASE=str(missing)), tmp_path)
    out, err = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 1, (out + err).decode()
    lines = err.decode().strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: database {missing} (BOGGLE_DATABASE)")
    assert not missing.parent.exists()  # nothing written, not even the sandbox's world


def test_settings_never_show_a_database_password() -> None:
    url = "postgresql://boggle:hunter2@db:5432/boggle"
    shown = repr(Settings.from_env({"BOGGLE_DATABASE": url}, env_file=None))
    assert "hunter2" not in shown and "postgresql://boggle:***@db:5432/boggle" in shown


async def test_discord_out_of_reach_is_one_error_line(tmp_path: Path) -> None:
    env = _env(tmp_path, DISCORD_TOKEN=TOKEN, DISCORD_API_BASE="http://127.0.0.1:9")
    process = await spawn_bot(env, tmp_path)
    _, err = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 1
    last = err.decode().strip().splitlines()[-1]
    assert last.startswith("error: cannot reach Discord at http://127.0.0.1:9 (DISCORD_API_BASE)")
    assert "Traceback" not in err.decode()


async def test_a_word_list_without_words_is_one_error_line(
    tmp_path: Path, standin: StandIn
) -> None:
    words = tmp_path / "words.bin"
    words.write_bytes(bytes(range(256)) * 4)  # not a word list: no line is a word
    process = await spawn_bot(_env(tmp_path, standin, BOGGLE_DICTIONARY=str(words)), tmp_path)
    _, err = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 1
    last = err.decode().strip().splitlines()[-1]
    assert last == f"error: word list {words} (BOGGLE_DICTIONARY): it holds no words " + (
        "(one word a line, in UTF-8)"
    )
    assert not (tmp_path / "boggle.sqlite3").exists()  # stopped before the database


async def test_a_stop_while_the_commands_sync_ends_the_start_cleanly(
    tmp_path: Path, standin: StandIn
) -> None:
    """SIGTERM while Discord is still taking the commands (a shard's process stopped early): the
    start ends, exit code 0, no traceback."""
    sync = "PUT /applications/{application_id}/commands"
    standin.faults.slow(sync, 3.0, times=1)
    process, log = await _spawn_logged(_env(tmp_path, standin), tmp_path)
    try:
        await standin.wait_until(lambda: any(f[2] in sync for f in standin.faults.fired), 30)
    finally:
        logs = await _stopped(process, log)
    assert process.returncode == 0, logs
    assert "Traceback" not in logs and "Session is closed" not in logs, logs


async def test_a_stop_before_the_database_is_open_still_closes_it(
    tmp_path: Path, standin: StandIn
) -> None:
    """SIGTERM while the lexicon is still being built (before the database opens): the start
    ends and the process exits 0, the database it opened after the stop closed with it (an
    open SQLite connection's thread kept such a process alive for good)."""
    env = _env(tmp_path, standin, BOGGLE_CACHE_DIR=str(tmp_path / "empty-cache"))
    process, log = await _spawn_logged(env, tmp_path)
    try:
        await log.wait_for("building it in a child process", 60)
        process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(process.wait(), 90)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    await log.closed()
    assert process.returncode == 0, str(log)
    assert "Traceback" not in str(log), str(log)
