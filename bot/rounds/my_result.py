"""What a finished round tells a player: their own result, for any number of players (their
rank, points and words as the results list them, and the words refused to them, so a player
whose every word was refused learns that too), their words beside the best words nobody found,
and the whole results scored again. Kept in memory for the rounds that ended lately
(``RoundEnded``); after a restart, scored again from what the database holds, once per round."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

from bot.kernel.bounded import Bounded
from bot.kernel.lexicons import Lexicons
from bot.rounds.events import RoundEnded
from bot.rounds.model import StoredRound
from bot.rounds.rolling import stored_game
from bot.rounds.settling import Settler
from bot.rounds.store import RoundStore
from core.board import Board
from core.commonness import is_everyday
from core.round import Mode, Results, Verdict
from core.solver import solve

KEPT = 64  # finished rounds whose results are kept in memory


@dataclass(frozen=True)
class MyResult:
    """What "My result" answers, in the round's ``language``."""

    language: str
    players: int  # ranked players (those with a word that counted)
    rank: int | None  # None: no word of theirs counted
    points: int
    words: tuple[str, ...]  # as the results list them; a word shared in classic is marked
    shared: tuple[str, ...]  # of ``words``, those that scored for nobody (classic)
    refused: tuple[tuple[str, Verdict], ...]


@dataclass(frozen=True)
class RoundWords:
    """A finished round's words as one player sees them (``RoundService.words_of_round``)."""

    language: str
    yours: tuple[str, ...]
    missed: tuple[str, ...]


@dataclass(frozen=True)
class _Scored:
    language: str
    mode: Mode
    results: Results
    spell: Callable[[str], str]


class ResultBook:
    """The finished rounds' results, by round id: the latest kept, the others scored again."""

    def __init__(self, storage: RoundStore, lexicons: Lexicons, settler: Settler) -> None:
        self.storage = storage
        self.lexicons = lexicons
        self.settler = settler
        self._kept: Bounded[int, _Scored] = Bounded(KEPT)
        self._scoring: dict[int, asyncio.Task[_Scored | None]] = {}

    def ended(self, event: RoundEnded) -> None:
        """Listener of ``RoundEnded``: keep the results as scored."""
        view = event.round
        self._keep(view.id, _Scored(view.language, view.rules.mode, event.results, view.spelled))

    def _keep(self, round_id: int, scored: _Scored) -> _Scored:
        return self._kept.put(round_id, scored)

    async def of(self, round_id: int, player: int) -> MyResult | None:
        """The player's result; None when the round is unknown or not finished."""
        scored = self._kept.get(round_id)
        if scored is None:  # one scoring for every player asking at once
            task = self._scoring.get(round_id)
            if task is None:
                task = self._scoring[round_id] = asyncio.ensure_future(self._score(round_id))
                task.add_done_callback(lambda _: self._scoring.pop(round_id, None))
            scored = await asyncio.shield(task)
        if scored is None:
            return None
        results = scored.results
        refused = tuple(await self.storage.refused_guesses(round_id, player))
        mine = next((p for p in results.players if p.player == player), None)
        if mine is None:
            return MyResult(scored.language, len(results.players), None, 0, (), (), refused)
        listed = mine.credited(scored.mode)
        return MyResult(
            scored.language,
            len(results.players),
            mine.rank,
            mine.points,
            tuple(scored.spell(w.word) for w in listed),
            tuple(scored.spell(w.word) for w in listed if w.cancelled),
            refused,
        )

    async def _score(self, round_id: int) -> _Scored | None:
        stored = await self.storage.get_round(round_id)
        if stored is None or stored.ended_at is None:
            return None
        game = stored_game(stored, await self.lexicons.get(stored.language))
        results = await self.settler.score(stored, game)
        words = {w.word for p in results.players for w in p.words}
        spellings = game.lexicon.respelled(words)

        def spell(word: str) -> str:
            return spellings.get(word, word)

        return self._keep(round_id, _Scored(stored.language, Mode(stored.mode), results, spell))

    async def finished(self, round_id: int) -> tuple[StoredRound, Results] | None:
        """A finished round and its results, scored again from what the database holds; None if
        the round is not finished."""
        stored = await self.storage.get_round(round_id)
        if stored is None or stored.running:
            return None
        game = stored_game(stored, await self.lexicons.get(stored.language))
        return stored, await self.settler.score(stored, game)

    async def words(self, round_id: int, player_id: int) -> RoundWords | None:
        """The player's words in a finished round and the best words nobody found (by that
        round's dictionary and minimum), longest first; None for a round not kept."""
        stored = await self.storage.get_round(round_id)
        if stored is None or stored.ended_at is None:
            return None
        accepted = await self.storage.accepted_words(round_id)
        found = {a.word for a in accepted}
        lexicon = await self.lexicons.get(stored.language)
        everyday = stored.dictionary == "everyday"
        missed = [
            word
            for word in solve(Board.parse(stored.board), lexicon, stored.min_length)
            if word not in found and word not in stored.excluded_words
            and (not everyday or is_everyday(word, lexicon))
        ]  # fmt: skip
        longest = sorted({a.word for a in accepted if a.player_id == player_id}, key=_longest)
        return RoundWords(stored.language, tuple(longest), tuple(sorted(missed, key=_longest)))


def _longest(word: str) -> tuple[int, str]:
    return -len(word), word
