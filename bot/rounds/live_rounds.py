"""The round service's machinery: one runner per channel, from start (or resume) to posted
results. ``bot.rounds.service`` puts the use cases (who may, where, how fast) in front of it.

Nothing here knows Discord: a start (a slash command, a button, a scheduler) and every guess come
in as the project's types, and what players see goes out through a ``Publisher``
(``bot.rounds.discord.publisher`` on Discord). The service alone holds the live rounds' state; this module
is its front (start, guess, stop, resume, shutdown) and the parts live beside it:

- ``rolling``: a round's game, rolled from its options or rebuilt from its stored row;
- ``runner``: the wait for the stored deadline, with the warning and the live status;
- ``settling``: every guess committed, results scored from what the database holds, stored once;
- ``delivery``: results posted until they are out, then recorded as posted;
- ``resuming``: after a restart, unfinished rounds back and unposted results out;
- ``backoff``: the pauses between tries of what must eventually succeed.

Guesses are judged by ``core.Round`` against the clock at the moment they arrive, so a late timer
can never let a late guess in.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import random
from collections.abc import Callable, Mapping
from types import MappingProxyType

from bot.kernel.backoff import Backoff
from bot.kernel.events import EventBus
from bot.kernel.lexicons import Lexicons
from bot.kernel.limits import Limiter
from bot.kernel.model import GuessRow
from bot.rounds.delivery import ResultsDelivery, results_report
from bot.rounds.events import (
    GuessesJudged,
    GuessSource,
    ResultsPosted,
    RoundEnded,
    RoundStarted,
    StandingsChanged,
)
from bot.rounds.feedback import Feedback
from bot.rounds.live import Guessed, LiveRound
from bot.rounds.options import RoundOptions
from bot.rounds.publisher import ChatMessage, Publisher
from bot.rounds.resuming import post_unposted, resumed_round
from bot.rounds.rolling import roll, round_banned
from bot.rounds.runner import until_deadline
from bot.rounds.settling import Settler
from bot.rounds.store import RoundStore
from bot.rounds.writer import GuessWriter
from bot.storage import ChannelBusy
from core.round import Verdict
from core.rules import Timer

log = logging.getLogger(__name__)
# A verdict shown to a player waiting for it waits this long at most for its words' commit.
VERDICT_WAIT = 10.0

# A fast human types about 3 guesses a second; a script types far more.
GUESSES_PER_SECOND = 4.0
GUESS_BURST = 10.0

EARLY_KEPT = 1000  # chat messages held while a board is being posted
FINISH_GRACE = 6.0  # at shutdown, how long rounds that are ending may take to store and post


class LiveRounds:
    """Owns every live round of this bot process, and tells the process's event bus what
    happens to them."""

    def __init__(
        self,
        publisher: Publisher,
        storage: RoundStore,
        writer: GuessWriter,
        lexicons: Lexicons,
        clock: Callable[[], float],
        *,
        tick: float = 0.5,
        rng: random.Random | None = None,
        owns: Callable[[int], bool] = lambda guild_id: True,
        backoff: Backoff | None = None,
        events: EventBus | None = None,
        limiter: Limiter | None = None,
    ) -> None:
        """``owns(guild_id)``: whether the server is on this process's shards (its rounds are
        this process's to resume and report); ``backoff``: the pauses between tries to store
        and post results (None: production's); ``events``: where rounds started, standings changed
        and rounds ended are published (None: a bus of its own); ``limiter``: the spam limit (None: production's)."""
        self.publisher = publisher
        self.events = events or EventBus()
        # The spam limit every front end's guesses share: one bucket per channel and player.
        self.limiter = limiter or Limiter(GUESSES_PER_SECOND, GUESS_BURST, clock)
        self.storage = storage
        self.writer = writer
        self.lexicons = lexicons  # a round's lexicon is its language's
        self.clock = clock
        self.tick = tick
        self.rng = rng or random.Random()
        self.owns = owns
        self.closing = False  # shutting down: no guess is judged any more
        self._live: dict[int, LiveRound] = {}
        self.live: Mapping[int, LiveRound] = MappingProxyType(self._live)  # read-only view
        self.feedback = Feedback(publisher, clock, writer.wait_for, lambda: writer.settled)
        backoff = backoff or Backoff()
        self.settler = Settler(storage, writer, publisher, clock, backoff)
        self.delivery = ResultsDelivery(publisher, storage, clock, backoff)
        self._finishing: set[asyncio.Task[None]] = set()
        self.reposting: asyncio.Task[None] | None = None

    # --- starting --------------------------------------------------------------------------

    def running(self, channel_id: int) -> LiveRound | None:
        """The channel's round, if one is running (for reading: the service owns it)."""
        return self._live.get(channel_id)

    async def start(
        self,
        guild_id: int,
        channel_id: int,
        starter_id: int,
        starter_name: str,
        options: RoundOptions,
        banned: frozenset[str] = frozenset(),
    ) -> LiveRound:
        """Roll, store and post a new round. Guesses count from the moment the board is posted;
        the server's ``banned`` words (as typed) never count in it, read by the round's language,
        whatever the list becomes meanwhile.

        Raises ChannelBusy when the channel has a round, NoBoard when no roll has a word long
        enough, and PublishError when the board cannot be posted (the round is then ended).
        """
        if channel_id in self._live:
            raise ChannelBusy(channel_id)
        lexicon = await self.lexicons.get(options.language)  # a first round may wait for it
        now = self.clock()
        excluded = round_banned(banned, options.language)  # kept as typed: read by its rules
        game, hints = await asyncio.to_thread(
            roll, options, lexicon, options.clock.first_deadline(now), self.rng, excluded
        )
        stored = await self.storage.create_round(
            guild_id=guild_id,
            channel_id=channel_id,
            starter_id=starter_id,
            board=game.board,
            dice=options.dice,
            mode=options.mode,
            min_length=options.min_length,
            started_at=now,
            deadline=game.deadline,
            excluded=game.excluded,
            hints=hints is not None,
            language=options.language,
            dictionary=options.dictionary,
            entrants=options.entrants,
            timer=options.timer,
            quiet_seconds=options.seconds if options.timer is Timer.UNTIMED else None,
            seconds=options.seconds,
        )
        live = LiveRound(stored, game, {starter_id: starter_name}, posted=False, hints=hints)
        self._live[channel_id] = live  # from here on a guess typed after the board is not lost
        try:
            message_id = await self.publisher.post_board(live.post)
        except BaseException:
            self._live.pop(channel_id, None)
            await self._abandon(live)
            raise
        live.stored = dataclasses.replace(live.stored, board_message_id=message_id)
        live.posted = True
        for early, text, at in live.early:
            if early.id > message_id and live.counts(early.author_id):
                self._judge(live, early.author_id, early.author_name, text, at, early)
        live.early.clear()
        self._run(live)
        self.events.publish(RoundStarted(live.view()))
        log.info("round %s started", live.id, extra=_fields(live))
        try:
            await self.storage.set_round_messages(live.id, board_message_id=message_id)
        except Exception:  # the round plays on; only a restart's status edits need the id
            log.warning("round %s: board message id not stored", live.id, exc_info=True)
        return live

    async def _abandon(self, live: LiveRound) -> None:
        """The board could not be posted: end the round (nobody played it) rather than leave it."""
        try:
            await self.storage.finish_round(live.id, live.game.results(), self.clock(), {})
            await self.storage.mark_results_posted(live.id, self.clock())  # nothing to post
        except Exception:
            log.exception("round %s could not be closed; it resumes at the next start", live.id)

    # --- resuming after a restart -------------------------------------------------------------

    async def resume_all(self) -> int:
        """Pick up every unfinished round of this process's servers: guesses are judged from now
        on; once the client is ready, the expired rounds are finished and the others run on."""
        rounds = [
            r
            for r in await self.storage.unfinished_rounds()
            if r.channel_id not in self._live and self.owns(r.guild_id)
        ]
        for stored in rounds:
            live = await resumed_round(stored, self.storage, self.lexicons)
            self._live[stored.channel_id] = live
            self._run(live)
        return len(rounds)

    # --- guesses ---------------------------------------------------------------------------

    def guess(
        self,
        channel_id: int,
        player_id: int,
        name: str,
        text: str,
        message: ChatMessage | None = None,
        source: GuessSource = GuessSource.CHAT,
    ) -> Guessed | None:
        """Judge a chat message (or a /guess); None when no round runs in the channel.

        A chat ``message`` written before the board was posted belongs to no round; one that
        arrives while the board is being posted is held (an empty list now) and judged once the
        board's id is known. A word is shown accepted only once it is committed.
        """
        live = self._live.get(channel_id)
        if live is None or self.closing:
            return None
        now = self.clock()
        if message is not None and not live.posted:
            if len(live.early) < EARLY_KEPT:
                live.early.append((message, text, now))
            return Guessed([], 0)
        board_id = live.stored.board_message_id
        if message is not None and board_id is not None and message.id < board_id:
            return None
        return self._judge(live, player_id, name, text, now, message, source)

    def _judge(
        self,
        live: LiveRound,
        player_id: int,
        name: str,
        text: str,
        now: float,
        message: ChatMessage | None,
        source: GuessSource = GuessSource.CHAT,
    ) -> Guessed:
        judgements = live.game.guess(player_id, text, now)
        if not judgements:
            return Guessed(judgements, 0)
        stored = live.stored
        verdicts = tuple(j.verdict for j in judgements)
        self.events.publish(
            GuessesJudged(stored.id, stored.guild_id, stored.channel_id, source, verdicts)
        )
        live.names[player_id] = name
        ticket = 0
        for j in judgements:
            ticket = self.writer.submit(
                GuessRow(live.id, player_id, j.word, j.verdict, j.points, now)
            )
        if message is not None:
            self.feedback.heard(live, message, player_id, judgements, ticket)
        elif any(j.verdict is Verdict.ACCEPTED for j in judgements):
            self.feedback.changed(live)
        if any(j.verdict is Verdict.ACCEPTED for j in judgements):
            self.events.publish(StandingsChanged(live.view()))
        return Guessed(judgements, ticket)

    async def committed(self, ticket: int) -> None:
        """Return once the guesses up to this ticket are stored, or after VERDICT_WAIT at worst
        (a database that slow: the words are judged and queued, never lost while the process
        lives): a player waits for their verdict (the page, the Guess form, /guess), so soon."""
        self.writer.hurry()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.writer.wait_for(ticket), VERDICT_WAIT)

    # --- the runner and the end of a round -----------------------------------------------------

    def _run(self, live: LiveRound) -> None:
        live.task = asyncio.create_task(self._run_until_over(live), name=f"round-{live.id}")

    async def _run_until_over(self, live: LiveRound) -> None:
        await until_deadline(
            live, self.publisher, self.feedback, self.clock, self.tick, self.storage.set_deadline
        )
        await asyncio.shield(self._start_finish(live))

    def _start_finish(self, live: LiveRound) -> asyncio.Task[None]:
        """Finishing runs in a task of its own: a stop or the runner's own cancellation does not
        cancel it; shutdown waits for it (up to its grace)."""
        live.finishing = True
        task = asyncio.create_task(self._finish(live), name=f"finish-round-{live.id}")
        self._track(task)
        return task

    def _track(self, task: asyncio.Task[None]) -> None:
        self._finishing.add(task)
        task.add_done_callback(self._finishing.discard)
        task.add_done_callback(_log_failure)

    async def stop(self, channel_id: int, wait: float = 10.0) -> LiveRound | None:
        """End a round now (``/boggle stop``); its results are posted as at the deadline.

        Waits up to ``wait`` seconds for them. None when there is no round, or it is already ending.
        """
        live = self._live.get(channel_id)
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
        settled = await self.settler.settle(live)
        self._live.pop(live.channel_id, None)
        if not settled.ours:  # another process finished it (and posts it): never post twice
            log.warning("round %s was finished by another process; not posted here", live.id)
            self.feedback.forget(live.id)
            return
        self.events.publish(RoundEnded(live.view(), settled.results, settled.names))
        log.info("round %s ended", live.id, extra=_fields(live))
        await self.feedback.final(live, settled.results, settled.names)
        game = live.game
        report = results_report(live.stored, settled.results, settled.names, game)
        await self.delivery.deliver(live.id, live.channel_id, report)
        self.events.publish(ResultsPosted(live.id, live.channel_id))

    def post_unposted(self) -> None:
        """Results stored but never posted (a rate-limit storm, a shutdown) go out now, once."""
        self.reposting = asyncio.create_task(
            post_unposted(
                self.publisher,
                self.storage,
                self.lexicons,
                self.settler,
                self.delivery,
                self.owns,
                lambda: {live.id for live in self._live.values()},
            ),
            name="post-unposted-results",
        )
        self._track(self.reposting)

    async def shutdown(
        self, grace: float = FINISH_GRACE, names_timeout: float | None = None
    ) -> None:
        """Stop the runners (those rounds resume at the next start) and give the rounds that are
        ending ``grace`` seconds to store and post their results; what is still posting then is
        cancelled (stored results are posted after the restart). The players' names are kept
        for the next start, waiting ``names_timeout`` seconds at most for a database that does
        not answer; the guesses are the writer's to commit, when its owner closes it. From here
        on no guess is judged (the process is going, or no longer owns its rounds)."""
        self.closing = True
        tasks = [live.task for live in self._live.values() if live.task and not live.task.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self._finishing:
            _, late = await asyncio.wait(set(self._finishing), timeout=grace)
            for task in late:
                task.cancel()
            if late:
                log.warning(
                    "%d rounds still ending at shutdown; they finish at the next start", len(late)
                )
                await asyncio.wait(late)
        try:
            await asyncio.wait_for(self._remember_names(), names_timeout)
        except Exception as exc:  # a resumed round asks Discord for the names instead
            log.error("players' names not stored at shutdown: %r", exc)

    async def _remember_names(self) -> None:
        for live in self._live.values():  # the next start names these players as they were
            await self.storage.remember_names(live.stored.guild_id, live.names, self.clock())


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("%s failed", task.get_name(), exc_info=task.exception())


def _fields(live: LiveRound) -> dict[str, int]:
    """What a round's log lines carry (``BOGGLE_LOG_FORMAT=json`` writes them as fields)."""
    return {"guild": live.stored.guild_id, "channel": live.channel_id, "round": live.id}
