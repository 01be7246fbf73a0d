"""The achievements' page part: a round's new tiers go to the page of each player who earned
them, in that player's language, and to nobody else's; other places' tiers (a daily attempt,
a season) and other channels are not the round's page's news."""

from __future__ import annotations

from bot.achievements.events import AchievementsEarned, Where
from bot.achievements.web import AchievementsOnPage
from bot.kernel.events import EventBus
from bot.web.messages import Message

CHANNEL, ELSEWHERE, ROUND = 50, 60, 7
ADA, BO, CY = 1, 2, 3


class Page:
    """A player's page as the hub holds it: who, in which language, what it was sent."""

    def __init__(self, player_id: int, language: str) -> None:
        self.player_id = player_id
        self.language = language
        self.sent: list[Message] = []

    async def send(self, message: Message) -> None:
        self.sent.append(message)


def round_earned(
    awards: tuple[tuple[int, str, int], ...], channel: int = CHANNEL, where: Where = Where.ROUND
) -> AchievementsEarned:
    round_id = ROUND if where is Where.ROUND else None
    return AchievementsEarned(100, channel, where, round_id, awards, {}, "en")


async def test_each_page_hears_only_its_players_tiers_in_its_language() -> None:
    events = EventBus()
    ada, bo, cy = Page(ADA, "en"), Page(BO, "fr"), Page(CY, "en")
    pages = {CHANNEL: (ada, bo, cy)}
    told = AchievementsOnPage(events, lambda channel: pages.get(channel, ()))
    events.publish(round_earned(((ADA, "first_word", 1), (ADA, "words", 50), (BO, "wins", 1))))
    await events.drain(5.0)
    assert ada.sent == [
        {
            "type": "achievements",
            "round_id": ROUND,
            "earned": [
                {
                    "code": "first_word",
                    "tier": 1,
                    "name": "First word",
                    "what": "Find a first word",
                },
                {
                    "code": "words",
                    "tier": 50,
                    "name": "Wordsmith I",
                    "what": "Words found in all: 50",
                },
            ],
        }
    ]
    assert bo.sent == [
        {
            "type": "achievements",
            "round_id": ROUND,
            "earned": [
                {"code": "wins", "tier": 1, "name": "Vainqueur I", "what": "Manches gagnées : 1"}
            ],
        }
    ]
    assert cy.sent == []  # earned nothing: told nothing

    events.publish(round_earned(((CY, "casual", 1),), channel=ELSEWHERE))
    events.publish(round_earned(((CY, "daily_boards", 1),), where=Where.DAILY))
    events.publish(round_earned(((CY, "season_podium", 1),), where=Where.SEASON))
    await events.drain(5.0)
    assert cy.sent == []

    told.close()
    events.publish(round_earned(((ADA, "casual", 1),)))
    await events.drain(5.0)
    assert len(ada.sent) == 1
