"""A whole round through the stand-in, as the players see it and as the database keeps it."""

from __future__ import annotations

import random
from pathlib import Path

from core.dice import dice_set
from core.generate import roll_with_floor
from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.harness import Clock, Harness, StoppedClock, bot_session
from tests.bot.waits import ticks

EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"


async def test_full_round_three_players(game: Harness) -> None:
    live, board_message = await game.start_round("alice", size=4, time="3m")
    # The board as posted is the board being played, and the countdown is a relative timestamp.
    for row in range(4):
        faces = [live.game.board.face_at(row, c) for c in range(4)]
        line = " ".join(f[0].upper() + f[1:] for f in faces)
        assert line.replace(" ", "") in board_message.content.replace(" ", "")
    assert f"<t:{int(live.game.deadline + 0.999)}:R>" in board_message.content

    shared, alices, bobs, carols = game.words(live, 4)
    missing = game.word_not_on_board(live)
    alice, bob, carol = (game.user_id(n) for n in ("alice", "bob", "carol"))

    first = await game.say("alice", f"{shared} {alices}")
    await game.say("bob", f"{shared.upper()}, {bobs}!")
    await game.say("carol", f"{missing} qzxv ab")
    await game.say("alice", shared)
    rows = await game.guesses_stored(8)
    verdicts = {(p, w): v for p, w, v, _ in rows}
    assert verdicts[(alice, shared)] in ("accepted", "already_found")
    assert [v for p, w, v, _ in rows if (p, w) == (alice, shared)] == ["accepted", "already_found"]
    assert verdicts[(bob, shared)] == "accepted"
    assert verdicts[(bob, bobs)] == "accepted"
    assert verdicts[(carol, missing)] == "not_on_board"
    assert verdicts[(carol, "qzxv")] == "not_a_word"
    assert verdicts[(carol, "ab")] == "too_short"

    # Feedback: a reaction on the message with accepted words, none on carol's.
    entry = await game.standin.wait_for_transcript(
        "boggle", lambda e: e.kind == "reaction" and e.message_id == first.id
    )
    assert entry.emoji == "✅"

    # /guess gives an explicit verdict per word, only to the caller.
    handle = await game.standin.slash("boggle", "carol", "guess", {"words": f"{carols} {missing}"})
    reply = await handle.original_message()
    assert reply.ephemeral
    assert f"**{carols}**" in reply.content and "not on the board" in reply.content

    results = await game.end_round()
    everything = game.text_since(results)
    # Classic: the word alice and bob both found is struck out for both and scores for nobody.
    assert f"~~{shared}~~" in everything
    for name in ("Alice", "Bob", "Carol"):
        assert name in everything
    assert "nobody" in everything.lower() or "missed" in everything.lower()

    rounds = game.query("SELECT state FROM rounds")
    assert rounds == [("finished",)]
    standings: dict[int, int] = dict(game.query("SELECT user_id, points FROM standings"))
    points = live.game.points_of
    assert standings[alice] == points(alices)
    assert standings[bob] == points(bobs)
    assert standings[carol] == points(carols)
    found = game.query("SELECT player_id, word FROM found_words ORDER BY id")
    assert found == [
        (alice, shared),
        (alice, alices),
        (bob, shared),
        (bob, bobs),
        (carol, carols),
    ]


async def test_qu_words_count_two_letters(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    seed = _seed_with_qu_word(lexicon)
    async with bot_session(standin, database, clock, lexicon, seed=seed) as game:
        live, _ = await game.start_round("alice", size=4)
        assert "qu" in live.game.board.cells
        word = min((w for w in live.game.solution if "qu" in w), key=len)
        await game.say("alice", word.upper())
        rows = await game.guesses_stored(1)
        assert rows == [(game.user_id("alice"), word, "accepted", live.game.points_of(word))]
        results = await game.end_round()
        assert word in game.text_since(results)


def _seed_with_qu_word(lexicon: Lexicon) -> int:
    """A seed whose first roll (as the bot makes it) has a Qu cell that spells a word."""
    for seed in range(500):
        _board, solution = roll_with_floor(dice_set("4x4-new"), random.Random(seed), lexicon, 3)
        if any("qu" in w for w in solution):
            return seed
    raise AssertionError("no seed gives a Qu word")


async def test_a_newcomer_whose_first_words_are_all_wrong_hears_why_in_one_edit(
    game: Harness,
) -> None:
    """A new player's first message, two real words not on the board: the status names them with
    the reason (it said nothing until that player had an accepted word), in one edit of the
    board, and the board is not edited again while nothing changes (it was, every 2 s, until the
    round ended)."""
    live, board = await game.start_round("alice", time="3m")
    wrong = [w for w in ("oaten", "fasten", "jukebox", "rhythm") if w not in live.game.solution][:2]
    await game.say("bob", " ".join(wrong))

    def shown() -> str:
        return next(m for m in game.standin.messages("boggle") if m.id == board.id).content

    await game.standin.wait_until(lambda: all(w in shown() for w in wrong), 5)
    status = shown().rsplit("\n\n", 1)[1]
    assert "Bob" in status and "not on the board" in status, status
    edits = len(game.standin.calls_to(EDIT))
    for _ in range(10):  # 10 s of the round go by, nothing said
        game.clock.advance(1.0)
        await ticks(game)  # the runner saw it
    assert len(game.standin.calls_to(EDIT)) == edits


async def test_the_final_status_names_the_last_seconds_words(
    standin: StandIn, database: Path, lexicon: Lexicon
) -> None:
    """Words accepted after the last live edit (too soon for another, their ✅ past the channel's
    reaction budget) are named by the board's final status."""
    clock = StoppedClock(1_800_000_000.0)  # a live edit is due only when the test says
    async with bot_session(standin, database, clock, lexicon) as game:
        live, board = await game.start_round("alice", time="1m")
        first, *last = game.words(live, 5)

        def shown() -> str:
            return next(m for m in standin.messages("boggle") if m.id == board.id).content

        await game.say("alice", first)
        await game.wait_for_guess("alice", first)
        clock.advance(2.5)  # one live edit due: it names the first word
        await standin.wait_until(lambda: f"✅ {first}" in shown(), 5)
        for word in last:  # one message each: the reactions' budget runs out
            await game.say("alice", word)
        await game.wait_for_guess("alice", last[-1])
        await game.end_round()
        await standin.wait_until(lambda: "Time is up" in shown(), 5)
        status = shown().rsplit("\n\n", 1)[1]
        assert f"✅ {', '.join(last)}" in status, status
