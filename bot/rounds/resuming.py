"""After a restart: the unfinished rounds come back as they were stored (every committed guess
counted), and results that were stored but never posted are owed to their channels again, once."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.kernel.lexicons import Lexicons
from bot.rounds.events import ResultsDue
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


async def post_unposted(
    storage: RoundStore,
    lexicons: Lexicons,
    settler: Settler,
    owns: Callable[[int], bool],
    busy: Callable[[int], bool],
    owe: Callable[[ResultsDue], Awaitable[None]],
) -> None:
    """Owe their channels the results of this process's servers that are stored but not posted
    (a rate-limit storm, a shutdown), one round after another, skipping those posted meanwhile
    or being finished or posted by their runner (``busy``)."""
    for stored in await storage.unposted_results():
        fresh = await storage.get_round(stored.id)
        if (
            fresh is None
            or not owns(stored.guild_id)
            or fresh.results_posted_at is not None
            or busy(stored.id)
        ):
            continue  # posted meanwhile, or being finished by its runner
        game = stored_game(stored, await lexicons.get(stored.language))
        results = await settler.score(stored, game)
        names = await settler.names(stored.guild_id, {}, results.players)
        report = results_report(stored, results, names, game)
        await owe(ResultsDue(stored.id, stored.channel_id, report))
