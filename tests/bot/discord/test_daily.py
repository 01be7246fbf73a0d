"""The daily board end to end through the stand-in: a full attempt (open, guesses through the
modal and /daily-guess, time passes, result, share), one attempt a day, the deadline."""

from __future__ import annotations

import re

import pytest

from core.commonness import missed_order
from core.daily import DAILY_SECONDS
from core.lexicon import Lexicon
from standin import CommandError
from tests.bot.daily_helpers import attempt_of, guess_too_late, latest, open_daily, words_of
from tests.bot.discord.test_server_config import config
from tests.bot.harness import Harness


async def test_a_full_daily_attempt(game: Harness) -> None:
    board_message = await open_daily(game)
    assert "Daily board #" in board_message.content and "3:00 left" in board_message.content
    assert [a.filename for a in board_message.attachments] == ["board.png"]
    assert game.standin.history("boggle") == []  # nobody else sees a thing
    attempt = await attempt_of(game)
    board = await game.services.daily.board_of(attempt)
    first, second, third = words_of(board, 3)
    alice = game.user_id("alice")

    game.clock.advance(20)  # a person reads the board first (fair play counts typing speed)
    opened = await game.standin.click(board_message, "alice", f"daily:guess:{attempt.id}")
    await opened.shown_modal()
    with pytest.raises(CommandError, match="shown only"):
        await game.standin.submit_modal(opened, {"words": first}, user="bob")
    await game.standin.submit_modal(opened, {"words": f"{first} {second} qzxv"})
    shown = await latest(game.standin, "alice", board_message, f"**{second}**")
    assert f"**{first}**" in shown.content and "qzxv: not a word" in shown.content

    game.clock.advance(20)
    handle = await game.standin.slash(
        "boggle", "alice", "daily-guess", {"words": f"{third} {first}"}
    )
    reply = await handle.followup()
    assert reply.ephemeral and f"**{third}**" in reply.content
    assert f"{first}: already found" in reply.content and "left" in reply.content
    await latest(game.standin, "alice", board_message, f"**{third}**")
    stored = game.query(
        "SELECT word, verdict FROM daily_guesses WHERE attempt_id = ? ORDER BY id", (attempt.id,)
    )
    assert stored == [
        (first, "accepted"),
        (second, "accepted"),
        ("qzxv", "not_a_word"),
        (third, "accepted"),
        (first, "already_found"),
    ]

    again = await open_daily(game)  # the same attempt, still running: never a new board
    assert f"**{third}**" in again.content and "2:2" in again.content
    assert game.query("SELECT count(*) FROM daily_attempts") == [(1,)]

    game.clock.advance(DAILY_SECONDS)  # the player says nothing more: the timer ends it
    result = await latest(game.standin, "alice", again, "your result")
    assert "3 words" in result.content and "Streak: 1 (longest 1)" in result.content
    assert "Missed (" in result.content and "this result is kept" not in result.content
    missed = missed_order(set(board.words) - {first, second, third}, game.lexicon)[0]
    assert f"most common first:** {missed} (" in result.content  # the best known comes first
    [(finished, score, flagged)] = game.query(
        "SELECT finished_at IS NOT NULL, points, flagged FROM daily_attempts WHERE player_id = ?",
        (alice,),
    )
    assert finished and flagged == 0 and f"{score} pt" in result.content

    with pytest.raises(CommandError, match="shown only"):
        await game.standin.click(result, "bob", f"daily:share:{attempt.id}")
    shared = await game.standin.click(result, "alice", f"daily:share:{attempt.id}")
    assert "Shared" in (await shared.original_message()).content
    post = await game.standin.wait_for_message(
        "boggle", lambda m: "played daily board" in m.content
    )
    assert not post.ephemeral and f"#{attempt.day_number}" in post.content
    # No word of the board as a word of the post (a board's word may hide inside the post's own
    # wording: "played" holds "lay", "board" holds "boa").
    said = set(re.findall(r"\w+", post.content.lower()))
    assert not said & {w for w in board.words if len(w) > 3}, post.content
    assert f"{score} pt" in post.content and "streak 1" in post.content

    done = await open_daily(game)  # a second /daily the same day: the result, no new board
    assert "your result" in done.content
    assert game.query("SELECT count(*) FROM daily_attempts") == [(1,)]


async def test_a_guess_after_the_deadline_is_refused_and_finishes_the_attempt(
    game: Harness,
) -> None:
    word, reply = await guess_too_late(game)
    assert "Time is up" in reply.content and "your result" in reply.content
    assert game.query("SELECT count(*) FROM daily_guesses") == [(0,)]
    assert game.query("SELECT points, words FROM daily_attempts") == [(0, 0)]
    late = await game.standin.slash("boggle", "alice", "daily-guess", {"words": word})
    assert "no daily board in progress" in (await late.original_message()).content


async def test_the_servers_language_is_the_daily_default(
    game: Harness, lexicons: dict[str, Lexicon]
) -> None:
    """A German server's /daily opens the German board (its dice, its words), in German; a
    language asked for wins; one attempt per language and day. (``lexicons``: the run's cache
    holds German, so the bot loads it from there rather than waiting for a child build.)"""
    assert lexicons["de"]
    await config(game, "set", language="de")
    handle = await game.standin.slash("boggle", "alice", "daily", {})
    reply = await handle.original_message()
    assert reply.ephemeral and "Tagesrätsel" in reply.content
    handle = await game.standin.slash("boggle", "alice", "daily", {"language": "en"})
    assert "Daily board #" in (await handle.original_message()).content
    assert game.query("SELECT language FROM daily_attempts ORDER BY id") == [("de",), ("en",)]
    german = next(
        a for a in await game.services.storage.unfinished_daily_attempts() if a.language == "de"
    )
    board = await game.services.daily.board_of(german)
    assert board.dice == "4x4-de"
    german_words = await game.services.lexicons.get("de")
    assert all(w in german_words for w in board.words)
