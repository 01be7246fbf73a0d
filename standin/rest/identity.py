"""Who is who: the gateway's address, the bot and its application, commands, guilds, channels."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aiohttp import web

from standin.actions import Actions
from standin.codes import APPLICATION_EMBEDDED, CommandType
from standin.command_checks import MAX_COMMANDS, check_command, check_commands
from standin.commands import CommandRegistry
from standin.errors import (
    ApiError,
    entry_point_refused,
    invalid_form,
    json_response,
    missing_access,
    too_many_commands,
)
from standin.payloads import channel as channel_payload
from standin.payloads import guild_create
from standin.payloads import member as member_payload
from standin.payloads import user as user_payload
from standin.permissions import Perm
from standin.rest import request as call
from standin.rest.request import Route, snowflake
from standin.rest.routes import Routes
from standin.state import World

COMMANDS = "/applications/{application_id}/commands"
GUILD_COMMANDS = "/applications/{application_id}/guilds/{guild_id}/commands"


class IdentityRoutes(Routes):
    def __init__(
        self,
        world: World,
        actions: Actions,
        commands: CommandRegistry,
        *,
        gateway_url: Callable[[], str],
        gateway_bot: Callable[[], dict[str, Any]],
    ) -> None:
        super().__init__(world, actions)
        self.commands = commands
        self.gateway_url = gateway_url
        self.gateway_bot = gateway_bot

    def table(self) -> list[Route]:
        return [
            ("GET", "/gateway", self.get_gateway),
            ("GET", "/gateway/bot", self.get_gateway_bot),
            ("GET", "/users/@me", self.get_me),
            ("GET", "/oauth2/applications/@me", self.get_application),
            ("GET", "/applications/@me", self.get_application),
            ("POST", "/users/@me/channels", self.create_dm),
            ("GET", "/users/{user_id}", self.get_user),
            *(
                (method, scope, handler)
                for scope in (COMMANDS, GUILD_COMMANDS)
                for method, handler in (
                    ("GET", self.get_commands),
                    ("PUT", self.put_commands),
                    ("POST", self.post_command),
                )
            ),
            ("GET", "/guilds/{guild_id}", self.get_guild),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("POST", "/channels/{channel_id}/typing", self.typing),
        ]

    # the gateway, the bot and its application

    async def get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.gateway_url()})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        return json_response(self.gateway_bot())

    async def get_me(self, request: web.Request) -> web.Response:
        me = user_payload(self.world.bot) | {"verified": True, "mfa_enabled": False}
        return json_response(me)

    async def get_application(self, request: web.Request) -> web.Response:
        owner = next(iter(self.world.guilds.values())).owner_id if self.world.guilds else None
        owner_user = self.world.users[owner] if owner else self.world.bot
        return json_response(
            {
                "id": str(self.world.application_id),
                "name": self.world.bot.username,
                "description": "Discord stand-in application",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": user_payload(owner_user),
                "verify_key": "0" * 64,
                "flags": APPLICATION_EMBEDDED if self.world.activities_enabled else 0,
                "bot": user_payload(self.world.bot),
            }
        )

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.world.users.get(snowflake(request.match_info["user_id"]))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return json_response(user_payload(user))

    # application commands

    def _command_scope(self, request: web.Request) -> int | None:
        if snowflake(request.match_info["application_id"]) != self.world.application_id:
            raise missing_access()
        guild_id = request.match_info.get("guild_id")
        if guild_id is None:
            return None
        if not self._bot_guild(snowflake(guild_id)):
            raise missing_access()
        return snowflake(guild_id)

    def _bot_guild(self, guild_id: int) -> bool:
        """A guild the bot is in (of those it is not, it sees nothing: 403 Missing Access)."""
        guild = self.world.guilds.get(guild_id)
        return guild is not None and self.world.bot.id in guild.members

    async def get_commands(self, request: web.Request) -> web.Response:
        """The scope's commands; their localisations only ``with_localizations``, as Discord."""
        commands = self.commands.commands(self._command_scope(request))
        if request.query.get("with_localizations") in ("true", "True", "1"):
            return json_response(commands)
        return json_response([without_localizations(c) for c in commands])

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        body = call.body()
        if not isinstance(body, list):
            raise invalid_form("_root", "LIST_TYPE_CONVERT", "Must be a list.")
        check_commands(body, guild=scope is not None, activities=self.world.activities_enabled)
        return json_response(self.commands.overwrite(scope, body))

    async def post_command(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        body = call.body()
        check_command(body, "", guild=scope is not None, activities=self.world.activities_enabled)
        existing = self.commands.commands(scope)
        if (
            isinstance(body, dict)
            and body.get("type") == CommandType.PRIMARY_ENTRY_POINT
            and any(
                c.get("type") == CommandType.PRIMARY_ENTRY_POINT and c["name"] != body.get("name")
                for c in existing
            )
        ):
            raise entry_point_refused("type", "An application has one Entry Point command")
        new_chat_input = body.get("type", 1) == 1 and not any(
            c["name"] == body["name"] and c.get("type", 1) == 1 for c in existing
        )
        if new_chat_input and sum(1 for c in existing if c.get("type", 1) == 1) >= MAX_COMMANDS:
            raise too_many_commands(MAX_COMMANDS)
        return json_response(self.commands.upsert(scope, body), status=201)

    # guilds and channels

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self.world.guilds.get(snowflake(request.match_info["guild_id"]))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        if not self._bot_guild(guild.id):
            raise missing_access()
        data = guild_create(self.world, guild)
        for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at"):
            data.pop(key, None)
        return json_response(data)

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self.world.guilds.get(snowflake(request.match_info["guild_id"]))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        if not self._bot_guild(guild.id):
            raise missing_access()
        member = guild.members.get(snowflake(request.match_info["user_id"]))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return json_response(member_payload(member))

    async def get_channel(self, request: web.Request) -> web.Response:
        channel = self.channel(request)
        if channel.guild_id is not None:
            self.require(channel)
        return json_response(channel_payload(self.world, channel))

    async def create_dm(self, request: web.Request) -> web.Response:
        body = call.body() or {}
        user = self.world.users.get(snowflake(str(body.get("recipient_id", "0"))))
        if user is None:
            raise invalid_form("recipient_id", "NUMBER_TYPE_COERCE", "Value is not snowflake.")
        if user.bot:
            raise ApiError(400, 50007, "Cannot send messages to this user")
        return json_response(channel_payload(self.world, self.world.dm_channel(user.id)))

    async def typing(self, request: web.Request) -> web.Response:
        channel = self.channel(request)
        if channel.guild_id is not None:
            self.require(channel, Perm.SEND_MESSAGES)
        return web.Response(status=204)


def without_localizations(item: dict[str, Any]) -> dict[str, Any]:
    """``item`` (a command, option or choice) and all it holds without localisation maps."""
    kept = {k: v for k, v in item.items() if not k.endswith("_localizations")}
    for key in ("options", "choices"):
        if isinstance(kept.get(key), list):
            kept[key] = [without_localizations(i) for i in kept[key]]
    return kept
