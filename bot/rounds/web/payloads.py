"""The rounds' messages to the page (docs/activity.md), built from the service's state (its
``RoundView``, its results) and the catalogue: one place for each message's shape."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.i18n.catalogue import count, text
from bot.i18n.verdicts import verdict_reason
from bot.rounds.coop_timers import clock_lines, results_team, team_line
from bot.rounds.view import RoundView
from bot.rounds.web.coop import contribution, team_result
from bot.rounds.web.messages import RankedJson, RoundResults, RoundState, ScoreJson
from bot.web.messages import VerdictJson
from bot.web.payloads import PAGE_TOP, board, judged_word
from core.coop import TeamScore
from core.round import Judgement, Mode, PlayerResult, Results, Standing, Verdict
from core.rules import Timer


def scoreboard(
    game: RoundView,
    names: Mapping[int, str],
    you: int,
    language: str,
    top: Sequence[ScoreJson] | None = None,
) -> list[ScoreJson]:
    """The best ``PAGE_TOP`` players, then the player's own row when it is not among them (a
    crowd's page shows a few rows, not a thousand); ``top``: those rows already built for the
    language (``top_scores``), shared by every socket. Classic shows counts, not points (as the
    channel's status: a shared word's points are known only at the end)."""
    rows = [row.copy() for row in (top if top is not None else top_scores(game, names, language))]
    mine = str(you)
    for row in rows:
        row["you"] = row["id"] == mine
    place = game.places.get(you)
    if place is not None and place[0] > PAGE_TOP:
        rows.append(score_row(game, place[0], place[1], names, language, you=True))
    return rows


def top_scores(game: RoundView, names: Mapping[int, str], language: str) -> list[ScoreJson]:
    """The scoreboard's top rows, nobody marked as the reader."""
    places = game.places
    return [
        score_row(game, places[s.player][0], s, names, language, you=False)
        for s in game.standings[:PAGE_TOP]
    ]


def score_row(
    game: RoundView,
    rank: int,
    s: Standing,
    names: Mapping[int, str],
    language: str,
    *,
    you: bool,
) -> ScoreJson:
    """One player's row; ``shown``: the count in the catalogue's plural form ("1 word")."""
    classic = game.rules.mode is Mode.CLASSIC
    return {
        "id": str(s.player),
        "name": names.get(s.player, f"#{s.player}"),
        "rank": rank,
        "words": s.words,
        "points": s.points,
        "shown": (
            count(s.words, "units.word", language)
            if classic or s.points is None
            else count(s.points, "units.pt", language)
        ),
        "you": you,
    }


def word_points(game: RoundView, word: str) -> int | None:
    """Points where already certain: never in classic mode before the end."""
    return None if game.rules.mode is Mode.CLASSIC else game.points_of(word)


def round_state(
    round_id: int, game: RoundView, names: Mapping[int, str], you: int, now: float, language: str
) -> RoundState:
    return {
        "type": "round",
        "round_id": round_id,
        "board": board(game.board, game.language),
        "rules": {"mode": game.rules.mode.value, "min_length": game.rules.min_length},
        "deadline": game.deadline,
        "now": now,
        "words": [
            {
                "word": w,
                "shown": game.spelled(w),
                "points": word_points(game, w),
                "verdict": Verdict.ACCEPTED.value,
            }
            for w in game.words_of(you)
        ],
        "scoreboard": scoreboard(game, names, you, language),
        "players": len(game.standings),
        "language": language,
        "timer": game.clock.timer.value,
        "clock_note": clock_note(game, language),
        "team": team_text(game, language),
    }


def clock_note(game: RoundView, language: str) -> str | None:
    """A bonus or untimed round's rule of the clock, as the board says it; None: standard."""
    timer = game.clock.timer
    if timer is Timer.STANDARD:
        return None
    return clock_lines(timer, game.clock.seconds, game.deadline, language)[-1]


def team_text(game: RoundView, language: str) -> str | None:
    """A co-op round's team line (share, next target); None: a competitive round."""
    team = game.team()
    return None if team is None else team_line(team, language)


def verdict(
    game: RoundView, judged: Judgement, language: str, path: list[int] | None
) -> VerdictJson:
    points = word_points(game, judged.word)
    return judged_word("verdict", judged, game.spelled(judged.word), points, language, path)


def results(
    round_id: int,
    game: RoundView,
    scored: Results,
    names: Mapping[int, str],
    you: int,
    language: str,
    refused: Sequence[tuple[str, Verdict]] = (),
    top: Sequence[RankedJson] | None = None,
) -> RoundResults:
    """The top ``PAGE_TOP`` of the final ranking, then the player's own entry when it is not
    in it, each with its words (a shared classic word struck); the words refused to a player
    none of whose words counted; the missed words most common first (``scored.missed``'s
    order), each with its path; words as the dictionary spells them (``shown``). ``top``: the
    top entries already built for the language (``top_ranked``), shared by every socket."""
    ranking = [
        row.copy()
        for row in (top if top is not None else top_ranked(game, scored, names, language))
    ]
    mine = str(you)
    for row in ranking:
        row["you"] = row["id"] == mine
    team = results_team(scored, game.rules)
    own = next((p for p in scored.players[PAGE_TOP:] if p.player == you), None)
    if own is not None:
        ranking.append(ranked(game, own, names, language, you=True, team=team))
    return {
        "type": "results",
        "round_id": round_id,
        "board": board(game.board, game.language),
        "ranking": ranking,
        "players": len(scored.players),
        "refused": [
            {
                "word": word,
                "shown": text(
                    "status.refused_item", language, word=word, reason=verdict_reason(v, language)
                ),
            }
            for word, v in refused
        ],
        "missed": [
            {"word": w, "shown": game.spelled(w), "path": list(game.solution.get(w, ()))}
            for w in scored.missed
        ],
        "can_play_again": True,
        "language": game.language,
        "team": team_result(team, language),
    }


def top_ranked(
    game: RoundView, scored: Results, names: Mapping[int, str], language: str
) -> list[RankedJson]:
    """The ranking's top entries, nobody marked as the reader."""
    team = results_team(scored, game.rules)
    return [
        ranked(game, p, names, language, you=False, team=team) for p in scored.players[:PAGE_TOP]
    ]


def ranked(
    game: RoundView,
    p: PlayerResult,
    names: Mapping[int, str],
    language: str,
    *,
    you: bool,
    team: TeamScore | None = None,
) -> RankedJson:
    """One player's entry; ``team``: a co-op round's, to say what they found for it."""
    return {
        "id": str(p.player),
        "name": names.get(p.player, f"#{p.player}"),
        "rank": p.rank,
        "points": p.points,
        "shown": count(p.points, "units.pt", language),
        "you": you,
        "words": [
            {
                "word": w.word,
                "shown": game.spelled(w.word),
                "points": w.points,
                "shared": w.cancelled,
                "path": list(game.solution.get(w.word, ())),
            }
            for w in p.credited(game.rules.mode)
        ],
        "contribution": contribution(p, team, language),
    }
