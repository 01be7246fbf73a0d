"""The one switch that turns board pictures off, and the one way to draw one off the event loop.

``BOGGLE_BOARD_PICTURES=off`` makes every board text only, everywhere (rounds, /boggle check,
/daily, the end-of-day post), and Pillow is never loaded.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

from core.board import Board
from core.languages import DEFAULT_LANGUAGE, language
from core.solver import Path

log = logging.getLogger(__name__)

# One thread draws every picture, off the event loop: drawing is one at a time anyway (the
# picture module's lock), and one thread keeps one malloc arena (asyncio's default pool held
# 12 MB more after 300 pictures).
_DRAWER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="board-picture")


class Pictures:
    """Board pictures as the settings allow them: ``enabled`` False means none at all."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled

    async def board(
        self,
        board: Board,
        path: Path = (),
        hints: Sequence[int] | None = None,
        lang: str = DEFAULT_LANGUAGE,
    ) -> bytes | None:
        """The board's PNG (with a word's ``path``, or ``hints``), its capitals those of the
        language ``lang`` (a code: Turkish ``İ``); None when pictures are off or
        drawing failed (the text grid is there either way, so nothing fails for its picture)."""
        if not self.enabled:
            return None
        from bot.pictures import picture  # Pillow is loaded by the first picture, not before

        try:
            loop = asyncio.get_running_loop()
            casing = language(lang).casing
            draw = picture.board_png
            return await loop.run_in_executor(_DRAWER, draw, board, path, hints, casing)
        except Exception:
            log.exception("board %s: picture not drawn", board.text())
            return None
