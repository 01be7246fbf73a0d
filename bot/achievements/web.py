"""Achievements on the page: the tiers a player earned in a round, sent to their own page at the
round's end (the results screen shows them), as the service tells them (``AchievementsEarned``:
no polling, no storage); a page whose player earned nothing is sent nothing. The page matches
them to the results by the round's id, whichever of the two arrives first."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from typing import Protocol

from bot.achievements.events import AchievementsEarned, Where
from bot.achievements.model import tier_name, tier_what
from bot.kernel.events import EventBus
from bot.web.messages import AchievementsJson, Message


class Player(Protocol):
    """What this needs of a player's connection (``bot.web.session.Session``)."""

    player_id: int
    language: str

    async def send(self, message: Message) -> None: ...


def earned(round_id: int, awards: Iterable[tuple[str, int]], language: str) -> AchievementsJson:
    """The player's new tiers (code, tier) as the page shows them, in ``language``."""
    return {
        "type": "achievements",
        "round_id": round_id,
        "earned": [
            {
                "code": code,
                "tier": tier,
                "name": tier_name(code, tier, language),
                "what": tier_what(code, tier, language),
            }
            for code, tier in awards
        ],
    }


class AchievementsOnPage:
    """Tells each page on a round's channel what its player earned there."""

    def __init__(self, events: EventBus, watching: Callable[[int], Iterable[Player]]) -> None:
        """``events``: the achievements service's (``AchievementService.events``)."""
        self.watching = watching  # the pages on a channel now (``Hub.watching``)
        self._unsubscribe = events.subscribe(AchievementsEarned, self._earned)

    def close(self) -> None:
        self._unsubscribe()

    async def _earned(self, event: AchievementsEarned) -> None:
        if event.where is not Where.ROUND or event.round_id is None or event.channel_id is None:
            return  # a daily attempt's, a season's or a tournament's: told on Discord
        by_player: dict[int, list[tuple[str, int]]] = {}
        for who, code, tier in event.awards:  # a crowd's round: hundreds of pages, of awards
            by_player.setdefault(who, []).append((code, tier))
        await asyncio.gather(
            *(
                player.send(earned(event.round_id, by_player[player.player_id], player.language))
                for player in self.watching(event.channel_id)
                if player.player_id in by_player
            )
        )
