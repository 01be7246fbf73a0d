"""The sandbox's world rounds: its #world channel opted in at set-up, a board every 30 s, and
players from elsewhere in the ranking of a person who plays alone; those players' rounds, and
the channel's old posts forgotten."""

from __future__ import annotations

import random
import re
from pathlib import Path

from bot.tools.sandbox_world import KEPT, OTHERS, Others
from core.lexicon import Lexicon
from core.solver import solve
from tests.bot.harness import Harness, query, read_board
from tests.bot.tools.test_sandbox_play import Terminal, _last_grid
from tests.bot.world.test_discord import moved_to


async def test_a_newcomer_in_the_world_channel_ranks_among_players_from_elsewhere(
    tmp_path: Path, lexicon: Lexicon
) -> None:
    terminal = await Terminal.open(tmp_path)
    try:
        assert "World round" not in "".join(terminal.seen)  # #world is shown only from there
        await terminal.type(":in world", until="you are now in #world")
        await terminal.read_until("World round #")
        while "ends" not in terminal.seen[-1]:  # the results of the round open at the start
            await terminal.read_until("World round #")  # then the next opening's board
        number = re.search(r"World round #(\d+)", terminal.seen[-1])
        assert number is not None
        await terminal.read_until("```")
        await terminal.read_until("```")
        words = solve(read_board(_last_grid(terminal.seen)), lexicon, 3)
        word = max(words, key=lambda w: (len(w), w))
        await terminal.type(word, until=f"reacted ✅ to alice: '{word}'")

        await terminal.read_until(f"World round #{number[1]}**")  # its results
        await terminal.read_until("This server is #")
        results = terminal.since(f"World round #{number[1]}**")
        assert f"· {len(OTHERS) + 1} players" in results, results
        assert all(other.name in results for other in OTHERS), results
        assert "Alice: #" in results and f"of {len(OTHERS) + 1}" in results, results
        assert "This server is #" in results and "of 3 this round" in results, results
        await terminal.quit()
    finally:
        await terminal.kill()
    database = tmp_path / "sandbox" / "boggle.sqlite3"
    assert len(query(database, "SELECT guild_id FROM world_channels")) == 1


async def test_the_others_find_words_in_each_round_and_world_forgets_old_posts(
    game: Harness,
) -> None:
    """The players from elsewhere, as the sandbox's scheduler runs them: each finds words by
    the close (each from a server of their own), and the channel keeps its latest posts only."""
    world = game.services.world
    channel = game.channel_id("general")
    for k in range(KEPT + 5):
        await game.standin.user_says(channel, "bob", f"message {k}")
    others = Others(world, game.standin, channel, random.Random(7))
    number = world.rhythm.number_at(game.clock()) + 1
    moved_to(game, world.rhythm.opens_at(number) + 1)
    first = await others.step()
    assert world.rhythm.opens_at(number) + 1 <= first < world.rhythm.closes_at(number)
    kept = [m.content for m in game.standin.messages(channel)]
    assert kept == [f"message {k}" for k in range(5, KEPT + 5)]

    moved_to(game, world.rhythm.closes_at(number) - 0.5)
    assert await others.step() == world.rhythm.opens_at(number + 1)
    for other in OTHERS:
        entry = await world.store.world_entry("en", number, other.player_id)
        assert entry is not None and entry.guild_id == other.guild_id, other
        assert entry.words == other.finds and entry.points > 0 and entry.name == other.name
