"""``/battle``'s answer and the ``/boggle-config battles`` lines, in the reader's language."""

from __future__ import annotations

from datetime import timedelta

from bot.battles.model import BattleRow, BattleWeek, EntryChanged
from bot.discord.render.text import CONTENT_LIMIT, clean_name, fallback_name, fit, marker
from bot.i18n.catalogue import count, text
from bot.i18n.languages import language_name
from core.battles import shown


def battle_text(week: BattleWeek) -> str:
    """This week's table, the server's place (or how to take part) with its best players, last
    week's winners and the server's past weeks."""
    reader = week.reader
    last = week.week + timedelta(days=6)
    lines = [
        text(
            "battles.title",
            reader,
            lang=language_name(week.language),
            first=week.week.isoformat(),
            last=last.isoformat(),
        ),
        text("battles.rule", reader),
        text("battles.this_week", reader),
    ]
    lines += [_line(row, reader) for row in week.table] or [text("battles.empty", reader)]
    entry = week.entry
    name = clean_name(entry.shown_name or "", reader)
    if not entry.joined:
        lines.append(text("battles.not_in", reader))
    elif week.place is None:
        lines.append(text("battles.no_points", reader, name=name))
    else:
        place = week.place
        servers = count(place.servers, "battles.servers", reader)
        score = shown(place.points)
        lines.append(
            text(
                "battles.place", reader, name=name, place=place.place, servers=servers, score=score
            )
        )
    if entry.joined and week.contributions:
        players = ", ".join(
            text(
                "battles.contributor",
                reader,
                name=clean_name(c.name or fallback_name(c.player_id, reader), reader),
                score=shown(c.points),
                days=count(c.days, "battles.days", reader),
            )
            for c in week.contributions
        )
        lines.append(text("battles.contributors", reader, players=players))
    winners = " · ".join(_winner(row, reader) for row in week.winners)
    lines.append(text("battles.winners", reader, servers=winners or text("battles.none", reader)))
    if entry.joined and week.history:
        weeks = " · ".join(
            text(
                "battles.history_week",
                reader,
                week=past.week.isoformat(),
                place=past.place,
                score=shown(past.points),
            )
            for past in week.history
        )
        lines.append(text("battles.history", reader, weeks=weeks))
    return fit("\n".join(lines), CONTENT_LIMIT)


def _line(row: BattleRow, language: str) -> str:
    name = clean_name(row.name, language)
    return text(
        "battles.table_line", language, marker=marker(row.place), name=name, score=shown(row.points)
    )


def _winner(row: BattleRow, language: str) -> str:
    name = clean_name(row.name, language)
    return text(
        "battles.winner", language, marker=marker(row.place), name=name, score=shown(row.points)
    )


def entry_text(changed: EntryChanged) -> str:
    """Whether the server takes part in server battles now, and under which name."""
    entry, language = changed.entry, changed.language
    if not entry.joined:
        return text("battles.entry_out", language)
    return text("battles.entry_in", language, name=clean_name(entry.shown_name or "", language))
