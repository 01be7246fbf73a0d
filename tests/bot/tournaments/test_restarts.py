"""A tournament across restarts of the bot (closed and started again on the same database):
during round 2 the round goes on with every word kept; 30 s after the next round was due it
opens at once and says how late; the standings stay the test's own throughout."""

from __future__ import annotations

import re
from pathlib import Path

from core.lexicon import Lexicon
from core.tournament import Format
from standin import StandIn
from tests.bot.harness import Clock, bot_session
from tests.bot.tournaments.play import (
    ENTRANTS,
    Expected,
    add_people,
    board_words,
    deal,
    finish,
    next_round,
    play,
    say_all,
    sign_up,
    start,
)

COUNTS = {"alice": 3, "bob": 1, "carol": 2, "dave": 4}


async def test_a_restart_during_round_two(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    add_people(standin)
    seen: set[int] = set()
    async with bot_session(standin, database, clock, lexicon) as game:
        tid = await sign_up(game, name="Cup", rounds=3, pause="0", size=5, time="3m")
        expected = Expected(Format.SERIES, 3, [game.user_id(p) for p in ENTRANTS])
        await start(game)
        await finish(game, tid, expected, *await play(game, expected, seen, COUNTS))
        live = await next_round(game, seen)
        said = deal(board_words(live, lexicon), {"alice": 2, "bob": 2, "carol": 1, "dave": 1})
        before = {p: w[:1] for p, w in said.items()}  # half of it before the restart
        await say_all(game, live, before, expected.playing())
        await game.services.writer.flush()
    async with bot_session(standin, database, clock, lexicon) as game:
        resumed = game.live()
        assert resumed.id == live.id
        await say_all(game, resumed, {p: w[1:] for p, w in said.items()}, expected.playing())
        await finish(game, tid, expected, resumed, said)
        await finish(game, tid, expected, *await play(game, expected, seen, COUNTS))


async def test_a_restart_after_the_next_round_was_due(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    add_people(standin)
    seen: set[int] = set()
    async with bot_session(standin, database, clock, lexicon) as game:
        tid = await sign_up(game, name="Cup", rounds=3, pause="1m", size=5)
        expected = Expected(Format.SERIES, 3, [game.user_id(p) for p in ENTRANTS])
        await start(game)
        await finish(game, tid, expected, *await play(game, expected, seen, COUNTS))
        next_at = game.query("SELECT next_at FROM tournaments")[0][0]
        first_post = max(standin.world.messages)
    clock.advance(next_at - clock() + 30)  # down until 30 s after round 2 was due
    async with bot_session(standin, database, clock, lexicon) as game:
        late = await standin.wait_for_message(
            "boggle", lambda m: "late" in m.content, timeout=10, after=first_post
        )
        found = re.search(r"Round 2 of \*\*Cup\*\* starts (\d+) s late", late.content)
        assert found is not None and 30 <= int(found[1]) <= 32, late.content
        await finish(game, tid, expected, *await play(game, expected, seen, COUNTS))
        clock.advance(60)  # the break after round 2
        await finish(game, tid, expected, *await play(game, expected, seen, COUNTS))
