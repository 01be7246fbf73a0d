"""A round in every language the game speaks, through the real client and the stand-in: the
board in the language's capitals, a word typed with its diacritics (✅, its exact points) and
without (the same word, no second score; or, where a mark makes another letter, refused naming
the word), and the results post in the language. Each language's case is its
``languages/<code>.toml`` (``language_cases.py``); a language without one fails.

One bot and one stand-in serve every language (a module's event loop); each language's lexicon
comes from the run's cache, loaded by the bot itself on the language's first round.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Iterator, Mapping

import pytest
import pytest_asyncio

import bot.rounds.rolling
from bot.i18n.catalogue import text
from core.board import Board
from core.dice import DiceSet
from core.languages import LANGUAGE_CODES, language
from core.lexicon import Lexicon
from core.solver import Path as WordPath
from core.solver import solve
from standin.testing import running_standin
from tests.bot.harness import Clock, Harness, bot_session
from tests.bot.rounds.language_cases import LanguageCase, read_case

pytestmark = pytest.mark.asyncio(loop_scope="module")

# Capitals Python's str.upper() gets wrong for a language (Turkish dotted and dotless i).
CAPITALS: Mapping[str, Mapping[str, str]] = {"tr": {"i": "İ", "ı": "I"}}


class ForcedBoard:
    """The next round's board, whatever the dice roll (the roll is the bot's own otherwise)."""

    def __init__(self) -> None:
        self.board: Board | None = None

    def roll(
        self, dice: DiceSet, rng: random.Random, lexicon: Lexicon, min_length: int, *_: object
    ) -> tuple[Board, dict[str, WordPath]]:
        assert self.board is not None, "no board forced for this round"
        return self.board, solve(self.board, lexicon, min_length)


@pytest.fixture(scope="module")
def forced() -> Iterator[ForcedBoard]:
    chosen = ForcedBoard()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(bot.rounds.rolling, "roll_with_floor", chosen.roll)
        yield chosen


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def play(
    tmp_path_factory: pytest.TempPathFactory, english: Lexicon, forced: ForcedBoard
) -> AsyncIterator[Harness]:
    """One bot for every language: English at hand, the others loaded on their first round."""
    database = tmp_path_factory.mktemp("each-language") / "boggle.sqlite3"
    async with (
        running_standin() as standin,
        bot_session(standin, database, Clock(), english) as game,
    ):
        yield game


def capitals(code: str, face: str) -> str:
    """A face as the board shows it in ``code``: its first letter a capital ("Qu", "Ł")."""
    first = CAPITALS.get(code, {}).get(face[0], face[0].upper())
    return first + face[1:]


@pytest.mark.parametrize("code", LANGUAGE_CODES)
async def test_a_round_in_each_language(
    play: Harness, forced: ForcedBoard, lexicons: Mapping[str, Lexicon], code: str
) -> None:
    case = read_case(code)
    lexicon = lexicons[code]  # in the run's cache (built there first if it lacked it)
    forced.board = case.board
    try:
        await _play(play, case, lexicon)
    finally:
        forced.board = None
        with contextlib.suppress(Exception):  # a failure leaves no round for the next language
            await play.services.rounds.live_rounds.stop(play.channel_id())


async def _play(play: Harness, case: LanguageCase, lexicon: Lexicon) -> None:
    code, standin = case.code, play.standin
    folded = language(code).fold(case.word)
    assert folded is not None
    since = max(standin.world.messages, default=0)
    options = {"language": code, "size": 4, "mode": "casual", "time": "5m"}
    handle = await standin.slash("boggle", "alice", "boggle start", options)
    board = await standin.wait_for_message(
        "boggle", lambda m: "**Boggle**" in m.content, 10, after=since
    )
    await handle.followup()
    grid = board.content.split("```")[1].split()
    assert grid == [capitals(code, face) for face in case.faces]

    round_id = play.live().id
    typed = await play.say("bob", case.word)
    assert await guesses(play, round_id) == [(folded, "accepted", case.points)]
    await standin.wait_until(lambda: "✅" in typed.reactions, 10)

    plain = language(code).fold(case.plain)
    assert plain is not None
    await play.say("bob", case.plain)
    if case.plain_accepted:
        assert plain == folded, f"{case.plain!r} does not read as {case.word!r}"
    else:
        assert plain != folded, f"{case.plain!r} reads as {case.word!r}: plain_accepted = true"
    judged = (await guesses(play, round_id, 2))[1]
    if case.plain_accepted:  # the same word: no second score
        assert judged == (folded, "already_found", 0)
    else:
        assert judged[0] == plain and judged[1] in ("not_a_word", "not_on_board")
        spelled = lexicon.spelling(folded)
        reason = text("reasons.meant", code, meant=spelled)
        assert spelled in reason
        await standin.wait_until(lambda: reason in standin.world.messages[board.id].content, 10)
        handle = await standin.slash("boggle", "bob", "guess", {"words": case.plain})
        reply = (await handle.original_message(10)).content
        assert reply == text("verdicts.meant", code, meant=spelled, word=case.plain)

    headline = text("results.headline", code, shape="").split("·")[0]
    play.clock.advance(play.live().game.deadline - play.clock() + 1)
    first = await standin.wait_for_message(
        "boggle", lambda m: m.content.startswith(headline), 10, after=board.id
    )
    results = play.text_since(first)
    assert case.results in results
    shown = {case.word.lower(), lexicon.spelling(folded)}  # the player's spelling or the list's
    assert any(f"{word} {case.points}" in results for word in shown), results
    points = play.query(
        "SELECT player_id, points FROM round_results WHERE round_id = ?", (round_id,)
    )
    assert points == [(play.user_id("bob"), case.points)]
    await standin.wait_until(lambda: play.services.rounds.live == {}, 10)


async def guesses(play: Harness, round_id: int, count: int = 1) -> list[tuple[object, ...]]:
    """Bob's guesses in the round once ``count`` are stored: word, verdict, points."""
    sql = (
        "SELECT word, verdict, points FROM guesses WHERE round_id = ? AND player_id = ? ORDER BY id"
    )
    args = (round_id, play.user_id("bob"))
    async with asyncio.timeout(10):
        while len(rows := play.query(sql, args)) < count:
            await play.services.writer.flush()
            await asyncio.sleep(0.02)
    return rows
