"""Refusals whose cause is core's or Discord's (a board code, a dice set, a board Discord did not
take) are written from the catalogue in the reader's language, with no English left (issue 11)."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from bot.kernel.options import OptionError, dice_size
from bot.rounds.options import replayed
from bot.server_settings.model import ServerSettings
from core.codes import DICE_NUMBERS, FACES, SYMBOLS, CodeProblem, _check, encode
from core.dice import available, dice_set
from core.lexicon import Lexicon
from standin.codes import CallbackType
from tests.bot.discord.test_server_config import config, guild_of
from tests.bot.harness import Harness

SEND = "POST /channels/{channel_id}/messages"
SETS = ", ".join(available())


@pytest.fixture(autouse=True)
def languages_cached(lexicons: Mapping[str, Lexicon]) -> None:
    """French and German are in the run's lexicon cache before a bot here needs them: a German
    round whose lexicon a child process builds from a cold cache (4 s and more on a loaded
    machine) missed the 5 s a reply is waited for."""
    for code in ("fr", "de"):
        assert lexicons[code]


def sealed(values: list[int]) -> str:
    """A code with a correct check around any values: one that passes the typo check."""
    return "".join(SYMBOLS[v] for v in [*values, *_check(values)])


def with_typo(code: str) -> str:
    return code[:3] + ("X" if code[3] != "X" else "Y") + code[4:]


ROLLED = encode(dice_set("4x4-new").roll(random.Random(7)), "4x4-new")
NEW = DICE_NUMBERS["4x4-new"]
# Dice set number 128 (ESCAPE, then 3 and 0): beyond every language's (31 is Danish 5x5 now).
UNKNOWN_SET = [0, 3, 0]
# One typed code for each way decode refuses one, and the French line that says so.
CODES = {
    CodeProblem.TOO_SHORT: ("7Q", "board : le code '7Q' est trop court"),
    CodeProblem.BAD_CHARACTER: (
        "ab!c",
        "board : dans le code 'ab!c', '!' en position 3 n'est pas un caractère de code",
    ),
    CodeProblem.TYPO: (
        with_typo(ROLLED),
        f"board : le code '{with_typo(ROLLED)}' contient une faute de frappe : ses caractères de "
        "contrôle ne correspondent pas",
    ),
    CodeProblem.UNKNOWN_DICE: (
        sealed([*UNKNOWN_SET, *[1] * 16]),
        f"board : le code '{sealed([*UNKNOWN_SET, *[1] * 16])}' ne désigne aucun jeu de dés de ce bot",
    ),
    CodeProblem.WRONG_FIT: (
        sealed([NEW, *[1] * 15]),
        f"board : le code '{sealed([NEW, *[1] * 15])}' ne correspond pas aux dés 4x4-new",
    ),
    CodeProblem.NOT_A_ROLL: (
        sealed([NEW, *[FACES.index("z")] * 16]),
        f"board : le code '{sealed([NEW, *[FACES.index('z')] * 16])}' n'est pas un lancer des "
        "dés 4x4-new",
    ),
}


@pytest.mark.parametrize("kind", list(CODES))
def test_each_board_code_refusal_is_all_french(kind: CodeProblem) -> None:
    typed, french = CODES[kind]
    with pytest.raises(OptionError) as refused:
        replayed(typed, None, None)
    assert refused.value.text("fr") == french


def test_every_way_a_typed_code_fails_is_worded() -> None:
    """encode's two kinds are the bot's own boards (never typed); decode's are all above."""
    assert set(CODES) == set(CodeProblem) - {
        CodeProblem.NO_CODES,
        CodeProblem.FACES_WITHOUT_CODE,
    }


def test_a_code_and_an_unknown_dice_set_in_spanish_and_german() -> None:
    with pytest.raises(OptionError) as refused:
        replayed(CODES[CodeProblem.TYPO][0], None, None)
    assert refused.value.text("de") == (
        f"board: Der Code '{CODES[CodeProblem.TYPO][0]}' enthält einen Tippfehler: Seine "
        "Prüfzeichen stimmen nicht"
    )
    with pytest.raises(OptionError) as refused:
        dice_size("9x9-nope")
    assert refused.value.text("es") == (
        f"dados: juego de dados '9x9-nope' desconocido; elige uno de: {SETS}"
    )
    assert refused.value.text("fr") == (
        f"dés : jeu de dés '9x9-nope' inconnu ; choisissez parmi : {SETS}"
    )
    assert str(refused.value) == f"dice: unknown dice set '9x9-nope'; choose one of: {SETS}"


async def start_reply(game: Harness, **options: object) -> str:
    handle = await game.standin.slash("boggle", "alice", "boggle start", options)
    return (await handle.original_message()).content


async def test_a_french_server_refuses_a_bad_code_and_a_lost_dice_set_in_french(
    game: Harness,
) -> None:
    await config(game, "set", language="fr")
    typed, french = CODES[CodeProblem.TYPO]
    assert await start_reply(game, board=typed) == f"⚠️ {french}"
    # ``dice`` is a choice on Discord: an unknown set is a server default whose file is gone.
    gone = ServerSettings(language="fr", dice="7x7-fr")
    await game.services.storage.save_defaults(guild_of(game), gone)
    assert await start_reply(game) == (
        f"⚠️ dés : jeu de dés '7x7-fr' inconnu ; choisissez parmi : {SETS}"
    )
    assert game.query("SELECT COUNT(*) FROM rounds") == [(0,)]


async def test_a_board_discord_refused_is_explained_in_french(game: Harness) -> None:
    await config(game, "set", language="fr")
    handle = await game.standin.slash("boggle", "alice", "boggle start", {})
    game.standin.world.set_bot_permissions(game.channel_id(), deny=["send_messages"])
    reply = await handle.followup()
    assert reply.ephemeral and reply.content == (
        "Je n'ai pas pu afficher la grille ici : Discord m'a refusé une permission dans ce salon "
        "(il me faut Voir le salon et Envoyer des messages)."
    )
    assert game.query("SELECT state FROM rounds") == [("finished",)]


async def test_a_board_discord_failed_to_take_is_explained_in_german(game: Harness) -> None:
    await config(game, "set", language="de")
    game.standin.faults.server_error(SEND, times=10, status=503)  # not retried by discord.py
    handle = await game.standin.slash("boggle", "alice", "boggle start", {})
    reply = await handle.followup()
    game.standin.faults.clear()
    assert reply.ephemeral and reply.content == (
        "Ich konnte das Brett hier nicht posten: Discord hat es nicht angenommen (überlastet "
        "oder gestört); versuch es gleich noch einmal."
    )
    assert game.query("SELECT state FROM rounds") == [("finished",)]


async def test_a_command_that_fails_answers_in_the_servers_language(game: Harness) -> None:
    """A failure nobody foresaw (here the database has lost the table that ``/leaderboard``
    reads for all time) is still answered in the server's language."""
    await config(game, "set", language="fr")
    game.query("DROP TABLE standings")
    handle = await game.standin.slash("boggle", "alice", "leaderboard", {"period": "all"})
    reply = await handle.followup()
    assert reply.content == (
        "Un problème est survenu avec cette commande ; il a été noté dans le journal."
    )


async def test_a_failure_with_the_servers_language_unreadable_is_answered_in_the_readers(
    game: Harness,
) -> None:
    """The server's settings are gone too: the answer still comes, in the reader's Discord
    language (the stand-in's people read en-US)."""
    await config(game, "set", language="fr")
    game.query("DROP TABLE server_settings")
    handle = await game.standin.slash("boggle", "alice", "leaderboard", {})
    reply = await handle.followup()
    assert reply.content == "Something went wrong with that command; it has been logged."


async def test_a_command_that_fails_before_answering_is_deferred_then_answered(
    game: Harness,
) -> None:
    """``/boggle check`` reads the channel's last round before it answers; that read fails: the
    answer is deferred first (the server's language may take the database's time, and Discord
    waits 3 s), then worded in the server's language."""
    await config(game, "set", language="fr")
    game.query("DROP TABLE rounds")
    handle = await game.standin.slash("boggle", "alice", "boggle check", {"word": "chat"})
    assert (await handle.response())["type"] == CallbackType.DEFERRED_CHANNEL_MESSAGE
    reply = await handle.original_message()
    assert reply.ephemeral and reply.content == (
        "Un problème est survenu avec cette commande ; il a été noté dans le journal."
    )
