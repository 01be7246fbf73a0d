"""What the achievements feature tells others: players earned tiers somewhere (one line there)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from bot.kernel import codec
from bot.kernel.outbox import Owed

LINE = "achievements line"  # the outbox's kind: one line telling new tiers


class Where(StrEnum):
    ROUND = "round"  # the round's channel, under its results
    SEASON = "season"  # the season's recap channel, under the podium
    DAILY = "daily"  # the channel the daily board was played in, once it ended
    TOURNAMENT = "tournament"  # the tournament's channel, under its podium
    WORLD = "world"  # the server's world channel (else where the player joined), under the results


@dataclass(frozen=True)
class AchievementsEarned:
    """New tiers (player, code, tier) earned in a server, to be told in ``channel_id``."""

    guild_id: int
    channel_id: int | None
    where: Where
    round_id: int | None
    awards: tuple[tuple[int, str, int], ...]
    names: Mapping[int, str]
    language: str


def line_owed(event: AchievementsEarned) -> list[Owed]:
    """The line that tells ``event``, as the outbox keeps it (none without a channel)."""
    if event.channel_id is None:
        return []
    return [Owed(LINE, event.guild_id, event.channel_id, codec.dumps(event))]
