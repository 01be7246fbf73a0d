"""What every message shares: Discord's limits, lengths as Discord counts them, safe names.

Lengths are measured in UTF-16 code units, never fewer than the characters Discord counts, so a
message built here is not refused for size whatever names and emoji it holds. Display names are
escaped here, once: a name cannot ping (``@everyone``), format (``**x**``) or link.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import discord
from discord.utils import escape_markdown, escape_mentions

from bot.i18n.catalogue import count, text
from bot.i18n.channels import channel_list
from bot.i18n.languages import DEFAULT_LANGUAGE
from bot.i18n.phrase import Phrase

CONTENT_LIMIT = 2000
TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELD_NAME_LIMIT = 256
FIELD_VALUE_LIMIT = 1024
FIELDS_PER_EMBED = 25
FOOTER_LIMIT = 2048
EMBED_TOTAL_LIMIT = 6000
EMBEDS_PER_MESSAGE = 10

NAME_CHARS = 32  # Discord display names are at most 32 characters
STATUS_LIMIT = 1300  # the board post itself stays under 700 characters
STATUS_PLAYERS = 15
MISSED_PREVIEW = 1500  # characters of missed words shown in chat; the rest go to the file
WORDS_PER_RESULTS = 12000  # characters of word lists shared by all players before lists shrink
MISSED_FILE = "missed-words.txt"
BOARD_FILE = "board.png"  # the board's picture, on the board post
PATH_FILE = "board-path.png"  # the board with a word's path, on the results
LEADERBOARD_SIZE = 10

MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
COLOUR = discord.Colour.gold()


_LIST_START = re.compile(r"^(\d+)\.")


@dataclass
class RenderedMessage:
    """One message to send: content, embeds and attachments (a discord.File is good for one send)."""

    content: str = ""
    embeds: list[discord.Embed] = field(default_factory=list)
    files: list[discord.File] = field(default_factory=list)


def units(text: str) -> int:
    """Length in UTF-16 code units: an upper bound of what Discord counts as characters."""
    return len(text.encode("utf-16-le")) // 2


def embed_units(embed: discord.Embed) -> int:
    """An embed's total size as Discord counts it toward the 6000 limit (in UTF-16 units)."""
    data = embed.to_dict()
    parts = [data.get("title", ""), data.get("description", "")]
    parts += [f["name"] + f["value"] for f in data.get("fields", [])]
    parts += [data.get("footer", {}).get("text", ""), data.get("author", {}).get("name", "")]
    return sum(units(p) for p in parts)


def fit(text: str, limit: int) -> str:
    """Cut ``text`` to ``limit`` UTF-16 units, marking the cut with an ellipsis."""
    if units(text) <= limit:
        return text
    cut = text[: max(0, limit - 1)]
    while units(cut) > limit - 1:
        cut = cut[:-1]
    return cut + "…"


def clean_name(name: str, language: str = DEFAULT_LANGUAGE) -> str:
    """A display name safe anywhere in a message: one line, <= 32 characters, no markdown or pings."""
    one_line = " ".join("".join(ch if ch.isprintable() else " " for ch in name).split())
    return escape(one_line[:NAME_CHARS].strip() or text("units.someone", language))


def escape(text: str) -> str:
    text = escape_mentions(escape_markdown(text, ignore_links=False))
    text = text.replace("://", ":\u200b//").replace("<", "<\u200b")  # no links, timestamps, emoji
    return _LIST_START.sub(r"\1\\.", text)  # "1. x" at a line start would become a list


def plural(n: int, unit: str, language: str = DEFAULT_LANGUAGE) -> str:
    """``n`` and the unit's catalogue form for it: "1 word", "3 words"."""
    return count(n, f"units.{unit}", language)


def pts(n: int, language: str = DEFAULT_LANGUAGE) -> str:
    return plural(n, "pt", language)


def pack(
    items: Sequence[str], budget: int, sep: str = ", ", language: str = DEFAULT_LANGUAGE
) -> tuple[str, int]:
    """Join as many items as fit in ``budget`` units, then "+N more"; returns (text, left out)."""

    def more(n: int) -> str:
        return text("units.more", language, n=n)

    shown: list[str] = []
    used = 0
    for i, item in enumerate(items):
        add = units(item) + (units(sep) if shown else 0)
        rest = len(items) - i - 1
        if used + add + (units(more(rest)) if rest else 0) > budget:
            break
        shown.append(item)
        used += add
    left = len(items) - len(shown)
    joined = sep.join(shown) + (more(left) if left else "")
    return joined.strip(), left


def join_names(names: Sequence[str], budget: int, language: str = DEFAULT_LANGUAGE) -> str:
    """'a', 'a and b', 'a, b and c', or 'a, b and 12 others' when the names do not fit."""
    if len(names) == 1:
        return names[0]
    for shown in range(len(names), 0, -1):
        rest = len(names) - shown
        head = list(names[:shown]) if rest else list(names[: shown - 1])
        tail = plural(rest, "other", language) if rest else names[shown - 1]
        line = text("units.and", language, head=", ".join(head), tail=tail) if head else tail
        if units(line) <= budget:
            return line
    return plural(len(names), "player", language)


def fallback_name(player: int, language: str = DEFAULT_LANGUAGE) -> str:
    """How a player the bot knows no name for is shown."""
    return text("units.fallback_name", language, id=player)


def marker(rank: int) -> str:
    return f"{MEDALS[rank]} **{rank}.**" if rank in MEDALS else f"**{rank}.**"


def channels_text(channels: Iterable[int], language: str = DEFAULT_LANGUAGE) -> str:
    """Where rounds may start: channel mentions, or any channel (``i18n.channels``)."""
    listed = channel_list(channels)
    return text(listed.key, language, **listed.fields) if isinstance(listed, Phrase) else listed
