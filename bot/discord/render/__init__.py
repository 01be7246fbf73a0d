"""What every feature's Discord messages share: the board as text (``board``; its picture is
``bot.pictures``'), a verdict's line (``verdicts``), Discord's limits (``text``).

Pure functions (no network, no bot state) so every message can be checked against Discord's limits
in tests.
"""

from bot.discord.render.board import board_grid
from bot.discord.render.text import (
    BOARD_FILE,
    CONTENT_LIMIT,
    LEADERBOARD_SIZE,
    STATUS_LIMIT,
    RenderedMessage,
    clean_name,
    fallback_name,
    fit,
)
from bot.discord.render.verdicts import verdict_text

__all__ = [
    "BOARD_FILE",
    "CONTENT_LIMIT",
    "LEADERBOARD_SIZE",
    "STATUS_LIMIT",
    "RenderedMessage",
    "board_grid",
    "clean_name",
    "fallback_name",
    "fit",
    "verdict_text",
]
