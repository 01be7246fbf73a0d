"""A whole round without the message-content intent (issue 19), through the real client and the
stand-in, which strips content exactly as Discord does: one player replies to the board, one uses
the board's Guess form, one ``/guess``; shared words cancelled as in classic; exact results; a
restart mid-round keeps every word that had its ✅ or its private verdict."""

from __future__ import annotations

from pathlib import Path

from core.lexicon import Lexicon
from core.round import Mode, Rules, tally
from standin import StandIn
from standin.state import StoredMessage
from tests.bot.harness import Clock, Harness, bot_session

EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"


def board_now(game: Harness, board: StoredMessage) -> StoredMessage:
    return next(m for m in game.standin.messages("boggle") if m.id == board.id)


async def by_form(game: Harness, board: StoredMessage, user: str, words: str) -> str:
    """``user`` presses Guess on the board and sends ``words``: the private answer."""
    live = game.live()
    opened = await game.standin.click(board_now(game, board), user, f"boggle:guess:{live.id}")
    await opened.shown_modal()
    submitted = await game.standin.submit_modal(opened, {"words": words})
    await submitted.response()
    return (await submitted.original_message()).content


async def by_slash(game: Harness, user: str, words: str) -> str:
    handle = await game.standin.slash("boggle", user, "guess", {"words": words})
    await handle.response()
    return (await handle.original_message()).content


async def test_three_ways_to_guess_without_the_intent(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with bot_session(standin, database, clock, lexicon, reads_messages=False) as game:
        live, board = await game.start_round("alice", time="3m")
        assert "Reply to this message with your words" in board.content
        shared, alice_own, bob_own, carol_own, extra = game.words(live, 5)

        # alice replies to the board (the reply's mention on, as Discord's default)
        reply = await standin.user_replies(board, "alice", f"{shared} {alice_own} qzxv")
        await game.wait_for_guess("alice", alice_own)
        me = game.bot.user.id if game.bot.user else 0
        await standin.wait_until(
            lambda: me in standin.world.messages[reply.id].reactions.get("✅", []), 5
        )
        # bob uses the Guess form; carol /guess: each hears every verdict privately
        answer = await by_form(game, board, "bob", f"{shared} {bob_own}")
        assert f"**{shared}**" in answer and f"**{bob_own}**" in answer
        answer = await by_slash(game, "carol", f"{carol_own} qzxv")
        assert f"**{carol_own}**" in answer and "qzxv" in answer
        assert game.query("SELECT COUNT(*) FROM found_words") == [(5,)]

        # neither a reply nor a mention: empty for the bot, nothing judged, no API call
        calls = len(standin.calls)
        plain = await standin.user_says("boggle", "carol", f"{shared} {extra}")
        # a reply with the mention off arrives empty too
        unmentioned = await standin.user_replies(board, "carol", shared, mention_author=False)
        # a mention of the bot is read; the mention itself is no guess
        await standin.user_says("boggle", "carol", f"<@{me}> {extra}")
        await game.wait_for_guess("carol", extra)  # the two before it were handled by now
        later = standin.calls[calls:]
        assert not [c for c in later if str(plain.id) in c.path or str(unmentioned.id) in c.path]
        rows = game.query("SELECT word FROM guesses WHERE player_id = ?", (game.user_id("carol"),))
        assert sorted(rows) == sorted([(carol_own,), ("qzxv",), (extra,)])
        # bob opens the form now and sends it after the restart below
        pending = await standin.click(board_now(game, board), "bob", f"boggle:guess:{live.id}")
        await pending.shown_modal()

    # a restart mid-round: every word that was shown accepted is still there
    async with bot_session(standin, database, clock, lexicon, reads_messages=False) as game:
        live = game.live()
        found = {p: sorted(w) for p, w in live.game.found.items()}
        assert found == {
            game.user_id("alice"): sorted([shared, alice_own]),
            game.user_id("bob"): sorted([shared, bob_own]),
            game.user_id("carol"): sorted([carol_own, extra]),
        }
        used = {shared, alice_own, bob_own, carol_own, extra}
        late_word, extra2 = [w for w in game.words(live, 12) if w not in used][:2]
        # a form opened before the restart is answered after it
        sent = await standin.submit_modal(pending, {"words": late_word})
        await sent.response()
        assert f"**{late_word}**" in (await sent.original_message()).content
        found[game.user_id("bob")] = sorted([*found[game.user_id("bob")], late_word])
        # the board's Guess button works after the restart (its round's id is in the button)
        answer = await by_form(game, board, "alice", extra2)
        assert f"**{extra2}**" in answer
        found[game.user_id("alice")] = sorted([*found[game.user_id("alice")], extra2])
        # a form opened now but sent after the round is over is refused politely, nothing stored
        opened = await standin.click(board_now(game, board), "bob", f"boggle:guess:{live.id}")
        await opened.shown_modal()
        results = await game.end_round()
        late = await standin.submit_modal(opened, {"words": bob_own})
        await late.response()
        assert "This round is over" in (await late.original_message()).content
        text = game.text_since(results)
        expected = tally(live.game.solution, found, Rules(Mode.CLASSIC, 3))
        stored: dict[int, int] = dict(
            game.query("SELECT player_id, points FROM round_results WHERE round_id = ?", (live.id,))
        )
        assert stored == {p.player: p.points for p in expected.players}
        assert f"~~{shared}~~" in text and f"{carol_own} " in text  # found by two: nobody's
