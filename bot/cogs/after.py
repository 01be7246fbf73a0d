"""After a round: the Play again button on the results, and ``/boggle check word``."""

from __future__ import annotations

import dataclasses
import io
import re
from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands

from core.board import Board
from core.round import Mode, Rules
from core.solver import Path, find_path

from ..catalogue import text
from ..options import OptionError, round_options
from ..render.board import shape
from ..render.text import PATH_FILE, pts
from .game import begin_round, tell

if TYPE_CHECKING:
    from ..app import BoggleBot

AGAIN_ID = "boggle:again:{round_id}"
LONGEST_CHECKED = 40  # letters: longer than any word a board of 6x6 three-letter faces spells


class PlayAgain(discord.ui.DynamicItem[discord.ui.Button], template=r"boggle:again:(?P<id>[0-9]+)"):
    """The results' button: the next round in the same channel with the same options. Its
    custom id carries the round's id, so any results message works, after any restart."""

    def __init__(self, round_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=text("again.label"),
                emoji="🔁",
                style=discord.ButtonStyle.primary,
                custom_id=AGAIN_ID.format(round_id=round_id),
            )
        )
        self.round_id = round_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /
    ) -> PlayAgain:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = cast("BoggleBot", interaction.client)
        stored = await bot.storage.get_round(self.round_id)
        if stored is None or stored.channel_id != interaction.channel_id:
            await tell(interaction, text("again.unknown"))
            return
        server = await bot.storage.server_settings(stored.guild_id)
        seconds = stored.seconds or max(1, round(stored.deadline - stored.started_at))
        try:
            options = round_options(
                stored.size, stored.dice, str(seconds), stored.mode.value, stored.min_length
            )
        except OptionError as exc:  # its dice set has since been removed
            await tell(interaction, text("replies.bad_option", error=exc))
            return
        options = dataclasses.replace(options, hints=stored.hints)
        await begin_round(bot, interaction, options, server)


def again_view(round_id: int) -> discord.ui.View:
    """The view the results carry: persistent (no timeout), answered by ``PlayAgain``."""
    view = discord.ui.View(timeout=None)
    view.add_item(PlayAgain(round_id))
    return view


@app_commands.describe(word=text("commands.check_word"))
async def check(
    interaction: discord.Interaction, word: app_commands.Range[str, 1, LONGEST_CHECKED]
) -> None:
    """Whether a word was good on this channel's last board: in the dictionary, on the board
    (its path, drawn), and its points by that round's rules. Not while a round runs here: it
    would tell a player what the board holds."""
    bot = cast("BoggleBot", interaction.client)
    if interaction.guild_id is None or interaction.channel_id is None:
        await tell(interaction, text("replies.not_in_dm"))
        return
    if bot.rounds.running(interaction.channel_id) is not None:
        await tell(interaction, text("check.round_running"))
        return
    cleaned = word.strip().lower()
    if not (cleaned.isascii() and cleaned.isalpha()):
        await tell(interaction, text("check.bad_word"))
        return
    stored = await bot.storage.last_finished_round(interaction.channel_id)
    if stored is None:
        await tell(interaction, text("check.no_round"))
        return
    board = Board.parse(stored.board)
    rules = Rules(Mode(stored.mode), stored.min_length)
    assert bot.lexicon is not None
    path = find_path(board, cleaned)
    banned = cleaned in stored.excluded_words
    reply = check_text(cleaned, board, rules, cleaned in bot.lexicon, path, banned)
    png = None
    if (
        path is not None
        and bot.settings.board_pictures
        and interaction.app_permissions.attach_files
    ):
        from ..discord_publisher import board_picture

        png = await board_picture(board, path)
    if png is None:
        await tell(interaction, reply)
        return
    file = discord.File(io.BytesIO(png), filename=PATH_FILE)
    await interaction.response.send_message(reply, file=file, ephemeral=True)


def check_text(
    word: str,
    board: Board,
    rules: Rules,
    in_dictionary: bool,
    path: Path | None,
    banned: bool = False,
) -> str:
    """The answer to ``/boggle check``: the dictionary, the board (the path in words, for screen
    readers and channels without pictures) and the points (none for a word the server did not
    accept in that round, ``banned``)."""
    lines = [
        text("check.head", word=word, shape=shape(board, rules)),
        text("check.in_dictionary") if in_dictionary else text("check.not_in_dictionary"),
    ]
    if path is None:
        lines.append(text("check.not_on_board"))
    else:
        steps = " → ".join(
            text("check.step", face=_face(board.cells[c]), row=r + 1, col=k + 1)
            for c in path
            for r, k in [board.position(c)]
        )
        lines.append(text("check.on_board", path=steps))
    if not (in_dictionary and path is not None):
        lines.append(text("check.no_points"))
    elif banned:
        lines.append(text("check.banned"))
    elif len(word) < rules.min_length:
        lines.append(text("check.too_short", min_length=rules.min_length))
    else:
        lines.append(text("check.points", points=pts(rules.points(word))))
    return "\n".join(lines)


def _face(face: str) -> str:
    return face[0].upper() + face[1:]


async def setup(bot: BoggleBot) -> None:
    """``/boggle check`` joins the game cog's ``/boggle`` group; the button answers from any
    results message, also those posted before this start."""
    boggle = bot.tree.get_command("boggle")
    assert isinstance(boggle, app_commands.Group), "bot.cogs.game loads first"
    boggle.add_command(
        app_commands.Command(name="check", description=text("commands.check"), callback=check)
    )
    bot.add_dynamic_items(PlayAgain)
