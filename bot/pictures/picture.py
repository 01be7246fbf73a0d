"""The board as a picture: dice on a tray, and the path of a word drawn over them.

Pure (a Board and a path in, PNG bytes out) so it runs in a worker thread and in tests. The
colours suit both Discord themes; letters come from the font in ``data/fonts/``, never a system
font, so every install draws the same picture. Each piece (a die, a step badge) is drawn once per
face and size, supersampled, and kept; a picture is pastes on the tray, saved as a 256-colour PNG
from one shared palette (a third of a true-colour PNG's time and bytes: ``bench/bench_picture.py``).
"""

from __future__ import annotations

import io
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from core.board import BLANK, Board
from core.casing import PLAIN, Casing
from core.dice import DATA_DIR
from core.solver import path_spells

FONT_FILE = DATA_DIR / "fonts" / "DejaVuSans-Bold.ttf"

# Sizes in pixels, or as a share of a die's side.
LARGEST_DIE = 96  # up to 5 dice a side; bigger boards get smaller dice
PICTURE_SPAN = 600  # ... so that the picture stays about this wide
SMALLEST_DIE = 28
GAP = 0.14  # the tray between two dice
MARGIN = 0.26  # the tray around the dice
CORNER = 0.18  # a die's rounded corner
EDGE = 1 / 16  # a die's lower side, seen below its face
ONE_LETTER = 0.62  # font size of a one-letter face
MORE_LETTERS = 0.46  # and of every multi-letter face alike (Qu, Th, In), unless too wide
LETTERS_WIDTH = 0.8  # the widest letters may be
BADGE = 0.13  # radius of the disc with a step's number
PATH_WIDTH = 1 / 7
SMOOTH = 4  # supersampling of the kept pieces
PATH_SMOOTH = 2  # supersampling of the path, drawn for each picture
COLOURS = 256  # in the PNG's palette
PIECES_KEPT = 512  # dice, letters and badges kept (a few dice sets x sizes need about 100)

TRAY = (52, 92, 158)
TRAY_RIM = (38, 68, 120)
SHADOW = (10, 20, 40, 110)
DIE_SIDE = (196, 184, 160, 255)
DIE_FACE = (248, 244, 233, 255)
DIE_LIT = (255, 216, 128, 255)  # a die on the drawn path
BLANK_HOLLOW = (232, 225, 210)
INK = (26, 30, 44)
PATH_INK = (214, 58, 40)
PATH_ALPHA = 190  # the path's opacity over dice and tray
BADGE_INK = (255, 255, 255)
HINT_DISC = TRAY_RIM  # a hint: white digits in a disc of the tray's dark blue
HINT = 0.16  # radius of a hint's disc

_LOCK = threading.Lock()  # one FreeType face and shared caches: one drawing at a time


@dataclass(frozen=True)
class Layout:
    """Where each die of an R x C board goes, in pixels."""

    rows: int
    cols: int
    die: int
    gap: int
    margin: int

    @property
    def size(self) -> tuple[int, int]:
        return (self._span(self.cols), self._span(self.rows))

    def _span(self, count: int) -> int:
        return 2 * self.margin + count * self.die + (count - 1) * self.gap

    def corner(self, index: int) -> tuple[int, int]:
        """The top-left pixel of a cell's die."""
        row, col = divmod(index, self.cols)
        pitch = self.die + self.gap
        return (self.margin + col * pitch, self.margin + row * pitch)

    def centre(self, index: int) -> tuple[float, float]:
        x, y = self.corner(index)
        return (x + self.die / 2, y + self.die / 2)


@cache
def layout(rows: int, cols: int) -> Layout:
    """Dice as large as ``LARGEST_DIE`` while the longer side fits ``PICTURE_SPAN``."""
    side = max(rows, cols)
    share = side + (side - 1) * GAP + 2 * MARGIN
    die = max(SMALLEST_DIE, min(LARGEST_DIE, int(PICTURE_SPAN / share)))
    return Layout(rows, cols, die, round(die * GAP), round(die * MARGIN))


def board_png(
    board: Board,
    path: Sequence[int] = (),
    hints: Sequence[int] | None = None,
    casing: Casing = PLAIN,
) -> bytes:
    """The board as a PNG, each face's first letter a capital by ``casing`` (its language's:
    Turkish ``i`` is ``İ``); with ``path`` (a word's cells in order, a legal path), those dice lit,
    joined by a line through their centres and numbered in order; with ``hints`` (a number per
    cell: the words starting there), each lettered die's number in a disc at its lower right.
    Raises ValueError on a path the board cannot have, or hints that are not one per cell."""
    if path:
        path_spells(board, path)
    if hints is not None and len(hints) != len(board.cells):
        raise ValueError(f"{len(hints)} hints for {len(board.cells)} dice")
    with _LOCK:
        shown = tuple(casing.capital(face) for face in board.cells)
        drawn = _draw(board, shown, tuple(path), None if hints is None else tuple(hints))
        palette = _palette()
    out = io.BytesIO()
    drawn.quantize(palette=palette, dither=Image.Dither.NONE).save(out, "PNG")
    return out.getvalue()


def clear_cache() -> None:
    """Forget every drawn piece (the loaded font stays): the next picture draws them all afresh,
    as tests and the benchmark's baseline need."""
    for kept in (_die, _tile, _letters, _badge, _hint, _palette):
        kept.cache_clear()


def _draw(
    board: Board,
    shown: tuple[str, ...],
    path: tuple[int, ...],
    hints: tuple[int, ...] | None = None,
) -> Image.Image:
    """The picture of ``board`` whose faces read ``shown`` (capitalised as their language does)."""
    shape = layout(board.rows, board.cols)
    picture = _tray(board.rows, board.cols)
    on_path = set(path)
    pad = _pad(shape.die)
    for index, face in enumerate(shown):
        x, y = shape.corner(index)
        tile = _die(shape.die, lit=True) if index in on_path else _tile(face, shape.die)
        picture.paste(tile, (x - pad, y - pad), tile)
        if hints is not None and face != BLANK:
            hint = _hint(hints[index], shape.die)
            picture.paste(hint, (x - pad, y - pad), hint)
    if not path:
        return picture
    _draw_path(picture, shape, path)
    for step, index in enumerate(path, start=1):
        x, y = shape.corner(index)
        picture.paste(INK, (x - pad, y - pad), _letters(shown[index], shape.die))
        badge = _badge(step, shape.die)
        picture.paste(badge, (x - pad, y - pad), badge)
    return picture


def _draw_path(picture: Image.Image, shape: Layout, path: tuple[int, ...]) -> None:
    """A line through the dice' centres, drawn in a small supersampled mask around it, under
    the letters (drawn again on top)."""
    if len(path) < 2:
        return
    points = [shape.centre(i) for i in path]
    width = max(3, round(shape.die * PATH_WIDTH))
    left = max(0, int(min(x for x, _ in points)) - width)
    top = max(0, int(min(y for _, y in points)) - width)
    right = min(picture.width, int(max(x for x, _ in points)) + width + 1)
    bottom = min(picture.height, int(max(y for _, y in points)) + width + 1)
    k = PATH_SMOOTH
    mask = Image.new("L", ((right - left) * k, (bottom - top) * k), 0)
    draw = ImageDraw.Draw(mask)
    local = [((x - left) * k, (y - top) * k) for x, y in points]
    draw.line(local, fill=PATH_ALPHA, width=width * k, joint="curve")
    cap = width * k / 2
    for x, y in (local[0], local[-1]):
        draw.ellipse((x - cap, y - cap, x + cap, y + cap), fill=PATH_ALPHA)
    picture.paste(PATH_INK, (left, top), mask.reduce(k))


# --- kept pieces --------------------------------------------------------------------------------

_SAMPLE = Board.parse("q[th][in][er]/abcd/efgh/ijk.")  # every kind of face, and a blank
_SAMPLE_PATH = (0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11)  # badges of one and two digits
_SAMPLE_HINTS = (0, 1, 9, 10, 99, 100, 5, 7, 12, 3, 4, 2, 8, 6, 0, 11)  # and hints of 1 to 3


@cache
def _palette() -> Image.Image:
    """The one palette of every picture: the colours of a sample board with a path, so that
    a pixel has the same colour in every picture it appears in (a picture with a path differs
    from the plain one only where the path is), and mapping to it is cheap."""
    shown = tuple(PLAIN.capital(face) for face in _SAMPLE.cells)
    return _draw(_SAMPLE, shown, _SAMPLE_PATH, _SAMPLE_HINTS).quantize(
        COLOURS, Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )


def _tray(rows: int, cols: int) -> Image.Image:
    """The tray the dice sit in: blue with a darker rim (Discord rounds a picture's corners).
    Drawn for each picture: as fast as copying a kept one (0.2 ms), and a megabyte less kept."""
    shape = layout(rows, cols)
    tray = Image.new("RGB", shape.size, TRAY_RIM)
    rim = max(2, shape.margin // 6)
    ImageDraw.Draw(tray).rectangle((rim, rim, tray.width - 1 - rim, tray.height - 1 - rim), TRAY)
    return tray


def _pad(die: int) -> int:
    """Room around a die on its tile, for its shadow."""
    return max(2, die // 12)


def _supersampled(die: int, mode: str, background: tuple[int, ...] | int) -> Image.Image:
    """A blank tile ``SMOOTH`` times a die's tile, to draw on and then shrink."""
    side = (die + 2 * _pad(die)) * SMOOTH
    return Image.new(mode, (side, side), background)


def _shrunk(big: Image.Image, die: int) -> Image.Image:
    side = die + 2 * _pad(die)
    return big.resize((side, side), Image.Resampling.LANCZOS)


@cache
def _die(die: int, lit: bool = False) -> Image.Image:
    """An empty die with its shadow, on a transparent tile (the die plus ``_pad`` around)."""
    pad, edge = _pad(die) * SMOOTH, max(2, round(die * EDGE)) * SMOOTH
    radius = die * CORNER * SMOOTH
    far = pad + die * SMOOTH - 1
    shadow = _supersampled(die, "RGBA", (*SHADOW[:3], 0))
    drop = pad // 2
    ImageDraw.Draw(shadow).rounded_rectangle(
        (pad + drop // 2, pad + drop, far + drop // 2, far + drop), radius, fill=SHADOW
    )
    big = shadow.filter(ImageFilter.GaussianBlur(pad / 2))
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle((pad, pad, far, far), radius, fill=DIE_SIDE)
    draw.rounded_rectangle((pad, pad, far, far - edge), radius, fill=DIE_LIT if lit else DIE_FACE)
    return _shrunk(big, die)


@lru_cache(PIECES_KEPT)
def _tile(face: str, die: int) -> Image.Image:
    """A die showing ``face`` (as shown: ``Qu``, ``İ``); a blank shows an empty face with a shallow hollow, so that it
    reads as a blank die rather than a missing one."""
    tile = _die(die).copy()
    if face != BLANK:
        tile.paste(INK, (0, 0), _letters(face, die))
        return tile
    pad, edge, inset = _pad(die), max(2, round(die * EDGE)), round(die * 0.22)
    hollow = (pad + inset, pad + inset - edge / 2, pad + die - inset, pad + die - inset - edge)
    big = _supersampled(die, "L", 0)
    ImageDraw.Draw(big).rounded_rectangle(
        [v * SMOOTH for v in hollow], die * 0.1 * SMOOTH, fill=255
    )
    tile.paste(BLANK_HOLLOW, (0, 0), _shrunk(big, die))
    return tile


@cache
def shipped_font(size: int) -> ImageFont.FreeTypeFont:
    """The font shipped in ``data/fonts/`` at ``size`` (the cards of seasons and tournaments
    draw with it too)."""
    return ImageFont.truetype(str(FONT_FILE), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(PIECES_KEPT)
def _letters(face: str, die: int) -> Image.Image:
    """The face's letters as shown (capital first: ``Qu``, ``Th``, ``İ``) as a mask the size of a
    die's tile, centred on the die's face by the capitals' height, so ``Qu`` sits where ``Q``
    would."""
    pad, edge = _pad(die), max(2, round(die * EDGE))
    mask = Image.new("L", (die + 2 * pad, die + 2 * pad), 0)
    if face == BLANK:
        return mask
    text = face
    size = round(die * (ONE_LETTER if len(face) == 1 else MORE_LETTERS))
    while size > 8 and shipped_font(size).getlength(text) > die * LETTERS_WIDTH:
        size -= 1
    font = shipped_font(size)
    cap_top = font.getbbox("H", anchor="ls")[1]  # negative: above the baseline
    left, _, right, _ = font.getbbox(text, anchor="ls")
    x = pad + die / 2 - (left + right) / 2
    y = pad + (die - edge) / 2 - cap_top / 2
    ImageDraw.Draw(mask).text((x, y), text, fill=255, font=font, anchor="ls")
    return mask


@lru_cache(PIECES_KEPT)
def _badge(step: int, die: int) -> Image.Image:
    """A step's number in a disc at a die's top-left corner, on a transparent tile."""
    big = _supersampled(die, "RGBA", (*PATH_INK, 0))
    draw = ImageDraw.Draw(big)
    radius = die * BADGE * SMOOTH
    centre = _pad(die) * SMOOTH + radius * 1.15
    draw.ellipse(
        (centre - radius, centre - radius, centre + radius, centre + radius), fill=PATH_INK
    )
    label = str(step)
    font = shipped_font(round(radius * (1.1 if len(label) == 1 else 0.9)))
    draw.text((centre, centre), label, fill=BADGE_INK, font=font, anchor="mm")
    return _shrunk(big, die)


@lru_cache(PIECES_KEPT)
def _hint(count: int, die: int) -> Image.Image:
    """A die's hint (the words starting on it) in a disc over its lower right corner, on a
    transparent tile: clear of the letters and of a step's badge (upper left)."""
    big = _supersampled(die, "RGBA", (*HINT_DISC, 0))
    draw = ImageDraw.Draw(big)
    label = str(count)
    radius = die * HINT * SMOOTH
    half = radius * (1 + 0.45 * (len(label) - 1))  # a pill for two or three digits
    right = bottom = (2 * _pad(die) + die) * SMOOTH - SMOOTH  # over the die's corner
    centre = (right - half, bottom - radius)
    draw.rounded_rectangle(
        (right - 2 * half, bottom - 2 * radius, right, bottom), radius, fill=HINT_DISC
    )
    font = shipped_font(round(radius * (1.25 if len(label) == 1 else 1.1)))
    draw.text(centre, label, fill=BADGE_INK, font=font, anchor="mm")
    return _shrunk(big, die)
