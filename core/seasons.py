"""A server's seasons, pure: which season a moment falls in (a calendar month or quarter in the
server's time zone), its name ("2026-03", "2026-Q1"), the one before it, and a finished season's
recap and places from its result rows. Time is passed in (unix seconds); no I/O."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from enum import StrEnum


class SeasonLength(StrEnum):
    MONTH = "month"
    QUARTER = "quarter"
    OFF = "off"


@dataclass(frozen=True)
class Season:
    """A season: from ``start`` (included) to ``end`` (excluded), unix seconds."""

    name: str
    start: float
    end: float


def _first_month(month: int, length: SeasonLength) -> int:
    return month if length is SeasonLength.MONTH else (month - 1) // 3 * 3 + 1


def _season_at(year: int, month: int, length: SeasonLength, zone: tzinfo) -> Season:
    step = 1 if length is SeasonLength.MONTH else 3
    next_year, next_month = (year + 1, 1) if month + step > 12 else (year, month + step)
    start = datetime(year, month, 1, tzinfo=zone).timestamp()
    end = datetime(next_year, next_month, 1, tzinfo=zone).timestamp()
    name = f"{year}-{month:02d}" if step == 1 else f"{year}-Q{(month - 1) // 3 + 1}"
    return Season(name, start, end)


def season_of(now: float, length: SeasonLength, zone: tzinfo = UTC) -> Season | None:
    """The season holding ``now`` in ``zone``; None when the server has seasons off."""
    if length is SeasonLength.OFF:
        return None
    local = datetime.fromtimestamp(now, zone)
    return _season_at(local.year, _first_month(local.month, length), length, zone)


def previous_season(season: Season, length: SeasonLength, zone: tzinfo = UTC) -> Season:
    """The season just before ``season`` (same length, same zone)."""
    before = season_of(season.start - 1, length, zone)
    assert before is not None  # length is not OFF: ``season`` exists
    return before


@dataclass(frozen=True)
class ResultRow:
    """One player's result in one finished round of the season (``round_results``)."""

    round_id: int
    player_id: int
    points: int
    words: int
    won: bool
    longest_word: str | None


@dataclass(frozen=True)
class Place:
    """A player's archived line of a season: place (ties share one), points, words, rounds, wins."""

    place: int
    user_id: int
    points: int
    words: int
    rounds: int
    wins: int
    longest_word: str | None
    best_round: int


@dataclass(frozen=True)
class Recap:
    """What a season's end announces: the podium and the season's records (each a player and
    its figure; None where nobody qualifies)."""

    places: tuple[Place, ...]
    most_words: tuple[int, int] | None  # player, words
    longest_word: tuple[int, str] | None  # player, word
    best_round: tuple[int, int, int] | None  # player, points, round id
    most_improved: tuple[int, int] | None  # player, points gained on the season before

    @property
    def podium(self) -> tuple[Place, ...]:
        return tuple(p for p in self.places if p.place <= 3)

    @property
    def champion(self) -> Place | None:
        return self.places[0] if self.places and self.places[0].points > 0 else None


def _longer(word: str | None, than: str | None) -> bool:
    if word is None:
        return False
    return than is None or (-len(word), word) < (-len(than), than)


def places(rows: Iterable[ResultRow]) -> tuple[Place, ...]:
    """Every player's season line ranked by points, then words, then fewer rounds; equal on all
    three share a place; the order within a place is the player id's."""
    totals: dict[int, list[int]] = {}
    longest: dict[int, str | None] = {}
    for row in rows:
        t = totals.setdefault(row.player_id, [0, 0, 0, 0, 0])
        t[0] += row.points
        t[1] += row.words
        t[2] += 1
        t[3] += int(row.won)
        t[4] = max(t[4], row.points)
        if _longer(row.longest_word, longest.get(row.player_id)):
            longest[row.player_id] = row.longest_word
    order = sorted(totals, key=lambda u: (-totals[u][0], -totals[u][1], totals[u][2], u))
    ranked: list[Place] = []
    for index, user in enumerate(order):
        p, w, r, wins, best = totals[user]
        key = (p, w, r)
        prev = ranked[-1] if ranked else None
        same = prev is not None and (prev.points, prev.words, prev.rounds) == key
        place = prev.place if same and prev is not None else index + 1
        ranked.append(Place(place, user, p, w, r, wins, longest.get(user), best))
    return tuple(ranked)


def recap(rows: Iterable[ResultRow], before: Mapping[int, int]) -> Recap:
    """A finished season's recap from its result rows and the season before's points by player
    (``before``; empty: no most improved). Ties: most words and best round go to the lower
    player id (then the earlier round), the longest word to the alphabetically first."""
    listed = list(rows)
    ranked = places(listed)
    most = max(ranked, key=lambda p: (p.words, -p.user_id), default=None)
    longest: tuple[int, str] | None = None
    for p in sorted(ranked, key=lambda p: p.user_id):
        if p.longest_word is not None and (longest is None or _longer(p.longest_word, longest[1])):
            longest = (p.user_id, p.longest_word)
    best_row = max(listed, key=lambda r: (r.points, -r.round_id, -r.player_id), default=None)
    gains = [(p.points - before[p.user_id], p.user_id) for p in ranked if p.user_id in before]
    improved = max(gains, key=lambda g: (g[0], -g[1]), default=None)
    return Recap(
        ranked,
        (most.user_id, most.words) if most is not None and most.words > 0 else None,
        longest,
        (best_row.player_id, best_row.points, best_row.round_id)
        if best_row is not None and best_row.points > 0
        else None,
        (improved[1], improved[0]) if improved is not None and improved[0] > 0 else None,
    )
