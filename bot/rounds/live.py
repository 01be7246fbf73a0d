"""A round as the service holds it: the options it was started with, its stored row, the core
state, and what a guess returns. Shared by the service and its feedback, so neither imports the
other."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from bot.rounds.events import ChatMessage, NotPosted
from bot.rounds.model import StoredRound
from bot.rounds.view import RoundView
from core.round import Judgement, Round


@dataclass(frozen=True)
class Guessed:
    """What a guess did: a verdict per word, and the ticket that ``committed`` waits for."""

    judgements: list[Judgement]
    ticket: int


@dataclass
class LiveRound:
    """A round in progress: what is stored, the core state, and who played."""

    stored: StoredRound
    game: Round
    names: dict[int, str] = field(default_factory=dict)
    task: asyncio.Task[None] | None = None  # the runner waiting for the deadline
    finishing: bool = False
    stopped: bool = False  # ended early by /boggle stop
    warned: bool = False
    # False while the board is being posted: chat that arrives then is held (Discord may deliver
    # a reply to the board before the bot learns the board's id) and judged once the id is known.
    posted: bool = True
    early: list[tuple[ChatMessage, str, float]] = field(default_factory=list)
    hints: tuple[int, ...] | None = None  # per die, the words starting there (hints asked for)
    told: set[int] = field(default_factory=set)  # players told their words do not count here
    not_posted: NotPosted | None = None  # why its board could not be shown, as its view said

    def counts(self, player_id: int) -> bool:
        """Whether the player's words count: anyone's, or a tournament round's entrants' only."""
        entrants = self.stored.entrant_ids
        return entrants is None or player_id in entrants

    @property
    def id(self) -> int:
        return self.stored.id

    @property
    def channel_id(self) -> int:
        return self.stored.channel_id

    @property
    def language(self) -> str:
        """The language every message of the round is written in."""
        return self.stored.language

    def view(self) -> RoundView:
        """The round as a front end may see it: a snapshot, not this object."""
        stored = self.stored
        return RoundView(
            stored.id,
            stored.guild_id,
            stored.channel_id,
            stored.starter_id,
            stored.language,
            self.game.board,
            self.game.rules,
            self.game.deadline,
            stored.board_message_id,
            self.game,
            self.names,
            stored.dice,
            stored.timer,
            stored.seconds,
            self.hints,
        )
