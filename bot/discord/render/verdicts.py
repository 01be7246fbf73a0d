"""Short replies to a player: the verdict of each word of a ``/guess``."""

from __future__ import annotations

from functools import partial

from bot.discord.render.text import escape, fit
from bot.i18n.verdicts import verdict_line


def discord_word(word: str) -> str:
    """A word as a reply shows it: escaped, at most 40 characters."""
    return escape(fit(word, 40))


# One line of a /guess reply, so players see at once what each word did: ``verdict_line``'s
# arguments, its words shown as Discord shows them.
verdict_text = partial(verdict_line, shown=discord_word)
