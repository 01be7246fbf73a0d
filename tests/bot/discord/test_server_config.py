"""``/boggle-config`` and ``/boggle rules`` end to end (issue 10): who may change settings, bad
values, defaults and overrides at ``/boggle start``, round channels, banned words, the rules."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from core.dice import default_for, dice_set
from core.generate import roll_with_floor
from core.lexicon import Lexicon
from core.scoring import TABLE
from standin import CommandError, StandIn
from standin.state import Perm
from tests.bot.discord.test_leaderboard import (
    SUNDAY_EVENING,
    description,
    leaderboard,
    play_round,
    set_time,
)
from tests.bot.harness import Clock, Harness, Row, bot_session

CONFIG = "boggle-config"
MANAGE_SERVER = 1 << 5


def owner(game: Harness) -> int:
    guild = game.standin.channel("boggle").guild_id
    assert guild is not None
    return game.standin.world.guilds[guild].owner_id


def guild_of(game: Harness) -> int:
    guild = game.standin.channel("boggle").guild_id
    assert guild is not None
    return guild


async def config(game: Harness, command: str, user: int | str | None = None, **options: Any) -> str:
    """``/boggle-config <command>`` as ``user`` (the server's owner by default); the ephemeral
    answer."""
    handle = await game.standin.slash(
        "boggle", owner(game) if user is None else user, f"{CONFIG} {command}", options
    )
    if handle.deferred or not handle.responded:
        await handle.response()
    if handle.deferred:
        reply = await handle.followup()
    else:
        reply = await handle.original_message()
    assert reply.ephemeral, reply.content
    return reply.content


async def finish(game: Harness) -> None:
    """End the channel's round and wait until it is over (results stored and posting)."""
    live = game.live()
    game.clock.advance(live.game.deadline - game.clock() + 1)
    await game.standin.wait_until(lambda: live.channel_id not in game.services.rounds.live)


def stored_settings(game: Harness) -> list[Row]:
    return [
        *game.query("SELECT * FROM server_settings"),
        *game.query("SELECT * FROM round_channels"),
        *game.query("SELECT * FROM banned_words"),
    ]


async def test_only_manage_server_changes_settings(game: Harness) -> None:
    synced = game.standin.commands.find(CONFIG, guild_of(game))
    assert synced is not None and synced["default_member_permissions"] == str(MANAGE_SERVER)
    # Discord offers the command to members with Manage Server only...
    with pytest.raises(CommandError, match="not available to alice"):
        await game.standin.slash("boggle", "alice", f"{CONFIG} set", {"size": 5})
    # ...unless the server opens it to everyone: then the bot itself refuses, and stores nothing.
    guild = guild_of(game)
    game.standin.world.set_command_permission(guild, CONFIG, guild, True)
    attempts: list[tuple[str, dict[str, str | int]]] = [
        ("set", {"size": 5}),
        ("reset", {}),
        ("channels add", {"channel": "general"}),
        ("channels clear", {}),
        ("words add", {"words": "cat"}),
        ("words list", {}),
        ("show", {}),
    ]
    for command, options in attempts:
        reply = await config(game, command, "alice", **options)
        assert (
            reply
            == "Only members with the Manage Server permission can change this server's Boggle settings."
        )
    assert stored_settings(game) == []
    # A role with Manage Server is enough.
    managers = game.standin.world.add_role(guild, "managers", Perm.MANAGE_GUILD)
    game.standin.world.give_role(guild, game.user_id("alice"), managers.id)
    assert (await config(game, "set", "alice", size=5)).startswith("✅ Saved.")
    assert game.query("SELECT guild_id, size FROM server_settings") == [(guild, 5)]


@pytest.mark.parametrize(
    ("command", "options", "message"),
    [
        ("set", {"time": "5s"}, "time must be between 30s and 30m"),
        ("set", {"time": "later"}, "is not a duration"),
        ("set", {"timezone": "Mars/Olympus_Mons"}, "'Mars/Olympus_Mons' is not a time zone"),
        ("set", {"timezone": "../etc/passwd"}, "is not a time zone"),
        ("set", {"size": 4, "dice": "5x5-original"}, "are for 5x5"),
        ("set", {}, "Give at least one setting"),
        ("words add", {"words": "c4t dog"}, "'c4t' cannot be a word"),
        ("words add", {"words": " , ;"}, "give one or more words"),
    ],
)
async def test_a_bad_value_is_one_line_and_nothing_is_stored(
    game: Harness, command: str, options: dict[str, str | int], message: str
) -> None:
    reply = await config(game, command, **options)
    assert message in reply and "\n" not in reply, reply
    assert stored_settings(game) == []


async def test_defaults_apply_to_a_start_and_its_options_override_them(game: Harness) -> None:
    reply = await config(game, "set", size=5, mode="race", time="2m", min_length=5, hints=True)
    assert "• board size: 5x5\n" in reply and "• mode: race\n" in reply
    assert "• round length: 2m\n" in reply and "• shortest word: 5\n" in reply
    assert "• time zone: UTC (the bot's default)" in reply and "hints (casual rounds): on" in reply
    live, _ = await game.start_round("alice")
    assert (live.game.board.rows, live.stored.dice) == (5, default_for(5))
    assert (live.game.rules.mode.value, live.game.rules.min_length) == ("race", 5)
    assert live.stored.seconds == 120
    await finish(game)

    live, _ = await game.start_round("alice", size=4, mode="casual", time="1m")
    assert (live.game.board.rows, live.stored.dice) == (4, default_for(4))
    assert (live.game.rules.mode.value, live.stored.seconds) == ("casual", 60)
    assert live.game.rules.min_length == 5  # the server's, not given
    await finish(game)

    # The server's dice follow its size; a size chosen for one round rolls that size's dice.
    reply = await config(game, "set", dice="5x5-original", timezone="Europe/Paris")
    assert "• dice: 5x5-original\n" in reply and "• time zone: Europe/Paris\n" in reply
    live, _ = await game.start_round("alice", size=6)
    assert (live.game.board.rows, live.stored.dice) == (6, default_for(6))
    await finish(game)
    reply = await config(game, "set", size=4)  # 5x5 dice do not fit 4x4: dropped
    assert f"• dice: {default_for(4)} (the bot's default)" in reply

    reply = await config(game, "reset")
    assert reply.startswith("✅ Every default of new rounds is the bot's own again")
    shown = await config(game, "show")
    assert "• board size: 4x4 (the bot's default)" in shown
    assert "• round length: 3m (the bot's default)" in shown


async def test_rounds_start_only_in_the_listed_channels(game: Harness) -> None:
    general = game.channel_id("general")
    reply = await config(game, "channels add", channel="general")
    assert reply == f"✅ Rounds may start in: <#{general}>."
    handle = await game.standin.slash("boggle", "alice", "boggle start", {})
    refused = await handle.original_message()
    assert refused.ephemeral and refused.content == f"Rounds on this server start in <#{general}>."
    assert game.query("SELECT count(*) FROM rounds") == [(0,)]
    await game.start_round("alice", channel="general")

    reply = await config(game, "channels remove", channel="boggle")
    assert (
        reply == f"<#{game.channel_id('boggle')}> is not listed; rounds may start in: <#{general}>."
    )
    assert await config(game, "channels clear") == "✅ Rounds may start in: any channel."
    await game.start_round("bob", channel="boggle")
    assert game.query("SELECT count(*) FROM round_channels") == [(0,)]


async def test_a_banned_word_is_refused_never_counts_and_is_not_missed(
    game: Harness, lexicon: Lexicon
) -> None:
    seed = 7
    board, solution = roll_with_floor(dice_set(default_for(4)), random.Random(seed), lexicon, 3)
    banned = sorted(solution, key=lambda w: (-len(w), w))[:2]  # the longest: surely missed
    reply = await config(game, "words add", words=f"{banned[0].upper()}, {banned[1]} {banned[1]}")
    assert reply == "✅ 2 words added; 2 words not accepted on this server."
    game.services.rounds.live_rounds.rng = random.Random(seed)
    live, _ = await game.start_round("alice", mode="casual")
    assert live.game.board == board
    assert set(banned).isdisjoint(live.game.solution)
    assert len(live.game.solution) == len(solution) - 2
    assert game.query("SELECT excluded FROM rounds") == [(" ".join(sorted(banned)),)]

    # A word banned after the start still counts in this round: its list is the one it began with.
    later = min(live.game.solution, key=lambda w: (len(w), w))
    await config(game, "words add", words=later)
    handle = await game.standin.slash("boggle", "bob", "guess", {"words": f"{banned[0]} {later}"})
    answer = (await handle.original_message()).content
    assert f"🚫 {banned[0]}: not allowed on this server" in answer
    assert f"✅ **{later}**" in answer
    await game.say("carol", banned[1])
    rows = await game.wait_for_guess("carol", banned[1])
    assert [r[1:3] for r in rows if r[1] in banned] == [
        (banned[0], "not_allowed"),
        (banned[1], "not_allowed"),
    ]

    results = await game.end_round()
    shown = game.text_since(results)
    for word in banned:
        assert not re.search(rf"\b{word}\b", shown, re.IGNORECASE), word
    assert f"{len(solution) - 2} words on the board" in shown

    listed = await config(game, "words list")
    assert listed == (
        f"🚫 **Not accepted on this server** (3 words): {', '.join(sorted([*banned, later]))}"
    )
    assert await config(game, "words remove", words=f"{later} zebra") == (
        "✅ 1 word accepted again; 2 words not accepted on this server."
    )


@pytest.mark.parametrize(
    ("options", "first", "absent"),
    [({"size": 4}, 3, 2), ({"size": 5}, 4, 3), ({"size": 6}, 4, 3), ({}, 3, 2)],
)
async def test_rules_show_the_scoring_table_for_the_size(
    game: Harness, options: dict[str, int], first: int, absent: int
) -> None:
    handle = await game.standin.slash("boggle", "alice", "boggle rules", options)
    rules = (await handle.original_message()).content
    size = options.get("size", 4)
    assert rules.startswith(f"📖 **How to play Boggle** · {size}x{size}")
    assert f"Words need {first}+ letters" in rules
    rows = re.findall(r"^(\d+)(\+?) letters: (\d+) pts?$", rules, re.MULTILINE)
    assert rows == [
        (str(n), "+" if n == len(TABLE) - 1 else "", str(TABLE[n]))
        for n in range(first, len(TABLE))
    ]
    assert f"\n{absent} letters" not in rules
    assert "Classic:" in rules and "Race:" in rules and "Casual:" in rules


async def test_rules_follow_the_servers_defaults(game: Harness) -> None:
    await config(game, "set", size=6, min_length=3)
    await config(game, "words add", words="cat dog")
    handle = await game.standin.slash("boggle", "alice", "boggle rules", {})
    rules = (await handle.original_message()).content
    assert rules.startswith("📖 **How to play Boggle** · 6x6")
    assert "\n3 letters: 1 pt\n" in rules
    assert "does not accept 2 words" in rules


async def test_a_resumed_round_keeps_the_banned_words_it_started_with(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    seed = 11
    _, solution = roll_with_floor(dice_set(default_for(4)), random.Random(seed), lexicon, 3)
    banned = max(solution, key=lambda w: (len(w), w))
    async with bot_session(standin, database, clock, lexicon) as game:
        await config(game, "words add", words=banned)
        game.services.rounds.live_rounds.rng = random.Random(seed)
        live, _ = await game.start_round("alice")
        assert banned not in live.game.solution
        await config(game, "words remove", words=banned)  # too late for this round
    async with bot_session(standin, database, clock, lexicon) as game:
        assert game.live().game.excluded == {banned}
        await game.say("bob", banned)
        rows = await game.wait_for_guess("bob", banned)
        assert rows[-1][1:3] == (banned, "not_allowed")
        results = await game.end_round()
        assert not re.search(rf"\b{banned}\b", game.text_since(results))


async def test_the_servers_time_zone_sets_the_leaderboards_day(game: Harness) -> None:
    set_time(game.clock, SUNDAY_EVENING)  # 23:00 UTC, 18:00 in New York
    await play_round(game, {"alice": 3})
    game.clock.advance(2 * 3600)  # Monday in UTC, still Sunday in New York
    today = description(await leaderboard(game, "alice", period="today"))
    assert "Alice" not in today
    await config(game, "set", timezone="America/New_York")
    today = description(await leaderboard(game, "alice", period="today"))
    assert "Alice · 3 pts" in today


async def test_set_and_reset_say_where_the_daily_post_goes_and_keep_the_time_zone(
    game: Harness,
) -> None:
    """The confirmations show the server's settings as stored: the end-of-day post's channel
    (it said "nowhere" after a set or a reset) and the time zone, which a reset keeps (it moved
    it back to UTC without saying so)."""
    general = game.channel_id("general")
    await config(game, "daily-channel set", channel=general)
    await config(game, "set", timezone="Asia/Tokyo")
    reply = await config(game, "set", size=5)
    assert f"<#{general}>" in reply and "nowhere" not in reply
    reply = await config(game, "reset")
    assert f"<#{general}>" in reply and "Asia/Tokyo" in reply and "the time zone" in reply
    shown = await config(game, "show")
    assert f"<#{general}>" in shown and "• time zone: Asia/Tokyo" in shown
    assert "• board size: 4x4 (the bot's default)" in shown


async def test_show_says_the_timer_and_quiet_spell_defaults(game: Harness) -> None:
    shown = await config(game, "show")
    assert "• clock: standard clock (the bot's default)\n" in shown
    assert "• untimed rounds' quiet spell: 5m (the bot's default)\n" in shown
    await config(game, "set", timer="untimed", quiet="2m")
    shown = await config(game, "show")
    assert "• clock: untimed: no clock\n" in shown
    assert "• untimed rounds' quiet spell: 2m\n" in shown
    assert "• round length: 3m (the bot's default)\n" in shown
    live, _ = await game.start_round("alice")
    assert (live.stored.timer.value, live.stored.quiet_seconds) == ("untimed", 120)
