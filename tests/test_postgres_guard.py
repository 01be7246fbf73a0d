"""The PostgreSQL guard: without a server's URL, skipped on a developer's machine, failed in CI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.postgres import NOT_SET, NOT_SET_IN_CI, URL_VARIABLE, server_url

ROOT = Path(__file__).resolve().parent.parent


def test_without_a_url_a_developer_skips(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(URL_VARIABLE, raising=False)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match=NOT_SET):
        server_url()
    monkeypatch.setenv(URL_VARIABLE, "  ")  # blank is unset
    with pytest.raises(pytest.skip.Exception, match=NOT_SET):
        server_url()


def test_without_a_url_ci_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(URL_VARIABLE, raising=False)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception) as failed:
        server_url()
    assert failed.value.msg == NOT_SET_IN_CI and "\n" not in NOT_SET_IN_CI
    assert not failed.value.pytrace  # the line alone, no traceback


def test_with_a_url_both_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(URL_VARIABLE, " postgresql://somewhere/test ")
    for ci in ("", "true"):
        monkeypatch.setenv("CI", ci)
        assert server_url() == "postgresql://somewhere/test"


def test_a_ci_run_without_a_url_reports_the_failure_in_one_line() -> None:
    """A real pytest run of a PostgreSQL test, as CI would run it with the variable unset."""
    env = {k: v for k, v in os.environ.items() if k != URL_VARIABLE and k != "PYTEST_ADDOPTS"}
    env.pop("PYTEST_XDIST_WORKER", None)
    env["CI"] = "true"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-n",
            "0",
            "-p",
            "no:cacheprovider",
            "tests/bot/metrics/test_ping_postgres.py",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 1, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    header = next(n for n, line in enumerate(lines) if PING in line and line.startswith("_"))
    assert lines[header + 1] == NOT_SET_IN_CI  # the reason, no traceback
    assert lines[header + 2].startswith("=")
    assert (
        f"FAILED tests/bot/metrics/test_ping_postgres.py::{PING} - Failed: {NOT_SET_IN_CI}" in lines
    )
    assert "1 failed" in lines[-1] and "skipped" not in run.stdout


PING = "test_ping_fails_while_the_server_refuses_the_bot_and_recovers"
