"""The world's round: one live board for every server at once, on a fixed rhythm.

Every process derives a round's number from the clock and its board from the host's secret, so
no process asks another, and nobody can know a board before it opens without the secret. A race
against the world: every valid word scores its points, whoever else found it; players rank by
points, then by the earlier last scoring word.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from core.board import Board
from core.dice import DiceSet, dice_set
from core.generate import roll_with_floor
from core.languages import language as language_named
from core.lexicon import Lexicon
from core.misspelt import Misspellings
from core.round import Mode, Rules
from core.scoring import default_min_length, longest_first, total_score
from core.solver import Path

WORLD_SIZE = 4
WORLD_EVERY = 180.0  # seconds from one world round's opening to the next (Wordament's rhythm)
WORLD_PLAY = 120.0  # seconds of play; the rest of the rhythm shows the results
MIN_EVERY = 15.0  # the shortest rhythm (tests and the sandbox): 10 s of play, 5 s of results
MIN_PLAY = 10.0  # a round takes words this long at least
MIN_RESULTS = 5.0  # the results need this much of the rhythm after the play
WORLD_RULES = Rules(Mode.CLASSIC, default_min_length(WORLD_SIZE))
_SEED_SALT = b"boggle-world-v1"  # a new salt gives every round a new board: never change it
RAREST = 5  # the rarest words the results show
SERVER_TEAM = 3  # a server's score in a round: its best three players' points together
TOP_TEN = 10  # a top-ten finish: this rank or better, among more players than this


class RhythmError(ValueError):
    """A rhythm that leaves no room for play or results."""


@dataclass(frozen=True)
class Rhythm:
    """When world rounds open and close: round ``n`` opens at ``n * every`` seconds of the Unix
    epoch and closes ``play`` seconds later."""

    every: float = WORLD_EVERY
    play: float = WORLD_PLAY

    def __post_init__(self) -> None:
        if self.play < MIN_PLAY or self.every < self.play + MIN_RESULTS:
            raise RhythmError(
                f"a world round needs at least {MIN_PLAY:g} s of play and {MIN_RESULTS:g} s for"
                " its results"
                f" (every {self.every:g} s, play {self.play:g} s)"
            )

    @classmethod
    def every_seconds(cls, every: float) -> Rhythm:
        """A round every ``every`` seconds: two thirds of it for play, two minutes at most, the
        rest for the results (every 15 s: 10 s of play; every 180 s: 120 s)."""
        return cls(every, min(WORLD_PLAY, every * 2 / 3))

    def number_at(self, now: float) -> int:
        """The number of the round that opened last at ``now`` (open or showing its results)."""
        return math.floor(now / self.every)

    def opens_at(self, number: int) -> float:
        return number * self.every

    def closes_at(self, number: int) -> float:
        return number * self.every + self.play

    def is_open(self, number: int, now: float) -> bool:
        """Whether round ``number`` takes words at ``now``: from its opening, before its close."""
        return self.opens_at(number) <= now < self.closes_at(number)


GLOBAL_RATE = 50.0  # Discord's global limit: requests a second of one bot token, all processes
# The part of it world posts take, bot-wide: the rest is the rounds' own. Not 40: each process's
# pace lets one more than its share through in a second, and a send leaves a few milliseconds
# after its turn (later after a stall of the loop), so two processes' posts and ✅s reached 50 in
# a second and drew 429s (bench_world --standin, 400 channels); at 36 they stay under 47.
WORLD_RATE = 36.0
# The ✅ world channels' chat words get a second, bot-wide, of the 14 the posts leave (the rest:
# the rounds' boards, edits and their own ✅): a word past it counts, unmarked.
WORLD_ACK_RATE = 3.0
RESULTS_WITHIN = 20.0  # seconds in which a round's results should reach every world channel


@dataclass(frozen=True)
class FanOut:
    """What one world round's posts cost at ``rate`` requests a second, bot-wide: each of the
    ``channels`` gets a board at the opening and the results at the close, one message each."""

    channels: int
    rate: float
    rhythm: Rhythm

    @property
    def seconds(self) -> float:
        """From the first channel's post to the last one's, for the boards or for the results."""
        return self.channels / self.rate

    @property
    def stride(self) -> int:
        """How many of the rhythm's slots a round takes (1: every slot has a round): enough that
        the results reach every channel before the next round's boards start."""
        room = self.rhythm.every - self.rhythm.play
        if self.seconds <= room:
            return 1
        return math.ceil((self.rhythm.play + self.seconds) / self.rhythm.every)

    @property
    def late_results(self) -> bool:
        """Whether the last channel hears the results more than ``RESULTS_WITHIN`` after the close."""
        return self.seconds > RESULTS_WITHIN

    @property
    def boards_in_time(self) -> int:
        """How many channels the boards reach before the close (the others' are skipped)."""
        return min(self.channels, math.floor(self.rhythm.play * self.rate))

    def describe(self) -> str:
        every = self.rhythm.every * self.stride
        return (
            f"{self.channels} world channels take {self.seconds:.0f} s for a round's results at"
            f" {self.rate:g} requests/s; a round every {every:g} s"
            f" ({self.stride} x {self.rhythm.every:g} s), boards in time for"
            f" {self.boards_in_time} channels"
        )


def world_seed(secret: bytes, language: str, number: int) -> int:
    """The seed of round ``number``'s board in ``language``: keyed by the host's secret (HMAC),
    the same on every process and Python."""
    message = _SEED_SALT + f"/{language}/{number}".encode()
    return int.from_bytes(hmac.new(secret, message, hashlib.sha256).digest()[:8], "big")


@dataclass(frozen=True)
class WorldBoard:
    """One world round's board in one language, solved."""

    number: int
    language: str
    dice: str
    board: Board
    words: dict[str, Path]
    max_points: int
    # Of ``words``: built once a board, not at each guess's judge (``Round.rebuild``).
    misspellings: Misspellings = field(compare=False, repr=False)


def world_board(
    secret: bytes, language: str, number: int, lexicon: Lexicon, dice: DiceSet | None = None
) -> WorldBoard:
    """Round ``number``'s board in ``language``: ``lexicon`` is that language's, ``dice`` a 4x4
    set (default: the language's own)."""
    dice = dice or dice_set(language_named(language).default_dice(WORLD_SIZE))
    rng = random.Random(world_seed(secret, language, number))
    board, words = roll_with_floor(dice, rng, lexicon, WORLD_RULES.min_length)
    return WorldBoard(
        number=number,
        language=language,
        dice=dice.name,
        board=board,
        words=words,
        max_points=total_score(words, WORLD_RULES.min_length),
        misspellings=Misspellings(language_named(language), words),
    )


@dataclass(frozen=True)
class Entry:
    """A player's play of one world round: points, words found, and when the last of them came
    (seconds after the opening)."""

    player: int
    points: int
    words: int
    last_at: float


def entry_of(player: int, found: Iterable[str], last_at: float) -> Entry:
    """A player's entry from the words found (each valid on the board)."""
    words = set(found)
    return Entry(player, total_score(words, WORLD_RULES.min_length), len(words), last_at)


@dataclass(frozen=True)
class Ranked:
    """A player's place in the world: ``rank`` 1 is first; players level on points and on the
    time of their last word share a rank (and the next rank is skipped: 1, 2, 2, 4)."""

    rank: int
    player: int
    points: int
    words: int
    last_at: float

    def top_percent(self, players: int) -> int:
        return top_percent(self.rank, players)


def top_percent(rank: int, players: int) -> int:
    """The share of ``players`` at or above ``rank``, as a whole percentage rounded up (the best
    of 3,912 players is in the top 1 %)."""
    return max(1, math.ceil(rank * 100 / players)) if players else 100


def top_ten_finish(rank: int, players: int) -> bool:
    """Whether ``rank`` among ``players`` (those who scored) is a top-ten finish: a round of ten
    players or fewer has none (everyone who scored would have one)."""
    return rank <= TOP_TEN < players


def top_one_percent(rank: int, players: int) -> bool:
    """Whether ``rank`` among ``players`` is in the top 1 % (``top_percent``: the best of 100
    players is, the best of 99 is not)."""
    return players > 0 and top_percent(rank, players) <= 1


def ranking(entries: Iterable[Entry]) -> list[Ranked]:
    """Every entry with points, best first: by points, then the earlier last word (an entry
    without a point is not ranked: it played nothing)."""
    ordered = sorted(
        (e for e in entries if e.points > 0), key=lambda e: (-e.points, e.last_at, e.player)
    )
    out: list[Ranked] = []
    for k, entry in enumerate(ordered):
        level = out and out[-1].points == entry.points and out[-1].last_at == entry.last_at
        rank = out[-1].rank if level else k + 1
        out.append(Ranked(rank, entry.player, entry.points, entry.words, entry.last_at))
    return out


@dataclass(frozen=True)
class ServerPlace:
    """A server's place among the round's servers (its best ``SERVER_TEAM`` players' points)."""

    rank: int
    server: int
    points: int
    players: int


def server_ranking(ranked: Iterable[Ranked], server_of: Mapping[int, int]) -> list[ServerPlace]:
    """The servers of the round's ranked players (``server_of``: where each played), best first;
    servers level on points share a rank. A team of three, not a sum of all: a server of thirty
    must not win by its size alone."""
    teams: dict[int, list[int]] = {}
    for r in ranked:
        teams.setdefault(server_of[r.player], []).append(r.points)
    scores = sorted(
        (
            (sum(sorted(p, reverse=True)[:SERVER_TEAM]), server, len(p))
            for server, p in teams.items()
        ),
        key=lambda t: (-t[0], t[1]),
    )
    out: list[ServerPlace] = []
    for k, (points, server, players) in enumerate(scores):
        rank = out[-1].rank if out and out[-1].points == points else k + 1
        out.append(ServerPlace(rank, server, points, players))
    return out


def word_shares(finders: Mapping[str, int], players: int) -> dict[str, float]:
    """Each word found (``finders``: how many players found it), with its share of the round's
    ``players`` (those with a point)."""
    if players <= 0:
        return {}
    return {word: n / players for word, n in finders.items()}


def rarest(shares: Mapping[str, float], most: int = RAREST) -> list[tuple[str, float]]:
    """The words found by the fewest players, the longest first among equals."""
    return sorted(shares.items(), key=lambda ws: (ws[1], longest_first(ws[0])))[:most]


__all__ = [
    "MIN_EVERY",
    "RAREST",
    "SERVER_TEAM",
    "TOP_TEN",
    "WORLD_EVERY",
    "WORLD_PLAY",
    "WORLD_RULES",
    "WORLD_SIZE",
    "Entry",
    "Ranked",
    "Rhythm",
    "RhythmError",
    "ServerPlace",
    "WorldBoard",
    "entry_of",
    "ranking",
    "rarest",
    "server_ranking",
    "top_one_percent",
    "top_percent",
    "top_ten_finish",
    "word_shares",
    "world_board",
    "world_seed",
]
