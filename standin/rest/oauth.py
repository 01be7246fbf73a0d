"""OAuth2 and activity instances as Discord serves them: the code grant at ``/oauth2/token``,
``/users/@me`` and ``/oauth2/@me`` (the token's authorization) with a Bearer token, and ``/applications/{id}/activity-instances/{id}`` with the
bot's token. Refusals have Discord's shapes: OAuth2's ``{"error": ...}`` at the token endpoint,
``{"message", "code"}`` elsewhere.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlencode, urlparse

from aiohttp import web

from standin.actions import Actions
from standin.activities import DEFAULT_LOCALE, TOKEN_LIFETIME, Activities
from standin.errors import ApiError, json_response
from standin.payloads import user as user_payload
from standin.rest import request as call
from standin.rest.request import Handler, Route
from standin.rest.routes import Routes
from standin.state import World

INSTANCE = "/applications/{application_id}/activity-instances/{instance_id}"


def unauthorized() -> ApiError:
    return ApiError(401, 0, "401: Unauthorized")


class OAuthRoutes(Routes):
    """The routes; ``bearer_handler`` serves a call made with a person's token."""

    def __init__(
        self, world: World, actions: Actions, activities: Activities, now: Callable[[], float]
    ) -> None:
        super().__init__(world, actions)
        self.activities = activities
        self.now = now

    def table(self) -> list[Route]:
        return [
            ("POST", "/oauth2/token", self.token),
            ("GET", INSTANCE, self.instance),
            ("GET", "/oauth2/@me", self.not_bearer),
        ]

    def page_routes(self) -> list[web.RouteDef]:
        """Discord's authorize page, outside the API: here it asks nobody, and knows who is
        logged in from ``standin_user`` (a sandbox link names its person)."""
        return [web.get("/oauth2/authorize", self.authorize)]

    def bearer_handler(self, route: str, auth: str) -> Handler:
        """A call with ``Authorization: Bearer``: only ``/users/@me`` and ``/oauth2/@me`` take
        one here."""
        now = self.now()
        grant = self.activities.bearer(auth.removeprefix("Bearer ").strip(), now)
        if route not in ("/users/@me", "/oauth2/@me") or grant is None:
            raise unauthorized()
        user = self.world.users.get(grant.user_id)
        if user is None:
            raise unauthorized()
        body = user_payload(user) | {"locale": self.activities.locales.get(user.id, DEFAULT_LOCALE)}
        if route == "/oauth2/@me":  # the authorization: the user only with ``identify``
            expires = datetime.fromtimestamp(time.time() + grant.expires - now, UTC)
            body = {
                "application": self.application(),
                "scopes": list(grant.scopes),
                "expires": expires.isoformat(),
            } | ({"user": user_payload(user)} if "identify" in grant.scopes else {})

        async def me(request: web.Request) -> web.Response:
            return json_response(body)

        return me

    async def not_bearer(self, request: web.Request) -> web.Response:
        """``/oauth2/@me`` is a person's token's: with the bot's, Discord says 401."""
        raise unauthorized()

    def application(self) -> dict[str, Any]:
        """The application as ``/oauth2/@me`` shows it (a partial application object)."""
        return {
            "id": str(self.world.application_id),
            "name": self.world.bot.username,
            "icon": None,
            "description": "",
            "bot_public": True,
            "bot_require_code_grant": False,
        }

    async def token(self, request: web.Request) -> web.Response:
        form = call.body()
        if request.content_type != "application/x-www-form-urlencoded" or not isinstance(
            form, dict
        ):
            return _oauth_error(400, "invalid_request", "Content-Type must be form-urlencoded")
        client_id, secret = form.get("client_id"), form.get("client_secret")
        if client_id != str(self.world.application_id) or secret != self.activities.client_secret:
            return _oauth_error(401, "invalid_client", None)
        if form.get("grant_type") != "authorization_code":
            return _oauth_error(400, "unsupported_grant_type", None)
        redeemed = self.activities.redeem(str(form.get("code", "")), self.now())
        if redeemed is None:
            return _oauth_error(400, "invalid_grant", 'Invalid "code" in request.')
        access_token, grant = redeemed
        return json_response(
            {
                "token_type": "Bearer",
                "access_token": access_token,
                "expires_in": TOKEN_LIFETIME,
                "refresh_token": f"r-{access_token}",
                "scope": " ".join(grant.scopes),
            }
        )

    async def instance(self, request: web.Request) -> web.Response:
        if call.snowflake(request.match_info["application_id"]) != self.world.application_id:
            raise ApiError(404, 10002, "Unknown Application")
        found = self.activities.instances.get(request.match_info["instance_id"])
        if found is None:
            raise ApiError(404, 0, "404: Not Found")
        location: dict[str, Any] = {
            "id": f"gc-{found.guild_id}-{found.channel_id}" if found.guild_id else "pc",
            "kind": "gc" if found.guild_id else "pc",
            "channel_id": str(found.channel_id),
        }
        if found.guild_id:
            location["guild_id"] = str(found.guild_id)
        return json_response(
            {
                "application_id": str(self.world.application_id),
                "instance_id": found.id,
                "launch_id": str(found.launch_id),
                "location": location,
                "users": [str(u) for u in found.users],
            }
        )

    async def authorize(self, request: web.Request) -> web.StreamResponse:
        query = request.query
        if query.get("client_id") != str(self.world.application_id):
            return web.Response(status=400, text="Invalid OAuth2 application")
        if query.get("response_type") != "code":
            return web.Response(status=400, text="Invalid response_type")
        redirect = query.get("redirect_uri", "")
        if urlparse(redirect).scheme not in ("http", "https"):
            return web.Response(status=400, text="Invalid OAuth2 redirect_uri")
        user = self.world.find_user(query.get("standin_user", ""))
        if user is None:
            return web.Response(status=401, text="Not logged in")
        scopes = tuple(query.get("scope", "identify").split())
        code = self.activities.issue_code(user.id, self.now(), scopes)
        joiner = "&" if "?" in redirect else "?"
        state = {"state": query["state"]} if "state" in query else {}
        raise web.HTTPFound(redirect + joiner + urlencode({"code": code, **state}))


def _oauth_error(status: int, error: str, description: str | None) -> web.Response:
    body = {"error": error}
    if description:
        body["error_description"] = description
    return json_response(body, status=status)
