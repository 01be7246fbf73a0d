"""The round service's machinery: one runner per channel, from start (or resume) to results.

``bot.rounds.service`` puts the use cases in front of it. No Discord: what players should see
goes out as events (``bot.rounds.events``); what the service needs back (the board's message id,
the results out) a listener gives through its use cases while the service waits
(``EventBus.publish_and_wait``). The parts live beside it: ``rolling``, ``runner``,
``settling``, ``resuming``, ``backoff``. Guesses are judged by ``core.Round`` against the clock
as they arrive, so a late timer never lets a late guess in.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

from bot.kernel.backoff import Backoff
from bot.kernel.bounded import Bounded
from bot.kernel.events import EventBus
from bot.kernel.lexicons import Lexicons
from bot.kernel.outbox import Outbox
from bot.rounds.events import (
    ChatMessage,
    Ending,
    GuessesJudged,
    GuessSource,
    NotPosted,
    ResultsDue,
    ResultsReport,
    RoundEnded,
    RoundLost,
    RoundOpened,
    RoundStarted,
    StandingsChanged,
)
from bot.rounds.live import Guessed, LiveRound
from bot.rounds.model import GuessRow
from bot.rounds.options import RoundRequest
from bot.rounds.resuming import rebuilt_report, resumed_round
from bot.rounds.rolling import roll, round_banned, store_new
from bot.rounds.runner import until_deadline
from bot.rounds.settling import MemberNames, Settler, nobody_known, results_report
from bot.rounds.store import AtFinish, RoundStore
from bot.rounds.writer import GuessWriter
from bot.storage import ChannelBusy
from core.round import Verdict

log = logging.getLogger(__name__)
KEPT_REPORTS = 256  # results owed and at hand (drawn again from the database past this many)

EARLY_KEPT = 1000  # chat messages held while a board is being posted
FINISH_GRACE = 6.0  # at shutdown, how long rounds that are ending may take to store and post


class BoardNotPosted(Exception):
    """The round's board could not be shown (the round is ended, nobody played it): ``why``."""

    def __init__(self, why: NotPosted) -> None:
        super().__init__(why.value)
        self.why = why


class LiveRounds:
    """Owns every live round of this bot process, and tells the process's event bus what
    happens to them."""

    def __init__(
        self,
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
        members: MemberNames = nobody_known,
        at_finish: Sequence[AtFinish] = (),
        outbox: Outbox,
    ) -> None:
        """``owns(guild_id)``: whether the server is on this process's shards (its rounds are
        this process's to resume and report); ``backoff``: the pauses between tries to store
        results (None: production's); ``events``: where what happens to rounds is published
        (None: a bus of its own); ``members``: players' names asked of the chat platform when
        none is kept; ``at_finish``: the other features' parts of every finish (``Settler``);
        ``outbox``: where the results owed by each finish wait for their channel."""
        self.events = events or EventBus()
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
        self.backoff = backoff or Backoff()
        self.settler = Settler(storage, writer, members, clock, self.backoff, tuple(at_finish))
        # Set once what shows the rounds' channels is ready (``channels_ready``): a runner waits
        # for it (a resumed round's channel is known, its players' names can be asked, only then).
        self._ready = asyncio.Event()
        self.outbox = outbox
        self._reports: Bounded[int, ResultsReport] = Bounded(KEPT_REPORTS)  # owed, at hand
        self._finishing: set[asyncio.Task[None]] = set()

    # --- starting --------------------------------------------------------------------------

    def running(self, channel_id: int) -> LiveRound | None:
        """The channel's round, if one is running (for reading: the service owns it)."""
        return self._live.get(channel_id)

    def with_id(self, round_id: int) -> LiveRound | None:
        """The live round ``round_id``, if it is this process's."""
        return next((live for live in self._live.values() if live.id == round_id), None)

    async def start(self, request: RoundRequest, banned: frozenset[str] = frozenset()) -> LiveRound:
        """Roll, store and show a new round (``RoundOpened``, waiting for its listeners). Guesses
        count from the moment the board is posted; the server's ``banned`` words (as typed) never
        count in it, read by the round's language, whatever the list becomes meanwhile.

        Raises ChannelBusy when the channel has a round, NoBoard when no roll has a word long
        enough, and BoardNotPosted when the board cannot be posted (the round is then ended). A
        process where nothing shows boards starts the round at once, with no board message.
        """
        guild_id, channel_id, starter_id = request.guild_id, request.channel_id, request.starter_id
        options = request.options
        if channel_id in self._live:
            raise ChannelBusy(channel_id)
        lexicon = await self.lexicons.get(options.language)  # a first round may wait for it
        now = self.clock()
        excluded = round_banned(banned, options.language)  # kept as typed: read by its rules
        game, hints = await asyncio.to_thread(
            roll, options, lexicon, options.clock.first_deadline(now), self.rng, excluded
        )
        stored = await store_new(
            self.storage, guild_id, channel_id, starter_id, options, game, hints, now
        )
        live = LiveRound(
            stored, game, {starter_id: request.starter_name}, posted=False, hints=hints
        )
        self._live[channel_id] = live  # from here on a guess typed after the board is not lost
        try:  # the channel's view posts the board and hands its id back (``board_posted``)
            shown = await self.events.publish_and_wait(RoundOpened(live.view()))
            message_id = live.stored.board_message_id
            if shown and message_id is None:
                raise BoardNotPosted(live.not_posted or NotPosted.FAILED)
        except BaseException:
            self._live.pop(channel_id, None)
            await self._abandon(live)
            raise
        live.posted = True
        for early, text, at in live.early:
            after = message_id is None or early.id > message_id
            if after and live.counts(early.author_id):
                self._judge(live, early.author_id, early.author_name, text, at, early)
        live.early.clear()
        self._run(live)
        self.events.publish(RoundStarted(live.view()))
        log.info("round %s started", live.id, extra=_fields(live))
        if message_id is None:
            return live
        try:
            await self.storage.set_round_messages(live.id, board_message_id=message_id)
        except Exception:  # the round plays on; only a restart's status edits need the id
            log.warning("round %s: board message id not stored", live.id, exc_info=True)
        return live

    async def _abandon(self, live: LiveRound) -> None:
        """The board could not be posted: end the round (nobody played it) rather than leave it."""
        try:
            await self.storage.finish_round(live.id, live.game.results(), self.clock(), {})
            await self.storage.mark_results_posted([live.id], self.clock())  # nothing to post
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
        live.names[player_id] = name
        ticket = 0
        for j in judgements:
            ticket = self.writer.submit(
                GuessRow(live.id, player_id, j.word, j.verdict, j.points, now)
            )
        view = live.view()
        judged = tuple(judgements)
        self.events.publish(GuessesJudged(view, source, player_id, judged, ticket, message))
        if any(j.verdict is Verdict.ACCEPTED for j in judgements):
            self.events.publish(StandingsChanged(view))
        return Guessed(judgements, ticket)

    # --- the runner and the end of a round -----------------------------------------------------

    def channels_ready(self) -> None:
        """What shows the rounds' channels is connected: the runners run from now on."""
        self._ready.set()

    def _run(self, live: LiveRound) -> None:
        live.task = asyncio.create_task(self._run_until_over(live), name=f"round-{live.id}")

    async def _run_until_over(self, live: LiveRound) -> None:
        await self._ready.wait()
        await until_deadline(live, self.events, self.clock, self.tick, self.storage.set_deadline)
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
        self.outbox.hold(live.channel_id)  # the results wait for the board's final status
        try:
            settled = await self.settler.settle(live)
            self.outbox.take(settled.claimed)  # they go at the release, with no read or claim
            self._live.pop(live.channel_id, None)
            if not settled.ours:  # another process finished it (and posts it): never post twice
                log.warning("round %s was finished by another process; not posted here", live.id)
                self.events.publish(RoundLost(live.id))
                return
            view = live.view()
            self.events.publish(RoundEnded(view, settled.results, settled.names))
            log.info("round %s ended", live.id, extra=_fields(live))
            report = results_report(live.stored, settled.results, settled.names, live.game)
            self._reports.put(live.id, report)
            ending = Ending.STOPPED if live.stopped else Ending.OVER
            await self.events.publish_and_wait(
                ResultsDue(live.id, live.channel_id, report, view, ending)
            )
        finally:
            self.outbox.release(live.channel_id)

    async def results_report(self, round_id: int) -> ResultsReport | None:
        """A finished round's results as they are shown: at hand since its finish, else drawn
        again from what was stored (after a restart); None for a round that is not finished."""
        report = self._reports.pop(round_id, None)
        if report is not None:
            return report
        stored = await self.storage.get_round(round_id)
        if stored is None or stored.running:
            return None
        return await rebuilt_report(stored, self.lexicons, self.settler)

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
