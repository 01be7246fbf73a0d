"""After a round: the Play again button on the results, and ``/boggle check word``."""

from __future__ import annotations

import io

import discord
from discord import app_commands

from bot.discord.answers import reader_language, server_language, tell
from bot.discord.dynamic_items import services_of
from bot.discord.render.board import shape
from bot.discord.render.text import PATH_FILE, pts
from bot.i18n.catalogue import text
from bot.i18n.languages import DEFAULT_DICTIONARY, DEFAULT_LANGUAGE
from core.board import Board
from core.commonness import Band, band_of, is_everyday
from core.guesses import normalise
from core.languages import language as language_of
from core.round import Mode, Rules
from core.solver import Path, find_path

AGAIN_ID = "boggle:again:{round_id}"
LONGEST_CHECKED = 40  # letters: longer than any word a board of 6x6 three-letter faces spells


@app_commands.describe(word=text("commands.check_word"))
async def check(
    interaction: discord.Interaction, word: app_commands.Range[str, 1, LONGEST_CHECKED]
) -> None:
    """Whether a word was good on this channel's last board: which dictionary has it (full,
    everyday) and how common it is, in that round's language (the word read by its rules: "être"
    is "etre" in French); on the board (its path, drawn); its points by that round's rules and
    dictionary. Not while a round runs here: it would tell a player what the board holds."""
    services = services_of(interaction)
    if interaction.guild_id is None or interaction.channel_id is None:
        await tell(interaction, text("replies.not_in_dm", reader_language(interaction)))
        return
    if services.rounds.running(interaction.channel_id) is not None:
        await tell(
            interaction,
            text(
                "check.round_running", await server_language(services.server_settings, interaction)
            ),
        )
        return
    stored = await services.storage.last_finished_round(interaction.channel_id)
    if stored is None:
        await tell(
            interaction,
            text("check.no_round", await server_language(services.server_settings, interaction)),
        )
        return
    cleaned = language_of(stored.language).fold(normalise(word.strip()))
    if cleaned is None:
        await tell(interaction, text("check.bad_word", stored.language))
        return
    board = Board.parse(stored.board)
    rules = Rules(Mode(stored.mode), stored.min_length)
    if services.lexicons.loaded(stored.language) is None:  # a first load may take seconds
        await interaction.response.defer(ephemeral=True, thinking=True)
    lexicon = await services.lexicons.get(stored.language)
    path = find_path(board, cleaned)
    banned = cleaned in stored.excluded_words
    band, everyday = band_of(cleaned, lexicon), is_everyday(cleaned, lexicon)
    reply = check_text(
        cleaned, board, rules, band, path, banned, stored.language, stored.dictionary, everyday
    )
    png = None
    if path is not None and interaction.app_permissions.attach_files:
        png = await services.pictures.board(board, path)
    if png is None:
        await tell(interaction, reply)
        return
    file = discord.File(io.BytesIO(png), filename=PATH_FILE)
    if interaction.response.is_done():
        await interaction.followup.send(reply, file=file, ephemeral=True)
    else:
        await interaction.response.send_message(reply, file=file, ephemeral=True)


def check_text(
    word: str,
    board: Board,
    rules: Rules,
    band: Band | None,
    path: Path | None,
    banned: bool = False,
    language: str = DEFAULT_LANGUAGE,
    dictionary: str = DEFAULT_DICTIONARY,
    everyday: bool = False,
) -> str:
    """The answer to ``/boggle check``, in that round's ``language``: which dictionary has the
    word and how common it is (its ``band``; None: no dictionary has it), the board (the path in
    words, for screen readers and channels without pictures) and the points (none for a word the
    server did not accept in that round, ``banned``, nor for a word not ``everyday`` when that
    round's ``dictionary`` was the everyday one)."""
    in_dictionary = band is not None
    lines = [text("check.head", language, word=word, shape=shape(board, rules, language))]
    if band is None:
        lines.append(text("check.not_in_dictionary", language))
    else:
        which = "check.in_everyday" if everyday else "check.in_full_only"
        lines.append(text(which, language, band=text(f"bands.{band.value}", language)))
    if path is None:
        lines.append(text("check.not_on_board", language))
    else:
        steps = " → ".join(
            text("check.step", language, face=_face(board.cells[c]), row=r + 1, col=k + 1)
            for c in path
            for r, k in [board.position(c)]
        )
        lines.append(text("check.on_board", language, path=steps))
    if not (in_dictionary and path is not None):
        lines.append(text("check.no_points", language))
    elif banned:
        lines.append(text("check.banned", language))
    elif dictionary == "everyday" and not everyday:
        lines.append(text("check.rare", language))
    elif len(word) < rules.min_length:
        lines.append(text("check.too_short", language, min_length=rules.min_length))
    else:
        lines.append(text("check.points", language, points=pts(rules.points(word), language)))
    return "\n".join(lines)


def _face(face: str) -> str:
    return face[0].upper() + face[1:]
