"""A season's recap as Discord shows it: the text (champion, podium, the season's records, the
champion role's fate in one line) and the picture card (Pillow, the board's shipped font)."""

from __future__ import annotations

import io
from collections.abc import Mapping

from bot.discord.render.text import CONTENT_LIMIT, clean_name, fit, marker, plural, pts
from bot.i18n.catalogue import text
from bot.seasons.events import SeasonEnded
from core.languages import language as language_of
from core.seasons import Place

RECAP_FILE = "season.png"
CARD = (640, 360)
BACKGROUND = (43, 87, 151)
STEPS = ((1, 150), (0, 200), (2, 110))  # (place index, height): second, first, third
STEP_COLOURS = ((212, 175, 55), (192, 192, 192), (205, 127, 50))
INK = (255, 255, 255)
DARK = (30, 30, 30)


def _name(names: Mapping[int, str], user_id: int, language: str) -> str:
    return clean_name(
        names.get(user_id, text("units.fallback_name", language, id=user_id)), language
    )


def place_line(place: Place, names: Mapping[int, str], language: str) -> str:
    """One player's season line: medal or rank, name, points and words."""
    line = text(
        "seasons.line",
        language,
        name=_name(names, place.user_id, language),
        points=pts(place.points, language),
        words=plural(place.words, "word", language),
    )
    return f"{marker(place.place)} {line}"


def recap_text(event: SeasonEnded, role_line: str | None) -> str:
    """The recap post: title, champion, podium, records, then the role's line (given or refused)."""
    lang, names, recap = event.language, event.names, event.recap
    lines = [f"## {text('seasons.recap_title', lang, name=event.name)}"]
    champion = recap.champion
    if champion is None:
        lines.append(text("seasons.nobody", lang))
    else:
        who = _name(names, champion.user_id, lang)
        lines.append(text("seasons.champion", lang, name=who, points=pts(champion.points, lang)))
        lines += ["", f"**{text('seasons.podium', lang)}**"]
        lines += [place_line(p, names, lang) for p in recap.podium]
    records = _records(event)
    if records:
        lines += ["", f"**{text('seasons.records', lang)}**", *records]
    if role_line:
        lines += ["", role_line]
    footer = text(
        "seasons.footer",
        lang,
        number=event.number,
        players=plural(len(recap.places), "player", lang),
    )
    lines += ["", f"-# {footer}"]
    return fit("\n".join(lines), CONTENT_LIMIT)


def _records(event: SeasonEnded) -> list[str]:
    lang, names, recap = event.language, event.names, event.recap
    lines = []
    if recap.most_words is not None:
        user, words = recap.most_words
        who = _name(names, user, lang)
        lines.append(text("seasons.most_words", lang, name=who, words=plural(words, "word", lang)))
    if recap.longest_word is not None:
        user, word = recap.longest_word
        who = _name(names, user, lang)
        shown = language_of(lang).casing.upper(word)  # the server's language: Turkish "İ"
        lines.append(text("seasons.longest_word", lang, name=who, word=shown))
    if recap.best_round is not None:
        user, points, _round = recap.best_round
        who = _name(names, user, lang)
        lines.append(text("seasons.best_round", lang, name=who, points=pts(points, lang)))
    if recap.most_improved is not None:
        user, gained = recap.most_improved
        who = _name(names, user, lang)
        lines.append(text("seasons.most_improved", lang, name=who, points=pts(gained, lang)))
    return lines


def recap_png(event: SeasonEnded) -> bytes:
    """The card: the season's name, and the podium's three steps with names and points."""
    from PIL import Image, ImageDraw  # Pillow is loaded by the first picture drawn

    from bot.pictures import picture

    width, height = CARD
    image = Image.new("RGB", CARD, BACKGROUND)
    draw = ImageDraw.Draw(image)
    title, name_font, big = (
        picture.shipped_font(30),
        picture.shipped_font(20),
        picture.shipped_font(40),
    )
    draw.text((width // 2, 34), event.name, font=title, fill=INK, anchor="mm")
    podium = event.recap.podium
    step = 190
    for column, (index, tall) in enumerate(STEPS):
        if index >= len(podium):
            continue
        place = podium[index]
        x = 35 + column * (step + 10)
        top = height - tall
        draw.rectangle((x, top, x + step, height), fill=STEP_COLOURS[index])
        draw.text((x + step // 2, top + 32), str(place.place), font=big, fill=DARK, anchor="mm")
        points = pts(place.points, event.language)
        draw.text((x + step // 2, top + 72), points, font=name_font, fill=DARK, anchor="mm")
        shown = event.names.get(place.user_id, str(place.user_id))[:16]
        draw.text((x + step // 2, top - 18), shown, font=name_font, fill=INK, anchor="mm")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
