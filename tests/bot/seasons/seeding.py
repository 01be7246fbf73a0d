"""Finished rounds stored as the round service stores them, for the seasons' and achievements'
tests: each player's words on a made-up board (every word counts)."""

from __future__ import annotations

from bot.stores import Storage
from core.board import Board
from core.round import Mode, Results, Rules, tally

BOARD = "cato/dogs/rent/lime"


async def seed(
    storage: Storage,
    guild_id: int,
    found: dict[int, list[str]],
    at: float,
    *,
    mode: Mode = Mode.CASUAL,
    board: str = BOARD,
    solution: tuple[str, ...] = (),
    names: dict[int, str] | None = None,
    channel_id: int | None = None,
) -> int:
    """A round of ``guild_id`` that ended at ``at`` (in a channel of its own); its id."""
    stored = await storage.create_round(
        guild_id=guild_id,
        channel_id=channel_id or guild_id * 10 + int(at) % 7,
        starter_id=1,
        board=Board.parse(board),
        dice="classic",
        mode=mode,
        min_length=3,
        started_at=at - 180,
        deadline=at,
    )
    results = results_of(found, mode, solution)
    assert await storage.finish_round(stored.id, results, at, names or {p: f"P{p}" for p in found})
    return stored.id


def results_of(
    found: dict[int, list[str]], mode: Mode = Mode.CASUAL, solution: tuple[str, ...] = ()
) -> Results:
    """The round's results when every word found (and each of ``solution``) is on the board."""
    words = set(solution) | {w for ws in found.values() for w in ws}
    return tally({w: () for w in words}, found, Rules(mode))
