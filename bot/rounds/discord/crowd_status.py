"""The live status of a crowded round: a few short lines, so the grid stays on a phone's screen.

    🏆 ana 42 · bo 37 · cy 30 · 300 players
    ✅ dee: cat, tars · eve: rose · …
    ✗ fay: xq (not a word) · …
    -# Many players: for private, instant verdicts use Guess, /guess or the board's page.

``news`` comes in ``feedback``'s order; names are taken from its front until the line is full.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.discord.render.text import clean_name, escape, fallback_name, fit, plural, units
from bot.i18n.catalogue import text
from bot.i18n.verdicts import verdict_reason
from bot.rounds.discord.port import News
from core.round import Standing, Verdict

TOP = 3  # players on the first line
NAME_UNITS = 16  # a name in the crowd's lines
ACCEPTED_UNITS = 450  # the ✅ line
REFUSED_UNITS = 180  # the ✗ line
PER_PLAYER = 70  # one player's words on a line, so that one player does not fill it


def crowd_status(
    standings: Sequence[Standing],
    players: int,
    names: Mapping[int, str],
    news: Mapping[int, News],
    language: str,
    *,
    live: bool = True,
) -> tuple[str, dict[int, tuple[int, int]]]:
    """The crowd's status and, per player, how many accepted and refused items it names."""
    lines = [_top_line(standings, players, names, language)]
    counts: dict[int, tuple[int, int]] = {}
    accepted = _rolling(news, names, language, accepted=True, counts=counts)
    refused = _rolling(news, names, language, accepted=False, counts=counts)
    if accepted:
        lines.append(text("stadium.accepted_line", language, items=accepted))
    if refused:
        lines.append(text("stadium.refused_line", language, items=refused))
    if live:  # where a crowd's verdicts are private and instant
        lines.append(text("stadium.private", language))
    return "\n".join(lines), counts


def refused_item(word: str, verdict: Verdict, language: str, meant: str | None = None) -> str:
    """'xq (not a word)': a refused word (as typed, cut short) and why."""
    reason = verdict_reason(verdict, language, None if meant is None else escape(meant))
    return text("status.refused_item", language, word=escape(fit(word, 20)), reason=reason)


def _name(player: int, names: Mapping[int, str], language: str) -> str:
    raw = names.get(player, fallback_name(player, language))
    return clean_name(fit(raw, NAME_UNITS), language)


def _top_line(
    standings: Sequence[Standing], players: int, names: Mapping[int, str], language: str
) -> str:
    best = [
        f"{_name(s.player, names, language)} {s.points if s.points is not None else s.words}"
        for s in standings[:TOP]
    ]
    return " · ".join(
        ["🏆 " + " · ".join(best) if best else "🏆", plural(players, "player", language)]
    )


def _rolling(
    news: Mapping[int, News],
    names: Mapping[int, str],
    language: str,
    *,
    accepted: bool,
    counts: dict[int, tuple[int, int]],
) -> str:
    """'ana: cat, tars · bo: rose' from the front of ``news`` until the line is full."""
    budget = ACCEPTED_UNITS if accepted else REFUSED_UNITS
    line = ""
    for player, item in news.items():
        words = (
            [escape(w) for w in item.accepted]
            if accepted
            else [refused_item(w, v, language, item.meant.get(w)) for w, v in item.refused]
        )
        if not words:
            continue
        head = ("" if not line else " · ") + _name(player, names, language) + ": "
        taken: list[str] = []
        for word in words:
            candidate = head + ", ".join([*taken, word])
            if units(candidate) > PER_PLAYER and taken:
                break
            if units(line + candidate) > budget:
                break
            taken.append(word)
        if not taken:
            if units(line) + units(head) + 8 > budget:
                break  # the line is full
            continue
        line += head + ", ".join(taken)
        shown_accepted, shown_refused = counts.get(player, (0, 0))
        counts[player] = (len(taken), shown_refused) if accepted else (shown_accepted, len(taken))
    return line
