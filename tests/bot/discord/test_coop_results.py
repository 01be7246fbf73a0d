"""A co-op round's results through the real client and the stand-in: each player's contribution
(the words they found first for the team, their share of the team's points) and the team's share
and medal, every figure computed here from core's solver and the words each player typed."""

from __future__ import annotations

from pathlib import Path

from core.board import Board
from core.lexicon import Lexicon
from core.scoring import word_score
from core.solver import solve
from standin import StandIn
from tests.bot.harness import Clock, bot_session

MEDALS = ((0.75, "🥇 gold"), (0.5, "🥈 silver"), (0.25, "🥉 bronze"))


async def test_each_players_contribution_to_the_team(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with bot_session(standin, database, clock, lexicon) as game:
        live, _ = await game.start_round("alice", size=4, time="3m", mode="coop")
        min_length = live.game.rules.min_length
        solution = solve(Board.parse(live.stored.board), lexicon, min_length)
        ranked = sorted(solution, key=lambda w: (-word_score(w, min_length), w))
        assert len(ranked) >= 10, "the board has too few words"
        # Unequal parts: alice the best four, bob the next two, carol one; bob then types one
        # of alice's and carol one of bob's: the team has them already, they count for nobody.
        typed = {
            "alice": ranked[0:4],
            "bob": [*ranked[4:6], ranked[1]],
            "carol": [ranked[9], ranked[5]],
        }
        for name, words in typed.items():
            await game.say(name, " ".join(words))
            await game.wait_for_guess(name, words[-1])
        first: dict[str, str] = {}  # each word's first finder, in the order they were typed
        for name, words in typed.items():
            for word in words:
                first.setdefault(word, name)
        mine = {name: [w for w, who in first.items() if who == name] for name in typed}
        points = {name: sum(word_score(w, min_length) for w in mine[name]) for name in typed}
        team = sum(points.values())
        best = sum(word_score(w, min_length) for w in solution)

        results = await game.end_round()
        text = game.text_since(results)
        for name in typed:
            share = points[name] * 100 // team
            found = len(mine[name])
            line = (
                f"{name.title()} · {points[name]} pts · {found} word{'s' * (found != 1)} for the"
                f" team · {share}% of the team's points"
            )
            assert line in text, (line, text)
        percent = team * 100 // best
        medal = next((m for floor, m in MEDALS if team >= floor * best), "no medal yet")
        assert (
            f"The team found {percent}% of the board's points** ({team} of {best}) · {medal}"
            in results.content
        )
