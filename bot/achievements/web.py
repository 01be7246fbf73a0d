"""Achievements on the page: the tiers a player earned in a round, sent to their own page at the
round's end (the results screen shows them), as the service tells them (``AchievementsEarned``:
no polling, no storage); a page whose player earned nothing is sent nothing. The page matches
them to the results by the round's id, whichever of the two arrives first."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from typing import Literal, Protocol, TypedDict

from bot.achievements.events import AchievementsEarned, Where
from bot.achievements.model import tier_name, tier_what
from bot.kernel.events import EventBus
from bot.web.routes import Channels, PageRoutes


class EarnedJson(TypedDict):
    """An achievement's tier the player just earned, in the player's words."""

    code: str  # the achievement (``core.achievements``), e.g. "first_word"
    tier: int  # the tier's threshold (50 for "words found in all: 50"; 1 for a single tier)
    name: str  # "Wordsmith I"
    what: str  # what it asks: "Words found in all: 50"


class AchievementsJson(TypedDict):
    """The achievements the player earned in a round, told at its end (none: not sent)."""

    type: Literal["achievements"]
    round_id: int  # the results they belong beside
    earned: list[EarnedJson]


def routes(events: EventBus) -> PageRoutes:
    """``events``: the achievements service's (``AchievementService.events``)."""
    page = PageRoutes()

    @page.on_start
    def started(channels: Channels) -> None:
        page.on_stop(AchievementsOnPage(events, channels.watching).close)

    return page


class Player(Protocol):
    """What this needs of a player's page (``bot.web.session.Session``)."""

    player_id: int
    language: str

    async def send(self, message: AchievementsJson) -> None: ...


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
        self.watching = watching  # the pages on a channel now (``Channels.watching``)
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
