"""The board as a picture (bot/pictures/picture.py): sizes, faces, determinism, the drawn path."""

from __future__ import annotations

import io
import math
import random
import unicodedata
from itertools import pairwise

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from bot.discord.render.text import PATH_FILE
from bot.pictures import picture
from bot.rounds.discord.results import results_messages
from core.board import Board
from core.dice import dice_set
from core.languages import LANGUAGE_CODES, language
from core.round import Mode, Rules, tally
from core.solver import find_path

MIXED = Board.parse("q[th][in][er]/[he].[an]s/tone/[q]ase")  # Qu, two-letter faces, blank, plain Q


def opened(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def die_box(board: Board, index: int, inset: int = 0) -> tuple[int, int, int, int]:
    shape = picture.layout(board.rows, board.cols)
    x, y = shape.corner(index)
    return (x + inset, y + inset, x + shape.die - inset, y + shape.die - inset)


def ink(image: Image.Image, box: tuple[int, int, int, int]) -> Image.Image:
    """A mask of the letter-dark pixels (every channel dark) inside ``box``."""
    red, green, blue = (b.point(lambda v: 255 if v < 80 else 0) for b in image.crop(box).split())
    return ImageChops.darker(ImageChops.darker(red, green), blue)


def ink_box(image: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, int, int, int] | None:
    """Where the letters are inside ``box``, relative to it; None if there are none."""
    return ink(image, box).getbbox()


@pytest.mark.parametrize(
    ("dice", "rows", "cols"),
    [("4x4-new", 4, 4), ("4x4-classic", 4, 4), ("5x5-original", 5, 5), ("6x6-superbig", 6, 6)],
)
def test_every_dice_set_renders_at_its_size(dice: str, rows: int, cols: int) -> None:
    rng = random.Random(7)
    for _ in range(5):
        board = dice_set(dice).roll(rng)
        image = opened(picture.board_png(board))
        assert image.size == picture.layout(rows, cols).size
        assert image.width <= picture.PICTURE_SPAN + 10


@pytest.mark.parametrize("text", ["a", "abc/", "abc/def", "ab/cd/ef/gh/ij/kl/mn", "x" * 256])
def test_any_rectangle_renders(text: str) -> None:
    board = Board.parse(text)
    shape = picture.layout(board.rows, board.cols)
    image = opened(picture.board_png(board))
    assert image.size == shape.size
    assert shape.die >= picture.SMALLEST_DIE
    last = die_box(board, len(board.cells) - 1)
    assert last[2] < image.width and last[3] < image.height  # every die inside the picture


def test_every_face_kind_is_drawn_inside_its_die() -> None:
    """Letters on every lettered die, none on the blank, and none cut off at a die's edge;
    multi-letter faces run wider than one letter."""
    board = Board.parse("q[th][in][er]/[he].[an]s/tone/[q]a[str]e")
    image = opened(picture.board_png(board))
    die = picture.layout(4, 4).die
    widths = {}
    for index, face in enumerate(board.cells):
        found = ink_box(image, die_box(board, index))
        if face == "":
            assert found is None, "a blank die shows no letter"
            continue
        assert found is not None, f"{face!r} drew nothing"
        left, top, right, bottom = found
        assert left > die * 0.05 and right < die * 0.95 and top > die * 0.05 and bottom < die * 0.9
        widths[face] = right - left
    assert min(widths["qu"], widths["th"], widths["er"], widths["str"]) > widths["o"]
    assert widths["q"] < widths["qu"]  # a plain Q shows no u


def test_blank_die_is_drawn_as_an_empty_face() -> None:
    board = Board.parse("ab/c.")
    image = opened(picture.board_png(board))
    tray = image.getpixel((2, image.height // 2))
    x0, y0, x1, y1 = die_box(board, 3)
    centre = image.getpixel(((x0 + x1) // 2, (y0 + y1) // 2))
    assert isinstance(centre, tuple)
    assert sum(centre) > 3 * 200 and centre != tray  # a light die face, not a hole in the tray


def test_same_input_same_bytes_cold_or_warm() -> None:
    board = dice_set("6x6-superbig").roll(random.Random(3))
    path = (0, 1, 2, 8)
    warm = picture.board_png(board), picture.board_png(board, path)
    picture.clear_cache()
    cold = picture.board_png(board), picture.board_png(board, path)
    assert cold == warm
    assert warm[0] != warm[1]


def test_path_changes_only_its_own_dice_and_the_line_between_them() -> None:
    board = MIXED
    path = (1, 2, 6, 7)  # Th In An S: across, down-left, across
    assert board.cells[1:3] + board.cells[6:8] == ("th", "in", "an", "s")
    plain = opened(picture.board_png(board))
    drawn = opened(picture.board_png(board, path))
    shape = picture.layout(board.rows, board.cols)
    changed = ImageChops.difference(plain, drawn).convert("L").point(lambda v: 255 if v else 0)

    for index in range(len(board.cells)):
        region = changed.crop(die_box(board, index, inset=shape.die // 4))
        if index in path:
            assert region.getbbox() is not None, f"path die {index} not marked"
        else:
            assert region.getbbox() is None, f"die {index} is off the path but changed"

    # Every changed pixel is on a path die's tile or within the line's reach of its segments.
    pad = picture._pad(shape.die)
    tiles = [die_box(board, i, inset=-pad) for i in path]
    reach = shape.die * picture.PATH_WIDTH / 2 + 2
    centres = [shape.centre(i) for i in path]
    width = changed.width
    for offset, value in enumerate(changed.tobytes()):
        if not value:
            continue
        x, y = offset % width, offset // width
        on_tile = any(a <= x < c and b <= y < d for a, b, c, d in tiles)
        near = any(_distance((x, y), p, q) <= reach for p, q in pairwise(centres))
        assert on_tile or near, f"pixel {(x, y)} changed away from the path"


def test_path_letters_stay_legible_on_the_line() -> None:
    board = MIXED
    path = (1, 2, 6, 7)
    drawn = opened(picture.board_png(board, path))
    plain = opened(picture.board_png(board))
    for index in path:
        box = die_box(board, index)
        letters = ink(plain, box)
        assert ImageChops.subtract(letters, ink(drawn, box)).getbbox() is None  # all still there
        drawn_box, plain_box = ink_box(drawn, box), ink_box(plain, box)
        assert drawn_box is not None and plain_box is not None
        assert all(abs(a - b) <= 1 for a, b in zip(drawn_box, plain_box, strict=True))


def test_a_path_the_board_cannot_have_is_refused() -> None:
    with pytest.raises(ValueError):
        picture.board_png(MIXED, (0, 15))  # not neighbours
    with pytest.raises(ValueError):
        picture.board_png(MIXED, (4, 5, 6))  # through the blank


def test_found_path_of_a_qu_word_draws() -> None:
    board = Board.parse("qiet/abcd/efgh/ijkl")
    path = find_path(board, "quiet")
    assert path == (0, 1, 2, 3)
    assert opened(picture.board_png(board, path)) != opened(picture.board_png(board))


def _distance(point: tuple[int, int], a: tuple[float, float], b: tuple[float, float]) -> float:
    """From ``point`` to the segment ``a``-``b``."""
    (px, py), (ax, ay), (bx, by) = point, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def test_results_show_the_picture_in_the_board_embed() -> None:
    """Beside the missed-words file when the lists are cut; everything else as without it."""
    board = Board.parse("rael/mofs/teok/nati")
    rules = Rules(Mode.CLASSIC, 3)
    words = {f"{a}{b}{c}{d}" for a in "bcdfgh" for b in "aeiou" for c in "lmnrst" for d in "aeo"}
    results = tally({w: () for w in words}, {1: ["sat"]}, rules)
    png = picture.board_png(board)
    plain = results_messages(results, {1: "alice"}, board, rules)
    assert [f.filename for f in plain[-1].files] == ["missed-words.txt"]
    shown = results_messages(results, {1: "alice"}, board, rules, picture=png)
    assert [m.content for m in shown] == [m.content for m in plain]
    images = [e.image.url for m in shown for e in m.embeds if e.image.url]
    assert images == [f"attachment://{PATH_FILE}"]
    last = shown[-1]
    assert last.embeds[-1].image.url  # the board's embed, in the message that holds the file
    assert sorted(f.filename for f in last.files) == sorted(
        [PATH_FILE, *(f.filename for f in plain[-1].files)]
    )
    [attached] = [f for f in last.files if f.filename == PATH_FILE]
    assert attached.fp.read() == png


def face_colour(image: Image.Image, board: Board, index: int) -> tuple[int, ...]:
    """The commonest colour inside a die (its face, around letters, line and badge)."""
    crop = image.crop(die_box(board, index, inset=picture.layout(board.rows, board.cols).die // 8))
    colours = crop.getcolors(crop.width * crop.height)
    assert colours is not None
    colour = max(colours)[1]
    assert isinstance(colour, tuple)
    return colour


def close(a: tuple[int, ...], b: tuple[int, ...], within: int = 12) -> bool:
    return all(abs(x - y) <= within for x, y in zip(a, b, strict=False))


def test_the_path_dice_are_lit_and_only_they() -> None:
    board = MIXED
    path = (1, 2, 6, 7)
    image = opened(picture.board_png(board, path))
    for index, face in enumerate(board.cells):
        colour = face_colour(image, board, index)
        if index in path:
            assert close(colour, picture.DIE_LIT), (index, colour)
        elif face:
            assert close(colour, picture.DIE_FACE), (index, colour)


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG 2 contrast ratio of two sRGB colours."""

    def luminance(colour: tuple[int, ...]) -> float:
        linear = [
            (c / 255 / 12.92) if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour[:3]
        ]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


DARK_THEME, LIGHT_THEME = (49, 51, 56), (255, 255, 255)  # Discord's chat backgrounds


def test_colours_read_on_dark_and_light_themes() -> None:
    """Letters stand out from every face (7:1, WCAG's AAA for text), the dice from the tray and
    the path and its numbers from what they cross (3:1, for graphics); the tray, whose colours do
    not depend on the theme, is set apart from both themes' backgrounds."""
    for face in (picture.DIE_FACE, picture.DIE_LIT):
        assert contrast(picture.INK, face) >= 7
        assert contrast(face, picture.TRAY) >= 3
        assert contrast(picture.PATH_INK, face) >= 3
    assert contrast(picture.BADGE_INK, picture.PATH_INK) >= 3
    assert contrast(picture.TRAY, LIGHT_THEME) >= 3
    assert contrast(picture.TRAY, DARK_THEME) >= 1.5  # the ivory dice carry it on dark


def test_results_without_attachments_are_text_only() -> None:
    """As many posts as with attachments, the same ranking and lists, but no picture, no file,
    no note of a file: a cut list says how many it leaves out."""
    board = Board.parse("rael/mofs/teok/nati")
    rules = Rules(Mode.CLASSIC, 3)
    words = {f"{a}{b}{c}{d}" for a in "bcdfgh" for b in "aeiou" for c in "lmnrst" for d in "aeo"}
    results = tally({w: () for w in words}, {1: ["sat"]}, rules)
    png = picture.board_png(board)
    full = results_messages(results, {1: "alice"}, board, rules, picture=png)
    bare = results_messages(results, {1: "alice"}, board, rules, picture=png, attachments=False)
    assert len(bare) == len(full)
    assert all(m.files == [] for m in bare)
    assert all(not e.image.url and not e.footer.text for m in bare for e in m.embeds)
    assert all("missed-words" not in (m.content or "") for m in bare)
    assert [m.content for m in bare[:-1]] == [m.content for m in full[:-1]]
    assert full[-1].content.startswith(bare[-1].content)  # less the note of the file
    assert [e.description for m in bare for e in m.embeds] == [
        e.description for m in full for e in m.embeds
    ]
    assert "more" in (bare[-1].embeds[-1].description or "")


@pytest.mark.parametrize("code", LANGUAGE_CODES)
def test_the_font_draws_every_letter_of_each_language(code: str) -> None:
    """Each letter with a mark (Czech Ř, Croatian Đ, Turkish İ...) is drawn by the bundled font:
    not its fallback box (what a missing glyph shows) and not its letter without the mark."""
    lang = language(code)
    die = picture.layout(4, 4).die
    missing = picture._letters("\ue000", die).tobytes()  # a code point the font has no glyph for
    for letter in lang.alphabet:
        shown = lang.casing.capital(letter)
        drawn = picture._letters(shown, die).tobytes()
        assert drawn != missing, f"{code}: the font has no {shown}"
        plain = unicodedata.normalize("NFD", shown)[0]
        if plain != shown:
            assert drawn != picture._letters(plain, die).tobytes(), (
                f"{code}: {shown} drawn as {plain}"
            )


def test_the_bundled_font_draws_every_languages_capitals() -> None:
    """Each letter of each language, as its die shows it (Ą Ė Ų Ž, Ș Ț, Turkish İ), has a glyph
    of its own in the bundled font: drawn, and not the font's box for a missing character."""
    font = ImageFont.truetype(str(picture.FONT_FILE), 40, layout_engine=ImageFont.Layout.BASIC)

    def drawn(text: str) -> bytes:
        image = Image.new("L", (120, 80))
        ImageDraw.Draw(image).text((10, 10), text, font=font, fill=255)
        return image.tobytes()

    missing, blank = drawn("\ue000"), drawn("")  # a private-use character: the missing box
    for code in LANGUAGE_CODES:
        lang = language(code)
        faces = [lang.casing.capital(letter) for letter in lang.alphabet] + [
            "Ș",
            "Ț",
            "Ă",
            "Â",
            "Î",
        ]
        undrawn = [f for f in faces if drawn(f) in (missing, blank)]
        assert undrawn == [], code
    assert drawn("Ė") != drawn("E") and drawn("Ș") != drawn("Ş")  # the marks are drawn


@pytest.mark.parametrize("code", ["bg", "el"])
def test_a_board_of_cyrillic_or_greek_capitals_is_drawn_on_every_die(code: str) -> None:
    lang = language(code)
    board = Board(4, 4, tuple(lang.alphabet[:16]))
    image = opened(picture.board_png(board, casing=lang.casing))
    assert all(ink_box(image, die_box(board, i)) is not None for i in range(16))


def glyph(font: ImageFont.FreeTypeFont, text: str) -> bytes:
    """``text`` drawn alone in ``font``: its pixels."""
    left, top, right, bottom = (round(v) for v in font.getbbox(text))
    image = Image.new("L", (right - left + 2, bottom - top + 2), 0)
    ImageDraw.Draw(image).text((1 - left, 1 - top), text, fill=255, font=font)
    return image.tobytes() + bytes(image.size)


@pytest.mark.parametrize("code", ["ru", "uk"])
def test_the_shipped_font_draws_every_cyrillic_capital(code: str) -> None:
    """Each letter of the alphabet has its own glyph in the bundled font (not the empty box a
    missing one gets), and a board of them draws each die's letter (issue 39)."""
    lang = language(code)
    font = picture.shipped_font(60)
    missing = glyph(font, "\ue000")  # a private-use character: no glyph
    shapes = {}
    for letter in lang.alphabet:
        capital = lang.casing.capital(letter)
        shape = glyph(font, capital)
        assert shape != missing, capital
        shapes[capital] = shape
    assert len(set(shapes.values())) == len(shapes)  # Ш is not Щ, И not Й, І not Ї
    faces = tuple(lang.alphabet[:16])
    board = Board(4, 4, faces)
    image = opened(picture.board_png(board, casing=lang.casing))
    for index in range(16):
        assert ink_box(image, die_box(board, index, inset=4)) is not None, faces[index]
