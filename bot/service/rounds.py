"""The round service: one runner per channel, from start (or resume) to posted results.

Nothing here knows Discord: a start (a slash command, a button, a scheduler) and every guess come
in as the project's types, and what players see goes out through a ``Publisher``
(``bot.discord.publisher`` on Discord). The service alone holds the live rounds' state.

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
from collections.abc import Awaitable, Callable, Mapping
from types import MappingProxyType

from core.board import Board
from core.codes import CodeError, encode
from core.commonness import missed_order
from core.dice import dice_set
from core.generate import roll_with_floor
from core.hints import word_starts
from core.languages import language
from core.lexicon import Lexicon
from core.round import Mode, PlayerResult, Results, Round, Rules, Verdict
from core.solver import solve

from ..storage import ChannelBusy, GuessRow, GuessWriter, Storage, StoredRound
from .feedback import Feedback
from .lexicons import Lexicons
from .live_round import Guessed, LiveRound, NoBoard, RoundOptions
from .publisher import ChatMessage, Gone, Publisher, PublishError, Refused, ResultsReport
from .server_config import round_banned

log = logging.getLogger(__name__)

WARN_BEFORE = 30.0
RETRY_FIRST, RETRY_MAX = 0.5, 30.0
EARLY_KEPT = 1000  # chat messages held while a board is being posted
FINISH_GRACE = 6.0  # at shutdown, how long rounds that are ending may take to store and post


class RoundService:
    """Owns every live round of this bot process."""

    def __init__(
        self,
        publisher: Publisher,
        storage: Storage,
        writer: GuessWriter,
        lexicons: Lexicons,
        clock: Callable[[], float],
        *,
        tick: float = 0.5,
        rng: random.Random | None = None,
        owns: Callable[[int], bool] = lambda guild_id: True,
    ) -> None:
        """``owns(guild_id)``: whether the server is on this process's shards (its rounds are
        this process's to resume and report)."""
        self.publisher = publisher
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
        self._finishing: set[asyncio.Task[None]] = set()
        self._delivering: set[int] = set()  # rounds whose results are being posted
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
            self._roll, options, lexicon, now + options.seconds, excluded
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
            if early.id > message_id:
                self._judge(live, early.author_id, early.author_name, text, at, early)
        live.early.clear()
        self._run(live)
        try:
            await self.storage.set_round_messages(live.id, board_message_id=message_id)
        except Exception:  # the round plays on; only a restart's status edits need the id
            log.warning("round %s: board message id not stored", live.id, exc_info=True)
        return live

    def _roll(
        self,
        options: RoundOptions,
        lexicon: Lexicon,
        deadline: float,
        banned: frozenset[str] = frozenset(),
    ) -> tuple[Round, tuple[int, ...] | None]:
        """The round: its board (rolled from the options' dice, which are the language's unless
        chosen, with core's floor rule, ``core.generate.floor_for``, or the one to replay) judged
        in the round's language and dictionary, and its hints if asked for (of the words that
        count: not the ``banned``, only everyday ones in the everyday dictionary). A board on
        which no word counts is never played."""
        if options.board is not None:
            board = options.board
            solution = solve(board, lexicon, options.min_length)
        else:
            board, solution = roll_with_floor(
                dice_set(options.dice), self.rng, lexicon, options.min_length
            )
        game = Round.start(
            board,
            lexicon,
            Rules(options.mode, options.min_length),
            deadline,
            excluded=banned,
            solution=solution,
            lang=language(options.language),
            dictionary=options.dictionary,
        )
        if not game.solution:
            raise NoBoard(options.min_length)
        return game, word_starts(board, game.solution) if options.hints else None

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
            game = Round.rebuild(
                Board.parse(stored.board),
                await self.lexicons.get(stored.language),
                Rules(Mode(stored.mode), stored.min_length),
                stored.deadline,
                await self.storage.accepted_words(stored.id),
                excluded=stored.excluded_words,
                lang=language(stored.language),
                dictionary=stored.dictionary,
            )
            names = await self.storage.display_names(
                stored.guild_id, [*game.found, stored.starter_id]
            )
            hints = word_starts(game.board, game.solution) if stored.hints else None
            live = LiveRound(stored, game, names, hints=hints)
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
        return self._judge(live, player_id, name, text, now, message)

    def _judge(
        self,
        live: LiveRound,
        player_id: int,
        name: str,
        text: str,
        now: float,
        message: ChatMessage | None,
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
        if message is not None:
            self.feedback.heard(live, message, player_id, judgements, ticket)
        elif any(j.verdict is Verdict.ACCEPTED for j in judgements):
            self.feedback.changed(live)
        return Guessed(judgements, ticket)

    async def committed(self, ticket: int) -> None:
        """Return once the guesses up to this ticket are stored."""
        await self.writer.wait_for(ticket)

    # --- the runner ---------------------------------------------------------------------------

    def _run(self, live: LiveRound) -> None:
        live.task = asyncio.create_task(self._wait_and_finish(live), name=f"round-{live.id}")

    async def _wait_and_finish(self, live: LiveRound) -> None:
        # A round resumed at start-up is judged at once, but its channel is known (to edit the
        # board and post results) only once the client is ready.
        await self.publisher.wait_until_ready()
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
        results, names, ours = await self._settle(live)
        self._live.pop(live.channel_id, None)
        if not ours:  # another process finished it (and posts it): never post results twice
            log.warning("round %s was finished by another process; not posted here", live.id)
            self.feedback.forget(live.id)
            return
        await self.feedback.final(live, results, names)
        report = _report(live.stored, results, names, live.game.board, live.game.rules)
        await self._deliver(live.id, live.channel_id, report)

    async def _settle(self, live: LiveRound) -> tuple[Results, dict[int, str], bool]:
        """Commit every guess, score from the database and store the results; a failure (the
        database locked past its timeout, say) is retried, so a round never stays half-ended.

        The last item says whether the results stored are this process's: False when the round
        was already finished before our first try (by another process), True when it is ours,
        including a retry whose earlier try was committed though its answer was lost."""
        delay = RETRY_FIRST
        tried = False
        while True:
            try:
                if live.stopped:  # a restart before the results are stored must not revive it
                    await self.storage.set_deadline(live.id, live.game.deadline)
                await self.writer.flush()
                results = await self._score(live.stored, live.game)
                names = await self._names(live.stored.guild_id, live.names, results.players)
                tried_before, tried = tried, True
                stored = await self.storage.finish_round(live.id, results, self.clock(), names)
                return results, names, stored or tried_before
            except Exception:
                log.exception("round %s: results not stored; retrying in %.1fs", live.id, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, RETRY_MAX)

    async def _score(self, stored: StoredRound, game: Round) -> Results:
        """The results from what the database holds: a word counts once it is committed. The
        missed words come most common first (``core.commonness.missed_order``), for every
        renderer alike: the list teaches words people know before obscure ones."""
        accepted = await self.storage.accepted_words(stored.id)
        rebuilt = Round.rebuild(
            game.board,
            game.lexicon,
            game.rules,
            game.deadline,
            accepted,
            game.solution,
            excluded=game.excluded,
            lang=game.language,
            dictionary=game.dictionary,
        )
        results = rebuilt.results()
        missed = tuple(missed_order(results.missed, game.lexicon))
        return dataclasses.replace(results, missed=missed)

    async def _names(
        self, guild_id: int, known: Mapping[int, str], players: tuple[PlayerResult, ...]
    ) -> dict[int, str]:
        """Every player's display name: as they guessed, kept, cached, else asked of the platform.

        A name that cannot be learnt is left out (the results say "player <id>"), so a stored
        name is never overwritten by a placeholder.
        """
        names = dict(known)
        missing = [r.player for r in players if r.player not in names]
        if missing:
            names |= await self.storage.display_names(guild_id, missing)
            missing = [p for p in missing if p not in names]
        if missing:
            names |= await self.publisher.member_names(guild_id, missing)
        return names

    async def _deliver(self, round_id: int, channel_id: int, report: ResultsReport) -> None:
        """Post a round's results until the platform takes them, then record that they are posted.

        Rate limits and server errors are waited out with backoff while the channel exists. A
        missing permission leaves them unposted: they go out after the next restart. Cancelled at
        shutdown, they go out after the restart too; once recorded as posted, never again.
        """
        if round_id in self._delivering:
            return
        self._delivering.add(round_id)
        try:
            if await self._post_results(round_id, channel_id, report):
                await self._retry_storage(
                    f"round {round_id}: results posted, not recorded",
                    lambda: self.storage.mark_results_posted(round_id, self.clock()),
                )
        finally:
            self._delivering.discard(round_id)

    async def _post_results(self, round_id: int, channel_id: int, report: ResultsReport) -> bool:
        """True once every results message is out (or the channel is gone for good)."""
        delay = RETRY_FIRST
        posted = 0
        while True:
            try:
                await self.publisher.post_results(channel_id, report, posted)
                return True
            except Gone as exc:
                log.warning(
                    "round %s: channel %s is gone (%s); results kept", round_id, channel_id, exc
                )
                return True
            except Refused as exc:
                log.warning(
                    "round %s: results not posted (%s); posted after a restart", round_id, exc
                )
                return False
            except PublishError as exc:
                posted = exc.posted
                log.warning(
                    "round %s: results not posted yet (%s); retrying in %.1fs", round_id, exc, delay
                )
                await asyncio.sleep(delay)
                delay = min(delay * 2, RETRY_MAX)

    async def _retry_storage(self, what: str, call: Callable[[], Awaitable[None]]) -> None:
        delay = RETRY_FIRST
        while True:
            try:
                await call()
                return
            except Exception:
                log.exception("%s; retrying in %.1fs", what, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, RETRY_MAX)

    def post_unposted(self) -> None:
        """Results stored but never posted (a rate-limit storm, a shutdown) go out now, once."""
        self.reposting = asyncio.create_task(self._post_unposted(), name="post-unposted-results")
        self._track(self.reposting)

    async def _post_unposted(self) -> None:
        await self.publisher.wait_until_ready()
        for stored in await self.storage.unposted_results():
            fresh = await self.storage.get_round(stored.id)
            live_ids = {live.id for live in self._live.values()}
            if (
                fresh is None
                or not self.owns(stored.guild_id)
                or fresh.results_posted_at is not None
                or stored.id in live_ids
                or stored.id in self._delivering
            ):
                continue  # posted meanwhile, or being finished by its runner
            board = Board.parse(stored.board)
            rules = Rules(Mode(stored.mode), stored.min_length)
            game = Round.start(
                board,
                await self.lexicons.get(stored.language),
                rules,
                stored.deadline,
                excluded=stored.excluded_words,
                lang=language(stored.language),
                dictionary=stored.dictionary,
            )
            results = await self._score(stored, game)
            names = await self._names(stored.guild_id, {}, results.players)
            report = _report(stored, results, names, board, rules)
            await self._deliver(stored.id, stored.channel_id, report)

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


def _report(
    stored: StoredRound, results: Results, names: Mapping[int, str], board: Board, rules: Rules
) -> ResultsReport:
    """The results as posted: with the round's id (Play again) and the board's code, if its
    dice and faces have one."""
    try:
        code: str | None = encode(board, stored.dice)
    except CodeError:
        code = None
    return ResultsReport(
        results, names, board, rules, stored.id, code, stored.language, stored.dictionary
    )


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("%s failed", task.get_name(), exc_info=task.exception())
