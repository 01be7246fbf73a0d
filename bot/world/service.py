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
from dataclasses import dataclass, field, replace

from bot.daily.service import LexiconSource
from bot.kernel.bounded import Bounded
from bot.kernel.events import EventBus
from bot.kernel.gathered import Gathered
from bot.kernel.limits import Pacer
from bot.kernel.outbox import Outbox, Owed
from bot.kernel.refusal import Refusal
from bot.kernel.scheduler import Scheduler
from bot.world.events import WorldRoundClosed, WorldRoundOpened
from bot.world.fan_out import say_fan_out
from bot.world.model import (
    BOARD_POST,
    RESULTS_POST,
    WordsToAdd,
    WorldChannel,
    WorldEntry,
    WorldGuessed,
    WorldLeaderboard,
    WorldPlay,
    WorldResults,
    owing,
)
from bot.world.sql import ClosingStep
from bot.world.store import WorldStore
from core.languages import language as language_named
from core.periods import Period, period_start
from core.round import Round, Verdict
from core.world import (
    WORLD_RATE,
    WORLD_RULES,
    FanOut,
    Ranked,
    Rhythm,
    WorldBoard,
    rarest,
    server_ranking,
    word_shares,
    world_board,
)

log = logging.getLogger(__name__)

CLOSE_GRACE = 1.0  # seconds after a round's close before it is ranked: words judged in time land
BOARDS_KEPT = 16  # boards kept (a few languages, this round and the last)
JOB = "world rounds"
LEADERBOARD_TOP = 100  # the world's best a leaderboard shows
PLAYS_KEPT = 20_000  # players' plays kept by a process: a guess reads nothing back


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
    events: EventBus = field(default_factory=EventBus)  # WorldRoundOpened, WorldRoundClosed
    rate: float = WORLD_RATE  # requests a second the world's posts take, all processes together
    # This process's share of ``rate``: its world posts wait their turn.
    pace: Pacer = field(default_factory=lambda: Pacer(WORLD_RATE))
    fan_out: FanOut | None = None  # the last slot's, as ``stride_of`` found it
    counts: dict[str, int] = field(default_factory=dict)  # world channels by language, likewise
    _latest: int = -1  # the slot ``fan_out`` and ``counts`` are of
    boards_skipped: int = 0  # board posts whose turn came after their round's close
    acks_skipped: int = 0  # chat words that scored past the ✅s' share of the global limit
    _strides: Bounded[int, int] = field(default_factory=lambda: Bounded(BOARDS_KEPT))
    # The languages with world channels at each slot's opening, as ``stride_of`` counted them.
    _languages: Bounded[int, tuple[str, ...]] = field(default_factory=lambda: Bounded(BOARDS_KEPT))
    # The other features' parts of a close (the achievements'), in its transaction: kept with it.
    at_close: Sequence[ClosingStep] = ()
    _secret: bytes | None = None
    _boards: Bounded[tuple[str, int], WorldBoard] = field(
        default_factory=lambda: Bounded(BOARDS_KEPT)
    )
    channels: dict[int, WorldChannel] = field(default_factory=dict)  # world channels, by id
    _results: Bounded[tuple[str, int], WorldResults] = field(
        default_factory=lambda: Bounded(BOARDS_KEPT)
    )
    _drawing: asyncio.Lock = field(default_factory=asyncio.Lock)  # a round's results, once
    # Each player's entry and words this round, as this process last stored or read them.
    _kept: Bounded[tuple[str, int, int], tuple[WorldEntry, tuple[str, ...]]] = field(
        default_factory=lambda: Bounded(PLAYS_KEPT)
    )
    # Rounds this process closed or saw closed: told once (``WorldRoundClosed``).
    _told: Bounded[tuple[str, int], bool] = field(default_factory=lambda: Bounded(BOARDS_KEPT))
    # A player's guesses one at a time (a lock lives while someone holds or awaits it).
    _locks: weakref.WeakValueDictionary[int, asyncio.Lock] = field(
        default_factory=weakref.WeakValueDictionary
    )
    # Words stored a batch a transaction (``WorldSQL.add_world_word_batch``).
    writer: Gathered[WordsToAdd, list[str] | None] = field(init=False)

    def __post_init__(self) -> None:
        self.writer = Gathered(self.store.add_world_word_batch)

    async def start(self) -> None:
        """Read (or make) the host's secret, and run the clock job from now: a round that closed
        while the bot was down is closed at once."""
        await self.secret()
        await self._refresh_channels()
        self.scheduler.at(JOB, self.clock(), self._tick, looks=True)

    async def _refresh_channels(self) -> list[WorldChannel]:
        channels = await self.store.world_channels()
        self.channels = {c.channel_id: c for c in channels}
        return channels

    @property
    def stride(self) -> int:
        """How many of the rhythm's slots a round takes now (1 unless stretched)."""
        return 1 if self.fan_out is None else self.fan_out.stride

    @property
    def every(self) -> float:
        """Seconds from one world round to the next now: the rhythm's, or stretched."""
        return self.rhythm.every * self.stride

    def next_opening(self) -> float:
        """When the next world round opens (as things stand: the stretched rhythm's)."""
        stride = self.stride
        return self.rhythm.opens_at((self.rhythm.number_at(self.clock()) // stride + 1) * stride)

    def until_next(self, key: str, language: str) -> Refusal:
        """A refusal (``key``) saying when the next world round opens (as things stand)."""
        return Refusal.of(key, language, opens=f"<t:{int(self.next_opening())}:R>")

    def open_number(self) -> int | None:
        """The number of the world round taking words now, if one is."""
        now = self.clock()
        number = self.rhythm.number_at(now)
        stride = self._strides.get(number, self.stride)
        return number if self.rhythm.is_open(number, now) and number % stride == 0 else None

    async def stride_of(self, number: int) -> int:
        """How many slots the round of slot ``number`` takes, from the world channels set by the
        slot's opening: a fact every process reads alike, so all agree which slots have a round
        (slot ``number`` has one when the stride divides it)."""
        known = self._strides.get(number)
        if known is not None:
            return known
        counts = await self.store.world_channel_counts(self.rhythm.opens_at(number))
        fan_out = FanOut(sum(counts.values()), self.rate, self.rhythm)
        self._languages.put(number, tuple(counts))
        if number >= self._latest:  # not a past slot's, read late
            before, self._latest = self.fan_out, number
            self.counts, self.fan_out = counts, fan_out
            if before is None or (before.stride, before.late_results) != (
                fan_out.stride,
                fan_out.late_results,
            ):
                say_fan_out(fan_out, counts)
        return self._strides.put(number, fan_out.stride)

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
        # The last round's close before the next opening: a page is told them in that order.
        closing = number if now >= self.rhythm.closes_at(number) + CLOSE_GRACE else number - 1
        due = set(await self.store.unclosed_world_rounds(closing))
        if closing % await self.stride_of(closing) == 0:
            # Closed already by another process or not, this one sends its channels' results.
            due.update((language, closing) for language in self._languages.get(closing, ()))
        for language, round_number in sorted(due, key=lambda r: (r[1], r[0])):
            await self.close(language, round_number)
        if self.rhythm.is_open(number, now) and number % await self.stride_of(number) == 0:
            await self._open(number)
            self.events.publish(WorldRoundOpened(number))
        later = self.rhythm.closes_at(number) + CLOSE_GRACE
        return later if now < later else self.rhythm.opens_at(number + 1)

    async def _open(self, number: int) -> None:
        """Owe round ``number``'s boards in every language with world channels."""
        languages = sorted({c.language for c in await self._refresh_channels()})
        for language in languages:
            owed = await self.store.open_world_round(
                language, number, self.clock(), owing(BOARD_POST, language, number)
            )
            await self._send(owed, language)

    async def close(self, language: str, number: int) -> bool:
        """Rank round ``number`` and owe its results, unless another process did: either way
        this process then sends what its channels are owed, and tells the close once. Whether this
        call closed it."""
        if self._told.get((language, number)):
            return False  # closed or seen closed here, its results sent and told
        owed, now = owing(RESULTS_POST, language, number), self.clock()
        ranked = await self.store.close_world_round(language, number, now, owed, self.at_close)
        if ranked is not None:
            log.info("world round %s #%s closed: %d players ranked", language, number, len(ranked))
        await self._send(None, language)
        self._told.put((language, number), True)
        self.events.publish(WorldRoundClosed(language, number))
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
        if not self.rhythm.is_open(number, now) or number % await self.stride_of(number):
            return self.until_next("world_round.between", language)
        kept = self._kept.get((language, number, player_id))
        if kept is not None:
            return await self._play(*kept)
        entry = WorldEntry(language, number, player_id, guild_id, channel_id, name, now)
        joined = await self.store.join_world(entry)
        words = await self.store.world_words(language, number, player_id)
        self._kept.put((language, number, player_id), (joined, tuple(words)))
        return await self._play(joined, tuple(words))

    async def look(
        self, player_id: int, name: str, language: str, guild_id: int | None, channel_id: int
    ) -> WorldPlay | Refusal:
        """The world round open now as ``play`` shows it, without joining the player: their
        entry if they joined (else one not stored, with no words); refused between rounds."""
        number = self.open_number()
        if number is None:
            return self.until_next("world_round.between", language)
        kept = self._kept.get((language, number, player_id))
        if kept is not None:
            return await self._play(*kept)
        entry = await self.store.world_entry(language, number, player_id)
        if entry is None:
            unsaved = WorldEntry(language, number, player_id, guild_id, channel_id, name, 0.0)
            return await self._play(unsaved, ())
        words = tuple(await self.store.world_words(language, number, player_id))
        self._kept.put((language, number, player_id), (entry, words))
        return await self._play(entry, words)

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
            entry = played.entry
            played = await self._play(*self._kept.get(_key(entry), (entry, played.words)))
            now = self.clock()
            game = Round.rebuild(
                played.board.board,
                await self.lexicons.get(language),
                WORLD_RULES,
                played.closes_at,
                [(player_id, w, 0.0) for w in played.words],
                solution=played.board.words,
                lang=language_named(language),
                misspellings=played.board.misspellings,
            )
            judgements = tuple(game.guess(player_id, text, now))
            accepted = [(j.word, j.points) for j in judgements if j.verdict == Verdict.ACCEPTED]
            at = now - self.rhythm.opens_at(played.entry.number)
            if accepted:
                added = await self.writer.add(
                    WordsToAdd(language, played.entry.number, player_id, tuple(accepted), at)
                )
                if added is None:
                    return self.until_next("world_round.closed", language)
                points = dict(accepted)
                entry = replace(
                    played.entry,
                    points=played.entry.points + sum(points[w] for w in added),
                    words=played.entry.words + len(added),
                    last_at=at if added else played.entry.last_at,
                )
                played = replace(played, entry=entry, words=(*played.words, *added))
                self._kept.put(_key(entry), (entry, played.words))
            return WorldGuessed(judgements, played)

    async def _play(self, entry: WorldEntry, words: tuple[str, ...]) -> WorldPlay:
        """The player's play as this process knows it (the database's key and ``ON CONFLICT``
        keep the counts exact when the same player guesses through two processes at once)."""
        board = await self.board(entry.language, entry.number)
        return WorldPlay(board, entry, words, self.rhythm.closes_at(entry.number))

    async def words(self, language: str, number: int, player_id: int) -> tuple[str, ...]:
        """The words the player found in round ``number``."""
        kept = self._kept.get((language, number, player_id))
        if kept is not None:
            return kept[1]
        return tuple(await self.store.world_words(language, number, player_id))

    async def results(self, language: str, number: int) -> WorldResults:
        """A closed round's results (drawn once a process, then kept: the channels' posts that
        ask at once wait for the first to draw them)."""
        key = (language, number)
        async with self._drawing:
            kept = self._results.get(key)
            if kept is None:
                ranked = tuple(await self.store.world_ranked(language, number))
                shares = word_shares(await self.store.world_finders(language, number), len(ranked))
                in_servers = [e for e in ranked if e.guild_id is not None]  # not those in DMs
                servers = server_ranking(
                    [_as_ranked(e) for e in in_servers],
                    {e.player_id: e.guild_id for e in in_servers if e.guild_id is not None},
                )
                drawn = WorldResults(
                    language, number, ranked, tuple(rarest(shares)), tuple(servers)
                )
                kept = self._results.put(key, drawn)
        return kept

    async def leaderboard(self, language: str, period: Period, player_id: int) -> WorldLeaderboard:
        """The world's best ``LEADERBOARD_TOP`` over ``period`` (UTC) in ``language``, and the
        player's place."""
        now = self.clock()
        start = period_start(period, now)
        first = 0 if start is None else self.rhythm.number_at(start)
        last = self.rhythm.number_at(now)
        rows = await self.store.world_best(language, first, last, LEADERBOARD_TOP)
        ahead, players, mine = await self.store.world_place(language, first, last, player_id)
        own = None if mine is None else (ahead + 1, mine)
        return WorldLeaderboard(language, tuple(rows), players, own)

    # -- world channels ------------------------------------------------------------------------

    async def world_channel(self, guild_id: int) -> WorldChannel | None:
        return await self.store.world_channel(guild_id)

    async def set_channel(self, channel: WorldChannel) -> None:
        await self.store.set_world_channel(channel, self.clock())
        await self._refresh_channels()

    async def clear_channel(self, guild_id: int) -> bool:
        cleared = await self.store.clear_world_channel(guild_id)
        await self._refresh_channels()
        return cleared


def _key(entry: WorldEntry) -> tuple[str, int, int]:
    return entry.language, entry.number, entry.player_id


def _as_ranked(entry: WorldEntry) -> Ranked:
    return Ranked(entry.rank or 0, entry.player_id, entry.points, entry.words, entry.last_at)
