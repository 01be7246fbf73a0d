"""The world round's service: one live board for every server at once, on a fixed rhythm.

No Discord and no web. Every process runs the same clock job: at each opening it owes the
round's boards to the world channels (once, whichever process writes first), at each close it
closes the rounds that took words (once: the others wait on the round's row, then send what
was owed to their own channels). A language nobody plays costs one look a round. Words are
judged by core's rules and stored before they are answered.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.daily.service import LexiconSource
from bot.kernel import codec
from bot.kernel.bounded import Bounded
from bot.kernel.outbox import Outbox, Owed
from bot.kernel.refusal import Refusal
from bot.kernel.scheduler import Scheduler
from bot.world.model import BOARD_POST, RESULTS_POST, WorldChannel, WorldEntry, WorldRoundPost
from bot.world.store import WorldStore
from core.languages import language as language_named
from core.round import Judgement, Round, Verdict
from core.world import WORLD_RULES, Rhythm, WorldBoard, world_board

log = logging.getLogger(__name__)

CLOSE_GRACE = 1.0  # seconds after a round's close before it is ranked: words judged in time land
BOARDS_KEPT = 16  # boards kept (a few languages, this round and the last)
JOB = "world rounds"


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


@dataclass(eq=False)
class WorldService:
    """World rounds for every process: ``owns`` tells which servers' channels this one posts in."""

    store: WorldStore
    lexicons: LexiconSource
    scheduler: Scheduler
    outbox: Outbox
    clock: Callable[[], float]
    owns: Callable[[int], bool]
    rhythm: Rhythm = field(default_factory=Rhythm)
    secret_setting: str | None = None  # BOGGLE_WORLD_SECRET; else the database's (made once)
    _secret: bytes | None = None
    _boards: Bounded[tuple[str, int], WorldBoard] = field(
        default_factory=lambda: Bounded(BOARDS_KEPT)
    )
    # A player's guesses one at a time (a lock lives while someone holds or awaits it).
    _locks: weakref.WeakValueDictionary[int, asyncio.Lock] = field(
        default_factory=weakref.WeakValueDictionary
    )

    async def start(self) -> None:
        """Read (or make) the host's secret, and run the clock job from now: a round that closed
        while the bot was down is closed at once."""
        await self.secret()
        self.scheduler.at(JOB, self.clock(), self._tick, looks=True)

    async def secret(self) -> bytes:
        if self._secret is None:
            setting = self.secret_setting
            made = setting or await self.store.world_secret(secrets.token_hex(32))
            self._secret = made.encode()
        return self._secret

    # -- the rhythm ----------------------------------------------------------------------------

    async def _tick(self) -> float:
        now = self.clock()
        number = self.rhythm.number_at(now)
        if self.rhythm.is_open(number, now):
            await self._open(number)
        closing = number if now >= self.rhythm.closes_at(number) + CLOSE_GRACE else number - 1
        for language, round_number in await self.store.unclosed_world_rounds(closing):
            await self.close(language, round_number)
        later = self.rhythm.closes_at(number) + CLOSE_GRACE
        return later if now < later else self.rhythm.opens_at(number + 1)

    async def _open(self, number: int) -> None:
        """Owe round ``number``'s boards in every language with world channels."""
        languages = sorted({c.language for c in await self.store.world_channels()})
        for language in languages:
            owed = await self.store.open_world_round(
                language, number, self.clock(), _owing(BOARD_POST, language, number)
            )
            await self._send(owed, language)

    async def close(self, language: str, number: int) -> bool:
        """Rank round ``number`` and owe its results, unless another process did: either way
        this process then sends what its channels are owed. Whether this call closed it."""
        owed = _owing(RESULTS_POST, language, number)
        ranked = await self.store.close_world_round(language, number, self.clock(), owed)
        if ranked is not None:
            log.info("world round %s #%s closed: %d players ranked", language, number, len(ranked))
        await self._send(None, language)
        return ranked is not None

    async def _send(self, owed: Sequence[Owed] | None, language: str) -> None:
        """Send what was owed now, or (owed by another process) what this one's channels wait for."""
        if owed is not None:
            self.outbox.owed(owed)
            return
        channels = await self.store.world_channels(language)
        self.outbox.wake((c.guild_id, c.channel_id) for c in channels)

    # -- playing -------------------------------------------------------------------------------

    async def board(self, language: str, number: int) -> WorldBoard:
        """Round ``number``'s board in ``language`` (rolled once a process, then kept)."""
        key = (language, number)
        kept = self._boards.get(key)
        if kept is None:
            lexicon = await self.lexicons.get(language)
            rolled = world_board(await self.secret(), language, number, lexicon)
            kept = self._boards.put(key, rolled)
        return kept

    async def play(
        self, player_id: int, name: str, language: str, guild_id: int | None, channel_id: int
    ) -> WorldPlay | Refusal:
        """The player's entry in the world round open now (joined here, or where they joined
        first); refused between rounds, with when the next opens."""
        now = self.clock()
        number = self.rhythm.number_at(now)
        if not self.rhythm.is_open(number, now):
            opens = int(self.rhythm.opens_at(number + 1))
            return Refusal.of("world.between", language, opens=f"<t:{opens}:R>")
        entry = WorldEntry(language, number, player_id, guild_id, channel_id, name, now)
        joined = await self.store.join_world(entry)
        return await self._play_of(joined)

    async def guess(
        self,
        player_id: int,
        name: str,
        language: str,
        guild_id: int | None,
        channel_id: int,
        text: str,
    ) -> WorldGuessed | Refusal:
        """Judge the player's ``text`` on the world round open now, stored before answered."""
        played = await self.play(player_id, name, language, guild_id, channel_id)
        if isinstance(played, Refusal):
            return played
        lock = self._locks.get(player_id)
        if lock is None:
            lock = self._locks[player_id] = asyncio.Lock()
        async with lock:
            played = await self._play_of(played.entry)
            now = self.clock()
            game = Round.rebuild(
                played.board.board,
                await self.lexicons.get(language),
                WORLD_RULES,
                played.closes_at,
                [(player_id, w, 0.0) for w in played.words],
                solution=played.board.words,
                lang=language_named(language),
            )
            judgements = tuple(game.guess(player_id, text, now))
            accepted = [(j.word, j.points) for j in judgements if j.verdict == Verdict.ACCEPTED]
            at = now - self.rhythm.opens_at(played.entry.number)
            if accepted:
                added = await self.store.add_world_words(
                    language, played.entry.number, player_id, accepted, at
                )
                if added is None:
                    opens = int(self.rhythm.opens_at(played.entry.number + 1))
                    return Refusal.of("world.closed", language, opens=f"<t:{opens}:R>")
            return WorldGuessed(judgements, await self._play_of(played.entry))

    async def _play_of(self, entry: WorldEntry) -> WorldPlay:
        language, number = entry.language, entry.number
        current = await self.store.world_entry(language, number, entry.player_id) or entry
        words = tuple(await self.store.world_words(language, number, entry.player_id))
        board = await self.board(language, number)
        return WorldPlay(board, current, words, self.rhythm.closes_at(number))

    # -- world channels ------------------------------------------------------------------------

    async def set_channel(self, channel: WorldChannel) -> None:
        await self.store.set_world_channel(channel, self.clock())

    async def clear_channel(self, guild_id: int) -> bool:
        return await self.store.clear_world_channel(guild_id)


def _owing(kind: str, language: str, number: int) -> Callable[[Sequence[WorldChannel]], list[Owed]]:
    payload = codec.dumps(WorldRoundPost(language, number))

    def owed(channels: Sequence[WorldChannel]) -> list[Owed]:
        return [Owed(kind, c.guild_id, c.channel_id, payload) for c in channels]

    return owed
