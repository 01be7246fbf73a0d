"""The round channels a message names: one field, written in whatever language the message is."""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n.phrase import Phrase


def channel_list(channels: Iterable[int]) -> Phrase | str:
    """Where rounds may start, as a field of a message: the listed channels as the catalogue
    writes a channel (``<#id>``), or "any channel" in the reader's language when none is."""
    listed = sorted(channels)
    return ", ".join(f"<#{c}>" for c in listed) if listed else Phrase("settings.anywhere")
