"""Discord's API calls counted where discord.py makes them: an aiohttp trace config on its HTTP
session (``discord.Client(http_trace=...)``), so every request, each retry after a 429
included, is seen as Discord answered it; nothing of discord.py is patched."""

from __future__ import annotations

from types import SimpleNamespace

import aiohttp

from bot.metrics.registry import Metrics

SWITCHING_PROTOCOLS = 101  # the gateway's websocket upgrade, on the same session: not an API call
RATE_LIMITED = 429
SCOPES = ("user", "global", "shared")  # Discord's X-RateLimit-Scope values (a bounded label)


def discord_trace(metrics: Metrics) -> aiohttp.TraceConfig:
    """A trace config counting requests by method and status, and 429s by scope."""
    trace = aiohttp.TraceConfig()

    async def ended(
        session: aiohttp.ClientSession,
        context: SimpleNamespace,
        params: aiohttp.TraceRequestEndParams,
    ) -> None:
        status = params.response.status
        if status == SWITCHING_PROTOCOLS:
            return
        metrics.discord_requests.labels(params.method, str(status)).inc()
        if status == RATE_LIMITED:
            headers = params.response.headers
            scope = headers.get("X-RateLimit-Scope", "")
            if scope not in SCOPES:
                scope = "global" if headers.get("X-RateLimit-Global") == "true" else "unknown"
            metrics.discord_rate_limited.labels(scope).inc()

    async def failed(
        session: aiohttp.ClientSession,
        context: SimpleNamespace,
        params: aiohttp.TraceRequestExceptionParams,
    ) -> None:
        metrics.discord_requests.labels(params.method, "error").inc()

    trace.on_request_end.append(ended)
    trace.on_request_exception.append(failed)
    return trace
