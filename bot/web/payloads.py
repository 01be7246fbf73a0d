"""The JSON the page receives (docs/activity.md), built from the service's state and the
catalogue: one place for each message's shape."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from bot.i18n.catalogue import count, text
from bot.i18n.coop_timers import clock_lines, results_team, team_line
from bot.i18n.languages import (
    DEFAULT_LANGUAGE,
    LANGUAGE_CODES,
    language_of_locale,
)
from bot.i18n.verdicts import verdict_reason
from bot.rounds.view import RoundView
from bot.web.coop import contribution, team_result
from bot.web.messages import (
    BoardJson,
    RankedJson,
    RoundResults,
    RoundState,
    ScoreJson,
    VerdictJson,
)
from core.board import Board
from core.coop import TeamScore
from core.round import Judgement, Mode, PlayerResult, Results, Standing, Verdict
from core.rules import Timer

Json = dict[str, Any]

PAGE_TOP = 10  # players on the page's scoreboard and results; each reader's own row follows

# What the page writes, in the player's language (the catalogue's [web] section).
PAGE_KEYS = (
    "web.title",
    "web.connecting",
    "web.time_left",
    "web.your_words",
    "web.players",
    "web.no_round",
    "web.start",
    "web.play_again",
    "web.results",
    "web.missed",
    "web.words_of",
    "web.type_here",
    "web.submit",
    "web.clear",
    "web.reconnecting",
    "web.board",
    "web.die",
    "web.shared",
    "web.you",
    "web.nobody",
    "web.tap_word",
    "web.signed_out",
    "web.waiting",
    "web.daily",
    "web.back",
    "web.sign_in_failed",
    "web.not_in_instance",
    "web.instance_gone",
    "web.trace_hint",
    "web.your_rank",
    "web.you_nothing",
    "web.standings",
    "web.new_achievements",
    "web.close",
    "leaderboard.empty",
    "leaderboard.not_ranked",
    "stadium_page.you_refused",
)


def page_language(locales: str) -> str:
    """The first of ``locales`` (a Discord locale, or a browser's list: "pt-BR,fr-FR,en") the
    bot speaks, by its exact Discord locale or its language ("fr-CA": French); else English."""
    for wanted in locales.split(","):
        locale = wanted.strip()
        found = language_of_locale(locale) or locale.split("-")[0].lower()
        if found in LANGUAGE_CODES:
            return found
    return DEFAULT_LANGUAGE


def strings(language: str) -> dict[str, str]:
    """The page's words and each refusal's reason (``reasons.*``), by short name."""
    found = {key.split(".", 1)[1]: text(key, language) for key in PAGE_KEYS}
    for verdict in Verdict:
        if verdict is not Verdict.ACCEPTED:
            found[f"reason_{verdict.value}"] = verdict_reason(verdict, language)
    return found


def board(game: Board) -> BoardJson:
    return {"rows": game.rows, "cols": game.cols, "faces": list(game.cells)}


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
        "board": board(game.board),
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


def judged_word(
    kind: Literal["verdict", "daily_verdict"],
    judged: Judgement,
    shown: str,
    points: int | None,
    language: str,
    path: list[int] | None,
) -> VerdictJson:
    """A word's verdict: ``shown`` as the dictionary spells it (traced letters carry no
    accents), ``points`` where certain, why it was refused in the player's words."""
    accepted = judged.verdict is Verdict.ACCEPTED
    return {
        "type": kind,
        "word": judged.word,
        "shown": shown,
        "verdict": judged.verdict.value,
        "points": points if accepted else None,
        "reason": None if accepted else verdict_reason(judged.verdict, language),
        "path": path,
    }


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
        "board": board(game.board),
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
