"""Bot messages in the server's and the round's language, through the stand-in."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.i18n.languages import LANGUAGE_CODES, LANGUAGE_NAMES
from bot.kernel.options import OptionError, parse_dictionary, parse_language
from core.lexicon import Lexicon
from standin import CommandError, StandIn
from standin.state import StoredMessage
from tests.bot.discord.test_after_round import again_button
from tests.bot.discord.test_leaderboard import description, leaderboard
from tests.bot.discord.test_server_config import config, stored_settings
from tests.bot.harness import Clock, Harness, bot_session


async def start_in(game: Harness, user: str = "alice", **options: object) -> StoredMessage:
    """``/boggle start`` whatever the language; the board message (its private answer read)."""
    since = max(game.standin.world.messages, default=0)
    handle = await game.standin.slash("boggle", user, "boggle start", options)
    board = await game.standin.wait_for_message(
        "boggle", lambda m: "**Boggle**" in m.content, after=since
    )
    await handle.followup()
    return board


async def results_in(game: Harness, headline: str, after: int) -> StoredMessage:
    """Move past the round's deadline; the first results message (its ``headline``)."""
    game.clock.advance(game.live().game.deadline - game.clock() + 1)
    return await game.standin.wait_for_message(
        "boggle", lambda m: headline in m.content, after=after
    )


def embed_titles(game: Harness, first: StoredMessage) -> list[str]:
    return [
        embed.get("title", "")
        for message in game.standin.messages("boggle")
        if message.id >= first.id
        for embed in message.embeds
    ]


def button_labels(message: StoredMessage) -> list[str]:
    return [button.get("label", "") for row in message.components for button in row["components"]]


async def test_a_french_server_answers_in_french(game: Harness) -> None:
    saved = await config(game, "set", language="fr")
    assert saved.startswith("✅ Enregistré.\n⚙️ **Réglages de Boggle de ce serveur**"), saved
    assert "• langue : Français\n" in saved
    assert "• mode : classique (réglage par défaut du bot)\n" in saved
    assert game.query("SELECT language, dictionary FROM server_settings") == [("fr", "full")]
    shown = await config(game, "show")
    assert "• dictionnaire : complet (tous les mots du dictionnaire) (réglage" in shown
    empty = await leaderboard(game, "alice")
    embed = empty.embeds[0]
    assert embed["title"].startswith("🏆 Classement · ")
    assert re.fullmatch(  # the current season by default, its name the month it started
        r"\*\*Saison \d{4}-\d{2}\*\* \(n° 1\) · en cours\n\n"
        r"Personne n'a encore marqué cette saison\.\n\n"
        r"Vous n'êtes pas encore dans ce classement\.\n\n"
        r"-# Depuis toujours : `/leaderboard period:depuis toujours`\n"
        r"-# Les parties coopératives ne comptent que dans les mots trouvés, jamais dans les "
        r"points\.",
        description(empty),
    ), description(empty)
    assert embed["footer"]["text"] == "Page 1 sur 1 · 0 joueur"  # French: "one" for 0 too
    assert button_labels(empty) == ["◀ Précédente", "Suivante ▶"]
    all_time = await leaderboard(game, "alice", period="all")
    assert description(all_time) == (
        "**Points** · depuis toujours\n\nPersonne n'a encore de score ici.\n\n"
        "Vous n'êtes pas encore dans ce classement.\n\n"
        "-# Les parties coopératives ne comptent que dans les mots trouvés, jamais dans les points."
    )
    handle = await game.standin.slash("boggle", "alice", "boggle rules", {})
    rules = await handle.original_message()
    assert rules.content.startswith("📖 **Comment jouer au Boggle** · 4x4\nTrouvez des mots")
    assert "3 lettres : 1 pt\n" in rules.content
    # A round started without language: takes the server's.
    board = await start_in(game)
    assert "mots de 3 lettres ou plus" in board.content and "Tapez vos mots" in board.content
    assert game.live().stored.language == "fr"


async def test_a_spanish_round_speaks_spanish_in_an_english_server(game: Harness) -> None:
    handle = await game.standin.slash("boggle", "alice", "boggle start", {"language": "es"})
    board = await game.standin.wait_for_message(
        "boggle", lambda m: "**Boggle**" in m.content, after=0
    )
    started = await handle.followup()
    assert started.ephemeral and started.content.startswith("Ronda iniciada: "), started.content
    assert board.content.startswith("🎲 **Boggle** 4x4 · clásico · palabras de 3 letras o más\n")
    assert "✍️ Escribe palabras en este canal" in board.content
    assert "⚖️ Clásico: una palabra que encuentran dos o más jugadores" in board.content
    live = game.live()
    assert (live.stored.language, live.stored.dictionary) == ("es", "full")
    assert game.query("SELECT language, dictionary FROM rounds") == [("es", "full")]
    word = game.words(live, 1)[0]
    await game.say("bob", f"{word} qzqzq")
    await game.standin.wait_until(
        lambda: (
            "Bob · 1 palabra" in game.standin.world.messages[board.id].content
            and " · ✗ qzqzq (no " in game.standin.world.messages[board.id].content
        )
    )
    assert "-# Los puntos llegan al final" in game.standin.world.messages[board.id].content
    results = await results_in(game, "🏁 **Fin de la ronda** · 4x4 · clásico", board.id)
    assert "🏆 ¡**Bob** gana con " in results.content
    assert "🔁 Código del tablero `" in results.content
    titles = embed_titles(game, results)
    assert titles[:3] == ["Clasificación", "Palabras encontradas", "El tablero"]
    message, _ = again_button(game)
    assert button_labels(message) == ["Jugar otra vez", "Mi resultado", "Definiciones"]
    final = game.standin.world.messages[board.id].content
    assert "**Se acabó el tiempo.**" in final
    # The server itself still speaks English.
    assert (await config(game, "show")).startswith("⚙️ **Boggle settings for this server**")


async def test_languages_survive_a_restart_and_play_again(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon, lexicons: dict[str, Lexicon]
) -> None:
    # Spanish and German at hand: loading them here would be a child build when the run's cache
    # is still cold (seconds under load), longer than a board is waited for.
    async with bot_session(standin, database, clock, lexicon, lexicons=lexicons) as game:
        await config(game, "set", language="de", dictionary="everyday")
        board = await start_in(game, language="es", time="2m")
        assert "palabras de 3 letras" in board.content
    async with bot_session(standin, database, clock, lexicon, lexicons=lexicons) as game:
        shown = await config(game, "show")
        assert "• Sprache: Deutsch\n" in shown
        assert "• Wörterbuch: alltäglich (nur gängige Wörter)\n" in shown
        live = game.live()
        assert (live.stored.language, live.stored.dictionary) == ("es", "everyday")
        results = await results_in(game, "🏁 **Fin de la ronda**", board.id)
        assert "Nadie encontró ninguna palabra en esta ronda." in results.content
        button, custom_id = again_button(game)
        reply = await (await standin.click(button, "bob", custom_id)).followup()
        assert reply.content.startswith("Ronda iniciada: "), reply.content
        again = game.live()
        assert (again.stored.language, again.stored.dictionary) == ("es", "everyday")
        # A round started without options takes the server's language and dictionary.
        await results_in(game, "🏁 **Fin de la ronda**", results.id)
        board = await start_in(game)
        assert "Wörter ab 3 Buchstaben" in board.content
        assert (game.live().stored.language, game.live().stored.dictionary) == ("de", "everyday")


async def test_bad_values_are_one_line_in_the_servers_language_and_change_nothing(
    game: Harness,
) -> None:
    refused = await config(game, "set", language="fr", time="5s")
    assert refused == "⚠️ time must be between 30s and 30m"
    assert stored_settings(game) == []
    await config(game, "set", language="fr")
    before = stored_settings(game)
    refused = await config(game, "set", time="later", dictionary="everyday")
    assert refused == "⚠️ time 'later' n'est pas une durée ; écrivez par exemple 90s, 3m ou 2m30s"
    assert stored_settings(game) == before
    handle = await game.standin.slash(
        "boggle", "alice", "boggle start", {"language": "es", "mode": "race", "hints": True}
    )
    reply = await handle.original_message()
    assert reply.ephemeral and reply.content.startswith("⚠️ les indices (hints) sont réservés")
    assert "\n" not in reply.content and game.services.rounds.live == {}
    assert game.query("SELECT COUNT(*) FROM rounds") == [(0,)]
    # Discord (here the stand-in) offers each language by its own name and nothing else.
    with pytest.raises(CommandError, match="English, Français, Español, Deutsch"):
        await game.standin.slash("boggle", "alice", "boggle start", {"language": "klingon"})
    with pytest.raises(CommandError, match="dictionary: 'huge' is not one of full"):
        await config(game, "set", dictionary="huge")
    assert stored_settings(game) == before


@pytest.mark.parametrize("typed", ["es", "ES", " Español ", "español"])
def test_a_language_is_read_by_code_or_by_its_own_name(typed: str) -> None:
    assert parse_language(typed) == "es"


def test_an_unknown_language_or_dictionary_is_refused_in_the_readers_language() -> None:
    with pytest.raises(OptionError) as refused:
        parse_language("klingon")
    listed = ", ".join(f"{code} ({LANGUAGE_NAMES[code]})" for code in LANGUAGE_CODES)
    assert refused.value.text("de") == f"language muss eines von {listed} sein"
    assert listed.startswith("en (English), fr (Français), es (Español), de (Deutsch)")
    with pytest.raises(OptionError) as refused:
        parse_dictionary("huge")
    assert refused.value.text("es") == "dictionary debe ser uno de full, everyday"
    assert str(refused.value) == "dictionary must be one of full, everyday"
