"""How the sandbox shows Discord in a terminal: messages as a user sees them (embeds, buttons,
timestamps in local time), attachments saved beside the world file."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

from bot.tools.sandbox_forms import Form
from standin import InteractionHandle, StandIn, StoredMessage, TranscriptEntry
from standin.codes import ComponentType


class Terminal:
    """Prints the transcript as people in the channel see it; saves attachments to files."""

    def __init__(self, standin: StandIn, out: TextIO, folder: Path, *, echo_people: bool) -> None:
        self.standin = standin
        self.out = out
        self.folder = folder
        self.echo_people = echo_people
        self.player = "alice"
        self.channel = "boggle"
        self.muted: set[str] = set()  # channels shown only to someone in them (#world)
        self.last_activity = 0.0
        self._loading: set[int] = set()
        self.save_error: str | None = None
        self.form: Form | None = None  # the modal being filled in: lines go to its fields
        # The Activity's page, when the bot serves it (known once its server is bound).
        self.page_url: Callable[[], str | None] = lambda: None

    def write(self, text: str) -> None:
        text = show_timestamps(text)
        self.out.write(text if text.endswith("\n") else text + "\n")
        self.out.flush()

    def _username(self, user_id: int | None) -> str:
        if user_id is None:
            return "?"
        user = self.standin.world.users[user_id]
        return "bot" if user.bot else user.username

    def show(self, entry: TranscriptEntry, *, history: bool = False) -> None:
        """Render one transcript entry; people's messages are echoed only when they were not
        typed here (scripted input) or are ``history``."""
        self.last_activity = asyncio.get_running_loop().time()
        typed_here = not (self.echo_people or history)
        if not entry.by_bot and entry.kind in ("message", "edit") and typed_here:
            return
        channel = self.standin.world.channels[entry.channel_id]
        if channel.name in self.muted and channel.name != self.channel:
            return
        where = "" if channel.name == self.channel else f"[#{channel.name}] "
        if channel.guild_id is None:
            where = f"[DM with {channel.name}] "
        if entry.kind == "reaction":
            self.write(
                f"  {where}[{self._username(entry.reactor_id)} reacted {entry.emoji} to "
                f"{self._username(entry.author_id)}: {entry.content!r}]"
            )
        elif entry.kind == "unreaction":
            self.write(
                f"  {where}[{self._username(entry.reactor_id)} removed {entry.emoji} from "
                f"{self._username(entry.author_id)}: {entry.content!r}]"
            )
        elif entry.kind == "delete":
            self.write(f"  {where}[message from {entry.author_name} deleted]")
        else:
            self._show_message(entry, where)

    def _show_message(self, entry: TranscriptEntry, where: str) -> None:
        marks = []
        if entry.kind == "edit" and entry.message_id not in self._loading:
            marks.append("(edited)")
        self._loading.discard(entry.message_id)
        if entry.ephemeral:
            who = self._username(entry.visible_to)
            marks.append(
                "(only you can see this)" if who == self.player else f"(only {who} can see this)"
            )
        if entry.reply_to is not None and entry.kind == "message":
            replied = self.standin.world.messages.get(entry.reply_to)
            if replied is not None:
                marks.append(f"(replying to {self._username(replied.author.id)})")
        if entry.interaction_user_id is not None and entry.kind == "message":
            marks.append(f"(to {self._username(entry.interaction_user_id)}'s command)")
        suffix = (" " + " ".join(marks)) if marks else ""
        if entry.loading:
            self._loading.add(entry.message_id)
            self.write(f"{where}{entry.author_name} is thinking...{suffix}")
            return
        lines = entry.content.split("\n") if entry.content else []
        if len(lines) == 1:
            self.write(f"{where}{entry.author_name}: {lines[0]}{suffix}")
        else:
            self.write(f"{where}{entry.author_name}:{suffix}")
            for line in lines:
                self.write(f"  {line}")
        for embed in entry.embeds:
            for line in render_embed(embed):
                self.write(f"  | {line}")
        for filename, data in entry.attachments:
            path = self._save(entry.message_id, filename, data)
            self.write(f"  [attachment {filename} saved to {path} ({len(data)} bytes)]")
        buttons = buttons_of(entry.components)
        if buttons:
            self.write("  " + " ".join(f"[{label_of(b)}]" for b in buttons))

    def _save(self, message_id: int, filename: str, data: bytes) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{message_id}-{Path(filename).name}"
        path.write_bytes(data)
        return path


_TIMESTAMP = re.compile(r"<t:(-?\d+)(?::([tTdDfFR]))?>")


def show_timestamps(text: str, now: float | None = None) -> str:
    """Discord timestamps as a client shows them, in no language (a client writes "in 30
    seconds" in its reader's; the message around it may be French): ``<t:N:R>`` as a countdown
    "⏳2:30" (or "⌛2:30" past), others as a time of day."""

    def one(match: re.Match[str]) -> str:
        moment = int(match.group(1))
        if match.group(2) == "R":
            delta = round(moment - (time.time() if now is None else now))
            span = f"{abs(delta) // 60}:{abs(delta) % 60:02d}"
            return f"⏳{span}" if delta >= 0 else f"⌛{span}"
        return datetime.fromtimestamp(moment).strftime("%H:%M:%S")

    return _TIMESTAMP.sub(one, text)


def render_embed(embed: dict[str, Any]) -> list[str]:
    """An embed as lines of text: author, title, description, fields, footer."""
    lines: list[str] = []
    if author := (embed.get("author") or {}).get("name"):
        lines.append(author)
    if title := embed.get("title"):
        lines.append(f"**{title}**")
    if description := embed.get("description"):
        lines.extend(description.split("\n"))
    for field in embed.get("fields") or []:
        value = str(field.get("value", "")).split("\n")
        lines.append(f"{field.get('name', '')}: {value[0]}")
        lines.extend(f"  {more}" for more in value[1:])
    if footer := (embed.get("footer") or {}).get("text"):
        lines.append(f"-- {footer}")
    return lines


def iter_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for component in components:
        found.append(component)
        found.extend(iter_components(component.get("components", [])))
    return found


def buttons_of(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A message's buttons, in the order they are drawn."""
    return [c for c in iter_components(components) if c.get("type") == ComponentType.BUTTON]


def label_of(button: dict[str, Any]) -> str:
    return str(button.get("label") or button.get("custom_id") or button.get("url"))


def button_named(msg: StoredMessage, label: str) -> dict[str, Any] | None:
    for component in buttons_of(msg.components):
        if label.lower() in (
            str(component.get("label", "")).lower(),
            str(component.get("custom_id", "")).lower(),
        ):
            return component
    return None


async def settle(terminal: Terminal, quiet: float, limit: float) -> None:
    """Give the bot a moment to answer: until nothing happened for ``quiet`` s (at most ``limit``)."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    terminal.last_activity = max(terminal.last_activity, start)
    while loop.time() - start < limit:
        idle = loop.time() - terminal.last_activity
        if idle >= quiet:
            return
        await asyncio.sleep(quiet - idle)


async def answered(terminal: Terminal, handle: InteractionHandle) -> None:
    """Wait for the bot's answer to an interaction; a modal it answers with opens as a form."""
    try:
        await handle.response(timeout=3.0)
    except TimeoutError:
        terminal.write("  ! The application did not respond (Discord would show this error).")
        return
    if handle.modal is not None:
        terminal.form = Form(handle)
        for line in terminal.form.opening():
            terminal.write(line)
