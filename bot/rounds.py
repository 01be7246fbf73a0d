"""Running rounds: one runner per channel, from start (or resume) to posted results.

The runner waits for the deadline stored in the database, checking the clock every ``tick`` seconds,
so a restart that reloads the round waits for the same moment. Guesses are judged by ``core.Round``
against the clock at the moment they arrive, so a late timer can never let a late guess in.
Results are computed from what the database holds, after every accepted word is committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import discord

from core.board import Board
from core.dice import dice_set
from core.generate import roll_with_floor
from core.lexicon import Lexicon
from core.round import Judgement, Mode, Results, Round, Rules, Verdict, tally
from core.scoring import default_min_length

from . import render
from .feedback import Feedback
from .storage import ChannelBusy, GuessRow, GuessWriter, Storage, StoredRound

log = logging.getLogger(__name__)

WARN_BEFORE = 30.0
RETRY_FIRST, RETRY_MAX = 0.5, 30.0


class NoBoard(Exception):
    """No roll gave a board with a word of the minimum length; the player should ask for less."""


@dataclass(frozen=True)
class RoundOptions:
    size: int
    dice: str
    seconds: int
    mode: Mode
    min_length: int


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

    @property
    def id(self) -> int:
        return self.stored.id

    @property
    def channel_id(self) -> int:
        return self.stored.channel_id


class RoundManager:
    """Owns every live round of this bot process."""

    def __init__(
        self,
        client: discord.Client,
        storage: Storage,
        writer: GuessWriter,
        lexicon: Lexicon,
        clock: Callable[[], float],
        *,
        tick: float = 0.5,
        reads_messages: bool = True,
        rng: random.Random | None = None,
    ) -> None:
        self.client = client
        self.storage = storage
        self.writer = writer
        self.lexicon = lexicon
        self.clock = clock
        self.tick = tick
        self.reads_messages = reads_messages
        self.rng = rng or random.Random()
        self.live: dict[int, LiveRound] = {}
        self.feedback = Feedback(client, clock, self._board_text, writer.wait_for)
        self._finishing: set[asyncio.Task[None]] = set()

    # --- starting --------------------------------------------------------------------------

    async def start(
        self,
        guild_id: int,
        channel: discord.abc.Messageable,
        channel_id: int,
        starter_id: int,
        starter_name: str,
        options: RoundOptions,
    ) -> LiveRound:
        """Roll, store and post a new round. Guesses count from the moment the board is posted.

        Raises ChannelBusy when the channel has a round, NoBoard when no roll has a word long
        enough, and what Discord raised when the board cannot be posted (the round is then ended).
        """
        if channel_id in self.live:
            raise ChannelBusy(channel_id)
        board, solution = await asyncio.to_thread(self._roll, options)
        rules = Rules(options.mode, options.min_length)
        now = self.clock()
        stored = await self.storage.create_round(
            guild_id=guild_id,
            channel_id=channel_id,
            starter_id=starter_id,
            board=board.text(),
            dice=options.dice,
            size=options.size,
            mode=options.mode.value,
            min_length=options.min_length,
            started_at=now,
            deadline=now + options.seconds,
        )
        game = Round(board, rules, solution, self.lexicon, stored.deadline)
        live = LiveRound(stored, game, {starter_id: starter_name})
        try:
            message = await channel.send(self._board_text(live))
            await self.storage.set_round_messages(live.id, board_message_id=message.id)
            live.stored = dataclasses.replace(live.stored, board_message_id=message.id)
        except BaseException:
            await self._abandon(live)
            raise
        self.live[channel_id] = live
        self._run(live)
        return live

    def _roll(self, options: RoundOptions) -> tuple[Board, dict[str, tuple[int, ...]]]:
        """The quality floor is tuned for the default minimum length; with another one, any
        board with a word will do."""
        floor = {}
        if options.min_length != default_min_length(options.size):
            floor = {"min_words": 1, "min_points": 1}
        board, solution = roll_with_floor(
            dice_set(options.dice), self.rng, self.lexicon, options.min_length, **floor
        )
        if not solution:
            raise NoBoard(options.min_length)
        return board, solution

    def _board_text(self, live: LiveRound, status: str = "") -> str:
        return render.board_message(
            live.game.board,
            live.game.rules,
            live.game.deadline,
            live.stored.dice,
            live.names.get(live.stored.starter_id, "someone"),
            not self.reads_messages,
            status,
        )

    async def _abandon(self, live: LiveRound) -> None:
        """The board could not be posted: end the round (nobody played it) rather than leave it."""
        try:
            await self.storage.finish_round(live.id, live.game.results(), self.clock(), {})
        except Exception:
            log.exception("round %s could not be closed; it resumes at the next start", live.id)

    # --- resuming after a restart -------------------------------------------------------------

    async def resume_all(self) -> int:
        """Pick up every unfinished round: guesses are judged from now on; once the client is
        ready, the expired rounds are finished and the others run on."""
        rounds = [
            r for r in await self.storage.unfinished_rounds() if r.channel_id not in self.live
        ]
        for stored in rounds:
            board = Board.parse(stored.board)
            rules = Rules(Mode(stored.mode), stored.min_length)
            game = Round.start(board, self.lexicon, rules, stored.deadline)
            for player, word, at in await self.storage.accepted_words(stored.id):
                if word in game.solution:
                    game.restore(player, word, at)
            names = await self.storage.display_names(
                stored.guild_id, [*game.found, stored.starter_id]
            )
            live = LiveRound(stored, game, names)
            self.live[stored.channel_id] = live
            self._run(live)
        return len(rounds)

    # --- guesses ---------------------------------------------------------------------------

    def guess(
        self,
        channel_id: int,
        player_id: int,
        name: str,
        text: str,
        message: discord.Message | None = None,
    ) -> list[Judgement] | None:
        """Judge a chat message (or a /guess); None when no round runs in the channel.

        A chat ``message`` written before the board was posted belongs to no round. Its ✅
        comes once the accepted word is committed, so a word a player saw accepted is never lost.
        """
        live = self.live.get(channel_id)
        if live is None:
            return None
        board_id = live.stored.board_message_id
        if message is not None and board_id is not None and message.id < board_id:
            return None
        now = self.clock()
        judgements = live.game.guess(player_id, text, now)
        if judgements:
            live.names[player_id] = name
            ticket = 0
            for j in judgements:
                ticket = self.writer.submit(
                    GuessRow(live.id, player_id, j.word, j.verdict.value, j.points, now)
                )
            if any(j.verdict is Verdict.ACCEPTED for j in judgements):
                self.feedback.changed(live)
            if message is not None:
                self.feedback.react(message, judgements, ticket)
        return judgements

    # --- the runner ---------------------------------------------------------------------------

    def _run(self, live: LiveRound) -> None:
        live.task = asyncio.create_task(self._wait_and_finish(live), name=f"round-{live.id}")

    async def _wait_and_finish(self, live: LiveRound) -> None:
        # A round resumed at start-up is judged at once, but its channel is known (to edit the
        # board and post results) only once the client is ready.
        await self.client.wait_until_ready()
        # A warning is for rounds of a minute or more, and is not sent twice across a restart
        # (one resumed in its last 30 seconds may have had it).
        stored = live.stored
        live.warned = (
            stored.deadline - stored.started_at < 2 * WARN_BEFORE
            or live.game.deadline - self.clock() <= WARN_BEFORE
        )
        while True:
            left = live.game.deadline - self.clock()
            if left <= 0:
                break
            if not live.warned and left <= WARN_BEFORE:
                live.warned = True
                self.feedback.warn(live, left)
            self.feedback.tick(live)
            await asyncio.sleep(min(self.tick, left))
        await asyncio.shield(self._start_finish(live))

    def _start_finish(self, live: LiveRound) -> asyncio.Task[None]:
        """Finishing runs in a task of its own that shutdown waits for and nothing cancels."""
        live.finishing = True
        task = asyncio.create_task(self._finish(live), name=f"finish-round-{live.id}")
        self._finishing.add(task)
        task.add_done_callback(self._finishing.discard)
        task.add_done_callback(_log_failure)
        return task

    async def stop(self, channel_id: int, wait: float = 10.0) -> LiveRound | None:
        """End a round now (``/boggle stop``); its results are posted as at the deadline.

        Waits up to ``wait`` seconds for them. None when there is no round, or it is already ending.
        """
        live = self.live.get(channel_id)
        if live is None or live.finishing:
            return None
        live.stopped = True
        live.game.stop(self.clock())
        finishing = self._start_finish(live)
        if live.task is not None and live.task is not asyncio.current_task():
            live.task.cancel()
        await asyncio.wait({finishing}, timeout=wait)
        return live

    async def _finish(self, live: LiveRound) -> None:
        live.game.stop(self.clock())
        results, names = await self._settle(live)
        self.live.pop(live.channel_id, None)
        messages = render.results_messages(results, names, live.game.board, live.game.rules)
        await self._post(live, messages)
        await self.feedback.final(live, results, names)

    async def _settle(self, live: LiveRound) -> tuple[Results, dict[int, str]]:
        """Commit every guess, score from the database and store the results; a failure (the
        database locked past its timeout, say) is retried, so a round never stays half-ended."""
        delay = RETRY_FIRST
        while True:
            try:
                if live.stopped:  # a restart before the results are stored must not revive it
                    await self.storage.set_deadline(live.id, live.game.deadline)
                await self.writer.flush()
                found: dict[int, list[str]] = {}
                first: dict[str, int] = {}
                for player, word, _at in await self.storage.accepted_words(live.id):
                    found.setdefault(player, []).append(word)
                    first.setdefault(word, player)
                results = tally(live.game.solution, found, live.game.rules, first)
                names = await self._names(live, results.players)
                await self.storage.finish_round(live.id, results, self.clock(), names)
                return results, names
            except Exception:
                log.exception("round %s: results not stored; retrying in %.1fs", live.id, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, RETRY_MAX)

    async def _names(self, live: LiveRound, players: tuple) -> dict[int, str]:
        """Every player's display name: as they guessed, kept, cached, else asked of Discord.

        A name that cannot be learnt is left out (the results say "player <id>"), so a stored
        name is never overwritten by a placeholder.
        """
        names = dict(live.names)
        missing = [r.player for r in players if r.player not in names]
        if missing:
            names |= await self.storage.display_names(live.stored.guild_id, missing)
        guild = self.client.get_guild(live.stored.guild_id)
        for result in players:
            if result.player in names or guild is None:
                continue
            member = guild.get_member(result.player)
            if member is None:
                with contextlib.suppress(discord.HTTPException):
                    member = await guild.fetch_member(result.player)
            if member is not None:
                names[result.player] = member.display_name
        return names

    async def _post(self, live: LiveRound, messages: list[render.RenderedMessage]) -> None:
        channel = self.client.get_channel(live.channel_id)
        if channel is None:
            log.warning("round %s: channel %s is gone; results kept", live.id, live.channel_id)
            return
        for message in messages:
            try:
                await channel.send(  # type: ignore[union-attr]
                    content=message.content or None,
                    embeds=message.embeds,
                    files=message.files,
                )
            except discord.HTTPException as exc:
                log.warning("round %s: results not posted (%s); they are stored", live.id, exc)
                return

    async def shutdown(self, grace: float = 15.0) -> None:
        """Stop the runners (those rounds resume at the next start) and let the rounds that are
        ending store and post their results."""
        tasks = [live.task for live in self.live.values() if live.task and not live.task.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self._finishing:
            await asyncio.wait(set(self._finishing), timeout=grace)
        await self.writer.flush()
        for live in self.live.values():  # the next start names these players as they were
            await self.storage.remember_names(live.stored.guild_id, live.names, self.clock())


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("%s failed", task.get_name(), exc_info=task.exception())
