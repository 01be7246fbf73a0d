"""Seasons through the real client and the stand-in with a stopped clock: ``/boggle-config
season``, a season rolled over, its recap posted with exact figures and its card, the champion
role given, moved to the next champion, and refused twice (no Manage Roles; a role above the
bot's), each said when the role is set and named in the recap, still posted; the achievements the podium earned told under it."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from core.lexicon import Lexicon
from standin import StandIn
from standin.permissions import Perm
from tests.bot.discord.test_server_config import config, guild_of
from tests.bot.harness import Harness, StoppedClock, bot_session
from tests.bot.seasons.seeding import seed


def at(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> float:
    return datetime(year, month, day, hour, minute, tzinfo=UTC).timestamp()


async def play(game: Harness, found: dict[str, list[str]], when: float) -> None:
    """A finished round in the boggle channel, stored as the round service stores one."""
    ids = {game.user_id(n): ws for n, ws in found.items()}
    names = {game.user_id(n): n.title() for n in found}
    await seed(
        game.services.storage,
        guild_of(game),
        ids,
        when,
        names=names,
        channel_id=game.channel_id(),
    )


async def roll_over(game: Harness, now: float) -> str:
    """The clock past a season's end, the season closed (by its job, or here for a server the
    seasons' service has not seen play: these rounds are seeded): the recap's text."""
    assert isinstance(game.clock, StoppedClock)
    before = game.standin.messages("boggle")[-1].id
    game.clock.now = now
    await game.services.seasons.close_due()
    recap = await game.standin.wait_for_message(
        "boggle", lambda m: "is over" in m.content, 5, after=before
    )
    return recap.content


async def test_seasons_roll_over_with_recap_and_champion_role(
    standin: StandIn, database: Path, lexicon: Lexicon
) -> None:
    clock = StoppedClock(at(2026, 3, 10, 12))
    async with bot_session(standin, database, clock, lexicon) as game:
        world, guild = standin.world, guild_of(game)
        champion_role = world.add_role(guild, "Champion", 0)
        bot_role = world.add_role(guild, "Boggle", Perm.MANAGE_ROLES)  # above the champion's
        world.give_role(guild, world.bot.id, bot_role.id)
        answer = await config(
            game, "season", length="month", channel="boggle", role=str(champion_role.id)
        )
        assert answer == (
            f"Seasons: A month · recap in <#{game.channel_id()}> · champion role: "
            f"<@&{champion_role.id}>"
        )
        # March: alice 3 words (cat, dog 1 pt each; stone 2), bob 1 word; then quartz for bob.
        await play(game, {"alice": ["cat", "dog", "stone"], "bob": ["rent"]}, at(2026, 3, 12))
        await play(game, {"bob": ["elephants"], "carol": ["lime"]}, at(2026, 3, 20))
        recap = await roll_over(game, at(2026, 4, 1, 0, 5))
        alice, bob = game.user_id("alice"), game.user_id("bob")
        assert "## 🏁 Season 2026-03 is over" in recap
        assert "👑 Champion: Bob, 12 pts" in recap  # rent 1 + elephants 11
        assert "🥇 **1.** Bob · 12 pts · 2 words" in recap
        assert "🥈 **2.** Alice · 4 pts · 3 words" in recap
        assert "🥉 **3.** Carol · 1 pt · 1 word" in recap
        assert "📚 Most words: Alice, 3 words" in recap
        assert "📏 Longest word: ELEPHANTS, by Bob" in recap
        assert "🎯 Best single round: Bob, 11 pts" in recap
        assert "📈 Most improved" not in recap  # no season before
        assert f"👑 Bob now holds <@&{champion_role.id}>." in recap
        assert "Season #1 · 3 players" in recap
        posted = next(m for m in standin.messages("boggle") if m.content == recap)
        assert [a.filename for a in posted.attachments] == ["season.png"]
        assert champion_role.id in world.member(guild, bob).roles  # type: ignore[union-attr]
        rows = game.query("SELECT number, name, champion_id FROM seasons")
        assert [tuple(r) for r in rows] == [(1, "2026-03", bob)]
        await standin.wait_until(
            lambda: any(m.content.startswith("🏅") for m in standin.messages("boggle")),
            timeout=5,
        )
        told = [m.content for m in standin.messages("boggle") if "🏅" in m.content]
        assert told[-1] == (
            "🏅 Bob: Season podium I, Season champion I · Alice: Season podium I"
            " · Carol: Season podium I"
        )

        # April: alice wins; the role moves from bob to her, and she improved on March.
        await play(game, {"alice": ["quartz", "stones", "cats"], "bob": ["dog"]}, at(2026, 4, 9))
        recap = await roll_over(game, at(2026, 5, 1, 0, 5))
        assert "👑 Champion: Alice, 7 pts" in recap  # quartz 3, stones 3, cats 1
        assert "📈 Most improved: Alice, 3 pts more than last season" in recap
        assert f"👑 Alice now holds <@&{champion_role.id}>." in recap
        assert champion_role.id in world.member(guild, alice).roles  # type: ignore[union-attr]
        assert champion_role.id not in world.member(guild, bob).roles  # type: ignore[union-attr]

        # May: no Manage Roles any more; the recap still goes out, saying so in one line.
        bot_role.permissions = 0
        answer = await config(game, "season", role=str(champion_role.id))
        assert answer.endswith(
            f"\n⚠️ I cannot give <@&{champion_role.id}> yet: I need the Manage Roles permission."
        ), answer  # accepted, with what is missing
        await play(game, {"bob": ["stone"]}, at(2026, 5, 9))
        recap = await roll_over(game, at(2026, 6, 1, 0, 5))
        assert "👑 Champion: Bob, 2 pts" in recap
        refused = "-# The champion's role was not given: I need the Manage Roles permission."
        assert refused in recap and "now holds" not in recap
        assert champion_role.id in world.member(guild, alice).roles  # type: ignore[union-attr]

        # June: Manage Roles back, but the role is above the bot's highest.
        bot_role.permissions = Perm.MANAGE_ROLES
        high = world.add_role(guild, "Top champion", 0)
        answer = await config(game, "season", role=str(high.id))
        assert answer == (
            f"Seasons: A month · recap in <#{game.channel_id()}> · champion role: <@&{high.id}>"
            f"\n⚠️ I cannot give <@&{high.id}> yet: it is above my highest role; move my role"
            " above it in the server's settings."
        )
        await play(game, {"carol": ["rent"]}, at(2026, 6, 9))
        recap = await roll_over(game, at(2026, 7, 1, 0, 5))
        above = "-# The champion's role was not given: it is above my highest role; move my"
        assert "👑 Champion: Carol, 1 pt" in recap and f"{above} role above it." in recap
        carol = game.user_id("carol")
        assert high.id not in world.member(guild, carol).roles  # type: ignore[union-attr]
        owed = "SELECT id FROM outbox WHERE sent_at IS NULL AND given_up IS NULL"
        await standin.wait_until(lambda: not game.query(owed), timeout=5)  # all marked out
        recaps = [m.content for m in standin.messages("boggle") if "is over" in m.content]
        assert [r.split("Season ")[1][:7] for r in recaps] == [
            "2026-03",
            "2026-04",
            "2026-05",
            "2026-06",
        ]
        # /stats lists bob's achievements, each with how rare it is, and the next tiers.
        handle = await standin.slash("boggle", "bob", "stats", {})
        await handle.response()
        embed = (await handle.followup()).embeds[0]
        fields = {f["name"]: f["value"] for f in embed["fields"]}
        held = next(v for k, v in fields.items() if k.startswith("🏅 Achievements"))
        assert "Season champion I: 100% of players" in held  # bob, alice and carol: all three
        assert "Season champion II: Seasons won: 3" in fields["Next"]
