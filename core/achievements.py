"""Achievements, pure: the one table (code, tiers, what is measured) and the rules that say which
tiers a player's facts reach. A tier is earned once; the database's unique key keeps it so. The
facts are gathered by the caller (a round's results, the player's totals, a season's podium); no
I/O here. Names and descriptions are the catalogue's (``achievements.<code>.name``/``.what``)."""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from core.round import Mode, Results
from core.scoring import longest_first
from core.world import top_one_percent, top_ten_finish


class Measure(StrEnum):
    """Which fact an achievement's tiers are thresholds of."""

    WORDS = "words"  # words found, all time in the server
    ROUNDS = "rounds"  # rounds finished, all time
    WINS = "wins"  # rounds won, all time
    LONGEST = "longest"  # letters in the player's longest word (any round)
    ROUND_POINTS = "round_points"  # points in one round
    ROUND_WORDS = "round_words"  # words in one round
    ROUND_SHARE = "round_share"  # percent of a board's words found in one round
    CLASSIC_MARGIN = "classic_margin"  # points ahead of the second in a classic win
    DAILY_STREAK = "daily_streak"  # days in a row of daily boards
    DAILY_BOARDS = "daily_boards"  # daily boards finished
    TOURNAMENT_WINS = "tournament_wins"
    SEASON_PODIUMS = "season_podiums"  # seasons finished in the top three
    SEASON_TITLES = "season_titles"  # seasons won
    QU_WORD = "qu_word"  # 1: a word with "qu"
    BOARD_LONGEST = "board_longest"  # 1: the board's longest word found
    TOP_TEN = "top_ten"  # 1: every word of a 4x4 board's top ten
    BIG_BOARD = "big_board"  # 1: a round on a 6x6 board or larger
    SMALL_WIN = "small_win"  # 1: a win on a 3x3 board
    RACE_WIN = "race_win"  # 1: a race won
    CASUAL = "casual"  # 1: a casual round played
    SOLE_LONG = "sole_long"  # 1: a 7-letter word nobody else found (classic)
    CROWD = "crowd"  # players in a round played
    NIGHT = "night"  # 1: a round finished between 00:00 and 05:00 server time
    MORNING = "morning"  # 1: a round finished between 05:00 and 08:00 server time
    WORLD_ROUNDS = "world_rounds"  # world rounds played (a point scored), in the entry's server
    WORLD_TOP_TEN = "world_top_ten"  # 1: a world round finished in the top ten
    WORLD_TOP_PERCENT = "world_top_percent"  # 1: a world round finished in the top 1 %


@dataclass(frozen=True)
class Achievement:
    code: str
    measure: Measure
    tiers: tuple[int, ...] = (1,)


# The table: every achievement there is, in the order /stats lists them.
ACHIEVEMENTS: tuple[Achievement, ...] = (
    Achievement("first_word", Measure.WORDS, (1,)),
    Achievement("words", Measure.WORDS, (50, 500, 5000)),
    Achievement("rounds", Measure.ROUNDS, (10, 100, 1000)),
    Achievement("wins", Measure.WINS, (1, 10, 100)),
    Achievement("long_word", Measure.LONGEST, (6, 8, 10)),
    Achievement("qu_word", Measure.QU_WORD),
    Achievement("board_longest", Measure.BOARD_LONGEST),
    Achievement("top_ten", Measure.TOP_TEN),
    Achievement("round_points", Measure.ROUND_POINTS, (50, 100, 200)),
    Achievement("round_words", Measure.ROUND_WORDS, (20, 40)),
    Achievement("round_share", Measure.ROUND_SHARE, (50,)),
    Achievement("classic_margin", Measure.CLASSIC_MARGIN, (20,)),
    Achievement("daily_streak", Measure.DAILY_STREAK, (7, 30)),
    Achievement("daily_boards", Measure.DAILY_BOARDS, (1, 10, 100)),
    Achievement("tournament_win", Measure.TOURNAMENT_WINS, (1, 5)),
    Achievement("season_podium", Measure.SEASON_PODIUMS, (1, 5)),
    Achievement("season_champion", Measure.SEASON_TITLES, (1, 3)),
    Achievement("big_board", Measure.BIG_BOARD),
    Achievement("small_win", Measure.SMALL_WIN),
    Achievement("race_win", Measure.RACE_WIN),
    Achievement("casual", Measure.CASUAL),
    Achievement("sole_long", Measure.SOLE_LONG),
    Achievement("crowd", Measure.CROWD, (5, 10)),
    Achievement("night_owl", Measure.NIGHT),
    Achievement("early_bird", Measure.MORNING),
    Achievement("world_round", Measure.WORLD_ROUNDS),
    Achievement("world_top_ten", Measure.WORLD_TOP_TEN),
    Achievement("world_top_percent", Measure.WORLD_TOP_PERCENT),
)
BY_CODE: Mapping[str, Achievement] = {a.code: a for a in ACHIEVEMENTS}
# Each (code, tier) of the table as one bit, in the table's order: a player's tiers in one int.
TIER_BITS: Mapping[tuple[str, int], int] = {
    (a.code, t): 1 << i for i, (a, t) in enumerate((a, t) for a in ACHIEVEMENTS for t in a.tiers)
}
_BY_BIT: tuple[tuple[str, int], ...] = tuple(TIER_BITS)


def _ladders() -> dict[Measure, tuple[tuple[int, int], ...]]:
    """Per measure, each threshold with the bits of every tier it and the lower ones reach."""
    steps: dict[Measure, list[tuple[int, int]]] = {}
    for a in ACHIEVEMENTS:
        for t in a.tiers:
            steps.setdefault(a.measure, []).append((t, TIER_BITS[a.code, t]))
    ladders = {}
    for measure, pairs in steps.items():
        pairs.sort()
        bits, ladder = 0, []
        for threshold, bit in pairs:
            bits |= bit
            ladder.append((threshold, bits))
        ladders[measure] = tuple(ladder)
    return ladders


_LADDERS = _ladders()


@dataclass(frozen=True)
class Facts:
    """What is known of a player when something ends: figures by measure (a measure left out
    is unknown then and earns nothing)."""

    figures: Mapping[Measure, int] = field(default_factory=dict)


Award = tuple[str, int]  # code, tier


def reached(facts: Facts) -> list[Award]:
    """Every (code, tier) the facts reach, in the table's order."""
    return tiers_of(reached_bits(facts.figures))


def reached_bits(figures: Mapping[Measure, int]) -> int:
    """The tiers ``figures`` reach, as ``TIER_BITS`` (a round's end asks it of every player and
    wants only what is not held yet; ``reached`` lists them)."""
    bits = 0
    for measure, figure in figures.items():
        for threshold, reaching in _LADDERS.get(measure, ()):
            if figure < threshold:
                break
            bits = bits | reaching
    return bits


def tiers_of(bits: int) -> list[Award]:
    """The (code, tier) of each bit, in the table's order."""
    return [award for i, award in enumerate(_BY_BIT) if bits >> i & 1]


@dataclass(frozen=True)
class Progress:
    """An achievement as a player stands on it: tiers earned and the next tier, if any."""

    achievement: Achievement
    earned: int  # tiers earned
    next_tier: int | None  # the next threshold (None: all earned)


def progress(earned: Iterable[Award]) -> list[Progress]:
    """Each achievement of the table with how many of its tiers the player has."""
    have: dict[str, int] = {}
    for code, _tier in earned:
        have[code] = have.get(code, 0) + 1
    out = []
    for a in ACHIEVEMENTS:
        count = min(have.get(a.code, 0), len(a.tiers))
        out.append(Progress(a, count, a.tiers[count] if count < len(a.tiers) else None))
    return out


def top_ten(results: Results) -> frozenset[str]:
    """A board's ten best words: most points, then longest, then alphabetical. A word's points
    never fall as it grows longer (``core.scoring.TABLE``), so these are its ten first words
    longest first, found or missed: one pass over the words, nothing scored or sorted whole.
    ``results.missed`` may come in any order (the bot lists them most common first)."""
    found = {w.word for p in results.players for w in p.words}
    return frozenset(heapq.nsmallest(10, [*results.missed, *found], key=longest_first))


def round_figures(
    results: Results,
    mode: Mode,
    side: int,
    local_hour: int,
) -> dict[int, dict[Measure, int]]:
    """What one finished round says of each player who found a word: the round's own measures
    (its words, points, share, margin, the board's longest word and top ten...). The board's
    words are those found and those missed; ``side``: the board's smaller side; ``local_hour``:
    when it ended, in the server's time zone. The top ten is ranked only when a player could
    hold it: ten words or more, among them one of the board's longest (the ten's first: a
    word's points never fall as it grows longer)."""
    players = results.players
    words = [[w.word for w in p.words] for p in players]
    longest = [max(map(len, mine), default=0) for mine in words]
    longest_on_board = max(max(longest, default=0), max(map(len, results.missed), default=0))
    ten = (
        side == 4
        and results.total_words >= 10
        and any(
            len(mine) >= 10 and n == longest_on_board
            for mine, n in zip(words, longest, strict=True)
        )
    )
    best = top_ten(results) if ten else None
    scores = sorted((p.points for p in players), reverse=True)
    runner_up = scores[1] if len(scores) > 1 else 0
    sole_winner = len(results.winners) == 1
    crowd = len(players)
    # What every player of the round shares: its board, mode and hour.
    shared = {
        Measure.BIG_BOARD: int(side >= 6),
        Measure.CASUAL: int(mode is Mode.CASUAL),
        Measure.CROWD: crowd,
        Measure.NIGHT: int(0 <= local_hour < 5),
        Measure.MORNING: int(5 <= local_hour < 8),
    }
    figures: dict[int, dict[Measure, int]] = {}
    for player, mine, length in zip(players, words, longest, strict=True):
        won = crowd >= 2 and player.player in results.winners
        f: dict[Measure, int] = {
            **shared,
            Measure.ROUND_POINTS: player.points,
            Measure.ROUND_WORDS: len(mine),  # a player's words are distinct
            Measure.ROUND_SHARE: len(mine) * 100 // max(results.total_words, 1),
            Measure.LONGEST: length,
            Measure.QU_WORD: int(any("qu" in w for w in mine)),
            Measure.BOARD_LONGEST: int(longest_on_board > 0 and length == longest_on_board),
            Measure.TOP_TEN: int(best is not None and best <= set(mine)),
            Measure.SMALL_WIN: int(side == 3 and won),
            Measure.RACE_WIN: int(mode is Mode.RACE and won),
        }
        if mode is Mode.CLASSIC:
            f[Measure.SOLE_LONG] = int(
                length >= 7 and any(len(w.word) >= 7 and not w.cancelled for w in player.words)
            )
            margin = player.points - runner_up if won and sole_winner else 0
            f[Measure.CLASSIC_MARGIN] = margin
        figures[player.player] = f
    return figures


def world_figures(rank: int, players: int, rounds: int = 1) -> dict[Measure, int]:
    """What a world round's close says of a player ranked ``rank`` among its ``players`` (those
    who scored, as ``core.world.ranking`` ranks them); ``rounds``: their world rounds so far."""
    return {
        Measure.WORLD_ROUNDS: rounds,
        Measure.WORLD_TOP_TEN: int(top_ten_finish(rank, players)),
        Measure.WORLD_TOP_PERCENT: int(top_one_percent(rank, players)),
    }
