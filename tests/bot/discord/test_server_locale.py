"""A server speaks the language of its Discord locale until it chooses one: its rounds, its daily
board and its settings, from its first command (Discord sends the server's locale with each)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.daily_helpers import open_daily
from tests.bot.discord.test_server_config import config
from tests.bot.harness import Clock, Harness, bot_session


def set_locale(game: Harness, locale: str) -> None:
    guild = game.standin.channel("boggle").guild_id
    assert guild is not None
    game.standin.world.guilds[guild].preferred_locale = locale


async def board_of_round(game: Harness, **options: object) -> str:
    since = max(game.standin.world.messages, default=0)
    await game.standin.slash("boggle", "alice", "boggle start", {"time": "2m", **options})
    board = await game.standin.wait_for_message(
        "boggle", lambda m: "**Boggle**" in m.content, 10, after=since
    )
    await game.services.rounds.live_rounds.stop(game.channel_id())
    return board.content


async def test_a_french_server_plays_and_is_answered_in_french(
    game: Harness, lexicons: Mapping[str, Lexicon]
) -> None:
    assert lexicons["fr"]  # in the run's cache: the bot reads it from there
    set_locale(game, "fr")
    assert "Tapez vos mots dans ce salon" in await board_of_round(game)
    assert game.query("SELECT language FROM rounds") == [("fr",)]
    shown = await config(game, "show")
    assert shown.startswith("⚙️ **Réglages de Boggle de ce serveur**")
    assert "Français" in shown
    daily = await open_daily(game)
    assert "Grille du jour" in daily.content
    assert game.query("SELECT language FROM daily_attempts") == [("fr",)]


async def test_a_language_chosen_stays_whatever_the_locale_becomes(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with bot_session(standin, database, clock, lexicon) as game:
        set_locale(game, "de")
        await config(game, "set", language="en")  # chosen: English, in a German server
        assert "Type words in this channel" in await board_of_round(game)
        set_locale(game, "es-ES")
        assert "Type words in this channel" in await board_of_round(game)
    async with bot_session(standin, database, clock, lexicon) as game:  # a restart
        assert "Type words in this channel" in await board_of_round(game)


async def test_a_server_with_settings_keeps_its_language_and_an_unknown_locale_is_english(
    game: Harness,
) -> None:
    set_locale(game, "ja")  # a language the game does not speak
    assert "Type words in this channel" in await board_of_round(game)
    await config(game, "set", size=5)  # settings of its own, in English
    set_locale(game, "pl")
    assert "Type words in this channel" in await board_of_round(game)
    assert game.query("SELECT language FROM server_settings") == [("en",)]
