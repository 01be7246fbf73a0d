"""``/boggle-config`` replies: a server's settings as a round would use them, marking those that
are the bot's own, and its list of words not accepted."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from bot.discord.render.board import mode_name
from bot.discord.render.text import CONTENT_LIMIT, channels_text, fit, pack, plural
from bot.i18n.catalogue import text
from bot.i18n.languages import DEFAULT_DICTIONARY, DEFAULT_LANGUAGE
from bot.kernel.options import OptionError
from bot.server_settings.model import ReadDefaults, ServerSettings
from core.rules import Timer


def duration(seconds: int) -> str:
    """``3m``, ``90s`` or ``2m30s``: the form ``time`` options are typed in."""
    minutes, secs = divmod(seconds, 60)
    if not secs:
        return f"{minutes}m"
    return f"{minutes}m{secs}s" if minutes else f"{secs}s"


def settings_text(
    settings: ServerSettings, read: ReadDefaults, language: str = DEFAULT_LANGUAGE
) -> str:
    """Every setting with the value a round started now would take (as the rounds ``read``
    them; with dice a server chose that this bot no longer has: the size's usual set, as ``set
    dice:`` will have to choose)."""
    try:
        options = read(settings)
    except OptionError:
        options = read(dataclasses.replace(settings, dice=None))
    timer = settings.timer or Timer.STANDARD
    zone = settings.timezone or text("settings.utc", language)
    hints = text("settings.on" if settings.hints else "settings.off", language)
    chosen_language = settings.language if settings.language != DEFAULT_LANGUAGE else None
    dictionary = settings.dictionary if settings.dictionary != DEFAULT_DICTIONARY else None
    rows = [
        ("settings.size", settings.size, text("settings.board_size", language, size=options.size)),
        ("settings.dice", settings.dice, options.dice),
        ("settings.time", settings.seconds, duration(options.length)),
        ("config_timers.timer", settings.timer, text(f"coop_timers.timer_{timer.value}", language)),
        ("config_timers.quiet", settings.quiet_seconds, duration(options.quiet)),
        ("settings.mode", settings.mode, mode_name(options.mode, language)),
        ("settings.min_length", settings.min_length, str(options.min_length)),
        ("settings.timezone", settings.timezone, zone),
        ("settings.hints", settings.hints or None, hints),
        (
            "settings.language",
            chosen_language,
            text(f"choices.language_{options.language}", language),
        ),
        ("settings.dictionary", dictionary, text(f"dictionaries.{options.dictionary}", language)),
    ]
    lines = [text("settings.title", language)]
    for key, chosen, value in rows:
        shown = value if chosen is not None else text("settings.default", language, value=value)
        lines.append(text("settings.line", language, name=text(key, language), value=shown))
    where = channels_text(settings.channels, language)
    lines.append(
        text("settings.line", language, name=text("settings.channels", language), value=where)
    )
    daily = (
        f"<#{settings.daily_channel}>"
        if settings.daily_channel
        else text("settings.none", language)
    )
    lines.append(
        text("settings.line", language, name=text("settings.daily_channel", language), value=daily)
    )
    words = plural(len(settings.banned), "word", language)
    banned = text("settings.banned_value", language, words=words)
    lines.append(
        text("settings.line", language, name=text("settings.banned", language), value=banned)
    )
    return fit("\n".join(lines), CONTENT_LIMIT)


def banned_list_text(words: Iterable[str], language: str = DEFAULT_LANGUAGE) -> str:
    """The words not accepted, alphabetically, as many as one message holds."""
    ordered = sorted(words)
    if not ordered:
        return text("settings.words_none", language)
    count = plural(len(ordered), "word", language)
    head = text("settings.words_list", language, words=count, list="")
    shown, _ = pack(ordered, CONTENT_LIMIT - len(head) - 10, language=language)
    return text("settings.words_list", language, words=count, list=shown)
