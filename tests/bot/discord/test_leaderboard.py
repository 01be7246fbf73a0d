"""``/leaderboard`` and ``/stats`` end to end (issue 10): periods across a week boundary on the
bot's clock, names as the server shows them now (and kept for a player who left), pages and
buttons (also after a restart), and statistics seen privately unless shared."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from bot.stores import Storage
from core.board import Board
from core.lexicon import Lexicon
from core.round import Mode, Rules, tally
from standin import StandIn
from standin.state import StoredMessage
from tests.bot.harness import Clock, Harness, bot_session

SUNDAY_EVENING = datetime(2026, 11, 22, 23, 0, tzinfo=UTC).timestamp()
BOARD = "cato/dogs/rent/lime"


def set_time(clock: Clock, at: float) -> None:
    clock.offset = at - (clock() - clock.offset)


def description(message: StoredMessage) -> str:
    text: str = message.embeds[0].get("description", "")
    return text


async def leaderboard(game: Harness, user: str, **options: object) -> StoredMessage:
    handle = await game.standin.slash("boggle", user, "leaderboard", options)
    return await handle.followup()


async def play_round(game: Harness, found: dict[str, int]) -> None:
    """A real round in #boggle: each player types their count of the board's shortest words."""
    live, board = await game.start_round("alice", mode="casual")
    words = game.words(live, max(found.values()))
    for player, count in found.items():
        await game.say(player, " ".join(words[:count]))
        await game.wait_for_guess(player, words[count - 1])
    game.clock.advance(live.game.deadline - game.clock() + 1)
    await game.standin.wait_for_message(
        "boggle", lambda m: "Round over" in m.content, after=board.id
    )


async def seed(storage: Storage, guild_id: int, found: dict[int, int], at: float) -> None:
    """A finished round stored as the round service stores one: player -> words found."""
    words = ["cat", "cats", "dog", "dogs", "act", "tag", "rent", "lime", "mile", "ten", "net"]
    stored = await storage.create_round(
        guild_id=guild_id,
        channel_id=1,
        starter_id=1,
        board=Board.parse(BOARD),
        dice="classic",
        mode=Mode.CASUAL,
        min_length=3,
        started_at=at - 180,
        deadline=at,
    )
    found_words = {player: words[:n] for player, n in found.items()}
    results = tally({w: () for w in words}, found_words, Rules(Mode.CASUAL))
    assert await storage.finish_round(stored.id, results, at, {p: f"Seed {p}" for p in found})


async def test_periods_across_a_week_boundary(game: Harness) -> None:
    set_time(game.clock, SUNDAY_EVENING)
    await play_round(game, {"alice": 3, "bob": 1})
    game.clock.advance(2 * 3600)  # Monday 01:00 UTC: a new day, week (and the same month)
    await play_round(game, {"bob": 2})

    week = description(await leaderboard(game, "carol", period="week"))
    assert "this week" in week and "Bob · 2 pts" in week and "Alice" not in week
    today = description(await leaderboard(game, "bob", period="today"))
    assert "🥇 **1.** Bob · 2 pts" in today and "**You:**" not in today
    month = description(await leaderboard(game, "alice", period="month"))
    assert month.index("Alice · 3 pts") < month.index("Bob · 3 pts")  # tied, by id
    words = description(await leaderboard(game, "alice", measure="words"))
    assert "**Words found** · all time" in words and "Alice · 3 words" in words


async def test_names_now_and_a_player_who_left(game: Harness) -> None:
    await play_round(game, {"alice": 2, "bob": 1})
    guild = game.standin.world.resolve_guild(next(iter(game.standin.world.guilds)))
    member = game.standin.world.member(guild.id, game.user_id("alice"))
    assert member is not None
    member.nick = "@everyone Queen"  # renamed since: the page shows the name now, harmlessly
    await game.standin.remove_member("bob")

    answer = await leaderboard(game, "carol")
    text = description(answer)
    assert "Queen · 2 pts" in text and "@everyone" not in text
    assert "Bob · 1 pt" in text  # left the server: the name kept from the round


async def test_paging_past_the_callers_rank_with_buttons(game: Harness) -> None:
    guild_id = game.standin.channel("boggle").guild_id
    assert guild_id is not None
    carol = game.user_id("carol")
    # 24 others ahead of carol: players 1..24 find 2-11 words; carol finds one.
    for n in range(24):
        await seed(game.services.storage, guild_id, {1000 + n: 2 + n % 10}, 1000.0 + n)
    await seed(game.services.storage, guild_id, {carol: 1}, 2000.0)

    first = await leaderboard(game, "carol", period="all")
    assert "**You:** #25 Carol · 1 pt" in description(first)
    assert first.embeds[0]["footer"]["text"] == "Page 1 of 3 · 25 players"
    previous, following = first.components[0]["components"]
    assert previous["disabled"] and not following.get("disabled")

    await game.standin.click(first, "carol", following["custom_id"])
    await game.standin.wait_until(lambda: "Page 2 of 3" in str(first.embeds))
    assert "**You:** #25 Carol" in description(first)
    following = first.components[0]["components"][1]
    await game.standin.click(first, "carol", following["custom_id"])
    await game.standin.wait_until(lambda: "Page 3 of 3" in str(first.embeds))
    last = description(first)
    assert "**25.** Carol · 1 pt" in last and "**You:**" not in last
    assert first.components[0]["components"][1]["disabled"]

    # Someone else's click: their own copy of that page, privately; carol's stays as it is.
    back = first.components[0]["components"][0]
    handle = await game.standin.click(first, "bob", back["custom_id"])
    mine = await handle.followup()
    assert mine.ephemeral and "Page 2 of 3" in str(mine.embeds)
    assert "not on this leaderboard" in description(mine)
    assert "Page 3 of 3" in str(first.embeds)


async def test_buttons_work_after_a_restart(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with bot_session(standin, database, clock, lexicon) as game:
        guild_id = game.standin.channel("boggle").guild_id
        assert guild_id is not None
        for n in range(12):
            await seed(game.services.storage, guild_id, {2000 + n: 1 + n % 10}, 1000.0 + n)
        first = await leaderboard(game, "alice", measure="best_round")
    async with bot_session(standin, database, clock, lexicon):
        following = first.components[0]["components"][1]
        await standin.click(first, "alice", following["custom_id"])
        await standin.wait_until(lambda: "Page 2 of 2" in str(first.embeds))
        assert "**Best round** · all time" in description(first)


async def test_stats_are_private_unless_shared(game: Harness) -> None:
    await play_round(game, {"alice": 3, "bob": 1})
    handle = await game.standin.slash("boggle", "alice", "stats", {})
    own = await handle.followup()
    fields = {f["name"]: f["value"] for f in own.embeds[0]["fields"]}
    assert own.ephemeral and own.embeds[0]["title"].startswith("📊 Alice")
    assert (fields["Rounds"], fields["Wins"], fields["Favourite size"]) == ("1", "1", "4x4")
    assert "1 round · 1 win" in fields["Casual"] and "in the last 10" in fields["Casual"]

    handle = await game.standin.slash("boggle", "carol", "stats", {"player": "bob", "share": True})
    shared = await handle.followup()
    assert not shared.ephemeral and shared.embeds[0]["title"].startswith("📊 Bob")
    assert shared.embeds[0]["footer"]["text"] == "Shared by Carol"
    handle = await game.standin.slash("boggle", "carol", "stats", {})
    none = await handle.followup()
    assert "has not finished a round" in description(none)
