"""The rounds feature's one door: every front end (chat, a reply, the Guess form, ``/guess``,
the page) starts, plays, stops and watches a round through these use cases, which own the rules
(may a round start here? is there one? too fast? just ended? who may stop it?) and answer with a
typed result or a ``Refusal``. The machinery behind them is a ``LiveRounds`` the service holds
(``bot.rounds.live_rounds``); what a front end sees of a round is a ``RoundView``, and what
happens to rounds it hears as events (``bot.rounds.events``). What shows the round's channel
hands back what the service needs through use cases here (``board_posted``, ``results_posted``).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Awaitable, Callable, Mapping

from bot.i18n.channels import channel_list
from bot.i18n.languages import language_name
from bot.i18n.phrase import Phrase
from bot.kernel import codec
from bot.kernel.gathered import Gathered
from bot.kernel.limits import Limiter
from bot.kernel.options import OptionError
from bot.kernel.outbox import Post, Undeliverable
from bot.kernel.refusal import Refusal
from bot.rounds.answers import (
    BUSY,
    LEXICON_FAILED,
    NO_BOARD,
    NO_ROUND,
    NOT_A_ROUND_CHANNEL,
    NOT_ENTERED,
    NOT_POSTED,
    ROUND_OVER,
    NotEntered,
    StopOutcome,
    Stopped,
    Submitted,
)
from bot.rounds.events import (
    ChatMessage,
    GuessSource,
    NotPosted,
    ResultsPosted,
    ResultsReport,
    RoundEnded,
)
from bot.rounds.live import LiveRound
from bot.rounds.live_rounds import FINISH_GRACE, BoardNotPosted, LiveRounds
from bot.rounds.model import RESULTS, OwedResults, StoredRound
from bot.rounds.my_result import MyResult, ResultBook, RoundWords
from bot.rounds.options import NoBoard, RoundOptions, RoundRequest
from bot.rounds.rolling import stored_options
from bot.rounds.view import RoundView
from bot.server_settings.model import ServerSettings
from bot.storage import ChannelBusy
from core.lexicon import LexiconError
from core.round import Results
from core.rules import Timer, may_stop

log = logging.getLogger(__name__)

# A fast human types about 3 guesses a second; a script types far more.
GUESSES_PER_SECOND = 4.0
GUESS_BURST = 10.0
# A verdict shown to a player waiting for it waits this long at most for its words' commit.
VERDICT_WAIT = 10.0
# A round's results sender: the channel, the results, the nonce of each of their messages.
ResultsSender = Callable[[int, ResultsReport, Callable[[int], str]], Awaitable[None]]

__all__ = [
    "BUSY",
    "FINISH_GRACE",
    "GUESSES_PER_SECOND",
    "GUESS_BURST",
    "LEXICON_FAILED",
    "NOT_A_ROUND_CHANNEL",
    "NOT_POSTED",
    "NO_BOARD",
    "NO_ROUND",
    "BoardNotPosted",
    "LiveRounds",
    "NotEntered",
    "RoundService",
    "RoundWords",
    "StopOutcome",
    "Stopped",
    "Submitted",
]


class RoundService:
    """Every live round of this process, behind its use cases."""

    def __init__(self, live_rounds: LiveRounds, *, limiter: Limiter | None = None) -> None:
        """``live_rounds``: the machinery the use cases drive (its storage, writer, clock and
        events are the service's); ``limiter``: the spam limit every front end's guesses share,
        one bucket per channel and player (None: production's)."""
        self.live_rounds = live_rounds
        self.events = live_rounds.events
        self.storage = live_rounds.storage
        self.writer = live_rounds.writer
        self.clock = live_rounds.clock
        self.limiter = limiter or Limiter(GUESSES_PER_SECOND, GUESS_BURST, self.clock)
        self.book = ResultBook(self.storage, live_rounds.lexicons, live_rounds.settler)
        # Results out, recorded together: fifty rounds ending at once cost a few commits.
        self._posted: Gathered[int, None] = Gathered(
            lambda ids: self.storage.mark_results_posted(ids, self.clock())
        )
        self.events.subscribe(RoundEnded, self.book.ended)

    async def my_result(self, round_id: int, player_id: int) -> MyResult | Refusal:
        """A player's own rank, points and words in a finished round (and the words refused to
        them), for any number of players; refused when the round is unknown or still running."""
        mine = await self.book.of(round_id, player_id)
        return Refusal.of("stadium.unknown_round") if mine is None else mine

    # --- seeing a round ------------------------------------------------------------------------

    @property
    def live(self) -> Mapping[int, LiveRound]:
        """The live rounds by channel, read-only (for the service's own and its tests)."""
        return self.live_rounds.live

    def running(self, channel_id: int) -> LiveRound | None:
        """The channel's round, if one is running (for reading: the service owns it)."""
        return self.live_rounds.running(channel_id)

    def view(self, channel_id: int) -> RoundView | None:
        """The channel's round as the players see it: posted and not ending; else None."""
        live = self.running(channel_id)
        if live is None or not live.posted or live.finishing:
            return None
        return live.view()

    def answers_round(self, channel_id: int, reply_to: int) -> bool:
        """Whether a reply to the message ``reply_to`` answers the channel's round: its board,
        or a message posted since (a warning); not an older round's results. True while the
        board is being posted (its id is not known yet: the reply is held and judged then)."""
        live = self.running(channel_id)
        if live is None:
            return False
        board = live.stored.board_message_id
        return board is None or reply_to >= board

    def is_running(self, channel_id: int) -> bool:
        """Whether the channel has a round (also one being posted or ending)."""
        return self.running(channel_id) is not None

    # --- what shows the round's channel hands back ------------------------------------------

    def channels_ready(self) -> None:
        """What shows the rounds' channels is connected: the runners run from now on (a resumed
        round ends, and owed results go out, only once its channel can be shown)."""
        self.live_rounds.channels_ready()

    def board_posted(self, round_id: int, message_id: int) -> None:
        """The round's board is out as the message ``message_id`` (told by what shows the
        channel, while ``start`` waits for it): kept with the round, so that chat written
        before it belongs to no round, a reply to it is a guess, and a restart edits it."""
        live = self.live_rounds.with_id(round_id)
        if live is not None and not live.posted:
            live.stored = dataclasses.replace(live.stored, board_message_id=message_id)

    def board_not_posted(self, round_id: int, why: NotPosted) -> None:
        """The round's board could not be shown: ``start`` ends the round and says ``why``."""
        live = self.live_rounds.with_id(round_id)
        if live is not None and not live.posted:
            live.not_posted = why

    def results_sent_by(self, send: ResultsSender) -> None:
        """The front end's way to post a round's results in its channel (the outbox calls it
        until they are out, with the same nonces each time); once they are, it is recorded and
        ``ResultsPosted`` told (what goes under them, a tournament's standings, may follow)."""

        async def deliver(post: Post) -> None:
            round_id = codec.loads(OwedResults, post.payload).round_id
            report = await self.live_rounds.results_report(round_id)
            if report is None:
                raise Undeliverable(f"round {round_id} has no results")
            try:
                await send(post.channel_id, report, post.nonce)
            except Undeliverable:  # never out: what waits for them goes on all the same
                await self._results_out(round_id, post.channel_id)
                raise
            await self._results_out(round_id, post.channel_id)

        self.live_rounds.outbox.deliver_with({RESULTS: deliver})

    async def _results_out(self, round_id: int, channel_id: int) -> None:
        await self._posted.add(round_id)
        self.events.publish(ResultsPosted(round_id, channel_id))

    async def committed(self, ticket: int, *, player_waits: bool = True) -> None:
        """Return once the guesses up to ``ticket`` are stored: a word is shown accepted, or its
        message marked, only then. ``player_waits`` (the page, the Guess form, ``/guess``): the
        writer is hurried, and the wait ends after VERDICT_WAIT at worst (a database that slow:
        the words are judged and queued, never lost while the process lives); False (a chat
        message's mark): the batches keep their pace and the wait lasts until the commit."""
        if not player_waits:
            await self.writer.wait_for(ticket)
            return
        self.writer.hurry()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.writer.wait_for(ticket), VERDICT_WAIT)

    def last_committed(self) -> int:
        """The highest ticket whose guesses are stored."""
        return self.writer.settled

    # --- guesses -------------------------------------------------------------------------------

    def submit(
        self,
        channel_id: int,
        player_id: int,
        name: str,
        text: str,
        *,
        source: GuessSource,
        message: ChatMessage | None = None,
        round_id: int | None = None,
    ) -> Submitted | Refusal:
        """Judge a player's words in the channel's round: from chat (``message``: marked and
        shown on the board's status), or from a front end that shows the verdicts itself (the
        form, ``/guess``, the page: then ``committed(ticket)`` before saying "accepted").
        ``round_id``: only that round's (a form opened on an older board is refused);
        ``source``: which front end (counted, in ``GuessesJudged``)."""
        live = self.running(channel_id)
        if live is None or (round_id is not None and live.id != round_id):
            key = ROUND_OVER if round_id is not None else NO_ROUND
            return Refusal.of(key, live.language if live else None)
        if not live.counts(player_id):
            first = player_id not in live.told
            live.told.add(player_id)
            return NotEntered(Phrase(NOT_ENTERED, {}), live.language, first)
        if not self.limiter.allow((channel_id, player_id)):
            return Refusal.of("replies.slow_down", live.language)
        guessed = self.live_rounds.guess(channel_id, player_id, name, text, message, source)
        if guessed is None:
            return Refusal.of("replies.just_ended", live.language)
        if not guessed.judgements and message is None:
            return Refusal.of("replies.nothing_to_judge", live.language)
        return Submitted(live.view(), guessed.judgements, guessed.ticket)

    # --- starting and stopping -----------------------------------------------------------------

    def may_open(self, channel_id: int, server: ServerSettings) -> Refusal | None:
        """Why a round may not start in the channel now (not one of the ``server``'s round
        channels, or one is running), in the server's language; None: it may."""
        if server.channels and channel_id not in server.channels:
            channels = channel_list(server.channels)
            return Refusal.of(NOT_A_ROUND_CHANNEL, server.language, channels=channels)
        if (running := self.running(channel_id)) is not None:
            return _busy(channel_id, running.game.deadline, server.language)
        return None

    async def open_round(
        self,
        request: RoundRequest,
        server: ServerSettings,
        on_loading: Callable[[], Awaitable[None]] | None = None,
    ) -> RoundView | Refusal:
        """Start a round within the ``server``'s settings (its round channels, its banned
        words); refusals in the server's language. ``on_loading``: awaited first when the
        round's language must be built before its board can be rolled (seconds, in a child
        process: its compiled lexicon is not in the cache), to tell the player it is coming."""
        language, channel_id, options = server.language, request.channel_id, request.options
        refused = self.may_open(channel_id, server)
        if refused is not None:
            return refused
        try:
            if on_loading is not None and not await self._at_hand(options.language):
                await on_loading()
            live = await self.live_rounds.start(request, server.banned)
        except ChannelBusy:  # started meanwhile
            running = self.running(channel_id)
            return _busy(channel_id, running.game.deadline if running else self.clock(), language)
        except NoBoard:
            return Refusal.of(NO_BOARD, language, min_length=options.min_length)
        except LexiconError:
            log.exception("the %s lexicon could not be loaded", options.language)
            return Refusal.of(LEXICON_FAILED, language, language=language_name(options.language))
        except BoardNotPosted as exc:  # what shows the channel logged Discord's reason
            return Refusal.of(exc.why.value, language)
        return live.view()

    async def _at_hand(self, code: str) -> bool:
        """Whether the language's lexicon is loaded, or loads from the cache now (milliseconds)."""
        return await self.live_rounds.lexicons.from_cache(code) is not None

    def may_stop(self, channel_id: int, actor_id: int, moderates: bool) -> Refusal | None:
        """Why the player may not stop the channel's round (there is none; they neither started
        it nor moderate the channel); None: they may."""
        live = self.running(channel_id)
        if live is None:
            return Refusal.of("replies.no_round")
        if not may_stop(live.stored.starter_id, actor_id, moderates):
            return Refusal.of("replies.stop_refused", live.language)
        return None

    async def stop_by(self, channel_id: int, actor_id: int, moderates: bool) -> Stopped | Refusal:
        """End the channel's round now, for its starter or a moderator (``moderates``: Manage
        Messages there); waits a little for its results."""
        refused = self.may_stop(channel_id, actor_id, moderates)
        if refused is not None:
            return refused
        live = self.running(channel_id)
        assert live is not None
        stopped = await self.live_rounds.stop(channel_id)
        if stopped is None:
            return Stopped(StopOutcome.ALREADY_ENDING, live.language)
        pending = self.running(channel_id) is stopped
        return Stopped(StopOutcome.PENDING if pending else StopOutcome.POSTED, live.language)

    async def channel_gone(self, channel_id: int) -> None:
        """A deleted channel ends its round at once: results are stored, nothing is posted."""
        if self.running(channel_id) is not None:
            await self.live_rounds.stop(channel_id)

    async def guess_form(self, channel_id: int, round_id: int) -> RoundView | Refusal:
        """The round a board's Guess button opens a form for: the channel's running round if it
        is that board's; else refused in that round's language."""
        live = self.running(channel_id)
        if live is not None and live.id == round_id:
            return live.view()
        language = live.language if live is not None else None
        if live is None:
            stored = await self.storage.get_round(round_id)
            language = stored.language if stored else None
        return Refusal.of(ROUND_OVER, language)

    async def again(
        self, round_id: int, channel_id: int, actor_id: int = 0, moderates: bool = False
    ) -> tuple[RoundOptions, int] | Refusal:
        """Play again: the options of the round ``round_id`` (the same board size, dice, timer,
        time, mode, minimum, language, dictionary and hints, a new roll) and its server; refused
        for a round of another channel, or one never stored, or options no longer valid. An
        untimed round running in the channel (no clock to wait for) is ended first, for whoever
        may stop it."""
        stored = await self.storage.get_round(round_id)
        if stored is None or stored.channel_id != channel_id:
            return Refusal.of("again.unknown")
        running = self.running(channel_id)
        untimed_running = running is not None and running.stored.timer is Timer.UNTIMED
        if untimed_running and self.may_stop(channel_id, actor_id, moderates) is None:
            await self.live_rounds.stop(channel_id)
        try:
            return stored_options(stored), stored.guild_id
        except OptionError as exc:  # its dice set has since been removed
            return Refusal.of("replies.bad_option", error=Phrase(exc.key, exc.fields))

    async def finished_results(self, round_id: int) -> tuple[StoredRound, Results] | None:
        """A finished round and its results, scored again from what the database holds (as
        its results were): for what missed its ``RoundEnded`` (a process that died between the
        two). None if the round is not finished."""
        return await self.book.finished(round_id)

    async def words_of_round(self, round_id: int, player_id: int) -> RoundWords | Refusal:
        """A finished round's words for one player: theirs, and the best words nobody found
        (by that round's dictionary and minimum), longest first; refused for a round not kept."""
        words = await self.book.words(round_id, player_id)
        return Refusal.of("definitions.round_gone") if words is None else words

    # --- the process's life --------------------------------------------------------------------

    async def resume_all(self) -> int:
        """Pick up every unfinished round of this process's servers (how many)."""
        return await self.live_rounds.resume_all()

    async def shutdown(
        self, grace: float = FINISH_GRACE, names_timeout: float | None = None
    ) -> None:
        """Stop the runners, give rounds that are ending ``grace`` seconds (``LiveRounds``)."""
        await self.live_rounds.shutdown(grace, names_timeout)


def _busy(channel_id: int, deadline: float, language: str) -> Refusal:
    return Refusal.of(BUSY, language, channel=channel_id, deadline=int(deadline))
