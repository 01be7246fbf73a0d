"""The daily board in Polish through the stand-in: a Polish server's player opens a Polish daily
(a board of Polish words, its letters kept: "żal" is not "zal"), guesses in one ``/daily-guess``,
and reads the board, the verdicts and the result in Polish."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC
from pathlib import Path

import pytest

from bot.i18n.catalogue import text
from core.daily import DAILY_RULES, DAILY_SECONDS, day_number
from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.daily_helpers import at, attempt_of, latest, open_daily, set_time
from tests.bot.discord.test_language_rounds_more import BASE, POLISH_ONLY
from tests.bot.discord.test_server_config import config
from tests.bot.harness import Clock, Harness, bot_session


@pytest.fixture
async def game(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon, lexicons: dict[str, Lexicon]
) -> AsyncIterator[Harness]:
    async with bot_session(standin, database, clock, lexicon, lexicons=lexicons) as h:
        await config(h, "set", language="pl")
        yield h


async def test_a_polish_daily_keeps_its_letters_and_speaks_polish(
    game: Harness, lexicons: dict[str, Lexicon]
) -> None:
    set_time(game.clock, at(2026, 6, 1, 12, 0, UTC))
    number = day_number(at(2026, 6, 1, 12, 0, UTC).date())
    message = await open_daily(game)  # no language: the server's, Polish
    attempt = await attempt_of(game)
    assert attempt.language == "pl"
    board = await game.services.daily.board_of(attempt)
    assert all(w in lexicons["pl"] for w in board.words)
    name = text("language_names.pl", "pl")
    assert message.content.startswith(text("daily.title", "pl", number=number, lang=name))
    assert text("daily.how", "pl") in message.content
    assert text("daily.no_words_yet", "pl") in message.content

    polish = sorted(
        (w for w in board.words if set(w) & set(POLISH_ONLY)), key=lambda w: (len(w), w)
    )
    plain = sorted((w for w in board.words if not set(w) & set(POLISH_ONLY)), key=len)
    assert polish, "a Polish board has words with Polish letters"
    word, other = polish[0], plain[0]
    stripped = "".join(BASE.get(ch, ch) for ch in word)  # "zal" for "żal": another word or none
    game.clock.advance(20)
    handle = await game.standin.slash(
        "boggle", "alice", "daily-guess", {"words": f"{word.upper()} {other} {stripped}"}
    )
    reply = (await handle.followup()).content
    assert f"✅ **{word}** +{DAILY_RULES.points(word)}" in reply
    assert f"✅ **{other}** +{DAILY_RULES.points(other)}" in reply
    if stripped not in board.words:  # refused, naming the board's word: "żal, nie zal"
        assert f"✅ **{stripped}**" not in reply
        assert f", nie {stripped}: " in reply
    game.clock.advance(DAILY_SECONDS)
    title = text("daily.result_title", "pl", number=number, lang=name)
    result = await latest(game.standin, "alice", message, title)
    assert result.content.startswith(title)
    assert word in result.content and other in result.content
    assert text("daily.share_hint", "pl") in result.content
    stored = game.query(
        "SELECT word, verdict FROM daily_guesses WHERE attempt_id = ? ORDER BY id", (attempt.id,)
    )
    assert (word, "accepted") in stored and (other, "accepted") in stored
