"""Running rounds: one runner per channel, from start (or resume) to posted results.

The runner waits for the deadline stored in the database, checking the clock every ``tick`` seconds,
so a restart that reloads the round waits for the same moment. Guesses are judged by ``core.Round``
against the clock at the moment they arrive, so a late timer can never let a late guess in.
Results are computed from what the database holds, after every accepted word is committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import discord

from core.board import Board
from core.dice import dice_set
from core.generate import roll_with_floor
from core.lexicon import Lexicon
from core.round import Judgement, Mode, Round, Rules, Verdict, tally

from . import render
from .feedback import Feedback
from .storage import ChannelBusy, GuessRow, GuessWriter, Storage, StoredRound

log = logging.getLogger(__name__)

WARN_BEFORE = 30.0


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
    task: asyncio.Task[None] | None = None
    finishing: bool = False
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
        self.feedback = Feedback(client, clock, self._board_text)

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
        """Roll, store and post a new round; raises ChannelBusy when the channel has one."""
        if channel_id in self.live:
            raise ChannelBusy(channel_id)
        rules = Rules(options.mode, options.min_length)
        board, solution = roll_with_floor(
            dice_set(options.dice), self.rng, self.lexicon, options.min_length
        )
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
        live.warned = options.seconds < 2 * WARN_BEFORE
        self.live[channel_id] = live
        try:
            message = await channel.send(self._board_text(live))
        except discord.HTTPException:
            await self._abandon(live)
            raise
        await self.storage.set_round_messages(live.id, board_message_id=message.id)
        live.stored = await self._reload(live)
        self._run(live)
        return live

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

    async def _reload(self, live: LiveRound) -> StoredRound:
        stored = await self.storage.get_round(live.id)
        return stored if stored is not None else live.stored

    async def _abandon(self, live: LiveRound) -> None:
        """The board could not be posted: end the round with no results rather than leave it."""
        self.live.pop(live.channel_id, None)
        await self.storage.finish_round(live.id, live.game.results(), self.clock(), {})

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
            names = await self.storage.display_names(stored.guild_id, game.found)
            live = LiveRound(stored, game, names)
            left = stored.deadline - self.clock()
            live.warned = (
                left <= WARN_BEFORE or stored.deadline - stored.started_at < 2 * WARN_BEFORE
            )
            self.live[stored.channel_id] = live
            self._run(live)
        return len(rounds)

    # --- guesses ---------------------------------------------------------------------------

    def guess(
        self, channel_id: int, player_id: int, name: str, text: str
    ) -> list[Judgement] | None:
        """Judge a chat message; None when no round runs in the channel."""
        live = self.live.get(channel_id)
        if live is None:
            return None
        now = self.clock()
        judgements = live.game.guess(player_id, text, now)
        if judgements:
            live.names[player_id] = name
            for j in judgements:
                self.writer.submit(
                    GuessRow(live.id, player_id, j.word, j.verdict.value, j.points, now)
                )
            if any(j.verdict is Verdict.ACCEPTED for j in judgements):
                self.feedback.changed(live)
        return judgements

    # --- the runner ---------------------------------------------------------------------------

    def _run(self, live: LiveRound) -> None:
        live.task = asyncio.create_task(self._wait_and_finish(live), name=f"round-{live.id}")

    async def _wait_and_finish(self, live: LiveRound) -> None:
        try:
            # A round resumed at start-up is judged at once, but its channel is known (to edit
            # the board and post results) only once the client is ready.
            await self.client.wait_until_ready()
            while True:
                left = live.game.deadline - self.clock()
                if left <= 0:
                    break
                if not live.warned and left <= WARN_BEFORE:
                    live.warned = True
                    self.feedback.warn(live, left)
                self.feedback.tick(live)
                await asyncio.sleep(min(self.tick, left))
            await self.finish(live)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("round %s failed; it stays unfinished and resumes at next start", live.id)

    async def stop(self, channel_id: int) -> LiveRound | None:
        """End a round now (``/boggle stop``); its results are posted as at the deadline."""
        live = self.live.get(channel_id)
        if live is None or live.finishing:
            return None
        live.game.stop(self.clock())
        if live.task is not None and live.task is not asyncio.current_task():
            live.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await live.task
        await self.finish(live)
        return live

    async def finish(self, live: LiveRound) -> None:
        """Commit every guess, score from the database, record and post the results."""
        if live.finishing:
            return
        live.finishing = True
        live.game.stop(self.clock())
        await self.writer.flush()
        found: dict[int, list[str]] = {}
        first: dict[str, int] = {}
        for player, word, _at in await self.storage.accepted_words(live.id):
            found.setdefault(player, []).append(word)
            first.setdefault(word, player)
        results = tally(live.game.solution, found, live.game.rules, first)
        names = await self._names(live, results.players)
        await self.storage.finish_round(live.id, results, self.clock(), names)
        self.live.pop(live.channel_id, None)
        await self.feedback.final(live)
        messages = render.results_messages(results, names, live.game.board, live.game.rules)
        await self._post(live, messages)

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

    async def shutdown(self) -> None:
        """Stop the runners; the rounds stay in the database and resume at the next start."""
        tasks = [live.task for live in self.live.values() if live.task and not live.finishing]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.writer.flush()
        for live in self.live.values():  # the next start names these players as they were
            await self.storage.remember_names(live.stored.guild_id, live.names, self.clock())
