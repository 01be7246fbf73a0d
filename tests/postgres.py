"""PostgreSQL for tests: a schema of its own for each test on the server that
``BOGGLE_TEST_POSTGRES_URL`` names, so runs never see each other's rows or locks.

Unset, a test that asks for one is skipped with that reason on a developer's machine and fails
in CI (``CI`` set), as the browser tests do; set but unreachable, it fails.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg
import pytest

URL_VARIABLE = "BOGGLE_TEST_POSTGRES_URL"
NOT_SET = f"{URL_VARIABLE} not set"
NOT_SET_IN_CI = f"{NOT_SET}: CI runs the PostgreSQL tests (.ci/run sets it)"


def server_url() -> str:
    """The test server's URL; none set, skips the calling test, or fails it under ``CI``."""
    url = os.environ.get(URL_VARIABLE, "").strip()
    if not url:
        if os.environ.get("CI"):
            pytest.fail(NOT_SET_IN_CI, pytrace=False)
        pytest.skip(NOT_SET)
    return url


def with_search_path(url: str, schema: str) -> str:
    """``url`` with its sessions' ``search_path`` set to ``schema`` (asyncpg passes unknown
    query parameters to the server as settings)."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "search_path"]
    query.append(("search_path", schema))
    return urlunsplit(parts._replace(query=urlencode(query)))


@asynccontextmanager
async def fresh_postgres_url() -> AsyncIterator[str]:
    """A URL whose tables go to a new, empty schema, dropped (with everything in it) after."""
    url = server_url()
    schema = f"t_{uuid.uuid4().hex[:16]}"
    admin = await asyncpg.connect(url, server_settings={"lock_timeout": "10000"})
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
        try:
            yield with_search_path(url, schema)
        finally:
            await admin.execute(f"DROP SCHEMA {schema} CASCADE")
    finally:
        await admin.close()
