"""After a restart: the unfinished rounds come back as they were stored (every committed guess
counted), and the results still owed to their channels are drawn again from what was stored."""

from __future__ import annotations

from bot.kernel.lexicons import Lexicons
from bot.rounds.events import ResultsReport
from bot.rounds.live import LiveRound
from bot.rounds.model import StoredRound
from bot.rounds.rolling import stored_game, stored_hints
from bot.rounds.settling import Settler, results_report
from bot.rounds.store import RoundStore


async def resumed_round(stored: StoredRound, storage: RoundStore, lexicons: Lexicons) -> LiveRound:
    """A stored unfinished round, live again: its accepted words put back, its players named as
    they were kept at shutdown."""
    lexicon = await lexicons.get(stored.language)
    game = stored_game(stored, lexicon, await storage.accepted_words(stored.id))
    names = await storage.display_names(stored.guild_id, [*game.found, stored.starter_id])
    return LiveRound(stored, game, names, hints=stored_hints(stored, game))


async def rebuilt_report(
    stored: StoredRound, lexicons: Lexicons, settler: Settler
) -> ResultsReport:
    """A finished round's results as they are shown, drawn again from what was stored (results
    owed across a restart)."""
    game = stored_game(stored, await lexicons.get(stored.language))
    results = await settler.score(stored, game)
    names = await settler.names(stored.guild_id, {}, results.players)
    return results_report(stored, results, names, game)
