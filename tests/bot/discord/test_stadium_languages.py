"""A crowd round (more players than the status lists) played in French through the stand-in: the
live status's top line counts the players in French, the rolling ✅ and ✗ lines and the note
under them read French, the results' crowd line and My result too, and no catalogue key is ever
shown raw."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from bot.i18n.catalogue import text
from bot.rounds.discord.feedback import CROWD
from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.discord.test_language_rounds import start
from tests.bot.harness import Clock, bot_session

PLAYERS = CROWD + 5
EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
RAW_KEY = re.compile(r"\b(stadium|units|status|reasons|verdicts|results)\.[a-z_]+\b")


async def test_a_french_crowd_round_reads_french(
    standin: StandIn, database: Path, clock: Clock, lexicons: dict[str, Lexicon]
) -> None:
    names = [f"joueur{i:02}" for i in range(PLAYERS)]
    for name in names:
        await standin.add_member(name)
    async with bot_session(standin, database, clock, lexicons["en"], lexicons=lexicons) as game:
        board = await start(game, language="fr", mode="casual", time="5m")
        live = game.live()
        assert live.game.language.code == "fr"
        words = sorted(w for w in live.game.solution if len(w) >= 3)
        for i, name in enumerate(names):
            await game.say(name, words[i % len(words)] if i % 4 else "qxqxq")
        await game.wait_for_guess(names[-1], words[(PLAYERS - 1) % len(words)])

        def status() -> str:
            edits = [c for c in standin.calls_to(EDIT) if c.status < 300]
            return edits[-1].json["content"] if edits else ""

        for _ in range(100):  # the crowd's status is edited every 1.2 s
            if f"· {PLAYERS} joueurs" in status() and "\n✗ " in status():
                break
            await asyncio.sleep(0.1)
        shown = status()
        top = next(line for line in shown.splitlines() if line.startswith("🏆"))
        assert top.endswith(f" · {PLAYERS} joueurs"), shown
        assert text("stadium.private", "fr") in shown
        assert "qxqxq (pas un mot)" in shown, shown
        assert RAW_KEY.search(shown) is None, shown

        game.clock.advance(live.game.deadline - game.clock() + 1)
        mine = f"boggle:mine:{live.id}"
        holder = await standin.wait_for_message(
            "boggle", lambda m: mine in str(m.components), 10, after=board.id
        )
        results = game.text_since(board)
        assert f"…et {PLAYERS - PLAYERS // 4 - 10} de plus : **Mon résultat**" in results, results
        assert RAW_KEY.search(results) is None, results
        refused = await (await standin.click(holder, names[0], mine)).original_message()
        assert refused.ephemeral and "aucun de vos mots n'a compté" in refused.content
        assert "qxqxq" in refused.content and RAW_KEY.search(refused.content) is None
