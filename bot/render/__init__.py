"""How the bot's messages look, one module per kind: the board post and live status, the results,
the leaderboard and replies; ``text`` holds Discord's limits and what they all share.

Pure functions (no network, no bot state) so every message can be checked against Discord's limits
in tests.
"""

from bot.render.board import board_grid, board_message, ending_text, status_text, warning_text
from bot.render.replies import verdict_text
from bot.render.results import results_messages
from bot.render.text import (
    BOARD_FILE,
    CONTENT_LIMIT,
    LEADERBOARD_SIZE,
    STATUS_LIMIT,
    RenderedMessage,
    clean_name,
    fallback_name,
    fit,
)
from bot.service.publisher import News

__all__ = [
    "BOARD_FILE",
    "CONTENT_LIMIT",
    "LEADERBOARD_SIZE",
    "STATUS_LIMIT",
    "News",
    "RenderedMessage",
    "board_grid",
    "board_message",
    "clean_name",
    "ending_text",
    "fallback_name",
    "fit",
    "results_messages",
    "status_text",
    "verdict_text",
    "warning_text",
]
