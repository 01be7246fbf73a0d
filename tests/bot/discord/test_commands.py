"""Options, modes, stop, two channels, /leaderboard, spam and the /guess-only mode, end to end."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.harness import Clock, Harness, bot_session


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"time": "10s"}, "between 30s and 30m"),
        ({"time": "soon"}, "not a duration"),
        ({"time": "31m"}, "between 30s and 30m"),
        ({"size": 4, "dice": "5x5-original"}, "are for 5x5"),
        ({"time": "²"}, "not a duration"),
        ({"time": "9" * 5000}, "not a duration"),
        ({"min_length": 5, "time": "2m30s", "mode": "race", "size": 6}, None),
    ],
)
async def test_start_options(
    game: Harness, options: dict[str, str | int], message: str | None
) -> None:
    handle = await game.standin.slash("boggle", "alice", "boggle start", options)
    if message is None:
        reply = await handle.followup()
        assert "Round started" in reply.content
        live = game.live()
        assert live.game.board.rows == 6 and live.game.rules.min_length == 5
        assert live.game.deadline - live.stored.started_at == 150
        return
    reply = await handle.original_message()
    assert reply.ephemeral and message in reply.content, reply.content
    assert game.services.rounds.live == {}
    assert game.query("SELECT count(*) FROM rounds") == [(0,)]


async def test_one_round_per_channel_and_two_channels(game: Harness) -> None:
    live, _ = await game.start_round("alice")
    handle = await game.standin.slash("boggle", "bob", "boggle start", {})
    reply = await handle.original_message()
    assert reply.ephemeral and "already running" in reply.content
    assert f"<t:{int(live.game.deadline)}:R>" in reply.content

    other, _ = await game.start_round("bob", channel="general")
    word_here = game.words(live, 1)[0]
    word_there = game.words(other, 1)[0]
    await game.say("carol", word_here, channel="boggle")
    await game.say("carol", word_there, channel="general")
    rows = await game.guesses_stored(2)
    assert [r[2] for r in rows] == ["accepted", "accepted"]
    assert live.game.words_of(game.user_id("carol")) == [word_here]
    assert other.game.words_of(game.user_id("carol")) == [word_there]


async def test_stop_only_by_starter_or_moderator(game: Harness) -> None:
    live, _ = await game.start_round("alice")
    handle = await game.standin.slash("boggle", "bob", "boggle stop", {})
    reply = await handle.original_message()
    assert reply.ephemeral and "Only the player who started" in reply.content
    assert live.channel_id in game.services.rounds.live

    word = game.words(live, 1)[0]
    await game.say("bob", word)
    await game.guesses_stored(1)
    handle = await game.standin.slash("boggle", "alice", "boggle stop", {})
    await handle.followup()
    results = await game.results()
    assert "Bob" in results.content or any("Bob" in str(e) for e in results.embeds)
    assert game.services.rounds.live == {}
    assert game.query("SELECT state FROM rounds") == [("finished",)]
    # After the stop, a guess is not read as part of any round. A marker guess in a channel
    # with a round shows the bot has read everything sent before it.
    other, _ = await game.start_round("carol", channel="general")
    await game.say("bob", word)
    marker = game.words(other, 1)[0]
    await game.say("carol", marker, channel="general")
    rows = await game.wait_for_guess("carol", marker)
    assert [r for r in rows if r[0] == game.user_id("bob")] == [
        (game.user_id("bob"), word, "accepted", live.game.points_of(word))
    ]


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        # alice and bob both find `shared`; alice also finds `own`.
        ("classic", {"alice": ["own"], "bob": []}),
        ("race", {"alice": ["shared", "own"], "bob": []}),
        ("casual", {"alice": ["shared", "own"], "bob": ["shared"]}),
    ],
)
async def test_modes_score_shared_words(
    game: Harness, mode: str, expected: dict[str, list[str]]
) -> None:
    live, _ = await game.start_round("alice", mode=mode)
    shared, own = game.words(live, 2)
    await game.say("alice", f"{shared} {own}")
    await game.guesses_stored(2)
    await game.say("bob", shared)
    rows = await game.guesses_stored(3)
    assert rows[-1][2] == ("taken" if mode == "race" else "accepted")
    await game.end_round()
    words = {"shared": shared, "own": own}
    points = live.game.points_of
    standings: dict[int, int] = dict(game.query("SELECT user_id, points FROM standings"))
    for player, scoring in expected.items():
        want = sum(points(words[k]) for k in scoring)
        assert standings.get(game.user_id(player), 0) == want, (mode, player)


async def test_leaderboard_ranks_the_server(game: Harness) -> None:
    handle = await game.standin.slash("boggle", "carol", "leaderboard", {})
    empty = (await handle.followup()).embeds[0]
    assert "Nobody has scored this season yet" in empty.get("description", "")  # current season

    live, _ = await game.start_round("alice", mode="casual")
    small, big = game.words(live, 2)[0], max(live.game.solution, key=len)
    await game.say("alice", f"{small} {big}")
    await game.say("bob", small)
    await game.guesses_stored(3)
    await game.end_round()

    handle = await game.standin.slash("boggle", "carol", "leaderboard", {})
    embed = (await handle.followup()).embeds[0]
    text = embed.get("description", "") + "".join(f["value"] for f in embed.get("fields", []))
    assert text.index("Alice") < text.index("Bob")
    assert "not on this leaderboard" in text  # carol's own line


async def test_spam_is_limited_but_a_fast_human_is_not(game: Harness) -> None:
    live, _ = await game.start_round("alice")
    words = sorted(live.game.solution)
    # A fast human: three messages a second for ten seconds of (test) time.
    for i in range(30):
        guess = f"nope{chr(97 + i // 26)}{chr(97 + i % 26)}"
        await game.say("bob", guess)
        await game.wait_for_guess("bob", guess)
        game.clock.advance(1 / 3)
    # A script: 60 messages at once from carol; only a burst gets through.
    for i in range(60):
        await game.say("carol", words[i % len(words)])
    await game.say("alice", words[0])
    rows = await game.wait_for_guess("alice", words[0])
    assert len([r for r in rows if r[0] == game.user_id("bob")]) == 30
    carol = [r for r in rows if r[0] == game.user_id("carol")]
    assert 1 <= len(carol) <= 12, len(carol)


async def test_without_message_content_the_board_says_reply_and_slash_still_guesses(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with bot_session(standin, database, clock, lexicon, reads_messages=False) as game:
        live, board = await game.start_round("alice")
        assert "Reply to this message with your words" in board.content
        word = game.words(live, 1)[0]
        handle = await game.standin.slash("boggle", "bob", "guess", {"words": word})
        reply = await handle.original_message()
        assert reply.ephemeral and f"**{word}**" in reply.content
        assert live.game.words_of(game.user_id("bob")) == [word]
        # "accepted" is said once the word is stored
        assert game.query("SELECT word FROM found_words") == [(word,)]


async def test_commands_sync_to_the_development_guild(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    guild_id = next(iter(standin.world.guilds))
    async with bot_session(standin, database, clock, lexicon, sync_guild=guild_id):
        synced = standin.calls_to("PUT /applications/{application_id}/guilds/{guild_id}/commands")
        assert synced and not standin.calls_to("PUT /applications/{application_id}/commands")
        names = {c["name"] for c in synced[-1].json}
        assert names == {
            "battle",
            "boggle",
            "boggle-config",
            "daily",
            "daily-guess",
            "guess",
            "leaderboard",
            "stats",
            "tournament",
            "world",
            "world-guess",
        }


async def test_a_warning_before_the_end(game: Harness) -> None:
    live, _ = await game.start_round("alice", time="3m")
    game.clock.advance(live.game.deadline - game.clock() - 25)
    warning = await game.standin.wait_for_message("boggle", lambda m: "seconds left" in m.content)
    assert warning.content.count("seconds left") == 1
    assert live.channel_id in game.services.rounds.live


async def test_a_huge_message_costs_a_bounded_number_of_lookups(game: Harness) -> None:
    live, _ = await game.start_round("alice")
    word = game.words(live, 1)[0]
    junk = " ".join(["ｗｏｒｄ\u200b", "𝔞𝔟𝔠", "ꙮꙮꙮ", "zzzz"] * 120)
    await game.say("bob", f"{word} {junk}"[:2000])
    await game.say("alice", word)
    rows = await game.wait_for_guess("alice", word)
    bobs = [r for r in rows if r[0] == game.user_id("bob")]
    assert bobs[0][1:3] == (word, "accepted")
    assert len(bobs) <= 60


async def test_a_mention_of_the_bot_is_no_unknown_command(
    game: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    live, _ = await game.start_round("alice")
    word = game.words(live, 1)[0]
    await game.say("bob", f"{game.standin.mention(game.standin.world.bot.id)} {word}")
    await game.say("alice", word)
    await game.wait_for_guess("alice", word)
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


async def test_no_warning_in_a_round_shorter_than_a_minute(game: Harness) -> None:
    live, board = await game.start_round("alice", time="45s")
    game.clock.advance(20)  # 25 s left: a round of a minute or more would be warned now
    await game.say("bob", game.words(live, 1)[0])
    # The live status on the board is edited by the round's runner: once Bob shows there, the
    # runner has looked at the clock with 25 s left.
    await game.standin.wait_until(lambda: "Bob" in game.standin.world.messages[board.id].content)
    assert not [m for m in game.standin.messages("boggle") if "seconds left" in m.content]
