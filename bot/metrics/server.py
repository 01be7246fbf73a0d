"""The host's HTTP port (``BOGGLE_METRICS_PORT``): ``/healthz`` (200 or 503, JSON) and
``/metrics`` (Prometheus' text format). A peer of the Discord client and the Activity's server,
started by the composition root before the services (a process waiting for its shards answers
503, not nothing) and stopped by its exit stack after them."""

from __future__ import annotations

import json
import logging
import socket
from collections.abc import Callable
from contextlib import AsyncExitStack

import discord
from aiohttp import web
from prometheus_client import generate_latest

from bot.metrics.health import HealthCheck, Pingable
from bot.metrics.registry import Metrics

log = logging.getLogger(__name__)
# The text format every Prometheus reads (2.x knows no 1.0.0); the names here are all plain
# [a-z_], so the body is the same in both.
TEXT_FORMAT = "text/plain; version=0.0.4; charset=utf-8"


class MetricsServer:
    """Serves ``metrics`` and ``health`` on ``host``:``port`` (0: a free port; ``port`` tells
    which once started)."""

    def __init__(self, metrics: Metrics, health: HealthCheck, host: str, port: int) -> None:
        self.metrics = metrics
        self.health = health
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/metrics", self._metrics)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, self.port))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        log.info("health and metrics are served on http://%s:%d/", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _healthz(self, request: web.Request) -> web.Response:
        health = await self.health.check()
        return web.json_response(health.body(), status=200 if health.ok else 503, dumps=json.dumps)

    async def _metrics(self, request: web.Request) -> web.Response:
        body = generate_latest(self.metrics.registry)
        return web.Response(body=body, headers={"Content-Type": TEXT_FORMAT})


async def start_metrics(
    metrics: Metrics,
    client: discord.Client,
    storage: Callable[[], Pingable | None],
    host: str,
    port: int,
    stack: AsyncExitStack,
) -> MetricsServer:
    """The server started, its stop pushed on ``stack``; the client's gateway latency read."""
    metrics.readings.gateway_latency = lambda: client.latency
    server = MetricsServer(metrics, HealthCheck(client, storage, metrics.readings), host, port)
    await server.start()
    stack.push_async_callback(server.stop)
    return server
