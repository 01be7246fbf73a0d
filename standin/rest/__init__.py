"""REST API v10: the routes a bot uses, with Discord's permission checks and error answers.

Route templates use discord.py's parameter names, so a recorded call's ``route`` reads like
``POST /channels/{channel_id}/messages`` and fault patterns can be copied from discord.py.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from aiohttp import web
from aiohttp.web_urldispatcher import MatchInfoError

from standin.actions import Actions
from standin.activities import Activities
from standin.commands import CommandRegistry
from standin.errors import ApiError, json_response
from standin.faults import Faults, bucket_hash, fault_response
from standin.interactions import InteractionHandle
from standin.rate_limits import RateLimits
from standin.recorder import ApiCall, Recorder
from standin.rest.callbacks import CallbackRoutes
from standin.rest.events import EventRoutes
from standin.rest.identity import IdentityRoutes
from standin.rest.messages import MessageRoutes
from standin.rest.oauth import OAuthRoutes
from standin.rest.request import API_PREFIX, Handler, read_body, remember_body
from standin.rest.roles import RoleRoutes
from standin.state import World

__all__ = ["Rest"]


class Rest:
    """The aiohttp routes, and the middleware that records calls and injects faults."""

    def __init__(
        self,
        world: World,
        recorder: Recorder,
        faults: Faults,
        commands: CommandRegistry,
        actions: Actions,
        *,
        token: str | None,
        gateway_url: Callable[[], str],
        gateway_bot: Callable[[], dict[str, Any]],
        now: Callable[[], float],
        activities: Activities | None = None,
        rate_limits: RateLimits | None = None,
    ) -> None:
        self.recorder = recorder
        self.rate_limits = rate_limits or RateLimits()
        self.faults = faults
        self.token = token
        self.messages = MessageRoutes(world, actions)
        activities = activities or Activities()
        self.callbacks = CallbackRoutes(world, actions, now, activities)
        self.oauth = OAuthRoutes(world, actions, activities, now)
        self.groups = [
            IdentityRoutes(
                world, actions, commands, gateway_url=gateway_url, gateway_bot=gateway_bot
            ),
            self.messages,
            EventRoutes(world, actions),
            self.callbacks,
            self.oauth,
            RoleRoutes(world, actions),
        ]

    @property
    def interactions(self) -> dict[int, InteractionHandle]:
        """Every interaction sent to the bot, by id (the callback routes look them up)."""
        return self.callbacks.interactions

    def routes(self) -> list[web.RouteDef]:
        defs = [
            web.route(method, API_PREFIX + path, handler)
            for group in self.groups
            for method, path, handler in group.table()
        ]
        defs.append(web.get("/attachments/{attachment_id}/{filename}", self.messages.download))
        defs.extend(self.oauth.page_routes())
        return defs

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Record the call, apply injected faults, and turn ApiError into Discord's JSON."""
        info = request.match_info
        unknown = isinstance(info, MatchInfoError)
        if not unknown and not request.path.startswith(API_PREFIX):
            return await handler(request)  # the gateway websocket, attachment downloads
        route = request.path if unknown else _template(request)
        route = route.removeprefix(API_PREFIX)
        path = request.path.removeprefix(API_PREFIX)
        refused: ApiError | None = None
        try:
            body, files = await read_body(request)
        except ApiError as exc:
            body, files, refused = None, [], exc
        call = ApiCall(
            request.method,
            route,
            path,
            dict(request.query),
            body,
            [(f.filename, f.data) for f in files],
        )
        remember_body(body, files)
        response: web.StreamResponse
        if unknown:
            response = json_response({"message": "404: Not Found", "code": 0}, status=404)
            self.recorder.unknown_routes.append(call)
        elif refused is not None:
            response = refused.response()
        else:
            response = await self._answer(request, handler, route, path)
        call.status = response.status
        self.recorder.record_call(call)
        return response

    async def _answer(
        self, request: web.Request, handler: Handler, route: str, path: str
    ) -> web.StreamResponse:
        """An injected fault's answer, or the handler's (with Discord's rate-limit headers)."""
        delay, fault = self.faults.take(request.method, route, path)
        if delay:
            await asyncio.sleep(delay)
        if fault is not None:
            return fault_response(fault, f"{request.method} {route}")
        channel = request.match_info.get("channel_id")
        auth = request.headers.get("Authorization", "")
        too_many = self.rate_limits.take_global(auth, request.method, route)
        too_many = too_many or self.rate_limits.take(request.method, route, channel)
        if too_many is not None:
            return too_many
        try:
            if auth.startswith("Bearer "):  # a person's OAuth2 token (an Activity's server)
                handler = self.oauth.bearer_handler(route, auth)
            else:
                self._check_auth(request, route)
            response = await handler(request)
        except ApiError as exc:
            response = exc.response()
        late = self.faults.take_late(request.method, route, path)
        if late:
            await asyncio.sleep(late)
        if 200 <= response.status < 300 and route.startswith("/"):
            limited = self.rate_limits.headers(request.method, route, channel)
            if limited is not None:
                response.headers.update(limited)
            else:
                _add_ratelimit_headers(response, f"{request.method} {route}")
        return response

    def _check_auth(self, request: web.Request, route: str) -> None:
        if route.startswith(("/webhooks/", "/interactions/", "/attachments/", "/oauth2/token")):
            return
        auth = request.headers.get("Authorization", "")
        if not auth.startswith("Bot ") or (self.token is not None and auth != f"Bot {self.token}"):
            raise ApiError(401, 0, "401: Unauthorized")


def _template(request: web.Request) -> str:
    """The matched route's template, e.g. ``/api/v10/channels/{channel_id}/messages``."""
    resource = request.match_info.route.resource
    return resource.canonical if resource is not None else request.path


def _add_ratelimit_headers(response: web.StreamResponse, route: str) -> None:
    """The headers Discord sends on every answer; generous so the client never waits."""
    response.headers["X-RateLimit-Limit"] = "50"
    response.headers["X-RateLimit-Remaining"] = "49"
    response.headers["X-RateLimit-Reset"] = f"{time.time() + 1:.3f}"
    response.headers["X-RateLimit-Reset-After"] = "1.000"
    response.headers["X-RateLimit-Bucket"] = bucket_hash(route)
