"""A round's achievements, checked inside its finish: through the real client and the stand-in,
the line under the results in a server whose time zone makes it night (and, one short, morning);
a finish that fails after the check remembers nothing of it (the tiers are awarded and told by
the finish that is kept); and every measure a round earns, at its threshold and one short."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.stores import Storage
from core.board import Board
from core.lexicon import Lexicon
from core.round import Mode
from standin import StandIn
from tests.bot.achievements.test_service import GUILD, NOON, codes, play, service
from tests.bot.discord.test_seasons import at
from tests.bot.discord.test_server_config import config
from tests.bot.harness import StoppedClock, bot_session
from tests.bot.web.test_page_achievements import word_of


async def test_the_line_under_the_results_tells_the_servers_night(
    standin: StandIn, database: Path, lexicon: Lexicon
) -> None:
    clock = StoppedClock(at(2026, 3, 10, 17, 30))  # 02:30 in Tokyo
    async with bot_session(standin, database, clock, lexicon) as game:
        await standin.add_member("bob", "Bob")
        await config(game, "set", timezone="Asia/Tokyo")
        await game.start_round()
        word, _ = word_of(game, 3)
        await game.say("alice", word)
        await game.wait_for_guess("alice", word)
        results = await game.end_round()
        line = await standin.wait_for_message(
            "boggle", lambda m: m.content.startswith("🏅"), 5, after=results.id
        )
        assert line.content == "🏅 Alice: First word, Night owl"

        # 19:57 UTC: the round ends at 05:00 in Tokyo, morning and no longer night.
        clock.now = at(2026, 3, 10, 19, 57)
        _, board = await game.start_round()
        three, _ = word_of(game, 3)
        five, _ = word_of(game, 5)
        await game.say("alice", three)
        await game.say("bob", five)
        await game.wait_for_guess("bob", five)
        clock.advance(game.live().game.deadline - clock() + 1)
        results = await standin.wait_for_message(
            "boggle", lambda m: "Round over" in m.content, 5, after=board.id
        )
        line = await standin.wait_for_message(
            "boggle", lambda m: m.content.startswith("🏅"), 5, after=results.id
        )
        told = dict(part.split(": ", 1) for part in line.content.removeprefix("🏅 ").split(" · "))
        assert told == {"Bob": "First word, Winner I, Early bird", "Alice": "Early bird"}
        rows = game.query(
            "SELECT user_id, code FROM achievements WHERE code IN ('night_owl', 'early_bird')"
        )
        alice, bob = game.user_id("alice"), game.user_id("bob")
        assert sorted(map(tuple, rows)) == sorted(
            [(alice, "night_owl"), (alice, "early_bird"), (bob, "early_bird")]
        )


async def test_a_line_owed_when_the_bot_stops_goes_out_after_the_restart(
    standin: StandIn, database: Path, lexicon: Lexicon
) -> None:
    """The bot stops just after a round's results: the line is owed in the round's finish, so
    the next start tells it, once (it lived in memory, and was lost)."""
    clock = StoppedClock(at(2026, 3, 10, 12))
    async with bot_session(standin, database, clock, lexicon) as game:
        await game.start_round()
        word, _ = word_of(game, 3)
        await game.say("alice", word)
        await game.wait_for_guess("alice", word)
        results = await game.end_round()
        # Discord holds the next post (the line) past the stop.
        standin.faults.rate_limit("POST /channels/{channel_id}/messages", 5, retry_after=30)
    standin.faults.clear()
    assert not [m for m in standin.messages("boggle") if m.content.startswith("🏅")]
    async with bot_session(standin, database, clock, lexicon) as game:
        line = await standin.wait_for_message(
            "boggle", lambda m: m.content.startswith("🏅"), 10, after=results.id
        )
        assert line.content == "🏅 Alice: First word"
        owed = "SELECT id FROM outbox WHERE sent_at IS NULL AND given_up IS NULL"
        await standin.wait_until(lambda: not game.query(owed), 5)
    assert len([m for m in standin.messages("boggle") if m.content.startswith("🏅")]) == 1


async def test_a_finish_that_fails_after_the_check_remembers_nothing(
    storage: Storage, lexicon: Lexicon
) -> None:
    achievements, told = service(storage)

    def fail() -> None:
        raise RuntimeError("the finish failed after the check")

    with pytest.raises(RuntimeError):
        await play(storage, lexicon, {1: ("quartz",)}, achievements=achievements, then=fail)
    assert await storage.earned(GUILD, 1) == []  # rolled back with the finish
    ended = await play(storage, lexicon, {1: ("quartz",)}, achievements=achievements, channel=9)
    earned = await achievements.round_ended(ended)
    assert earned is not None and told == [earned]
    first = {("first_word", 1), ("qu_word", 1), ("long_word", 6)}
    assert {(c, t) for p, c, t in earned.awards} == first
    assert {(c, t) for c, t, _ in await storage.earned(GUILD, 1)} == first


def made_up(count: int, length: int, tag: str) -> tuple[str, ...]:
    """``count`` distinct made-up words of ``length`` letters (no "qu"), marked by ``tag``."""
    letters = "bcdfghjklmnprstvwxyz"
    words = []
    for n in range(count):
        digits = ""
        for _ in range(length - 1):
            n, digit = divmod(n, len(letters))
            digits += letters[digit]
        words.append(tag + digits)
    assert len(set(words)) == count
    return tuple(words)


EIGHT, SIX, FIVE, SEVEN = (
    made_up(9, 8, "e"),
    made_up(9, 6, "s"),
    made_up(9, 5, "f"),
    made_up(2, 7, "v"),
)
THREE = made_up(100, 3, "t") + made_up(20, 4, "w")  # 120 words of a point
HOUR = 3600.0
BOARDS = {side: Board.parse("/".join(["catdogs"[:side]] * side)) for side in (3, 4, 5, 6)}


@dataclass(frozen=True)
class Case:
    """A round that earns ``award`` for player 1, and one that falls one short of it."""

    award: tuple[str, int]
    reach: Mapping[int, tuple[str, ...]]
    short: Mapping[int, tuple[str, ...]]
    mode: Mode = Mode.CLASSIC
    side: int = 4
    short_mode: Mode | None = None
    short_side: int | None = None
    hour: float = 12.0
    short_hour: float | None = None
    solution: tuple[str, ...] = (*EIGHT, *SIX, *FIVE, *SEVEN, *THREE)


CASES = [
    Case(("round_points", 50), {1: (*EIGHT[:4], *SIX[:2])}, {1: (*EIGHT[:4], SIX[0], FIVE[0])}),
    Case(("round_words", 20), {1: THREE[:20]}, {1: THREE[:19]}),
    Case(("round_share", 50), {1: THREE[:60]}, {1: THREE[:59]}, solution=THREE),  # of 120
    Case(
        ("crowd", 5), {p: (THREE[p],) for p in range(1, 6)}, {p: (THREE[p],) for p in range(1, 5)}
    ),
    Case(("casual", 1), {1: THREE[:1]}, {1: THREE[:1]}, Mode.CASUAL, short_mode=Mode.CLASSIC),
    Case(("race_win", 1), {1: FIVE[:1], 2: THREE[:1]}, {1: THREE[:1], 2: FIVE[:1]}, Mode.RACE),
    Case(
        ("small_win", 1),
        {1: FIVE[:1], 2: THREE[:1]},
        {1: FIVE[:1], 2: THREE[:1]},
        side=3,
        short_side=4,
    ),
    Case(("big_board", 1), {1: THREE[:1]}, {1: THREE[:1]}, side=6, short_side=5),
    Case(
        ("classic_margin", 20),
        {1: (EIGHT[0], SIX[0], FIVE[0], SEVEN[0]), 2: THREE[2:3]},  # 21 against 1
        {1: (EIGHT[0], SIX[0], FIVE[0], SEVEN[0]), 2: THREE[2:4]},  # 21 against 2
    ),
    Case(("sole_long", 1), {1: SEVEN[:1]}, {1: SEVEN[:1], 2: SEVEN[:1]}),  # shared: struck
    Case(("long_word", 6), {1: SIX[:1]}, {1: FIVE[:1]}),
    Case(("night_owl", 1), {1: THREE[:1]}, {1: THREE[:1]}, hour=5 - 1 / 3600, short_hour=5),
    Case(("early_bird", 1), {1: THREE[:1]}, {1: THREE[:1]}, hour=5, short_hour=8),
    Case(("wins", 1), {1: FIVE[:1], 2: THREE[:1]}, {1: THREE[:1], 2: FIVE[:1]}),
]


@pytest.mark.parametrize("case", CASES, ids=[f"{c.award[0]}-{c.award[1]}" for c in CASES])
async def test_each_round_measure_at_its_threshold_and_one_short(
    storage: Storage, lexicon: Lexicon, case: Case
) -> None:
    """The same round played twice by different players: the first reaches the tier, the
    second falls one short of it (a point, a word, a player, a mode, a side, a second)."""
    solution = case.solution
    day = NOON - 12 * HOUR
    reach = await one_round(
        storage, lexicon, case.reach, case.mode, case.side, day + case.hour * HOUR, solution, 0
    )
    short_hour = case.short_hour if case.short_hour is not None else case.hour
    short = await one_round(
        storage, lexicon, case.short, case.short_mode or case.mode,
        case.short_side or case.side, day + short_hour * HOUR, solution, 100,
    )  # fmt: skip
    assert case.award in reach, reach
    assert case.award not in short, short


async def one_round(
    storage: Storage,
    lexicon: Lexicon,
    found: Mapping[int, tuple[str, ...]],
    mode: Mode,
    side: int,
    now: float,
    solution: tuple[str, ...],
    offset: int,
) -> set[tuple[str, int]]:
    """A round the players ``offset + p`` play at ``now``: the tiers player ``offset + 1`` earns."""
    achievements, _ = service(storage, now)
    players = {offset + p: words for p, words in found.items()}
    ended = await play(
        storage, lexicon, players, mode, solution, achievements, channel=offset + 10,
        board=BOARDS[side],
    )  # fmt: skip
    return codes(await achievements.round_ended(ended), offset + 1)
