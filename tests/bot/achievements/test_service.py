"""Achievements on both engines, from real rounds' results (core's Round, stored as the round
service stores them): earned by play that reaches a tier and not by play one short; awarded once
when two storages (two processes) finish rounds at once; the backfill gives history's tiers
silently, once."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping

from bot.achievements.events import AchievementsEarned
from bot.achievements.service import AchievementService
from bot.kernel.events import EventBus
from bot.kernel.outbox import Outbox
from bot.kernel.scheduler import Scheduler
from bot.rounds.events import RoundEnded
from bot.rounds.model import GuessRow
from bot.rounds.store import Totals
from bot.rounds.view import RoundView
from bot.server_settings.service import ServerSettingsService
from bot.storage.database import Session
from bot.stores import Storage
from core.board import Board
from core.lexicon import Lexicon
from core.round import Mode, Round, Rules, Verdict
from tests.bot.harness import StoppedClock
from tests.bot.kernel.memory_outbox import outbox_kept
from tests.stores import StoreTarget

GUILD = 300
NOON = 1_780_000_000.0 - 1_780_000_000.0 % 86400 + 12 * 3600  # 12:00 UTC: no night, no morning
TOP = ("elephants", "elephant", "planets", "quartz", "stones", "stone", "dogs", "cats", "lime")
WORDS = (*TOP, "rent", "mile", "cat", "dog", "ten", "net", "act", "tag")
BOARD = Board.parse("cato/dogs/rent/lime")


def service(
    storage: Storage, now: float = NOON
) -> tuple[AchievementService, list[AchievementsEarned]]:
    """The service on a clock stopped at ``now``, and what it tells."""
    events = EventBus()
    told: list[AchievementsEarned] = []
    events.subscribe(AchievementsEarned, told.append)
    return (
        AchievementService(
            storage, ServerSettingsService(storage), events, lambda: now, outbox_kept(storage)
        ),
        told,
    )


async def play(
    storage: Storage,
    lexicon: Lexicon,
    found: Mapping[int, tuple[str, ...]],
    mode: Mode = Mode.CLASSIC,
    solution: tuple[str, ...] = WORDS,
    achievements: AchievementService | None = None,
    channel: int = GUILD + 1,
    board: Board = BOARD,
    then: Callable[[], None] = lambda: None,
) -> RoundEnded:
    """A finished round on ``board`` (4x4) whose words are ``solution``, stored as the round
    service stores it (the achievements' part in its finish, when given, then ``then``, in the
    same transaction); its RoundEnded."""
    game = Round.start(board, lexicon, Rules(mode), NOON, solution={w: () for w in solution})
    for player, words in found.items():
        for word in words:
            game.restore(player, word, NOON - 10)
    results = game.results()
    stored = await storage.create_round(
        guild_id=GUILD, channel_id=channel, starter_id=1, board=board, dice="classic",
        mode=mode, min_length=3, started_at=NOON - 180, deadline=NOON,
    )  # fmt: skip
    await storage.record_guesses(
        [
            GuessRow(stored.id, p, w, Verdict.ACCEPTED, 1, NOON - 10)
            for p, ws in found.items()
            for w in ws
        ]
    )  # what the guess writer stores as the words come
    names = {p: f"P{p}" for p in found}
    view = RoundView(stored.id, GUILD, channel, 1, "en", board, game.rules, NOON, None, game, names)

    async def finishing(totals: Totals, session: Session) -> None:
        if achievements is not None:
            await achievements.round_finishing(view, results, totals, session)
        then()

    assert await storage.finish_round(stored.id, results, NOON, names, finishing)
    return RoundEnded(view, results, names)


def codes(earned: AchievementsEarned | None, player: int) -> set[tuple[str, int]]:
    return {(c, t) for p, c, t in (earned.awards if earned else ()) if p == player}


async def test_earned_by_play_and_not_one_short(storage: Storage, lexicon: Lexicon) -> None:
    achievements, told = service(storage)
    # Classic: 11 + 11 + 5 + 3 + ... against 1; a Qu word, the board's longest, its top ten.
    ended = await play(
        storage, lexicon, {1: (*TOP, "mile"), 2: ("cat",)}, achievements=achievements
    )
    earned = await achievements.round_ended(ended)
    assert told == [earned]
    one = codes(earned, 1)
    for want in [
        ("first_word", 1), ("qu_word", 1), ("long_word", 6), ("long_word", 8),
        ("board_longest", 1), ("top_ten", 1), ("classic_margin", 20), ("wins", 1),
        ("sole_long", 1), ("round_share", 50),
    ]:  # fmt: skip
        assert want in one, want
    assert ("long_word", 10) not in one and ("round_points", 50) not in one
    assert codes(earned, 2) == {("first_word", 1)}

    # One short: a margin of 19 (11 + 5 + 3 + 1 = 20 against 1), a 7-letter longest word on a
    # board whose longest is 9; nine of the top ten ("rent" is not, "mile" is); 49 words.
    ended = await play(
        storage,
        lexicon,
        {3: ("elephant", "planets", "quartz", "rent"), 4: ("cat",)},
        achievements=achievements,
    )
    short = codes(await achievements.round_ended(ended), 3)
    assert ("classic_margin", 20) not in short and ("board_longest", 1) not in short
    assert ("long_word", 8) in short
    ended = await play(storage, lexicon, {6: (*TOP, "rent")}, Mode.CASUAL, WORDS, achievements)
    nine = codes(await achievements.round_ended(ended), 6)
    assert ("top_ten", 1) not in nine and ("board_longest", 1) in nine
    many = tuple(f"w{chr(97 + i // 26)}{chr(97 + i % 26)}x" for i in range(60))
    ended = await play(storage, lexicon, {5: many[:49]}, Mode.CASUAL, many, achievements)
    assert ("words", 50) not in codes(await achievements.round_ended(ended), 5)
    ended = await play(storage, lexicon, {5: many[49:50]}, Mode.CASUAL, many, achievements)
    assert codes(await achievements.round_ended(ended), 5) == {("words", 50)}
    assert await achievements.round_ended(ended) is None  # told once
    ended = await play(storage, lexicon, {5: many[50:51]}, Mode.CASUAL, many, achievements)
    assert await achievements.round_ended(ended) is None  # nothing new: nothing told

    held = {h.progress.achievement.code: h for h in await achievements.held(GUILD, 5)}
    assert held["words"].progress.earned == 1 and held["words"].progress.next_tier == 500
    assert (
        held["first_word"].holders_percent == 100 and held["qu_word"].holders_percent == 50
    )  # 1, 3, 6 of six


async def test_two_processes_award_each_tier_once(
    store_target: StoreTarget, lexicon: Lexicon
) -> None:
    first, second = await store_target.open(), await store_target.open()
    try:
        a, _ = service(first)
        b, _ = service(second)
        found = {7: ("quartz", "stone"), 8: ("cat",)}
        ended = await asyncio.gather(
            play(first, lexicon, found, achievements=a),
            play(second, lexicon, found, achievements=b, channel=GUILD + 2),
        )  # two finishes at once, each awarding in its own transaction
        results = [await a.round_ended(ended[0]), await b.round_ended(ended[1])]
        awarded = [award for r in results if r is not None for award in r.awards]
        assert len(awarded) == len(set(awarded)) and (7, "qu_word", 1) in awarded
        rows = await store_target.rows(
            "SELECT user_id, code, tier FROM achievements ORDER BY user_id, code, tier"
        )
        assert sorted(awarded) == [tuple(r) for r in rows]
    finally:
        await first.close()
        await second.close()


async def test_the_backfill_is_silent_and_idempotent(storage: Storage, lexicon: Lexicon) -> None:
    await play(storage, lexicon, {1: ("quartz", "elephant"), 2: ("cat",)})
    achievements, told = service(storage)
    added = await achievements.backfill()
    assert added > 0 and told == []
    held = {(c, t) for c, t, _ in await storage.earned(GUILD, 1)}
    assert {("first_word", 1), ("qu_word", 1), ("long_word", 8), ("wins", 1)} <= held
    assert await achievements.backfill() == 0
    assert {(c, t) for c, t, _ in await storage.earned(GUILD, 2)} == {("first_word", 1)}


async def test_a_season_podium_is_earned_and_told(storage: Storage) -> None:
    from bot.seasons.service import SeasonService
    from tests.bot.seasons.seeding import seed

    await seed(storage, GUILD, {1: ["quartz"], 2: ["cat"], 3: ["dogs"], 4: []}, NOON - 40 * 86400)
    events = EventBus()
    told: list[AchievementsEarned] = []
    events.subscribe(AchievementsEarned, told.append)
    settings = ServerSettingsService(storage)
    AchievementService(storage, settings, events, lambda: NOON, outbox_kept(storage)).listen()
    clock = StoppedClock(NOON)
    scheduler = Scheduler(clock)
    outbox = Outbox(storage, scheduler, clock, lambda g: True)
    await SeasonService(
        storage, settings, events, clock, lambda g: True, scheduler, outbox
    ).close_due()
    await events.drain(5)
    assert [sorted(t.awards) for t in told] == [
        [(1, "season_champion", 1), (1, "season_podium", 1), (2, "season_podium", 1),
         (3, "season_podium", 1)]
    ]  # fmt: skip
