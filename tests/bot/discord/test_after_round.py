"""After the round, through the stand-in (issue 10): the Play again button (also after a restart,
refused while a round runs), /boggle check, board codes replayed, and hints drawn."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bot.discord.render.board import hint_grid
from bot.discord.render.text import PATH_FILE
from bot.i18n.catalogue import text
from bot.pictures import picture
from bot.server_settings.model import ServerSettings
from core.board import Board
from core.codes import decode
from core.commonness import band_of
from core.hints import word_starts
from core.lexicon import Lexicon
from core.round import Mode
from standin import StandIn
from standin.state import StoredMessage
from tests.bot.harness import Clock, Harness, bot_session

CODE = re.compile(r"board:([0-9A-Z]+)`")


def again_button(game: Harness) -> tuple[StoredMessage, str]:
    """The results message that carries the Play again button, and its custom id."""
    for message in reversed(game.standin.messages("boggle")):
        for row in message.components:
            for button in row["components"]:
                if button.get("custom_id", "").startswith("boggle:again:"):
                    return message, button["custom_id"]
    raise AssertionError("no Play again button")


def code_of(results: StoredMessage) -> str:
    found = CODE.search(results.content)
    assert found, results.content
    return found[1]


async def test_play_again_after_a_restart_repeats_the_options(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with bot_session(standin, database, clock, lexicon) as game:
        live, _ = await game.start_round(
            "alice", size=5, dice="5x5-2012", time="45s", mode="race", min_length=5
        )
        first_id = live.id
        results = await game.end_round()
        message, custom_id = again_button(game)
        assert custom_id == f"boggle:again:{first_id}"
        assert decode(code_of(results)) == (live.game.board, "5x5-2012")
    async with bot_session(standin, database, clock, lexicon) as game:
        click = await standin.click(message, "bob", custom_id)
        reply = await click.followup()
        assert reply.ephemeral and "Round started" in reply.content
        again = game.live()
        stored = again.stored
        assert again.id != first_id
        assert (stored.size, stored.dice, stored.seconds, stored.mode, stored.min_length) == (
            5,
            "5x5-2012",
            45,
            Mode.RACE,
            5,
        )
        assert stored.starter_id == standin.user("bob").id
        assert stored.channel_id == standin.channel("boggle").id


async def test_play_again_is_refused_while_a_round_runs(game: Harness) -> None:
    await game.start_round("alice", time="1m")
    await game.end_round()
    message, custom_id = again_button(game)
    first = await game.standin.click(message, "bob", custom_id)
    await first.followup()
    running = game.live()
    second = await game.standin.click(message, "carol", custom_id)
    refusal = await second.original_message()
    assert refusal.ephemeral and "already running" in refusal.content
    assert game.live() is running
    assert game.query("SELECT COUNT(*) FROM rounds") == [(2,)]


async def test_check_a_word_after_the_round(game: Harness) -> None:
    nothing = await game.standin.slash("boggle", "alice", "boggle check", {"word": "cat"})
    assert "No round has finished" in (await nothing.original_message()).content
    live, _ = await game.start_round("alice", mode="casual", time="1m")
    board = live.game.board
    during = await game.standin.slash("boggle", "bob", "boggle check", {"word": "cat"})
    assert "A round is running" in (await during.original_message()).content
    await game.end_round()
    word = max(live.game.solution, key=len)
    handle = await game.standin.slash("boggle", "bob", "boggle check", {"word": word.upper()})
    answer = await handle.original_message()
    assert answer.ephemeral
    assert f"**{word}**" in answer.content
    assert "📖 In the full" in answer.content and "On the board:" in answer.content
    band = text(f"bands.{band_of(word, game.lexicon)}")
    assert f" · {band}.\n" in answer.content  # how common it is
    assert f"Worth {live.game.rules.points(word)} pt" in answer.content
    (attachment,) = answer.attachments
    assert attachment.filename == PATH_FILE
    assert attachment.data == picture.board_png(board, live.game.solution[word])

    missing = game.word_not_on_board(live)
    answer = await (
        await game.standin.slash("boggle", "bob", "boggle check", {"word": missing})
    ).original_message()
    assert "📖 In the full" in answer.content and "Not on the board." in answer.content
    assert "Worth nothing" in answer.content and answer.attachments == []

    bad = await game.standin.slash("boggle", "bob", "boggle check", {"word": "c@t"})
    assert "in the letters of that round's language" in (await bad.original_message()).content


async def test_a_non_word_on_the_board_and_a_word_too_short(game: Harness) -> None:
    live, _ = await game.start_round("alice", size=5, time="1m")  # words of 4+ letters
    await game.end_round()
    board = live.game.board
    first, second = board.cells[0], board.cells[1]
    text = f"{first}{second}"
    handle = await game.standin.slash("boggle", "bob", "boggle check", {"word": text})
    answer = await handle.original_message()
    assert "On the board:" in answer.content
    assert f"{first[0].upper()}{first[1:]} (row 1, col 1)" in answer.content
    if text in game.lexicon:
        assert "that round took words of 4+ letters" in answer.content
    else:
        assert "Not in the dictionary." in answer.content


async def test_a_board_code_replays_the_same_board(game: Harness) -> None:
    live, _ = await game.start_round("alice", size=4, dice="4x4-classic", time="1m")
    results = await game.end_round()
    code = code_of(results)
    replayed, _ = await game.start_round("bob", board=code.lower(), mode="casual", time="2m")
    assert replayed.game.board == live.game.board
    assert replayed.stored.dice == "4x4-classic"
    assert replayed.game.solution == live.game.solution


async def test_a_bad_code_gets_one_line_and_starts_nothing(game: Harness) -> None:
    live, _ = await game.start_round("alice", time="1m")
    code = code_of(await game.end_round())
    typo = code[:3] + ("X" if code[3] != "X" else "Y") + code[4:]
    for options, expected in (
        ({"board": typo}, "has a typo"),
        ({"board": "hello!"}, "is not a code character"),
        ({"board": code, "size": "5"}, "leave size and dice out"),
    ):
        handle = await game.standin.slash("boggle", "bob", "boggle start", options)
        reply = await handle.original_message()
        assert reply.ephemeral and expected in reply.content and "\n" not in reply.content
    assert game.query("SELECT COUNT(*) FROM rounds") == [(1,)]
    assert live.id == 1


async def test_hints_are_drawn_on_the_board_in_casual_rounds_only(game: Harness) -> None:
    refused = await game.standin.slash("boggle", "alice", "boggle start", {"hints": "true"})
    reply = await refused.original_message()
    assert "casual rounds only" in reply.content and game.query("SELECT COUNT(*) FROM rounds") == [
        (0,)
    ]
    live, message = await game.start_round("alice", mode="casual", hints="true")
    board = live.game.board
    (attachment,) = message.attachments
    starts = word_starts(board, live.game.solution)
    assert live.hints == starts
    assert attachment.data == picture.board_png(board, hints=starts)
    drawn = Image.open(io.BytesIO(attachment.data)).convert("RGB")
    plain = Image.open(io.BytesIO(picture.board_png(board))).convert("RGB")
    assert_hints_at_corners(board, drawn, plain)


def test_hints_read_one_number_per_die() -> None:
    board = Board.parse("abc/d.f/ghi")
    with pytest.raises(ValueError, match="8 hints for 9 dice"):
        picture.board_png(board, hints=[1] * 8)
    ones, twos = (picture.board_png(board, hints=[n] * 9) for n in (1, 2))
    assert ones != twos != picture.board_png(board)
    plain = Image.open(io.BytesIO(picture.board_png(board))).convert("RGB")
    assert_hints_at_corners(board, Image.open(io.BytesIO(twos)).convert("RGB"), plain)


def assert_hints_at_corners(board: Board, drawn: Image.Image, plain: Image.Image) -> None:
    """The hinted picture differs from the plain one only over each die's lower-right corner,
    in the hint's dark blue with white digits there."""
    shape = picture.layout(board.rows, board.cols)
    difference = ImageChops.difference(drawn, plain).convert("L").point(lambda v: 255 * (v > 24))
    corners = Image.new("L", drawn.size, 0)
    reach = round(shape.die * 0.45)
    for index, face in enumerate(board.cells):
        if not face:
            continue
        x, y = shape.corner(index)
        corner = (
            x + shape.die - reach,
            y + shape.die - reach,
            x + shape.die + 8,
            y + shape.die + 8,
        )
        corners.paste(255, corner)
        assert difference.crop(corner).getbbox() is not None, f"no hint on die {index}"
        colours = {
            c for _, c in drawn.crop(corner).getcolors(1 << 16) or [] if isinstance(c, tuple)
        }
        assert near(colours, picture.HINT_DISC) and near(colours, (255, 255, 255)), index
    outside = ImageChops.subtract(difference, corners)
    assert outside.getbbox() is None, "hints drawn away from the dice' corners"


def near(colours: set[tuple[int, ...]], target: tuple[int, int, int], by: int = 12) -> bool:
    """Whether some colour is within ``by`` of ``target`` on every channel (the PNG's palette
    moves colours a little)."""
    return any(all(abs(a - b) <= by for a, b in zip(c, target, strict=True)) for c in colours)


async def test_the_servers_hints_default_applies_to_casual_rounds_without_banned_words(
    game: Harness,
) -> None:
    guild = game.standin.channel("boggle").guild_id
    assert guild is not None
    await game.services.storage.save_defaults(guild, ServerSettings(hints=True))
    classic, message = await game.start_round("alice", time="1m")  # the default left out
    assert classic.hints is None and message.attachments[0].data == picture.board_png(
        classic.game.board
    )
    await game.end_round()
    word = min(classic.game.solution)
    await game.services.storage.ban_words(guild, [word], True)
    live, _ = await game.start_round("alice", mode="casual", board=code_of(await game.results()))
    assert word not in live.game.solution
    assert live.hints == word_starts(live.game.board, live.game.solution)
    off, _ = await game.start_round("bob", channel="general", mode="casual", hints="false")
    assert off.hints is None


async def test_hints_stay_across_a_restart_and_play_again(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with bot_session(standin, database, clock, lexicon) as game:
        live, message = await game.start_round("alice", mode="casual", hints="true", time="1m")
        grid = hint_grid(live.game.board, word_starts(live.game.board, live.game.solution))
        assert "Words starting on each die" in message.content and grid in message.content
    async with bot_session(standin, database, clock, lexicon) as game:
        assert game.live().hints == live.hints
        await game.say("alice", min(live.game.solution, key=len))
        await standin.wait_until(lambda: "✅" in standin.world.messages[message.id].content)
        assert grid in standin.world.messages[message.id].content  # edits keep the hints
        await game.end_round()
        button, custom_id = again_button(game)
        await (await standin.click(button, "bob", custom_id)).followup()
        again = game.live()
        assert again.stored.hints and again.hints == word_starts(
            again.game.board, again.game.solution
        )


async def test_check_says_a_banned_word_was_worth_nothing(game: Harness) -> None:
    guild = game.standin.channel("boggle").guild_id
    assert guild is not None
    live, _ = await game.start_round("alice", time="1m")
    await game.end_round()
    word = max(live.game.solution, key=len)
    await game.services.storage.ban_words(guild, [word], True)
    code = code_of(await game.results())
    replay, _ = await game.start_round("alice", board=code, time="1m")
    assert word not in replay.game.solution
    await game.end_round()
    await game.standin.wait_until(lambda: not game.services.rounds.live)  # its results are stored
    handle = await game.standin.slash("boggle", "bob", "boggle check", {"word": word})
    answer = (await handle.original_message()).content
    assert "On the board:" in answer and "this server did not accept it" in answer
