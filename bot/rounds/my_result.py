"""A player's own result in a finished round, for any number of players: their rank, points and
words (as the results list them), and the words refused to them, so a player whose every word
was refused learns that too. Kept in memory for the rounds that ended lately (``RoundEnded``);
after a restart, scored again from what the database holds, once per round."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

from bot.kernel.bounded import Bounded
from bot.kernel.lexicons import Lexicons
from bot.rounds.events import RoundEnded
from bot.rounds.rolling import stored_game
from bot.rounds.settling import Settler
from bot.rounds.store import RoundStore
from core.round import Mode, Results, Verdict

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
class _Scored:
    language: str
    mode: Mode
    results: Results
    spell: Callable[[str], str]


class ResultBook:
    """The latest finished rounds' results, by round id."""

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
