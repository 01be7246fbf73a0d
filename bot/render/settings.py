"""``/boggle-config`` replies: a server's settings as a round would use them, marking those that
are the bot's own, and its list of words not accepted."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from ..catalogue import text
from ..options import OptionError, round_options
from ..storage import ServerSettings
from .text import CONTENT_LIMIT, fit, pack, plural


def duration(seconds: int) -> str:
    """``3m``, ``90s`` or ``2m30s``: the form ``time`` options are typed in."""
    minutes, secs = divmod(seconds, 60)
    if not secs:
        return f"{minutes}m"
    return f"{minutes}m{secs}s" if minutes else f"{secs}s"


def channels_text(channels: Iterable[int]) -> str:
    """Where rounds may start: channel mentions, or any channel."""
    listed = sorted(channels)
    return ", ".join(f"<#{c}>" for c in listed) if listed else text("settings.anywhere")


def settings_text(settings: ServerSettings) -> str:
    """Every setting with the value a round started now would take (with dice a server chose
    that this bot no longer has: the size's usual set, as ``set dice:`` will have to choose)."""
    try:
        options = round_options(defaults=settings)
    except OptionError:
        options = round_options(defaults=dataclasses.replace(settings, dice=None))
    zone = settings.timezone or text("settings.utc")
    hints = text("settings.on" if settings.hints else "settings.off")
    rows = [
        ("settings.size", settings.size, text("settings.board_size", size=options.size)),
        ("settings.dice", settings.dice, options.dice),
        ("settings.time", settings.seconds, duration(options.seconds)),
        ("settings.mode", settings.mode, options.mode.value),
        ("settings.min_length", settings.min_length, str(options.min_length)),
        ("settings.timezone", settings.timezone, zone),
        ("settings.hints", settings.hints or None, hints),
    ]
    lines = [text("settings.title")]
    for key, chosen, value in rows:
        shown = value if chosen is not None else text("settings.default", value=value)
        lines.append(text("settings.line", name=text(key), value=shown))
    lines.append(
        text(
            "settings.line", name=text("settings.channels"), value=channels_text(settings.channels)
        )
    )
    banned = text("settings.banned_value", words=plural(len(settings.banned), "word"))
    lines.append(text("settings.line", name=text("settings.banned"), value=banned))
    return fit("\n".join(lines), CONTENT_LIMIT)


def banned_list_text(words: Iterable[str]) -> str:
    """The words not accepted, alphabetically, as many as one message holds."""
    ordered = sorted(words)
    if not ordered:
        return text("settings.words_none")
    head = text("settings.words_list", words=plural(len(ordered), "word"), list="")
    shown, _ = pack(ordered, CONTENT_LIMIT - len(head) - 10)
    return text("settings.words_list", words=plural(len(ordered), "word"), list=shown)
