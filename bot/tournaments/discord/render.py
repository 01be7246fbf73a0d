"""A tournament's posts on Discord: its sign-up, the standings between rounds and the podium
(text, and the podium as a picture)."""

from __future__ import annotations

import io

from bot.discord.render.text import fit, plural, pts
from bot.i18n.catalogue import text
from bot.i18n.languages import language_name
from bot.tournaments.model import Entrants, Standings
from core.tournament import Format, Placing

CONTENT = 2000
FORMAT_NAMES = {
    Format.SERIES: "tournaments.format_series",
    Format.KNOCKOUT: "tournaments.format_knockout",
}
MEDALS = ("🥇", "🥈", "🥉")
PODIUM_FILE = "podium.png"


def signup_text(entrants: Entrants, open: bool) -> str:
    t = entrants.tournament
    lang = t.language
    pause = f"{t.break_seconds}s" if t.break_seconds < 60 else f"{t.break_seconds // 60}m"
    lines = [
        f"## {text('tournaments.signup_title', lang, name=t.name)}",
        text(
            "tournaments.signup_open",
            lang,
            format=text(FORMAT_NAMES[t.format], lang),
            rounds=plural(t.rounds, "round", lang),
            board=f"{t.size}×{t.size} · {_language(t.language, lang)}",
            time=f"{t.seconds}s" if t.seconds % 60 else f"{t.seconds // 60}m",
            pause=pause,
        ),
    ]
    if not open:
        lines.append(text("tournaments.signup_closed", lang))
    elif t.starts_at is not None:
        lines.append(text("tournaments.signup_starts", lang, at=int(t.starts_at)))
    else:
        lines.append(text("tournaments.signup_manual", lang))
    names = [entrants.name(p) for p in entrants.players]
    lines.append(
        text("tournaments.entrants", lang, count=len(names), names=", ".join(names))
        if names
        else text("tournaments.nobody", lang)
    )
    return fit("\n".join(lines), CONTENT)


def _language(code: str, reader: str) -> str:
    """The board's language named in the reader's words (its Phrase written out, not its repr)."""
    name = language_name(code)
    return name if isinstance(name, str) else text(name.key, reader)


def _line(s: Standings, p: Placing) -> str:
    lang = s.tournament.language
    line = text(
        "tournaments.standing_line",
        lang,
        place=p.place,
        player=s.name(p.player),
        points=pts(p.points, lang),
        words=plural(p.words, "word", lang),
    )
    if p.out_after is not None:
        line += f" · {text('tournaments.out', lang, number=p.out_after)}"
    return line


def standings_text(s: Standings) -> str:
    t = s.tournament
    lang = t.language
    title = text("tournaments.standings_title", lang, name=t.name, number=s.played, rounds=t.rounds)
    lines = [f"**{title}**", *(_line(s, p) for p in s.placings)]
    if t.format is Format.KNOCKOUT:
        names = ", ".join(s.name(p) for p in s.still_in)
        lines.append(text("tournaments.still_in", lang, names=names))
    if s.next_at is not None:
        lines.append(text("tournaments.next_round", lang, at=int(s.next_at)))
    return fit("\n".join(lines), CONTENT)


def podium_text(s: Standings) -> str:
    t = s.tournament
    lang = t.language
    lines = [f"## {text('tournaments.podium_title', lang, name=t.name)}"]
    for medal, p in zip(MEDALS, s.placings, strict=False):
        word = p.best or text("tournaments.no_word", lang)
        lines.append(
            text(
                "tournaments.podium_line",
                lang,
                medal=medal,
                player=s.name(p.player),
                points=pts(p.points, lang),
                word=word,
            )
        )
    lines.append(f"**{text('tournaments.full_standings', lang)}**")
    lines += [_line(s, p) for p in s.placings]
    return fit("\n".join(lines), CONTENT)


STEPS = ((1, 170), (0, 120), (2, 80))  # (place index, height): second left, first, third right
COLOURS = ((212, 175, 55), (192, 192, 192), (205, 127, 50))


def podium_png(s: Standings) -> bytes:
    """Three steps, the first three's names on them (drawn with the board's font)."""
    from PIL import Image, ImageDraw  # Pillow is loaded by the first picture drawn

    from bot.pictures import picture

    width, height, step = 600, 320, 180
    image = Image.new("RGB", (width, height), (43, 87, 151))
    draw = ImageDraw.Draw(image)
    font = picture.shipped_font(22)  # the shipped font, as the board's letters
    big = picture.shipped_font(40)
    for column, (index, tall) in enumerate(STEPS):
        if index >= len(s.placings):
            continue
        x = 30 + column * step
        top = height - tall
        draw.rectangle((x, top, x + step - 10, height), fill=COLOURS[index])
        draw.text(
            (x + step // 2 - 5, top + 30), str(index + 1), font=big, fill=(30, 30, 30), anchor="mm"
        )
        name = s.name(s.placings[index].player)[:14]
        draw.text((x + step // 2 - 5, top - 20), name, font=font, fill=(255, 255, 255), anchor="mm")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
