"""The daily board without a server: in the DM with the bot, and as a user-installed app in a
server without the bot and in a group DM. Everything goes through interaction responses: the
bot never reads or posts through the channel routes there (Discord refuses them, 50001)."""

from __future__ import annotations

from core.daily import DAILY_SECONDS
from standin.state import StoredMessage
from tests.bot.daily_helpers import attempt_of, latest, open_daily, words_of
from tests.bot.harness import Harness

CHANNEL_POSTS = "POST /channels/{channel_id}/messages"


async def play_and_share(game: Harness, user: str, channel: int) -> StoredMessage:
    """Open, guess once through the modal, let the time run out, press Share; the shared post."""
    board_message = await open_daily(game, user, channel)
    assert board_message.channel_id == channel and "Daily board #" in board_message.content
    attempt = await attempt_of(game, user)
    assert attempt.guild_id is None  # no server's ranking: a DM or a user install
    word = words_of(await game.services.daily.board_of(attempt), 1)[0]
    game.clock.advance(15)
    opened = await game.standin.click(board_message, user, f"daily:guess:{attempt.id}")
    await opened.shown_modal()
    await game.standin.submit_modal(opened, {"words": word})
    await latest(game.standin, user, board_message, f"**{word}**")
    game.clock.advance(DAILY_SECONDS)
    result = await latest(game.standin, user, board_message, "your result")
    assert "1 word" in result.content
    shared = await game.standin.click(result, user, f"daily:share:{attempt.id}")
    post = await shared.original_message()
    assert not post.ephemeral and "played daily board" in post.content
    assert word not in post.content
    return post


async def test_daily_in_the_dm_with_the_bot(game: Harness) -> None:
    dm = game.standin.dm_with("alice")
    post = await play_and_share(game, "alice", dm)
    assert post in game.standin.seen_by("alice", dm)
    assert game.standin.calls_to(CHANNEL_POSTS) == []


async def test_daily_as_a_user_install(game: Harness) -> None:
    standin = game.standin
    elsewhere = standin.add_foreign_guild("Elsewhere")
    general = standin.channel_in(elsewhere.id, "general")
    standin.install_for("bob")
    post = await play_and_share(game, "bob", general)
    assert post in standin.seen_by("carol", general)  # shared with the channel, by the answer
    group = standin.add_private_channel("carol", "alice")
    standin.install_for("carol")
    post = await play_and_share(game, "carol", group)
    assert post in standin.seen_by("alice", group)
    assert standin.calls_to(CHANNEL_POSTS) == []  # no post, no refusal: answers only
    assert game.bot.get_guild(elsewhere.id) is None
