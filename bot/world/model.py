"""The world round's types: a server's world channel, a player's entry, what its posts owe."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from bot.kernel import codec
from bot.kernel.outbox import Owed
from core.round import Judgement
from core.world import ServerPlace, WorldBoard

BOARD_POST = "world board"  # the outbox's kinds: a round's board in a world channel
RESULTS_POST = "world results"  # and its results there


@dataclass(frozen=True)
class WorldChannel:
    """A server's channel that shows every world round in ``language``."""

    guild_id: int
    channel_id: int
    language: str


@dataclass(frozen=True)
class WorldEntry:
    """A player's one entry in a world round, wherever they play it (the server and channel
    where they joined first); ``rank`` once the round is closed and they scored."""

    language: str
    number: int
    player_id: int
    guild_id: int | None
    channel_id: int
    name: str
    joined_at: float
    points: int = 0
    words: int = 0
    last_at: float = 0.0
    rank: int | None = None


@dataclass(frozen=True)
class WorldRoundPost:
    """What a world round's post is about (the outbox's payload): its language and number."""

    language: str
    number: int


@dataclass(frozen=True)
class WorldResults:
    """A closed world round's results: every ranked entry best first, the rarest words with
    their share of players, and the servers' places."""

    language: str
    number: int
    ranked: tuple[WorldEntry, ...]
    rarest: tuple[tuple[str, float], ...]
    servers: tuple[ServerPlace, ...]

    @property
    def players(self) -> int:
        return len(self.ranked)

    def of_server(self, guild_id: int) -> tuple[WorldEntry, ...]:
        """The server's ranked players (where each joined), best first."""
        return self._by_server.get(guild_id, ())

    def server_place(self, guild_id: int) -> ServerPlace | None:
        return self._places.get(guild_id)

    def of_player(self, player_id: int) -> WorldEntry | None:
        """The player's ranked entry (None: not ranked)."""
        return self._by_player.get(player_id)

    # Each channel's results post (and each page's) asks for its part: found by key, not by a
    # walk through every player (2,000 channels x 10,000 players took seconds of the event loop).
    @functools.cached_property
    def _by_server(self) -> dict[int, tuple[WorldEntry, ...]]:
        grouped: dict[int, list[WorldEntry]] = {}
        for entry in self.ranked:
            if entry.guild_id is not None:
                grouped.setdefault(entry.guild_id, []).append(entry)
        return {guild: tuple(entries) for guild, entries in grouped.items()}

    @functools.cached_property
    def _by_player(self) -> dict[int, WorldEntry]:
        return {entry.player_id: entry for entry in self.ranked}

    @functools.cached_property
    def _places(self) -> dict[int, ServerPlace]:
        places: dict[int, ServerPlace] = {}
        for place in self.servers:
            places.setdefault(place.server, place)
        return places


@dataclass(frozen=True)
class WorldStanding:
    """A player's world rounds over a period: points, rounds played, the name they last had."""

    player_id: int
    name: str
    points: int
    rounds: int


@dataclass(frozen=True)
class WorldLeaderboard:
    """The world's best over a period in one language, and the asking player's place (None:
    no point in it); ``players``: how many scored."""

    language: str
    rows: tuple[WorldStanding, ...]
    players: int
    own: tuple[int, WorldStanding] | None


@dataclass(frozen=True)
class WorldPlay:
    """A player's world round as they see it: the board, their entry and words so far."""

    board: WorldBoard
    entry: WorldEntry
    words: tuple[str, ...]
    closes_at: float


@dataclass(frozen=True)
class WorldGuessed:
    """What a player's guesses made: each judgement, and their play after them."""

    judgements: tuple[Judgement, ...]
    play: WorldPlay


@dataclass(frozen=True)
class WorldClosing:
    """A world round being closed, as the other features' parts of its close see it: every
    entry that scored, ranked, best first; ``channels``: each server's world channel (any
    language), by server."""

    language: str
    number: int
    ranked: tuple[WorldEntry, ...]
    channels: Mapping[int, int]

    @property
    def players(self) -> int:
        return len(self.ranked)


@dataclass(frozen=True)
class WorldRecord:
    """A player's closed world rounds, every language and server together: those they scored
    in, their points, top-ten finishes (``core.world.top_ten_finish``), their best rank (of the
    fullest round among equal ranks) and their best top share (``core.world.top_percent``: a
    rank of 5 among 1,000 beats a rank of 1 among 3)."""

    rounds: int
    points: int
    top_tens: int
    best_rank: int
    best_of: int  # the players of the best rank's round
    best_top: int


@dataclass(frozen=True)
class WordsToAdd:
    """A player's words that scored (with their points), found ``at`` seconds into the round."""

    language: str
    number: int
    player_id: int
    words: tuple[tuple[str, int], ...]
    at: float


def owing(kind: str, language: str, number: int) -> Callable[[Sequence[WorldChannel]], list[Owed]]:
    """What round ``number``'s posts of ``kind`` owe the channels given: a post to each."""
    payload = codec.dumps(WorldRoundPost(language, number))

    def owed(channels: Sequence[WorldChannel]) -> list[Owed]:
        return [Owed(kind, c.guild_id, c.channel_id, payload) for c in channels]

    return owed
