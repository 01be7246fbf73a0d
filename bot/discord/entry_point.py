"""The app's Entry Point command (type 4, ``PRIMARY_ENTRY_POINT``): it opens the Activity.

Handled by the app (``APP_HANDLER``): the bot answers with ``LAUNCH_ACTIVITY``, which opens the
Activity in that channel. discord.py 2.7's tree knows no type 4, so ``BoggleTree`` adds it to the
global bulk overwrite and answers it in ``interaction_check``. Discord refuses (50240) an
overwrite that leaves out the existing Entry Point command, so without ``BOGGLE_ACTIVITY`` the
sync sends the one there back as it is.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from bot.i18n.catalogue import text
from bot.i18n.languages import DISCORD_LOCALES, LANGUAGE_CODES

log = logging.getLogger(__name__)

PRIMARY_ENTRY_POINT = 4  # the command's type
APP_HANDLER = 1  # the app answers it (Discord's default command is DISCORD_LAUNCH_ACTIVITY, 2)
NAME = "launch"
# What a bulk overwrite takes of a command (Discord's JSON params); the rest of a command read
# back (``application_id``, ``version``...) is Discord's own.
WRITABLE = frozenset(
    {
        "id",
        "name",
        "name_localizations",
        "description",
        "description_localizations",
        "options",
        "default_member_permissions",
        "dm_permission",
        "default_permission",
        "integration_types",
        "contexts",
        "type",
        "nsfw",
        "handler",
    }
)


def entry_point_command() -> dict[str, Any]:
    """The command as it is synced: global, in servers, without options (Discord's rules)."""
    localized = {
        locale: text("web.launch_description", code)
        for code in LANGUAGE_CODES
        if code != "en"
        for locale in DISCORD_LOCALES[code]
    }
    return {
        "name": NAME,
        "description": text("web.launch_description"),
        "description_localizations": localized,
        "type": PRIMARY_ENTRY_POINT,
        "handler": APP_HANDLER,
        "integration_types": [0],
        "contexts": [0],
    }


def is_entry_point(interaction: discord.Interaction[Any]) -> bool:
    data = interaction.data
    return (
        interaction.type is discord.InteractionType.application_command
        and data is not None
        and data.get("type") == PRIMARY_ENTRY_POINT
    )


class BoggleTree(app_commands.CommandTree[Any]):
    """The bot's command tree; with ``entry_point`` on, the Entry Point command too."""

    entry_point = False  # the application has an Activity (BOGGLE_ACTIVITY)
    # Awaited before every command runs (``BoggleBot.install``: the server's locale noted).
    before_command: Callable[[discord.Interaction[Any]], Awaitable[None]] | None = None

    async def sync_global(self) -> int:
        """Bulk-overwrite the global commands, keeping the application's Entry Point command:
        when on, the bot's own in its place (by its id); when off, the one there unchanged. How
        many commands there are now."""
        application_id = self.client.application_id
        if application_id is None:
            raise app_commands.MissingApplicationID
        translator = self.translator
        payload = [
            await c.get_translated_payload(self, translator) if translator else c.to_dict(self)
            for c in self.get_commands()
        ]
        there = await self._entry_point_there(application_id)
        if self.entry_point:
            own = entry_point_command()
            payload.append(own if there is None else own | {"id": there["id"]})
        elif there is not None:
            payload.append({k: v for k, v in there.items() if k in WRITABLE})
        synced = await self.client.http.bulk_upsert_global_commands(application_id, payload)
        return len(synced)

    async def _entry_point_there(self, application_id: int) -> dict[str, Any] | None:
        """The application's Entry Point command, with its localisations, if it has one."""
        route = discord.http.Route(
            "GET", "/applications/{application_id}/commands", application_id=application_id
        )
        commands = await self.client.http.request(route, params={"with_localizations": "true"})
        return next((c for c in commands if c.get("type") == PRIMARY_ENTRY_POINT), None)

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """The Entry Point command is answered here, with the launch; every other
        interaction goes on to its command, after the tree's ``before_command``."""
        if not is_entry_point(interaction):
            if self.before_command is not None:
                await self.before_command(interaction)
            return True
        try:
            await interaction.response.launch_activity()
        except discord.HTTPException as exc:
            log.warning("the Activity could not be launched (%s)", exc)
        return False
