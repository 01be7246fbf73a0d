"""The daily board when its language's lexicon is not in memory (after a restart).

Loading may outlast Discord's 3 s to answer, so a Guess form or Share is deferred first. The
stand-in does not time the 3 s: the tests check the answer's kind instead.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from pathlib import Path

import pytest

import core.languages
from core.daily import DAILY_SECONDS
from core.lexicon import Lexicon
from standin import StandIn
from standin.codes import CallbackType
from tests.bot.daily_helpers import attempt_of, latest, open_daily, words_of
from tests.bot.discord.test_server_config import config
from tests.bot.harness import Clock, Harness, StoppedClock, bot_session

LOAD_BOUND = 60.0  # seconds: a lexicon's load from the run's cache, on a busy machine


async def test_a_guess_form_waiting_for_its_lexicon_is_deferred(
    standin: StandIn,
    database: Path,
    lexicon: Lexicon,
    lexicons: Mapping[str, Lexicon],
) -> None:
    assert lexicons["fr"]  # the run's cache holds French: the bot loads it from there
    # Stopped: however long French takes to load, the attempt's time is not used up meanwhile
    # (on a wall clock a slow load let the deadline pass before the guess was judged).
    clock = StoppedClock(1_780_000_000.0)
    async with bot_session(standin, database, clock, lexicon) as game:
        board_message = await open_daily(game, language="fr")
        attempt = await attempt_of(game)
        first, second = words_of(await game.services.daily.board_of(attempt), 2)

    clock.advance(20)
    async with bot_session(standin, database, clock, lexicon) as game:  # a restart
        assert game.services.lexicons.loaded("fr") is None
        opened = await standin.click(board_message, "alice", f"daily:guess:{attempt.id}")
        await opened.shown_modal()
        submit = await standin.submit_modal(opened, {"words": first})
        assert (await submit.response())["type"] == CallbackType.DEFERRED_UPDATE_MESSAGE
        # French loads (seconds on a busy machine): its end is the signal, under a generous
        # bound; the edit then follows.
        async with asyncio.timeout(LOAD_BOUND):
            await game.services.lexicons.get("fr")
        await latest(standin, "alice", board_message, f"**{first}**", LOAD_BOUND)
        assert game.services.lexicons.loaded("fr") is not None

        opened = await standin.click(board_message, "alice", f"daily:guess:{attempt.id}")
        await opened.shown_modal()
        submit = await standin.submit_modal(opened, {"words": second})
        assert (await submit.response())["type"] == CallbackType.UPDATE_MESSAGE  # loaded: at once
        shown = await latest(standin, "alice", board_message, f"**{second}**")
        assert f"**{first}**" in shown.content
        stored = await game.services.storage.daily_guesses(attempt.id)
        assert [g.word for g in stored] == [first, second]


async def test_a_daily_whose_lexicon_cannot_load_says_so_and_stores_nothing(
    game: Harness,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    lexicons: Mapping[str, Lexicon],
) -> None:
    """German's word list is missing: a French server's /daily in German answers in French,
    naming German, and stores nothing; once the list is back, the next /daily opens the board."""
    assert lexicons["de"]  # the run's cache holds German, for the second try
    await config(game, "set", language="fr")
    monkeypatch.setattr(core.languages, "WORDS_DIR", tmp_path / "no words here")
    handle = await game.standin.slash("boggle", "alice", "daily", {"language": "de"})
    reply = await handle.original_message()
    assert reply.ephemeral and reply.content == (
        "La liste de mots en allemand n'a pas pu être chargée, aucune grille du jour n'a été"
        " ouverte ; réessayez plus tard."
    )
    assert game.query("SELECT count(*) FROM daily_attempts") == [(0,)]
    guild = game.standin.channel("boggle").guild_id
    assert guild is not None
    assert await game.services.storage.display_names(guild, [game.user_id("alice")]) == {}

    monkeypatch.undo()
    board = await open_daily(game, language="de")
    assert "Tagesrätsel" in board.content
    assert game.query("SELECT language FROM daily_attempts") == [("de",)]


@pytest.mark.parametrize("where", ["server", "dm"])
async def test_a_share_waiting_for_its_lexicon_is_deferred(
    standin: StandIn,
    database: Path,
    clock: Clock,
    lexicon: Lexicon,
    lexicons: Mapping[str, Lexicon],
    where: str,
) -> None:
    assert lexicons["es"]  # the run's cache holds Spanish: the bot loads it from there
    channel = "boggle" if where == "server" else standin.dm_with("alice")
    async with bot_session(standin, database, clock, lexicon) as game:
        await open_daily(game, "alice", channel, language="es")
        attempt = await attempt_of(game)
        clock.advance(DAILY_SECONDS + 1)
        again = await open_daily(game, "alice", channel, language="es")
        result = await latest(standin, "alice", again, "🏁")

    async with bot_session(standin, database, clock, lexicon) as game:  # a restart
        assert game.services.lexicons.loaded("es") is None
        shared = await standin.click(result, "alice", f"daily:share:{attempt.id}")
        first = await shared.response()
        assert first["type"] == CallbackType.DEFERRED_CHANNEL_MESSAGE
        async with asyncio.timeout(LOAD_BOUND):  # Spanish loads: the answer follows
            await game.services.lexicons.get("es")
        answer = await shared.original_message(LOAD_BOUND)
        if where == "server":  # privately "shared", the summary in the channel
            assert answer.ephemeral and answer.content == "Compartido."
            post = await standin.wait_for_message(
                "boggle", lambda m: "🔥" in m.content, after=answer.id
            )
        else:  # the answer is the summary itself
            post = answer
        assert not post.ephemeral and f"n.º {attempt.day_number} (español)" in post.content
        assert game.services.lexicons.loaded("es") is not None
