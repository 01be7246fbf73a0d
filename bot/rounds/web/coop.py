"""A co-op round's results on the page: the team's share and medal, and each player's part in
it (the words they found first for the team, their share of its points), worded as Discord's."""

from __future__ import annotations

from bot.rounds.coop_timers import contribution_line, page_team_line
from bot.rounds.web.messages import TeamResultJson
from core.coop import TeamScore
from core.round import Mode, PlayerResult


def team_result(team: TeamScore | None, language: str) -> TeamResultJson | None:
    """The team's line of the results (``team``: the round's); None for a competitive round."""
    if team is None:
        return None
    medal = team.medal
    return {
        "shown": page_team_line(team, language),
        "medal": None if medal is None else medal.value,
        "percent": team.percent,
    }


def contribution(p: PlayerResult, team: TeamScore | None, language: str) -> str | None:
    """What ``p`` found for the team (``team``: the round's, None when competitive)."""
    if team is None:
        return None
    return contribution_line(p.points, len(p.credited(Mode.COOP)), team, language)
