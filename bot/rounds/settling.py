"""Ending a round in the database: every guess committed, the results scored from what is
stored (a word counts once it is committed), stored once whatever fails meanwhile, every player
named, and the results as the channel is shown them (``results_report``)."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence

from bot.kernel import codec
from bot.kernel.backoff import Backoff
from bot.kernel.outbox import CLAIM, Owed, Post
from bot.rounds.events import ResultsReport
from bot.rounds.live import LiveRound
from bot.rounds.model import RESULTS, OwedResults, StoredRound
from bot.rounds.sql import FinishStep, Totals
from bot.rounds.store import AtFinish, RoundStore
from bot.rounds.view import RoundView
from bot.rounds.writer import GuessWriter
from bot.storage.database import Session
from bot.storage.outbox_sql import claim_channel_in
from core.codes import CodeError, encode
from core.commonness import missed_order
from core.round import PlayerResult, Results, Round

log = logging.getLogger(__name__)

# Players' display names asked of the chat platform (a guild and players; those it cannot tell
# are left out): a question the service asks, not something it shows.
MemberNames = Callable[[int, Sequence[int]], Awaitable[dict[int, str]]]


async def nobody_known(guild_id: int, players: Sequence[int]) -> dict[int, str]:
    """No platform to ask: every name not kept stays unknown ("player <id>")."""
    return {}


def results_report(
    stored: StoredRound, results: Results, names: Mapping[int, str], game: Round
) -> ResultsReport:
    """The results as posted: with the round's id (Play again), the board's code if its dice
    and faces have one, and each word as the dictionary spells it where that differs ("été")."""
    try:
        code: str | None = encode(game.board, stored.dice)
    except CodeError:
        code = None
    words = {*results.missed, *(w.word for p in results.players for w in p.words)}
    spellings = game.lexicon.respelled(words)
    return ResultsReport(
        results,
        names,
        game.board,
        game.rules,
        stored.id,
        code,
        stored.language,
        stored.dictionary,
        spellings,
    )


def results_owed(stored: StoredRound) -> Owed:
    """The round's results, as its finish owes them to its channel."""
    payload = codec.dumps(OwedResults(stored.id))
    return Owed(RESULTS, stored.guild_id, stored.channel_id, payload)


@dataclasses.dataclass(frozen=True)
class Settled:
    """A round's results as stored, its players' names, and whether this process stored them
    (False: another process finished the round first, and posts it); ``claimed``: the channel's
    owed posts (its results among them) claimed for this process in the finish's transaction
    (``Outbox.take``), none when the finish stored nothing or its channel has posts waiting."""

    results: Results
    names: dict[int, str]
    ours: bool
    claimed: tuple[Post, ...] = ()


@dataclasses.dataclass(eq=False)
class Settler:
    """Scores and stores the results of the rounds of one service; ``at_finish``: the other
    features' parts of a finish, run in its transaction."""

    storage: RoundStore
    writer: GuessWriter
    members: MemberNames
    clock: Callable[[], float]
    backoff: Backoff
    at_finish: tuple[AtFinish, ...] = ()

    async def settle(self, live: LiveRound) -> Settled:
        """Commit every guess, score from the database and store the results; a failure (the
        database locked past its timeout, say) is retried, so a round never stays half-ended.

        ``ours`` is False when the round was already finished before our first try (by another
        process), True when it is ours, including a retry whose earlier try was committed
        though its answer was lost."""
        tried = False

        async def attempt() -> Settled:
            nonlocal tried
            if live.stopped:  # a restart before the results are stored must not revive it
                await self.storage.set_deadline(live.id, live.game.deadline)
            await self.writer.flush()
            results = await self.score(live.stored, live.game)
            names = await self.names(live.stored.guild_id, live.names, results.players)
            tried_before, tried = tried, True
            claimed: list[Post] = []  # this try's, kept only if it commits
            then = self._then(live.view(), results, claimed)
            owed = [results_owed(live.stored)]
            stored = await self.storage.finish_round(
                live.id, results, self.clock(), names, then, owed
            )
            return Settled(results, names, stored or tried_before, tuple(claimed))

        return await self.backoff.until_done(f"round {live.id}: results not stored", attempt)

    def _then(self, view: RoundView, results: Results, claimed: list[Post]) -> FinishStep:
        """The other features' parts of this round's finish, one after another; then the
        channel's owed posts (the results, what those parts owed there) claimed for this
        process into ``claimed``: sent at the release without a read or a claim of their own."""

        async def then(totals: Totals, session: Session) -> None:
            for step in self.at_finish:
                await step(view, results, totals, session)
            now = self.clock()
            claimed[:] = await claim_channel_in(session, view.channel_id, now, now + CLAIM)

        return then

    async def score(self, stored: StoredRound, game: Round) -> Results:
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

    async def names(
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
            names |= await self.members(guild_id, missing)
        return names
