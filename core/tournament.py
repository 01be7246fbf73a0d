"""A tournament's rules, pure: what a round adds for each entrant, and the standings.

A series adds points over every round. A knockout drops the lower half of those still in after
each round but the last (rounded down, never below two left); those out are placed below, the
later out above. Ties go to more words, then the longer longest word, then the earlier last
scoring word, then the earlier sign-up, so two entrants never share a place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from core.history import longest_scoring
from core.round import PlayerId, Results

MIN_ENTRANTS = 2
FINALISTS = 2  # a knockout never leaves fewer still in
NEVER = float("inf")  # an entrant with no scoring word "finished" last


class Format(StrEnum):
    SERIES = "series"
    KNOCKOUT = "knockout"


@dataclass(frozen=True)
class RoundScore:
    """What one round gave one entrant. ``finished``: seconds from the round's start to their
    last word that scored (None: none scored)."""

    player: PlayerId
    points: int = 0
    words: int = 0
    longest: str | None = None
    best: str | None = None
    best_points: int = 0
    finished: float | None = None


@dataclass(frozen=True)
class Placing:
    """An entrant's place (1, 2, 3...: never shared) and their figures over the rounds they
    played; ``out_after``: the round after which a knockout put them out (None: still in)."""

    place: int
    player: PlayerId
    points: int
    words: int
    longest: str | None
    best: str | None
    best_points: int
    rounds: int
    out_after: int | None = None


def best_word(words: Iterable[tuple[str, int]]) -> tuple[str, int] | None:
    """The word that scored most; ties: the longer, then alphabetical."""
    scoring = [(w, p) for w, p in words if p > 0]
    return min(scoring, key=lambda wp: (-wp[1], -len(wp[0]), wp[0])) if scoring else None


def round_scores(
    results: Results,
    accepted: Iterable[tuple[PlayerId, str, float]],
    started_at: float,
    entrants: Iterable[PlayerId],
) -> dict[PlayerId, RoundScore]:
    """Each entrant's score in a finished round: its ``results``, and the times of the
    ``accepted`` words (player, word, when) for the "earlier" tie-break. An entrant who found
    nothing scores zero; a player who is not an entrant is left out."""
    wanted = set(entrants)
    at = {(player, word): when for player, word, when in accepted}
    scores = {player: RoundScore(player) for player in wanted}
    for result in results.players:
        if result.player not in wanted:
            continue
        scored = [w for w in result.words if not w.cancelled and w.points > 0]
        best = best_word((w.word, w.points) for w in scored)
        times = [at[(result.player, w.word)] for w in scored if (result.player, w.word) in at]
        scores[result.player] = RoundScore(
            result.player,
            result.points,
            len(result.words),
            longest_scoring(result),
            best[0] if best else None,
            best[1] if best else 0,
            max(times) - started_at if times else None,
        )
    return scores


@dataclass
class _Total:
    player: PlayerId
    points: int = 0
    words: int = 0
    longest: str | None = None
    best: tuple[str, int] | None = None
    finished: float = 0.0
    rounds: int = 0

    def add(self, score: RoundScore) -> None:
        self.points += score.points
        self.words += score.words
        self.longest = _longer(self.longest, score.longest)
        if score.best is not None:
            self.best = best_word(
                [*([self.best] if self.best else []), (score.best, score.best_points)]
            )
        self.finished += NEVER if score.finished is None else score.finished
        self.rounds += 1


def _longer(a: str | None, b: str | None) -> str | None:
    words = [w for w in (a, b) if w]
    return min(words, key=lambda w: (-len(w), w)) if words else None


def _order(
    players: Iterable[PlayerId],
    figures: Mapping[PlayerId, RoundScore | _Total],
    signed: Sequence[PlayerId],
) -> list[PlayerId]:
    """Best first, by the tie-breaks in order."""
    joined = {player: n for n, player in enumerate(signed)}

    def key(player: PlayerId) -> tuple[int, int, int, float, int]:
        f = figures[player]
        finished = f.finished
        return (
            -f.points,
            -f.words,
            -len(f.longest or ""),
            NEVER if finished is None else finished,
            joined[player],
        )

    return sorted(players, key=key)


def knocked_out(still_in: int) -> int:
    """How many of ``still_in`` a knockout round (not the last) puts out."""
    return max(0, min(still_in // 2, still_in - FINALISTS))


def still_in(
    kind: Format, entrants: Sequence[PlayerId], rounds: Sequence[Mapping[PlayerId, RoundScore]]
) -> list[PlayerId]:
    """Who plays the next round, in sign-up order: everyone in a series; in a knockout, those
    the rounds so far (none of them the last) have not put out."""
    if kind is Format.SERIES:
        return list(entrants)
    remaining = list(entrants)
    for scores in rounds:
        order = _order(remaining, _filled(scores, remaining), entrants)
        out = set(order[len(order) - knocked_out(len(order)) :])
        remaining = [p for p in remaining if p not in out]
    return remaining


def _filled(
    scores: Mapping[PlayerId, RoundScore], players: Iterable[PlayerId]
) -> dict[PlayerId, RoundScore]:
    return {p: scores.get(p, RoundScore(p)) for p in players}


def standings(
    kind: Format,
    entrants: Sequence[PlayerId],
    rounds: Sequence[Mapping[PlayerId, RoundScore]],
    total_rounds: int,
) -> list[Placing]:
    """Every entrant's place after the ``rounds`` played so far (each round's scores), for a
    tournament of ``total_rounds``; ``entrants`` in sign-up order."""
    totals = {p: _Total(p) for p in entrants}
    if kind is Format.SERIES:
        for scores in rounds:
            for player, score in _filled(scores, entrants).items():
                totals[player].add(score)
        return _placings(_order(entrants, totals, entrants), totals, {})
    remaining = list(entrants)
    out_after: dict[PlayerId, int] = {}
    groups: list[list[PlayerId]] = []  # those out after each round, best first
    last_order: list[PlayerId] = list(entrants)
    for number, scores in enumerate(rounds, start=1):
        played = _filled(scores, remaining)
        for player, score in played.items():
            totals[player].add(score)
        last_order = _order(remaining, played, entrants)
        if number < total_rounds:
            cut = len(last_order) - knocked_out(len(last_order))
            out = last_order[cut:]
            groups.append(out)
            out_after.update(dict.fromkeys(out, number))
            last_order = last_order[:cut]
            remaining = [p for p in remaining if p not in out]
    order = list(last_order)
    for group in reversed(groups):
        order += group
    return _placings(order, totals, out_after)


def _placings(
    order: Sequence[PlayerId], totals: Mapping[PlayerId, _Total], out_after: Mapping[PlayerId, int]
) -> list[Placing]:
    placings = []
    for place, player in enumerate(order, start=1):
        t = totals[player]
        placings.append(
            Placing(
                place,
                player,
                t.points,
                t.words,
                t.longest,
                t.best[0] if t.best else None,
                t.best[1] if t.best else 0,
                t.rounds,
                out_after.get(player),
            )
        )
    return placings
