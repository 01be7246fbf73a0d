"""The board as a picture through the stand-in: attached to the board post (text grid kept),
kept through status edits, left out where the bot may not attach files, and the path of a word
on the results."""

from __future__ import annotations

import io
from datetime import UTC
from pathlib import Path

import discord
from PIL import Image

from bot.discord.render import board_grid
from bot.discord.render.text import BOARD_FILE, MISSED_FILE, MISSED_PREVIEW, PATH_FILE
from bot.i18n.catalogue import text
from bot.pictures import picture
from core.board import Board
from core.commonness import missed_order
from core.lexicon import Lexicon
from core.solver import find_path
from standin import StandIn
from standin.state import Attachment, StoredMessage
from tests.bot.daily_helpers import at, open_daily, set_time
from tests.bot.discord.test_daily_days import play
from tests.bot.discord.test_server_config import config
from tests.bot.harness import Clock, Harness, bot_session

SEND = "POST /channels/{channel_id}/messages"
MISSED_HEAD = text("results.missed_head")


def png_of(data: bytes, board: Board) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    assert image.size == picture.layout(board.rows, board.cols).size
    return image


async def path_picture(game: Harness) -> tuple[StoredMessage, Attachment]:
    """Once the results are out: the message that carries the path picture (the one with the
    board's embed) and that picture."""

    def found() -> list[tuple[StoredMessage, Attachment]]:
        return [
            (m, a)
            for m in game.standin.messages("boggle")
            for a in m.attachments
            if a.filename == PATH_FILE
        ]

    [pair] = await game.standin.wait_until(found)
    return pair


async def test_board_post_has_the_picture_and_the_text_grid(game: Harness) -> None:
    live, board_message = await game.start_round("alice", size=5)
    board = live.game.board
    assert board_grid(board) in board_message.content  # screen readers still read the board
    [attachment] = board_message.attachments
    assert attachment.filename == BOARD_FILE
    png_of(attachment.data, board)
    assert attachment.data == picture.board_png(board)

    # As a Discord client sees it: the message lists the file, and its URL serves the PNG.
    channel = game.bot.get_channel(game.channel_id())
    assert isinstance(channel, discord.TextChannel)
    fetched = await channel.fetch_message(board_message.id)
    [seen] = fetched.attachments
    assert seen.filename == BOARD_FILE
    assert await seen.read() == attachment.data

    # Status edits (content only) keep the picture, as Discord keeps attachments on an edit
    # that does not name them.
    word = game.words(live, 1)[0]
    await game.say("bob", word)
    stored = game.standin.world.messages[board_message.id]
    await game.standin.wait_until(lambda: "Bob" in stored.content)
    assert stored.edits and [a.filename for a in stored.attachments] == [BOARD_FILE]
    await game.end_round()
    await game.standin.wait_until(lambda: "Time is up" in stored.content)
    assert [a.data for a in stored.attachments] == [attachment.data]


async def test_without_attach_files_the_board_is_text_only(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    standin.world.set_bot_permissions(standin.channel("boggle").id, deny=["attach_files"])
    async with bot_session(standin, database, clock, lexicon) as game:
        live, board_message = await game.start_round("alice", size=4)
        assert board_message.attachments == []
        assert board_grid(live.game.board) in board_message.content
        word = game.words(live, 1)[0]
        await game.say("alice", word)
        rows = await game.guesses_stored(1)
        assert rows[0][2] == "accepted"
        results = await game.end_round()
        assert word in game.text_since(results)
        everything = game.standin.messages("boggle")
        assert all(m.attachments == [] for m in everything)
        assert all("image" not in e for m in everything for e in m.embeds)
        assert all(c.status < 400 for c in game.standin.calls_to(SEND))  # nothing refused


async def test_results_show_the_path_of_the_longest_word_found(game: Harness) -> None:
    live, _ = await game.start_round("alice", size=4)
    board = live.game.board
    by_length = sorted(live.game.solution, key=lambda w: (len(w), w))
    short, longest = by_length[0], by_length[-1]
    await game.say("alice", short)
    await game.say("bob", longest)
    await game.guesses_stored(2)
    await game.end_round()
    message, attachment = await path_picture(game)
    [embed] = [e for e in message.embeds if "image" in e]
    assert embed["image"]["url"].endswith(PATH_FILE)
    assert board_grid(board) in embed["description"]  # the text grid stays in the embed
    png_of(attachment.data, board)
    path = find_path(board, longest)
    assert path is not None
    assert attachment.data == picture.board_png(board, path)
    assert attachment.data != picture.board_png(board)


async def test_nobody_found_a_word_so_the_best_missed_word_is_drawn(game: Harness) -> None:
    live, _ = await game.start_round("alice", size=4)
    board = live.game.board
    best_missed = missed_order(live.game.solution, game.lexicon)[0]  # the first listed
    await game.end_round()
    _, attachment = await path_picture(game)
    path = find_path(board, best_missed)
    assert path is not None
    assert attachment.data == picture.board_png(board, path)


async def test_without_attach_files_long_results_are_text_only(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    """Missed words too many to show: a channel without Attach Files gets them cut with a count
    ("+N more"), neither the picture nor the missed-words file, and nothing refused."""
    standin.world.set_bot_permissions(standin.channel("boggle").id, deny=["attach_files"])
    async with bot_session(standin, database, clock, lexicon) as game:
        live, _ = await game.start_round("alice", size=6)
        assert len(", ".join(live.game.solution)) > MISSED_PREVIEW  # the missed list is cut
        results = await game.end_round()
        await game.standin.wait_until(lambda: MISSED_HEAD in game.text_since(results))
        shown = game.text_since(results)
        assert "more" in shown and MISSED_FILE not in shown
        assert all(m.attachments == [] for m in game.standin.messages("boggle"))
        assert all(c.status < 400 for c in game.standin.calls_to(SEND))


async def test_attach_files_taken_away_unnoticed_still_posts_text_only(game: Harness) -> None:
    """The permission goes while the bot's cache still says yes (Discord's update not heard
    yet): Discord refuses the file (403) and the board and results go out as text instead."""
    boggle = game.standin.channel("boggle")
    game.standin.world.set_bot_permissions(boggle.id, deny=["attach_files"])
    channel = game.bot.get_channel(boggle.id)
    assert isinstance(channel, discord.TextChannel)
    assert channel.permissions_for(channel.guild.me).attach_files  # the bot will try

    live, board_message = await game.start_round("alice", size=6)
    assert board_message.attachments == []
    assert board_grid(live.game.board) in board_message.content
    results = await game.end_round()
    await game.standin.wait_until(lambda: MISSED_HEAD in game.text_since(results))
    assert all(m.attachments == [] for m in game.standin.messages("boggle"))
    refused = [c for c in game.standin.calls_to(SEND) if c.status >= 400]
    assert refused and all(c.status == 403 and c.files for c in refused)
    assert MISSED_FILE not in game.text_since(results)


async def test_pictures_switched_off_give_text_boards_and_results(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    """BOGGLE_BOARD_PICTURES=off (a small host): the board and the results as text, no file."""
    async with bot_session(standin, database, clock, lexicon, board_pictures=False) as game:
        live, board_message = await game.start_round("alice", size=4)
        assert board_grid(live.game.board) in board_message.content
        assert board_message.attachments == []
        await game.say("bob", game.words(live, 1)[0])
        await game.wait_for_guess("bob", game.words(live, 1)[0])
        await game.end_round()
        posted = [m for m in standin.messages("boggle") if m.id > board_message.id]
        assert posted and all(not m.attachments for m in posted)
        assert not any(e.get("image") for m in posted for e in m.embeds)


async def test_pictures_switched_off_give_a_text_daily_board_and_end_of_day_post(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    """BOGGLE_BOARD_PICTURES=off holds for the daily board and the end-of-day post too (both drew
    the picture whatever the setting)."""

    async with bot_session(standin, database, clock, lexicon, board_pictures=False) as game:
        await config(game, "daily-channel set", channel=standin.channel("general").id)
        set_time(clock, at(2026, 5, 20, 12, 0, UTC))
        board = await open_daily(game, "alice")
        assert board.attachments == [] and "```" in board.content
        await play(game, "bob", "boggle", 1)
        set_time(clock, at(2026, 5, 21, 0, 4, UTC))
        post = await standin.wait_for_message("general", lambda m: "the day is over" in m.content)
        assert post.attachments == [] and "```" in post.content
