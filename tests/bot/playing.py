"""A real bot process played through the stand-in as a player plays: a round started and a word
on its board played, then the round stopped and its results' Definitions button clicked. Shared
by the process tests and ``bench/bench_memory.py``."""

from __future__ import annotations

from pathlib import Path

from core.languages import cached_lexicon_for
from core.solver import solve
from standin import StandIn, StoredMessage
from tests.bot.harness import read_board

DEFINE_PREFIX = "boggle:define:"  # the results' Definitions button's custom id
BUILD_TIMEOUT = 180.0  # seconds: a language's lexicon built by the bot's child, on a busy machine


async def play_one_word(
    standin: StandIn, cache: Path, code: str = "en", stop_first: bool = False
) -> str:
    """A round in language ``code`` started (the last one stopped first) and a word on its
    board played, until the bot's ✅ is on the message (or, the reaction budget spent by earlier
    rounds, the word accepted in the status); the word."""
    since = max(standin.world.messages, default=0)
    if stop_first:
        await (await standin.slash("boggle", "alice", "boggle stop", {})).followup(timeout=30)
        since = max(standin.world.messages, default=0)
    options = {"time": "5m", "language": code}
    await standin.slash("boggle", "alice", "boggle start", options)
    # A language's first round on a cold cache waits for its build (the player is told so).
    board = await standin.wait_for_message(
        "boggle", lambda m: "Boggle" in m.content, BUILD_TIMEOUT, after=since
    )
    grid = board.content.split("```")[1].strip().splitlines()
    lexicon = cached_lexicon_for(code, cache)
    assert lexicon is not None, "the bot is up but the cache holds no lexicon"
    word = min(solve(read_board(grid), lexicon, 3), key=len)
    message = await standin.user_says("boggle", "bob", word)
    await standin.wait_until(
        lambda: message.reactions or f"✅ {word}" in standin.world.messages[board.id].content, 10
    )
    return word


async def define_results(standin: StandIn, player: str = "bob") -> str:
    """The round stopped, its results' Definitions button clicked by ``player``; the answer."""
    since = max(standin.world.messages, default=0)
    await (await standin.slash("boggle", "alice", "boggle stop", {})).followup(timeout=30)
    results = await standin.wait_for_message(
        "boggle", lambda m: define_button(m) is not None, 30, after=since
    )
    custom_id = define_button(results)
    assert custom_id is not None
    answer = await (await standin.click(results, player, custom_id)).followup(timeout=120)
    return answer.content


def define_button(message: StoredMessage) -> str | None:
    """The custom id of the message's Definitions button, if it has one."""
    for row in message.components:
        for item in row["components"]:
            if str(item.get("custom_id", "")).startswith(DEFINE_PREFIX):
                return str(item["custom_id"])
    return None
