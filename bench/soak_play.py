"""bench_soak's players: every channel plays short rounds back to back through the stand-in.

Each channel: ``/boggle start`` once, then for each round its players type words (``Typist``,
bench_load's: good words, repeats, wrong words) until the deadline; after the results, one player
asks ``/boggle check`` about a word of the board, others (at random) ``/leaderboard``, ``/stats``
and ``/daily`` (with a ``/daily-guess`` while their attempt runs), and one presses **Play again**.
A round that goes wrong is counted, and the channel starts afresh.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from load_players import Player, Typist, custom_ids
from load_records import Key

from core.board import Board
from core.lexicon import Lexicon
from core.solver import solve
from standin import CommandError, InteractionHandle, StandIn, StoredMessage, TranscriptEntry
from standin.codes import MessageFlag
from tests.bot.harness import read_board

ON_TIME = 5.0  # a board this long after its start, results this long after the deadline: late
ANSWER_TIMEOUT = 15.0  # an interaction never answered in this long is an error
RESULTS_GRACE = 30.0  # after the deadline, how long results are waited for before giving up
AGAIN = "boggle:again:"
# After each round's results, the chance that a player of the channel asks each of these.
EXTRAS = {"leaderboard": 0.3, "stats": 0.3, "daily": 0.2}


@dataclass
class Tally:
    """What the channels did and saw, for the report."""

    rounds: int = 0  # results seen
    boards: int = 0
    boards_late: int = 0
    results_late: int = 0
    messages: int = 0
    commands: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)

    def error(self, channel_id: int, what: str) -> None:
        self.errors.append(f"{time.strftime('%H:%M:%S')} channel {channel_id}: {what}")


class Seen:
    """The bot's boards and results in each channel, as they appear (a transcript listener: a
    scan of every stored message at each change would cost the soak quadratic time)."""

    def __init__(self, standin: StandIn) -> None:
        self.boards: dict[int, asyncio.Queue[TranscriptEntry]] = {}
        self.results: dict[int, asyncio.Queue[TranscriptEntry]] = {}
        standin.on_transcript(self.see)

    def see(self, entry: TranscriptEntry) -> None:
        if entry.kind != "message" or not entry.by_bot or entry.ephemeral:
            return
        if "Round over" in entry.content:
            self.results.setdefault(entry.channel_id, asyncio.Queue()).put_nowait(entry)
        elif "**Boggle**" in entry.content and "```" in entry.content:
            self.boards.setdefault(entry.channel_id, asyncio.Queue()).put_nowait(entry)

    async def board(self, channel_id: int, timeout: float) -> TranscriptEntry:
        return await self._next(self.boards, channel_id, timeout)

    async def result(self, channel_id: int, timeout: float) -> TranscriptEntry:
        return await self._next(self.results, channel_id, timeout)

    def forget(self, channel_id: int) -> None:
        """Drop what came in for the channel and was never waited for (after a failed round)."""
        self.boards.pop(channel_id, None)
        self.results.pop(channel_id, None)

    @staticmethod
    async def _next(
        queues: dict[int, asyncio.Queue[TranscriptEntry]], channel_id: int, timeout: float
    ) -> TranscriptEntry:
        queue = queues.setdefault(channel_id, asyncio.Queue())
        return await asyncio.wait_for(queue.get(), timeout)


def board_of(content: str) -> Board:
    """The board as a player reads it from the text grid of a post."""
    return read_board(content.split("```")[1].strip().splitlines())


class Channels:
    """The players of every channel, playing until ``until`` (monotonic)."""

    def __init__(
        self,
        standin: StandIn,
        lexicon: Lexicon,
        pairs: Sequence[Key],
        seconds: int,
        rate: float,
        seed: int,
    ) -> None:
        self.standin = standin
        self.lexicon = lexicon
        self.seconds = seconds
        self.rate = rate
        self.rng = random.Random(seed)
        self.players: dict[int, list[Player]] = {}
        for channel_id, user_id in pairs:
            player = Player(channel_id, user_id, random.Random(self.rng.random()))
            self.players.setdefault(channel_id, []).append(player)
        self.solutions: dict[int, list[str]] = {}
        not_on_board = [w for i, w in enumerate(lexicon) if i % 97 == 0 and len(w) >= 4]
        self.typist = Typist(self.solutions, not_on_board)
        self.seen = Seen(standin)
        self.tally = Tally()
        self.extras: set[asyncio.Task[None]] = set()

    async def play(self, until: float) -> None:
        """Every channel plays rounds back to back; each ends after the round running at
        ``until``; then the last commands are waited for."""
        await asyncio.gather(*(self._channel(c, until) for c in self.players))
        if self.extras:
            await asyncio.wait(self.extras, timeout=ANSWER_TIMEOUT)

    async def _channel(self, channel_id: int, until: float) -> None:
        starter = self.players[channel_id][0]
        start: InteractionHandle | None = None
        while time.monotonic() < until:
            try:
                if start is None:
                    opts = {"time": f"{self.seconds}s"}
                    start = await self.standin.slash(
                        channel_id, starter.user_id, "boggle start", opts
                    )
                results = await self._round(channel_id, start)
                if time.monotonic() >= until:
                    return
                start = await self._again(channel_id, results)
            except (TimeoutError, CommandError, LookupError) as exc:
                self.tally.error(channel_id, f"{type(exc).__name__}: {exc}")
                await self._settle(channel_id)
                start = None

    async def _round(self, channel_id: int, start: InteractionHandle) -> TranscriptEntry:
        """One round from its start (the command or the button, already sent) to its results
        (the commands after them asked); the results."""
        asked = time.monotonic()
        await self.answer(start, "a start")
        board = await self.seen.board(channel_id, ANSWER_TIMEOUT)
        posted = time.monotonic()
        self.tally.boards += 1
        self.tally.boards_late += posted - asked > ON_TIME
        words = solve(board_of(board.content), self.lexicon, 3)
        self.solutions[channel_id] = sorted(words)
        players = self.players[channel_id]
        for player in players:
            player.found.clear()
        deadline = posted + self.seconds  # at the latest: the bot sets it before posting
        await asyncio.gather(*(self._guess(p, deadline - 1.0) for p in players))
        results = await self.seen.result(channel_id, deadline - time.monotonic() + RESULTS_GRACE)
        self.tally.rounds += 1
        self.tally.results_late += time.monotonic() - deadline > ON_TIME
        await self._after(channel_id, sorted(words, key=len))
        return results

    async def _guess(self, player: Player, end: float) -> None:
        while True:
            await asyncio.sleep(player.rng.uniform(0.5, 1.5) / self.rate)
            if time.monotonic() >= end:
                return
            text = self.typist.message(player)
            await self.standin.user_says(player.channel_id, player.user_id, text)
            self.tally.messages += 1

    async def _after(self, channel_id: int, words: list[str]) -> None:
        """Between rounds: ``/boggle check`` (only then: not while a round runs), and the
        others in the background (they may overlap the next round, as people do)."""
        players = self.players[channel_id]
        if words:
            word = self.rng.choice(words[: max(1, len(words) // 2)])
            await self.command(channel_id, self.rng.choice(players), "boggle check", {"word": word})
        for name, chance in EXTRAS.items():
            if self.rng.random() < chance:
                player = self.rng.choice(players)
                task = asyncio.create_task(self._extra(channel_id, player, name))
                self.extras.add(task)
                task.add_done_callback(self.extras.discard)

    async def _extra(self, channel_id: int, player: Player, name: str) -> None:
        try:
            answer = await self.command(channel_id, player, name, {})
            if name == "daily" and "```" in answer.content and " left" in answer.content:
                await self._daily_guess(channel_id, player, answer.content)
        except (TimeoutError, CommandError, LookupError) as exc:
            self.tally.error(channel_id, f"/{name}: {type(exc).__name__}: {exc}")

    async def _daily_guess(self, channel_id: int, player: Player, content: str) -> None:
        """A few words of the daily board in progress, in one ``/daily-guess``."""
        words = sorted(solve(board_of(content), self.lexicon, 3), key=len)
        if words:
            guess = " ".join(player.rng.sample(words, min(3, len(words))))
            await self.command(channel_id, player, "daily-guess", {"words": guess})

    async def _again(self, channel_id: int, results: TranscriptEntry) -> InteractionHandle:
        """**Play again** on the round's results, by one of the channel's players."""
        message = self.standin.world.messages[results.message_id]
        custom_id = next(c for c in custom_ids(message) if c.startswith(AGAIN))
        player = self.rng.choice(self.players[channel_id])
        self.tally.commands["Play again"] += 1
        return await self.standin.click(message, player.user_id, custom_id)

    async def _settle(self, channel_id: int) -> None:
        """After a failed round: let a round still running end, then start afresh."""
        with contextlib.suppress(TimeoutError):
            await self.seen.result(channel_id, self.seconds + RESULTS_GRACE)
        self.seen.forget(channel_id)

    async def command(
        self, channel_id: int, player: Player, name: str, options: dict[str, object]
    ) -> StoredMessage:
        """``/name`` by ``player``; its answer."""
        self.tally.commands[f"/{name}"] += 1
        handle = await self.standin.slash(channel_id, player.user_id, name, options)
        return await self.answer(handle, f"/{name}")

    async def answer(self, handle: InteractionHandle, what: str) -> StoredMessage:
        """The interaction's answer: its latest follow-up, else its original message once
        loaded; TimeoutError naming ``what`` if none comes."""

        def answered() -> StoredMessage | None:
            if handle.followups:
                return handle.followups[-1]
            original = handle.original
            return (
                original
                if original is not None and not original.flags & MessageFlag.LOADING
                else None
            )

        try:
            return await self.standin.wait_until(answered, ANSWER_TIMEOUT)
        except TimeoutError:
            raise TimeoutError(f"{what} never answered") from None
