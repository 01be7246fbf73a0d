"""What a person does in the sandbox besides typing: click a button, reply to the board."""

from __future__ import annotations

from typing import Any

from bot.tools.sandbox_terminal import (
    Terminal,
    answered,
    button_named,
    buttons_of,
    label_of,
    settle,
)
from standin import CommandError, StandIn


async def click(standin: StandIn, terminal: Terminal, label: str) -> None:
    """Click ``label`` on the latest message the person sees in the channel that has it: the
    channel's, and the bot's answers only they can see (Discord shows those there too)."""
    seen = list(reversed(standin.seen_by(terminal.player, terminal.channel)))
    found = next(((m, b) for m in seen if (b := button_named(m, label)) is not None), None)
    if found is None:
        labels = dict.fromkeys(label_of(b) for m in seen for b in buttons_of(m.components))
        there = f" (buttons there: {', '.join(labels)})" if labels else ""
        terminal.write(
            f"  ! no message you see in #{terminal.channel} has a button {label!r}{there}"
        )
        return
    msg, button = found
    if button.get("url"):
        terminal.write(f"  ({label_of(button)} is a link: {button['url']})")
        return
    try:
        handle = await standin.click(msg, terminal.player, button["custom_id"])
    except CommandError as exc:  # a disabled button, a message gone meanwhile
        terminal.write(f"  ! {exc}")
        return
    if terminal.echo_people:
        terminal.write(f"{terminal.player} clicked [{label_of(button)}]")
    await answered(terminal, handle)
    await settle(terminal, 0.1, 2.0)


async def reply(standin: StandIn, terminal: Terminal, words: str) -> None:
    """Reply to the latest board in the channel (a running round's: it has a Guess button), the
    reply's mention on as Discord's default: what players do without the message-content
    intent."""
    seen = reversed(standin.seen_by(terminal.player, terminal.channel))
    board = next((m for m in seen if any(_is_guess(b) for b in buttons_of(m.components))), None)
    if board is None:
        terminal.write(f"  ! no running round's board in #{terminal.channel} to reply to")
        return
    await standin.user_replies(board, terminal.player, words)
    await settle(terminal, 0.1, 2.0)


def _is_guess(button: dict[str, Any]) -> bool:
    return str(button.get("custom_id", "")).startswith("boggle:guess:")
