"""A round as a front end sees it: a frozen snapshot, never the service's own ``LiveRound``.

Taking one is cheap (a chat message takes one): what costs (the standings, the names) is copied
on first read. The board's words, spellings and points are the round's fixed facts; a player's
words so far are read when asked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType

from core.board import Board
from core.coop import TeamScore
from core.round import Clock, Mode, Round, Rules, Standing
from core.rules import Timer
from core.solver import Path


@dataclass(frozen=True)
class RoundView:
    id: int
    guild_id: int
    channel_id: int
    starter_id: int
    language: str
    board: Board
    rules: Rules
    deadline: float
    board_message_id: int | None
    _game: Round = field(repr=False, compare=False)
    _names: Mapping[int, str] = field(repr=False, compare=False)
    dice: str = ""  # the dice set's name, as the board says it
    timer: Timer = Timer.STANDARD
    seconds: int | None = None  # the round's length as chosen at its start
    hints: tuple[int, ...] | None = None  # per die, the words starting there (hints asked for)

    @property
    def player_count(self) -> int:
        """How many players the round has named so far (a crowd's status is another shape)."""
        return len(self._names)

    @property
    def starter_name(self) -> str:
        """Who started the round, as the board names them."""
        return self._names.get(self.starter_id, "someone")

    @cached_property
    def names(self) -> Mapping[int, str]:
        """Who played, by id, as they were named when the snapshot was first read."""
        return MappingProxyType(dict(self._names))

    @cached_property
    def standings(self) -> tuple[Standing, ...]:
        """Everyone with an accepted word, best first."""
        return tuple(self._game.standings())

    @cached_property
    def places(self) -> Mapping[int, tuple[int, Standing]]:
        """Each player's place in ``standings`` (1 is best; equal standings share a place) and
        standing, by player: a crowd's page shows each player their own row in one lookup."""
        found: dict[int, tuple[int, Standing]] = {}
        place, previous = 0, None
        for i, s in enumerate(self.standings, 1):
            if (s.points, s.words) != previous:
                place, previous = i, (s.points, s.words)
            found[s.player] = (place, s)
        return MappingProxyType(found)

    @property
    def word_count(self) -> int:
        """How many words the board holds (its solution, what counts in this round)."""
        return len(self._game.solution)

    @property
    def solution(self) -> Mapping[str, Path]:
        return MappingProxyType(self._game.solution)

    def words_of(self, player: int) -> list[str]:
        """The player's accepted words so far, in the order found."""
        return list(self._game.words_of(player))

    def spelled(self, word: str, typed: str | None = None) -> str:
        """A word as the dictionary (or the player, ``typed``) spells it: "été", not "ete"."""
        return self._game.spelled(word, typed)

    @property
    def clock(self) -> Clock:
        """How the round's deadline moves (its timer and seconds)."""
        return self._game.clock

    def team(self) -> TeamScore | None:
        """A co-op round's team score so far; None in a competitive round."""
        return self._game.team() if self.rules.mode is Mode.COOP else None

    def points_of(self, word: str) -> int:
        return self._game.points_of(word)
