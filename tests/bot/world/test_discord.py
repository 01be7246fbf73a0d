"""The world round through the real client and the stand-in: a server opts a channel in, the
board is posted there at the opening, a word typed there scores (✅), another player plays
privately with ``/world`` from another channel, a third through the board's Guess form; at the
close the channel gets its results (each player's world rank) and the private message the
world's; then the day's world leaderboard."""

from __future__ import annotations

from bot.world.service import CLOSE_GRACE
from core.codes import encode
from core.scoring import word_score
from tests.bot.discord.test_server_config import owner
from tests.bot.harness import Harness


def moved_to(game: Harness, instant: float) -> None:
    game.clock.advance(instant - game.clock())


async def opened_in_boggle(game: Harness) -> int:
    """#boggle made the server's world channel (in English), the clock moved into the next world
    round: its number."""
    world = game.services.world
    config = await game.standin.slash(
        "boggle", owner(game), "boggle-config world", {"channel": "boggle", "language": "en"}
    )
    await config.followup()
    number = world.rhythm.number_at(game.clock()) + 1
    moved_to(game, world.rhythm.opens_at(number) + 1)
    return number


async def test_a_world_round_in_a_world_channel_and_privately(game: Harness) -> None:
    world = game.services.world
    config = await game.standin.slash(
        "boggle", owner(game), "boggle-config world", {"channel": "boggle", "language": "en"}
    )
    told = await config.followup()
    assert "World rounds now show in" in told.content and "every 3 minutes" in told.content
    number = world.rhythm.number_at(game.clock()) + 1
    moved_to(game, world.rhythm.opens_at(number) + 1)
    board_post = await game.standin.wait_for_message(
        "boggle", lambda m: f"World round #{number}" in m.content, 5, after=0
    )
    board = await world.board("en", number)
    assert board_post.content.count("```") == 2 and board_post.attachments

    long, short = max(board.words, key=len), min(board.words, key=len)
    said = await game.say("alice", f"{long} notaword")
    await game.standin.wait_until(lambda: said.reactions.get("✅"))

    clicked = await game.standin.click(board_post, "carol", f"world:guess:{number}")
    await clicked.shown_modal()
    sent = await game.standin.submit_modal(clicked, {"words": f"{short} {short}zz"})
    verdicts = await sent.followup()
    assert verdicts.ephemeral and short in verdicts.content and "(1)" in verdicts.content
    carol = await world.store.world_entry("en", number, game.user_id("carol"))
    assert carol is not None and carol.points == word_score(short)

    private = await game.standin.slash("general", "bob", "world", {})
    shown = await private.original_message()
    assert shown.ephemeral and f"World round #{number}" in shown.content
    guessed = await game.standin.slash("general", "bob", "world-guess", {"words": short})
    reply = await guessed.followup()
    assert reply.ephemeral and short in reply.content, reply.content
    assert f"**{word_score(short)} pt" in reply.content, reply.content

    moved_to(game, world.rhythm.closes_at(number) + CLOSE_GRACE + 0.5)
    results = await game.standin.wait_for_message(
        "boggle", lambda m: "players" in m.content and f"#{number}" in m.content, 5, after=0
    )
    assert "Alice" in results.content and "#1 of 3" in results.content, results.content
    assert "This server is #1 of 1" in results.content
    await game.standin.wait_until(
        lambda: ("You: #" in shown.content and "of 3" in shown.content) or None
    )
    posted = [m for m in game.standin.messages("boggle") if f"#{number}" in m.content]
    assert len(posted) == 2  # the board and the results, once each

    asked = await game.standin.slash("boggle", "bob", "leaderboard", {"scope": "world"})
    embed = (await asked.followup()).embeds[0]
    assert "World rounds · English · today" in embed["title"], embed
    assert embed["description"].index("Alice") < embed["description"].index("Bob")
    assert embed["footer"]["text"].startswith("You: #") and " of 3" in embed["footer"]["text"]


async def test_a_world_round_earns_its_achievement_and_shows_in_stats(game: Harness) -> None:
    world = game.services.world
    number = await opened_in_boggle(game)
    await game.standin.wait_for_message(
        "boggle", lambda m: f"World round #{number}" in m.content, 5, after=0
    )
    board = await world.board("en", number)
    long = max(board.words, key=len)
    said = await game.say("alice", long)
    await game.standin.wait_until(lambda: said.reactions.get("✅"))

    moved_to(game, world.rhythm.closes_at(number) + CLOSE_GRACE + 0.5)
    await game.standin.wait_for_message(
        "boggle", lambda m: "players" in m.content and f"#{number}" in m.content, 5, after=0
    )
    await game.services.scheduler.caught_up()
    # Two messages a round in a world channel, the board and its results: no achievements line.
    posted = [m.content for m in game.standin.messages("boggle")]
    assert len([c for c in posted if f"#{number}" in c]) == 2, posted
    assert not any(c.startswith("🏅") for c in posted), posted

    asked = await game.standin.slash("general", "alice", "stats", {})
    embed = (await asked.followup()).embeds[0]
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    points = word_score(long)
    assert fields["🌍 World rounds"] == (
        f"1 round · {points} pt{'s' if points > 1 else ''}\nBest rank: #1 of 1\n"
        "Best finish: top 100 %\nTop-ten finishes: 0"
    ), fields
    assert "World player: 100% of players" in fields["🏅 Achievements (1 of 28)"], fields


async def test_guess_in_a_world_channel_plays_its_world_round(game: Harness) -> None:
    """``/guess`` where no round of the channel's own runs: the world round in a world channel,
    the usual "no round" answer anywhere else."""
    world = game.services.world
    number = await opened_in_boggle(game)
    short = min((await world.board("en", number)).words, key=len)

    guessed = await game.standin.slash("boggle", "carol", "guess", {"words": short})
    reply = await guessed.followup()
    assert reply.ephemeral and f"**{word_score(short)} pt" in reply.content, reply.content
    carol = await world.store.world_entry("en", number, game.user_id("carol"))
    assert carol is not None and carol.points == word_score(short)

    elsewhere = await game.standin.slash("general", "carol", "guess", {"words": short})
    answer = await elsewhere.original_message()
    assert "World round" not in answer.content and "/boggle start" in answer.content, answer


async def test_chat_in_a_world_channel_goes_to_its_own_round_while_one_runs(game: Harness) -> None:
    """A word typed while the channel runs a round of its own is meant for the board on screen:
    it counts there only (one ✅, the round's); the world round takes chat again once it ends."""
    world = game.services.world
    number = await opened_in_boggle(game)
    board = await world.board("en", number)
    # The channel's own round on the world's board: every word of one is a word of the other.
    live, _ = await game.start_round("alice", board=encode(board.board, board.dice), time="30s")
    word, other = sorted(w for w in live.game.solution if len(w) >= 3)[:2]

    said = await game.say("alice", word)
    rows = await game.wait_for_guess("alice", word)
    assert [(r[1], r[2]) for r in rows] == [(word, "accepted")]
    await game.standin.wait_until(lambda: said.reactions.get("✅"))
    assert await world.store.world_entry("en", number, game.user_id("alice")) is None

    await game.end_round()
    later = await game.say("bob", other)
    await game.standin.wait_until(lambda: later.reactions.get("✅"))
    bob = await world.store.world_entry("en", number, game.user_id("bob"))
    assert bob is not None and bob.points == word_score(other)
