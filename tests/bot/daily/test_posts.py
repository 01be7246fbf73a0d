"""The end-of-day posts owed without Discord, on both engines: a server whose reads fail holds
back no other (it is owed on a later look), each post owed once with its claim, and what the
outbox keeps is the day as it was (the board, the fair ranking, the missed words, the battle)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from bot.daily.posts import DAILY_POST, RETRY, DailyPost, DailyPoster
from bot.daily.service import DailyService
from bot.kernel import codec
from bot.kernel.lexicons import Lexicons
from bot.kernel.scheduler import Scheduler
from bot.server_settings.service import ServerSettingsService
from bot.stores import Storage
from core.battles import BattlePlace
from core.daily import DAILY_POST_DELAY
from core.lexicon import Lexicon
from tests.bot.daily.attempts import DAY, play
from tests.bot.harness import StoppedClock
from tests.bot.kernel.memory_outbox import outbox_kept

AFTER = datetime(2026, 3, 15, tzinfo=UTC).timestamp() + DAILY_POST_DELAY + 1  # DAY is over


def poster(
    storage: Storage, lexicon: Lexicon, clock: StoppedClock, failing: set[int]
) -> DailyPoster:
    """A poster whose battle table fails to read for the servers in ``failing``."""

    async def places(guild: int, language: str, day: date) -> BattlePlace | None:
        if guild in failing:
            raise ConnectionError("the battle table did not answer")
        return BattlePlace(2, 340, 9) if guild == 2 else None

    scheduler = Scheduler(clock)
    settings = ServerSettingsService(storage)
    lexicons = Lexicons(loaded={"en": lexicon})
    daily = DailyService(storage, settings, lexicons, clock, scheduler=scheduler)
    outbox = outbox_kept(storage, clock)
    return DailyPoster(storage, daily, outbox, clock, lambda g: True, scheduler, places)


async def owed(storage: Storage, channel: int) -> list[DailyPost]:
    posts = await storage.channel_posts(channel)
    assert all(p.kind == DAILY_POST for p in posts)
    return [codec.loads(DailyPost, p.payload) for p in posts]


async def test_a_server_whose_reads_fail_holds_back_no_other(
    storage: Storage, lexicon: Lexicon
) -> None:
    for guild in (1, 2):
        await storage.set_daily_channel(guild, guild * 10)
        await play(storage, guild * 10 + 7, 3, guild=guild)
        await play(storage, guild * 10 + 8, 5, guild=guild)
    await play(storage, 29, 9, guild=2, flagged=True)  # ranked nowhere
    clock, failing = StoppedClock(AFTER), {1}
    posts = poster(storage, lexicon, clock, failing)
    assert await posts.post_due() == 1  # server 2's, though server 1's failed before it
    assert await owed(storage, 10) == []
    (second,) = await owed(storage, 20)
    assert (second.guild_id, second.day, second.language, second.board_language) == (
        2,
        DAY.isoformat(),
        "en",
        "en",
    )
    assert [(r.rank, r.player_id, r.points) for r in second.ranking] == [(1, 28, 5), (2, 27, 3)]
    board = await posts.daily.board(DAY, "en")
    assert (second.number, second.board) == (board.number, board.board)
    assert set(second.missed) == set(board.words) - {f"w{n:03}" for n in range(5)}
    assert second.battle == BattlePlace(2, 340, 9)
    assert (await posts._pass())[1] == clock() + RETRY  # server 1 is looked at again soon

    failing.clear()
    assert await posts.post_due() == 1
    (first,) = await owed(storage, 10)
    assert first.guild_id == 1 and first.battle is None
    assert await posts.post_due() == 0  # owed once, each
    clock.advance(86400)  # the next day ended with nothing played: nothing is owed
    assert await posts.post_due() == 0
    assert len(await owed(storage, 10)) == len(await owed(storage, 20)) == 1
    next_end = datetime(2026, 3, 17, tzinfo=UTC).timestamp() + DAILY_POST_DELAY
    assert (await posts._pass())[1] == next_end  # the day after's end
