"""How the world round's figures read, wherever they are shown (a Discord message, the page):
a player's standing in the world, a word's share of players."""

from __future__ import annotations

from bot.world.model import WorldEntry
from core.world import top_percent


def standing(entry: WorldEntry, players: int) -> dict[str, object]:
    """The fields of a standing line ("#57 of 3,912 · top 2 %"): ``rank``, ``players``, ``top``."""
    rank = entry.rank or players
    return {"rank": f"{rank:,}", "players": f"{players:,}", "top": top_percent(rank, players)}


def share_text(share: float) -> str:
    """A word's share of players as people read it: "0.3 %", "12 %"."""
    percent = share * 100
    return f"{percent:.1f} %" if percent < 10 else f"{round(percent)} %"
