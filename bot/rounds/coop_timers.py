"""The lines a co-op round and the timers add to the board, its live status, the results and the
page: the team's share of the board's points with its medal and next target, and how the clock
runs. One wording for Discord and the page."""

from __future__ import annotations

import math

from bot.i18n.catalogue import count, text
from bot.i18n.languages import DEFAULT_LANGUAGE
from core.coop import Medal, TeamScore, team_percent
from core.round import Mode, Results, Rules
from core.rules import BONUS_CAP_FACTOR, Timer


def medal_name(medal: Medal | None, language: str = DEFAULT_LANGUAGE) -> str:
    return text(f"coop_timers.medal_{medal.value}" if medal else "coop_timers.medal_none", language)


def team_line(team: TeamScore, language: str = DEFAULT_LANGUAGE) -> str:
    """The live status's first line in a co-op round: the share so far and the next target."""
    target = team.next_target
    if target is None:
        return text("coop_timers.team_done", language, percent=team.percent)
    return text(
        "coop_timers.team_status",
        language,
        points=team.points,
        max_points=team.max_points,
        percent=team.percent,
        medal=medal_name(target.medal, language),
        needed=count(target.points, "units.pt", language),
    )


def results_team(results: Results, rules: Rules) -> TeamScore | None:
    """A co-op round's team score from its results (each word counts once: the players' points
    add up to the team's); None for a competitive round."""
    if rules.mode is not Mode.COOP:
        return None
    points = sum(p.points for p in results.players)
    return TeamScore(points, results.max_score, results.found_words, results.total_words)


def results_team_line(team: TeamScore, language: str = DEFAULT_LANGUAGE) -> str:
    return text(
        "coop_timers.results_team",
        language,
        percent=team.percent,
        points=team.points,
        max_points=team.max_points,
        medal=medal_name(team.medal, language),
    )


def contribution_line(
    points: int, words: int, team: TeamScore, language: str = DEFAULT_LANGUAGE
) -> str:
    """A player's part in a co-op round: the words they found first (the team's through them)
    and their share of the team's points, in whole percent rounded down ("<1" for a sliver)."""
    share = team_percent(points, team.points)
    shown = "<1" if points and not share else str(share)
    found = count(words, "units.word", language)
    return text("coop_results.contribution", language, words=found, share=shown)


def page_team_line(team: TeamScore, language: str = DEFAULT_LANGUAGE) -> str:
    """The results' team line as the page writes it: the same words without Discord's bold."""
    return results_team_line(team, language).replace("**", "")


def clock_lines(
    timer: Timer, seconds: float, deadline: float, language: str = DEFAULT_LANGUAGE
) -> list[str]:
    """How the board says the round ends: at its deadline (a bonus round's moves with each word,
    said once), or, untimed, after its quiet spell."""
    if timer is Timer.UNTIMED:
        return [text("coop_timers.board_untimed", language, quiet=_duration(seconds))]
    lines = [text("board.ends", language, end=math.ceil(deadline))]
    if timer is Timer.BONUS:
        cap = _duration(BONUS_CAP_FACTOR * seconds)
        lines.append(text("coop_timers.board_bonus", language, cap=cap))
    return lines


def _duration(seconds: float) -> str:
    """``5m``, ``90s``, ``2m30s``: as the options are typed."""
    whole = round(seconds)
    minutes, rest = divmod(whole, 60)
    if not minutes:
        return f"{rest}s"
    return f"{minutes}m{rest}s" if rest else f"{minutes}m"
