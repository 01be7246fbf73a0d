"""An application's Activity as people reach it: enabling Activities (the application's flag and
Discord's default Entry Point command), and the Entry Point command run from the App Launcher.
Launching by an interaction's answer (callback type 12) is ``rest/callbacks.py``'s."""

from __future__ import annotations

from standin.codes import CallbackType, CommandType, EntryPointHandler, InteractionType
from standin.installs import reach_command
from standin.interactions import InteractionHandle, interaction_payload
from standin.invoking import Invoking
from standin.refusal import CommandError

# What Discord creates when Activities are enabled (its default Entry Point command).
DEFAULT_ENTRY_POINT = {
    "name": "Launch",
    "description": "Launch an Activity",
    "type": CommandType.PRIMARY_ENTRY_POINT,
    "handler": EntryPointHandler.DISCORD_LAUNCH_ACTIVITY,
}


class Launching(Invoking):
    """The helpers a test calls for the application's Activity (see ``server.py``)."""

    def enable_activities(self) -> None:
        """Activities enabled in the Developer Portal: the application may launch its Activity
        and have an Entry Point command; Discord adds its default one ("Launch", Discord's to
        handle) when the application has none. A global bulk overwrite must then keep an Entry
        Point command in its place (by its id, or its name), or Discord refuses it (50240)."""
        self.world.activities_enabled = True
        if self.commands.entry_point() is None:
            self.commands.upsert(None, dict(DEFAULT_ENTRY_POINT))

    async def launch(self, channel: int | str, user: int | str) -> InteractionHandle:
        """``user`` runs the Entry Point command in ``channel`` (the App Launcher). With
        ``DISCORD_LAUNCH_ACTIVITY`` Discord opens the Activity itself (the handle is answered
        already, nothing reaches the bot); with ``APP_HANDLER`` the bot gets the interaction
        and answers it (``LAUNCH_ACTIVITY``, or anything else). Raises ``CommandError`` when
        the application has no Entry Point command (or no Activities) or the person may not
        use it there."""
        command = self.commands.entry_point()
        if command is None or not self.world.activities_enabled:
            raise CommandError("the application has no Entry Point command")
        ch = self.channel(channel)
        author = self.user(user)
        reach = reach_command(self.world, ch, author.id, command)
        if "0" in reach.owners and not self.world.may_use_command(ch.id, author.id, command):
            raise CommandError(f"{command['name']} is not available to {author.username} here")
        kind = InteractionType.APPLICATION_COMMAND
        handle = self._handle(kind, ch, author, command["name"], reach)
        if command.get("handler") != EntryPointHandler.APP_HANDLER:
            handle.callback = {"type": CallbackType.LAUNCH_ACTIVITY}
            instance = self.activities.join(ch.id, ch.guild_id, author.id)
            handle.activity_instance_id = instance.id
            handle.changes.notify()
            return handle
        data = {"id": command["id"], "name": command["name"], "type": command["type"]}
        payload = interaction_payload(self.world, handle=handle, channel=ch, data=data)
        return await self._deliver(handle, payload, ch)
