"""A language costs nothing until its first round: then it is read from the cache at once, or,
when the cache lacks it, built by a child process while the player is told the board is coming.

The bot's cache is a cold folder of the test's own (``BOGGLE_CACHE_DIR``), and Dutch's list a
short one (its words of up to five letters), so that the build takes a moment, not seconds.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import core.languages
from bot.i18n.catalogue import text
from bot.i18n.languages import language_name
from core.languages import LANGUAGE_CODES, cached_lexicon_for, language
from core.lexicon import Lexicon
from standin import StandIn
from standin.state import StoredMessage
from tests.bot.harness import Clock, bot_session

OPENS_WITHIN = 5.0  # seconds from /boggle start to the board, its lexicon cached (bench: < 1 s)
BUILD_BOUND = 60.0  # a short list's build in a child, on a busy machine


@pytest.fixture
def cold_dutch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Dutch read from a short list of its words; the bot's cache an empty folder (returned)."""
    words = tmp_path / "words"
    words.mkdir()
    dutch = language("nl").read_words().splitlines()
    (words / "nl.txt").write_text("\n".join(w for w in dutch if len(w) <= 5) + "\n")
    (words / "nl-zipf.tsv").write_text("")
    monkeypatch.setattr(core.languages, "WORDS_DIR", words)
    cache = tmp_path / "cache"
    monkeypatch.setenv("BOGGLE_CACHE_DIR", str(cache))
    return cache


async def start_dutch(standin: StandIn) -> tuple[list[StoredMessage], StoredMessage, float]:
    """``/boggle start language:nl``: the private answers, the board, the seconds it took."""
    since = max(standin.world.messages, default=0)
    started = time.perf_counter()
    handle = await standin.slash("boggle", "alice", "boggle start", {"language": "nl"})
    board = await standin.wait_for_message(
        "boggle", lambda m: "**Boggle**" in m.content, BUILD_BOUND, after=since
    )
    took = time.perf_counter() - started
    started_line = text("replies.started", "nl", words="")[:12]  # "Ronde gestart"
    await standin.wait_until(lambda: any(started_line in m.content for m in handle.followups))
    return list(handle.followups), board, took


async def test_a_language_is_built_in_the_background_then_read_from_the_cache(
    standin: StandIn, tmp_path: Path, clock: Clock, lexicon: Lexicon, cold_dutch: Path
) -> None:
    coming = text("replies.board_coming", "nl", language=language_name("nl"))
    async with bot_session(standin, tmp_path / "first.sqlite3", clock, lexicon) as game:
        others = [c for c in LANGUAGE_CODES if c != "en"]
        assert all(game.services.lexicons.loaded(c) is None for c in others)
        answers, board, _ = await start_dutch(standin)
        assert answers[0].content == coming  # told first, privately
        assert answers[0].ephemeral and answers[0].id < board.id
        assert "Ronde gestart" in answers[1].content
        loaded = [c for c in LANGUAGE_CODES if game.services.lexicons.loaded(c) is not None]
        assert loaded == ["en", "nl"]
    built = cached_lexicon_for("nl", cold_dutch)  # the child wrote it into the bot's cache
    assert built is not None and len(built) > 1000

    async with bot_session(standin, tmp_path / "second.sqlite3", clock, lexicon) as game:
        assert game.services.lexicons.loaded("nl") is None  # nothing before its first round
        answers, board, took = await start_dutch(standin)
        assert [m.content for m in answers if m.content == coming] == []  # no wait to tell of
        assert took < OPENS_WITHIN
        assert game.live().game.lexicon.to_bytes() == built.to_bytes()


async def test_a_daily_board_in_a_language_being_built_says_it_is_coming(
    standin: StandIn, tmp_path: Path, clock: Clock, lexicon: Lexicon, cold_dutch: Path
) -> None:
    async with bot_session(standin, tmp_path / "daily.sqlite3", clock, lexicon) as game:
        handle = await standin.slash("boggle", "alice", "daily", {"language": "nl"})

        def board_shown() -> StoredMessage | None:
            message = handle.original
            return message if message is not None and "```" in message.content else None

        shown = await standin.wait_until(board_shown, BUILD_BOUND)
        coming = text("daily.board_coming", "nl", language=language_name("nl"))
        assert shown.ephemeral and coming in shown.edits  # told first, then the board
        attempt = await game.services.daily.running(game.user_id("alice"))
        assert attempt is not None and attempt.language == "nl"
        assert attempt.deadline - clock() > 170  # the 3 minutes started with the board
