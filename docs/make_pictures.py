"""Draw the README's two pictures into docs/images/: a board post and a results post.

    .venv/bin/python docs/make_pictures.py

Both come from the project's own code: a seeded 4x4 round on the English dice, scored by
``core.Round``, the board drawn by ``bot.pictures.picture.board_png`` and the results written by
``bot.discord.render.results_messages``. The results post is laid out the way Discord shows it (dark theme),
in the project's font (``data/fonts/DejaVuSans-Bold.ttf``); emoji, which the font lacks, become
small drawn marks. The same seed gives the same pictures.
"""

from __future__ import annotations

import dataclasses
import io
import random
import re
from pathlib import Path

import discord
from PIL import Image, ImageDraw, ImageFont

from bot.discord.render import RenderedMessage, results_messages
from bot.pictures.picture import FONT_FILE, board_png
from core.board import Board
from core.codes import encode
from core.commonness import missed_order
from core.dice import dice_set
from core.generate import roll_with_floor
from core.languages import lexicon_for
from core.round import Mode, Results, Round, Rules
from core.solver import find_path

OUT = Path(__file__).resolve().parent / "images"
SEED = 32  # a board of 380 words
DICE = "4x4-new"
PLAYERS = {1: "alice", 2: "bob", 3: "carol"}
FOUND_BY = {1: 14, 2: 10, 3: 6}  # words each player finds, from the board's most common ones

WIDTH = 760
PAD = 16
BACKGROUND = (49, 51, 56)  # Discord's dark theme
EMBED = (43, 45, 49)
BAR = (241, 196, 15)  # discord.Colour.gold(), the results' colour
TEXT = (219, 222, 225)
BRIGHT = (242, 243, 245)
MUTED = (148, 155, 164)
CODE = (30, 31, 34)
BUTTON = (78, 80, 88)
Colour = tuple[int, int, int]
MARKS = {  # emoji the font lacks: a disc of a colour, with a letter the font has
    "🥇": ((232, 180, 30), "1"),
    "🥈": ((170, 178, 189), "2"),
    "🥉": ((196, 122, 66), "3"),
    "🏁": ((90, 90, 96), "⚑"),
    "🏆": ((232, 180, 30), "★"),
    "🔎": ((88, 101, 242), "?"),
    "🔁": ((88, 101, 242), "↻"),
    "📚": ((67, 160, 71), "≡"),
    "📖": ((67, 160, 71), "¶"),
    "📏": ((230, 126, 34), "↔"),
    "🎉": ((233, 30, 99), "!"),
    "🤝": ((233, 30, 99), "="),
    "📎": ((90, 90, 96), "+"),
}


def play() -> tuple[Board, Rules, Results]:
    """A seeded round, played by three players from the board's most common words."""
    lexicon = lexicon_for("en")
    rules = Rules(Mode.CLASSIC, 3)
    board, solution = roll_with_floor(dice_set(DICE), random.Random(SEED), lexicon, 3)
    game = Round.start(board, lexicon, rules, deadline=180.0, solution=solution)
    common = missed_order(solution, lexicon)
    rng = random.Random(SEED)
    for player, count in FOUND_BY.items():
        for at, word in enumerate(rng.sample(common[:60], count)):
            game.judge(player, word, float(at))
    results = game.results()
    # as the round service posts them: missed words most common first
    results = dataclasses.replace(results, missed=tuple(missed_order(results.missed, lexicon)))
    return board, rules, results


def main() -> None:
    OUT.mkdir(exist_ok=True)
    board, rules, results = play()
    (OUT / "board.png").write_bytes(board_png(board))
    word = results.longest[0] if results.longest else results.missed[0]
    path = _path_of(board, word)
    picture = board_png(board, path)
    (message,) = results_messages(results, PLAYERS, board, rules, picture, code=encode(board, DICE))
    _draw_message(message, Image.open(io.BytesIO(picture))).save(OUT / "results.png", optimize=True)
    print(f"wrote {OUT / 'board.png'} and {OUT / 'results.png'}")


def _path_of(board: Board, word: str) -> tuple[int, ...]:
    found = find_path(board, word)
    assert found is not None
    return tuple(found)


# --- a Discord message, drawn -------------------------------------------------------------------


def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_FILE), size)


BODY = _font(15)
SMALL = _font(13)
TITLE = _font(16)


class Canvas:
    """Lines drawn top to bottom on a tall image of one colour, cropped at the end."""

    def __init__(self, width: int, background: tuple[int, int, int]) -> None:
        self.width = width
        self.image = Image.new("RGB", (width, 4000), background)
        self.draw = ImageDraw.Draw(self.image)
        self.y = PAD // 2

    def text(self, x: int, line: str, font: ImageFont.FreeTypeFont, colour: Colour) -> None:
        """A line of text with its emoji as marks and its struck words struck, wrapped at the
        right margin."""
        height = font.size + 7
        cx = x
        for word in re.findall(r"\S+\s*", _plain(line)):
            struck = word.startswith("~~")
            word = word.replace("~~", "")
            width = sum(_advance(ch, font) for ch in word.rstrip())
            if cx + width > self.width - PAD and cx > x:
                cx, self.y = x, self.y + height
            start = cx
            for ch in word:
                cx += self._char(cx, ch, font, colour)
            if struck:
                middle = self.y + font.size * 0.6
                self.draw.line((start, middle, start + width, middle), fill=colour, width=2)
        self.y += height

    def _char(self, x: int, ch: str, font: ImageFont.FreeTypeFont, colour: Colour) -> int:
        if ch in MARKS:
            fill, letter = MARKS[ch]
            r = font.size // 2 + 1
            cy = self.y + font.size // 2 + 2
            self.draw.ellipse((x, cy - r, x + 2 * r, cy + r), fill=fill)
            self.draw.text((x + r, cy), letter, font=SMALL, fill=(255, 255, 255), anchor="mm")
            return 2 * r + 2
        self.draw.text((x, self.y), ch, font=font, fill=colour)
        return _advance(ch, font)

    def done(self) -> Image.Image:
        return self.image.crop((0, 0, self.width, self.y + PAD // 2))


def _advance(ch: str, font: ImageFont.FreeTypeFont) -> int:
    return 2 * (font.size // 2 + 1) + 2 if ch in MARKS else round(font.getlength(ch))


def _plain(line: str) -> str:
    """Markdown as Discord shows it: no stars or backticks (struck words keep their marks)."""
    return line.replace("**", "").replace("`", "").replace("\\", "")


def _draw_message(message: RenderedMessage, picture: Image.Image) -> Image.Image:
    canvas = Canvas(WIDTH, BACKGROUND)
    canvas.text(PAD, "Boggle  BOT", TITLE, BRIGHT)
    for line in (message.content or "").splitlines():
        canvas.text(PAD, line, BODY, TEXT)
    for embed in message.embeds:
        drawn = _draw_embed(embed, picture)
        canvas.image.paste(drawn, (PAD, canvas.y + 6))
        canvas.y += drawn.height + 12
    box = (PAD, canvas.y, PAD + 110, canvas.y + 32)
    canvas.draw.rounded_rectangle(box, radius=4, fill=BUTTON)
    canvas.draw.text((PAD + 55, canvas.y + 16), "Play again", font=SMALL, fill=BRIGHT, anchor="mm")
    canvas.y += 32 + PAD // 2
    return canvas.done()


def _draw_embed(embed: discord.Embed, picture: Image.Image) -> Image.Image:
    canvas = Canvas(WIDTH - 2 * PAD, EMBED)
    left = 16
    canvas.y += 4
    canvas.text(left, embed.title or "", TITLE, BRIGHT)
    in_code = False
    for line in (embed.description or "").splitlines():
        if line.startswith("```"):
            in_code = not in_code
        elif in_code:
            _code_line(canvas, left, line)
        else:
            canvas.text(left, line, BODY, TEXT)
    for field in embed.fields:
        canvas.text(left, field.name or "", BODY, BRIGHT)
        canvas.text(left, field.value or "", BODY, MUTED)
    if embed.image.url:
        shown = picture.convert("RGB").resize((280, 280 * picture.height // picture.width))
        canvas.image.paste(shown, (left, canvas.y + 6))
        canvas.y += shown.height + 12
    if embed.footer.text:
        canvas.text(left, embed.footer.text, SMALL, MUTED)
    image = canvas.done()
    ImageDraw.Draw(image).rectangle((0, 0, 3, image.height), fill=BAR)
    return image


def _code_line(canvas: Canvas, left: int, line: str) -> None:
    """A line of the board's grid, each character in a fixed cell as a monospace font sets it."""
    pitch = 11
    canvas.draw.rectangle(
        (left, canvas.y - 3, left + 24 + pitch * len(line), canvas.y + 20), fill=CODE
    )
    for i, ch in enumerate(line):
        canvas.draw.text((left + 12 + i * pitch, canvas.y), ch, font=BODY, fill=TEXT)
    canvas.y += 23


if __name__ == "__main__":
    main()
