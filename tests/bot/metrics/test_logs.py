"""``BOGGLE_LOG_FORMAT=json``: the bot's own log lines during a round, each parsed by
``json.loads``; a round's lines carry its guild, channel and round."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from bot.config.settings import Settings, SettingsError
from bot.metrics.logs import JsonFormatter, configure_logging
from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.harness import Clock, bot_session


async def test_json_lines_carry_the_round(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon, tmp_path: Path
) -> None:
    log_file = tmp_path / "bot.log"
    handler = logging.FileHandler(log_file, encoding="utf-8")
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.addHandler(handler)
    level = root.level
    root.setLevel(logging.INFO)
    try:
        async with bot_session(standin, database, clock, lexicon) as game:
            live, _ = await game.start_round("alice", time="3m")
            await game.end_round()
            try:
                raise RuntimeError("boom")
            except RuntimeError:
                logging.getLogger("bot.test").exception("a failure")
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
        handler.close()
    lines = [json.loads(line) for line in log_file.read_text(encoding="utf-8").splitlines()]
    assert lines and all({"time", "level", "logger", "message"} <= set(line) for line in lines)
    rounds = [line for line in lines if line["logger"] == "bot.rounds.live_rounds"]
    where = {"guild": live.stored.guild_id, "channel": live.channel_id, "round": live.id}
    assert [line["message"] for line in rounds] == [
        f"round {live.id} started",
        f"round {live.id} ended",
    ]
    assert all(line | where == line and line["level"] == "INFO" for line in rounds)
    assert all("round" not in line for line in lines if line["logger"].startswith("discord"))
    (failure,) = [line for line in lines if line["logger"] == "bot.test"]
    assert failure["level"] == "ERROR" and "RuntimeError: boom" in failure["exception"]
    assert failure["time"].endswith("+00:00")


def test_the_setting_and_the_root_handler(tmp_path: Path) -> None:
    assert Settings.from_env({}, env_file=None).log_format == "text"
    assert Settings.from_env({"BOGGLE_LOG_FORMAT": "JSON"}, env_file=None).log_format == "json"
    with pytest.raises(SettingsError, match="BOGGLE_LOG_FORMAT must be text or json"):
        Settings.from_env({"BOGGLE_LOG_FORMAT": "xml"}, env_file=None)
    settings = Settings.from_env({"BOGGLE_METRICS_PORT": "9100"}, env_file=None)
    assert (settings.metrics_host, settings.metrics_port) == ("127.0.0.1", 9100)
    with pytest.raises(SettingsError, match="BOGGLE_METRICS_PORT must be a port number"):
        Settings.from_env({"BOGGLE_METRICS_PORT": "http"}, env_file=None)
    root = logging.getLogger()
    saved = root.handlers[:]
    root.handlers.clear()
    try:
        configure_logging("INFO", tmp_path / "x.log", log_format="json")
        assert [type(h.formatter) for h in root.handlers] == [JsonFormatter]
        logging.getLogger("bot").warning("hello %s", "there", extra={"guild": 5})
        for h in root.handlers:
            h.flush()
        (line,) = (tmp_path / "x.log").read_text().splitlines()
        assert json.loads(line) | {"message": "hello there", "guild": 5} == json.loads(line)
    finally:
        for h in root.handlers:
            h.close()
        root.handlers[:] = saved
