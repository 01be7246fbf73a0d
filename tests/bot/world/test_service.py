"""The world round's service on a stopped clock: a round taken between its instants only, words
judged and kept, and two processes on one database opening and closing each round once, each
posting to its own servers' channels."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

import pytest

from bot.kernel.codec import loads
from bot.kernel.lexicons import Lexicons
from bot.kernel.outbox import Outbox, Post
from bot.kernel.refusal import Refusal
from bot.kernel.scheduler import Scheduler
from bot.stores import Storage
from bot.world.model import (
    BOARD_POST,
    RESULTS_POST,
    WorldChannel,
    WorldEntry,
    WorldGuessed,
    WorldPlay,
    WorldRoundPost,
)
from bot.world.service import CLOSE_GRACE, WorldService
from core.lexicon import Lexicon
from core.round import Verdict
from core.world import WORLD_RATE, Entry, Rhythm, ranking
from tests.bot.harness import StoppedClock
from tests.core.brute import brute_score
from tests.stores import ENGINES, postgres_target

RHYTHM = Rhythm(every=180, play=120)
NUMBER = 10_000_000
T0 = RHYTHM.opens_at(NUMBER)


class Sent:
    """What one process's outbox delivered: (channel, kind, round number)."""

    def __init__(self) -> None:
        self.posts: list[tuple[int, str, int]] = []

    async def deliver(self, post: Post) -> None:
        about = loads(WorldRoundPost, post.payload)
        self.posts.append((post.channel_id, post.kind, about.number))


@asynccontextmanager
async def process(
    target: str,
    clock: StoppedClock,
    lexicon: Lexicon,
    owns: Callable[[int], bool],
    rate: float = WORLD_RATE,
) -> AsyncIterator[tuple[WorldService, Sent, Scheduler]]:
    """A bot process's world round: its storage, scheduler, outbox and service, started; its
    world posts at ``rate`` a second, bot-wide."""
    storage = await Storage.open(target)
    scheduler = Scheduler(clock)
    outbox = Outbox(storage, scheduler, clock, owns)
    sent = Sent()
    outbox.deliver_with({BOARD_POST: sent.deliver, RESULTS_POST: sent.deliver})
    service = WorldService(
        storage, Lexicons(loaded={"en": lexicon}), scheduler, outbox, clock, owns, RHYTHM, rate=rate
    )
    scheduler.start()
    outbox.start()
    await service.start()
    try:
        yield service, sent, scheduler
    finally:
        await scheduler.close()
        await storage.close()


def guessed(result: WorldGuessed | Refusal) -> WorldGuessed:
    assert isinstance(result, WorldGuessed), result
    return result


async def test_a_round_takes_words_from_its_opening_to_its_close(
    tmp_path: Path, lexicon: Lexicon
) -> None:
    clock = StoppedClock(T0 - 5)
    async with process(str(tmp_path / "w.db"), clock, lexicon, lambda g: True) as (world, _, _):
        between = await world.play(7, "Ann", "en", 1, 10)
        assert isinstance(between, Refusal) and between.key == "world_round.between"
        assert between.reason.fields == {"opens": f"<t:{int(T0)}:R>"}
        clock.now = T0 + 5
        play = await world.play(7, "Ann", "en", 1, 10)
        assert isinstance(play, WorldPlay) and play.closes_at == T0 + 120
        short, long = sorted(play.board.words, key=len)[0], max(play.board.words, key=len)
        first = guessed(await world.guess(7, "Ann", "en", 1, 10, f"{short} zzqx"))
        assert [j.verdict for j in first.judgements] == [Verdict.ACCEPTED, Verdict.NOT_A_WORD]
        clock.now = T0 + 119.5
        again = guessed(await world.guess(7, "Ann", "en", 2, 20, f"{short} {long}"))
        assert [j.verdict for j in again.judgements] == [Verdict.ALREADY_FOUND, Verdict.ACCEPTED]
        entry = again.play.entry
        assert (entry.guild_id, entry.channel_id) == (1, 10)  # where Ann joined first
        assert entry.points == brute_score(short, 3) + brute_score(long, 3)
        assert (entry.words, entry.last_at) == (2, 119.5)
        clock.now = T0 + 120
        late = await world.guess(7, "Ann", "en", 1, 10, long)
        assert isinstance(late, Refusal) and late.key == "world_round.between"


@pytest.mark.parametrize("engine", ENGINES)
async def test_two_processes_open_and_close_each_round_once(
    engine: str, tmp_path: Path, lexicon: Lexicon
) -> None:
    clock = StoppedClock(T0 - 30)
    async with AsyncExitStack() as stack:
        if engine == "sqlite":
            target = str(tmp_path / "w.db")
        else:
            target = (await stack.enter_async_context(postgres_target())).target
        a, sent_a, clock_a = await stack.enter_async_context(
            process(target, clock, lexicon, lambda g: g == 1)
        )
        b, sent_b, clock_b = await stack.enter_async_context(
            process(target, clock, lexicon, lambda g: g == 2)
        )
        await a.set_channel(WorldChannel(1, 10, "en"))
        await b.set_channel(WorldChannel(2, 20, "en"))
        clock.now = T0 + 1
        for scheduler in (clock_a, clock_b):
            await scheduler.caught_up()
        assert sent_a.posts == [(10, BOARD_POST, NUMBER)]
        assert sent_b.posts == [(20, BOARD_POST, NUMBER)]

        board = await a.board("en", NUMBER)
        assert board == await b.board("en", NUMBER)  # one secret, one board
        words = sorted(board.words, key=lambda w: (-len(w), w))
        plays = {7: (a, 1, 10, words[:2]), 8: (b, 2, 20, words[2:3]), 9: (b, 2, 20, words[:1])}
        for player, (service, guild, channel, found) in plays.items():
            clock.now = T0 + player
            guessed(
                await service.guess(player, f"P{player}", "en", guild, channel, " ".join(found))
            )
        clock.now = T0 + 120 + CLOSE_GRACE
        for scheduler in (clock_a, clock_b):
            await scheduler.caught_up()
        assert sent_a.posts[1:] == [(10, RESULTS_POST, NUMBER)]
        assert sent_b.posts[1:] == [(20, RESULTS_POST, NUMBER)]
        expected = ranking(
            Entry(p, sum(brute_score(w, 3) for w in found), len(found), float(p))
            for p, (_, _, _, found) in plays.items()
        )
        ranked = await a.store.world_ranked("en", NUMBER)
        assert [(e.player_id, e.rank, e.points) for e in ranked] == [
            (r.player, r.rank, r.points) for r in expected
        ]
        assert not await a.close("en", NUMBER) and not await b.close("en", NUMBER)


@pytest.mark.parametrize("engine", ENGINES)
async def test_guesses_at_once_share_transactions_each_stored_before_answered(
    engine: str, tmp_path: Path, lexicon: Lexicon
) -> None:
    clock = StoppedClock(T0 + 5)
    async with AsyncExitStack() as stack:
        if engine == "sqlite":
            target = str(tmp_path / "w.db")
        else:
            target = (await stack.enter_async_context(postgres_target())).target
        world, _, _ = await stack.enter_async_context(process(target, clock, lexicon, bool))
        words = sorted((await world.board("en", NUMBER)).words)[:4]
        players = range(1, 41)
        for player in players:  # joined first: the guesses below only add words
            assert isinstance(await world.play(player, f"P{player}", "en", 1, 10), WorldPlay)
        answered: dict[int, list[str]] = {}

        async def guess(player: int) -> None:
            found = guessed(await world.guess(player, f"P{player}", "en", 1, 10, " ".join(words)))
            mine = [j.word for j in found.judgements if j.verdict is Verdict.ACCEPTED]
            assert await world.store.world_words("en", NUMBER, player) == sorted(mine)
            answered[player] = mine

        before = world.writer.batches
        await asyncio.gather(*(guess(p) for p in players))
        assert all(answered[p] == words for p in players)
        assert world.writer.batches - before < len(players) / 2  # shared transactions

        later = range(41, 81)
        for player in later:
            assert isinstance(await world.play(player, f"P{player}", "en", 1, 10), WorldPlay)
        guesses = [world.guess(p, f"P{p}", "en", 1, 10, words[0]) for p in later]
        closing = asyncio.ensure_future(
            world.store.close_world_round("en", NUMBER, T0 + 6, lambda _: [])
        )
        late = await asyncio.gather(*guesses)
        ranked = await closing
        assert ranked is not None
        scored = {r.player for r in ranked}
        for player, result in zip(later, late, strict=True):
            if isinstance(result, Refusal):  # the close came first: nothing stored
                assert result.key == "world_round.closed" and player not in scored
                assert await world.store.world_words("en", NUMBER, player) == []
            else:  # stored before the close: ranked
                assert player in scored
        assert len(scored) == len(players) + sum(not isinstance(r, Refusal) for r in late)


async def test_channels_asking_for_results_at_once_read_them_once(
    tmp_path: Path, lexicon: Lexicon
) -> None:
    """A process's results posts ask for the round's results together, at the close: the first
    reads every ranked entry, the others wait for it (each reading 2,000 entries again stalled
    the bot's event loop for 100-300 ms, bench_world --standin)."""
    clock = StoppedClock(T0 + 1)
    async with process(str(tmp_path / "w.db"), clock, lexicon, lambda g: True) as (world, _, _):
        board = await world.board("en", NUMBER)
        for player in range(5):
            guessed(await world.guess(player, f"P{player}", "en", 1, 10, min(board.words)))
        clock.now = T0 + 120 + CLOSE_GRACE
        assert await world.close("en", NUMBER)
        reads = 0
        ranked = world.store.world_ranked

        async def counted(language: str, number: int) -> list[WorldEntry]:
            nonlocal reads
            reads += 1
            return await ranked(language, number)

        world.store.world_ranked = counted  # type: ignore[method-assign]
        drawn = await asyncio.gather(*(world.results("en", NUMBER) for _ in range(20)))
        assert reads == 1 and all(d is drawn[0] for d in drawn)
        assert [e.player_id for e in drawn[0].ranked] == list(range(5))


async def test_a_refused_world_guess_uses_the_boards_own_misspellings(
    tmp_path: Path, lexicon: Lexicon
) -> None:
    """Each guess rebuilds its judge; a refused word asks the board's misspellings, built once
    a board (not at every guess: 0.8 ms a guess on an English board)."""
    clock = StoppedClock(T0 + 1)
    async with process(str(tmp_path / "w.db"), clock, lexicon, lambda g: True) as (world, _, _):
        board = await world.board("en", NUMBER)
        assert board.misspellings._by_plain is None  # nothing refused yet
        refused = guessed(await world.guess(7, "Ann", "en", 1, 10, "zzqx"))
        assert [j.verdict for j in refused.judgements] == [Verdict.NOT_A_WORD]
        built = board.misspellings._by_plain
        assert built is not None
        guessed(await world.guess(8, "Bob", "en", 1, 10, "qqzx"))
        assert board.misspellings._by_plain is built  # the same index, not built again
