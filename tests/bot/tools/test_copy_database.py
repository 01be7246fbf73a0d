"""``python -m bot.tools.copy_database``: a server's data moved between engines, both ways, whole;
a target holding data refused and left as it was unless ``--force``."""

from __future__ import annotations

import asyncio
import os
import sys
from datetime import date
from pathlib import Path

from bot.battles.model import BattleEntry
from bot.daily.model import DailyOpening
from bot.rounds.model import GuessRow
from bot.seasons.model import ArchivedSeason, SeasonSettings
from bot.server_settings.model import ServerSettings
from bot.storage.records import Record
from bot.stores import Storage
from bot.world.model import WorldChannel, WorldEntry
from core.battles import week_start
from core.round import Mode, Verdict
from core.seasons import Place, SeasonLength
from tests.bot.rounds.stored import accepted, new_round, results_for
from tests.stores import postgres_target


async def copy_command(tmp_path: Path, *args: str) -> tuple[int, str, str]:
    """Run the command as a person does; its exit code, stdout and stderr."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.tools.copy_database",
        *args,
        cwd=tmp_path,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


async def everything(target: str | Path) -> list[Record]:
    store = await Storage.open(target)
    try:
        return [record async for batch in store.export_records(batch_size=7) for record in batch]
    finally:
        await store.close()


async def fill(target: str | Path) -> None:
    """A database as a bot leaves it: finished rounds (results posted or not), a running one with
    its messages, guesses of every verdict, standings and names; ids with gaps."""
    store = await Storage.open(target)
    try:
        for n in range(4):
            stored = await new_round(store, channel_id=10 + n, guild_id=1 + n % 2, mode=Mode.RACE)
            rows = [
                accepted(stored.id, p, w, 1000.0 + p + n / 8)
                for p in (1, 2)
                for w in ("cat", "dog")
            ]
            rows.append(GuessRow(stored.id, 1, "zzz", Verdict.NOT_A_WORD, 0, 1001.5))
            await store.record_guesses(rows)
            await store.finish_round(
                stored.id, results_for({1: ["cat", "dog"], 2: ["dog"]}), 1200.0 + n, {1: "Ann"}
            )
            if n % 2:
                await store.mark_results_posted([stored.id], 1300.0 + n)
        await store.prune_guesses(1201.5)  # the guess log of the first two rounds is gone
        running = await new_round(store, channel_id=99, guild_id=2**60, starter_id=2**62)
        await store.set_round_messages(running.id, board_message_id=2**63 - 1, status_message_id=5)
        await store.record_guesses([accepted(running.id, 2**62, "cats", 1500.25)])
        await store.remember_names(2**60, {2**62: "Big"}, now=1500.0)
        await store.save_defaults(2**60, ServerSettings(5, None, 90, Mode.CASUAL, 4, "Asia/Tokyo"))
        await store.set_round_channel(2**60, 99, True)
        await store.ban_words(2**60, ["cats", "dog"], True)
        await new_round(store, channel_id=98, excluded={"cats"})
        # The daily board: a finished attempt, one in progress in a DM, the server's daily
        # channel and a posted end of day.
        day = date(2026, 3, 14)
        for player, guild in ((1, 1), (2**62, None)):
            opened = await store.start_daily(
                DailyOpening(
                    player_id=player,
                    language="en",
                    day=day,
                    guild_id=guild,
                    channel_id=10,
                    board="abcd/efgh/ijkl/mnop",
                    max_points=40,
                    started_at=2000.0,
                )
            )
            guesses = [("cat", Verdict.ACCEPTED, 1), ("zzz", Verdict.NOT_A_WORD, 0)]
            await store.add_daily_guesses(opened.attempt.id, guesses, 2010.5)
        await store.finish_daily(1, 2100.0)
        await store.refresh_battle_day(1, "en", day, week_start(day))  # its server battle
        await store.set_daily_channel(1, 11)
        await store.set_battle_entry(1, BattleEntry(True, "The Ones", "Guild 1"))
        await store.owe_daily_post(1, day, "en", 90000.0, [])  # claimed, nothing left owed
        # Seasons (settings, an archived season and its places) and achievements.
        await store.save_season_settings(SeasonSettings(2**60, SeasonLength.QUARTER, 11, 2**61))
        places = (Place(1, 1, 3, 2, 1, 1, "cat", 3), Place(2, 2, 1, 1, 1, 0, None, 1))
        await store.archive_season(
            ArchivedSeason(1, 0, "1970-01", 0.0, 2678400.0, 1, 1300.5), places, lambda kept: ()
        )
        await store.award(2**60, [(2**62, "first_word", 1), (2**62, "words", 50)], 1500.5)
        # The world round: the secret, a world channel, a closed round and an open one.
        await store.world_secret("a host's secret")
        await store.set_world_channel(WorldChannel(2**60, 99, "en"), 1600.0)
        for number in (7, 8):
            await store.join_world(WorldEntry("en", number, 2**62, 2**60, 99, "Big", 1601.0))
            await store.add_world_words("en", number, 2**62, [("cats", 1)], 12.5)
        await store.close_world_round("en", 7, 1700.0, lambda channels: [])
    finally:
        await store.close()


async def test_sqlite_to_postgresql_and_back_gives_the_same_data(tmp_path: Path) -> None:
    source = tmp_path / "source.sqlite3"
    back = tmp_path / "back.sqlite3"
    await fill(source)
    original = await everything(source)
    assert {type(r).__name__ for r in original} == {
        "RoundRow",
        "LoggedGuess",
        "FoundWord",
        "PlayerResult",
        "Standing",
        "PlayerName",
        "ServerDefaults",
        "RoundChannel",
        "BannedWord",
        "DailyAttemptRow",
        "LoggedDailyGuess",
        "DailyPost",
        "BattleDay",
        "BattleWeek",
        "SeasonSettingsRow",
        "SeasonRow",
        "SeasonPlace",
        "EarnedAchievement",
        "WorldSecretRow",
        "WorldChannelRow",
        "WorldRoundRow",
        "WorldEntryRow",
        "WorldWordRow",
    }
    async with postgres_target() as postgres:
        code, out, err = await copy_command(tmp_path, str(source), postgres.target)
        assert code == 0, err
        assert out.strip() == (
            f"copied 6 rounds, 11 guesses, 17 accepted words, 8 results, 4 standings, 3 names,"
            f" 2 server settings, 1 round channels, 2 banned words, 2 daily attempts,"
            f" 4 daily guesses, 1 daily posts, 0 tournaments, 0 tournament entrants, 0 tournament rounds, 0 tournament scores, 0 tournament places, 0 tournament settings, 1 battle days, 1 battle weeks, 1 season settings, 1 seasons, 2 season places, 2 achievements, 1 world secret, 1 world channels, 2 world rounds, 2 world entries, 2 world words from {source} to {postgres.target}"
        )
        assert await everything(postgres.target) == original

        code, out, err = await copy_command(tmp_path, postgres.target, str(back))
        assert code == 0, err
        assert await everything(back) == original

        # The copy's ids are taken: new rows on PostgreSQL are numbered after them.
        store = await postgres.open()
        try:
            fresh = await new_round(store, channel_id=500)
            assert fresh.id == max(r.id for r in await store.unfinished_rounds()) > 5
            await store.record_guesses([accepted(fresh.id, 1, "cat", 1.0)])
            assert await store.accepted_words(fresh.id) == [(1, "cat", 1.0)]
        finally:
            await store.close()
        assert await postgres.value("SELECT MAX(id) FROM found_words") == 18


async def test_a_target_holding_data_is_refused_unchanged_unless_forced(tmp_path: Path) -> None:
    source = tmp_path / "source.sqlite3"
    await fill(source)
    async with postgres_target() as postgres:
        store = await postgres.open()
        try:
            mine = await new_round(store, channel_id=7, guild_id=7)
            await store.finish_round(mine.id, results_for({7: ["cat"]}), 1.0, {7: "Seven"})
        finally:
            await store.close()
        before = await everything(postgres.target)

        code, out, err = await copy_command(tmp_path, str(source), postgres.target)
        assert code == 1 and out == ""
        assert err.strip() == (
            f"error: TARGET {postgres.target} already holds data (1 rounds, 0 guesses, 0 accepted"
            " words, 1 results, 1 standings, 1 names, 0 server settings, 0 round channels, 0 banned"
            " words, 0 daily attempts, 0 daily guesses, 0 daily posts, 0 tournaments, 0 tournament entrants, 0 tournament rounds, 0 tournament scores, 0 tournament places, 0 tournament settings, 0 battle days, 0 battle weeks, 0 season settings, 0 seasons, 0 season places, 0 achievements, 0 world secret, 0 world channels, 0 world rounds, 0 world entries, 0 world words); pass --force to replace it"
        )
        assert await everything(postgres.target) == before

        code, out, err = await copy_command(tmp_path, str(source), postgres.target, "--force")
        assert code == 0, err
        assert await everything(postgres.target) == await everything(source)


async def test_a_sqlite_target_is_refused_the_same_way(tmp_path: Path) -> None:
    source, target = tmp_path / "source.sqlite3", tmp_path / "target.sqlite3"
    await fill(source)
    await fill(target)
    store = await Storage.open(target)
    try:
        await store.remember_names(3, {3: "only in the target"})
    finally:
        await store.close()
    before = await everything(target)
    code, _, err = await copy_command(tmp_path, str(source), str(target))
    assert code == 1 and "pass --force" in err
    assert await everything(target) == before
    code, _, err = await copy_command(tmp_path, str(source), str(target), "--force")
    assert code == 0, err
    assert await everything(target) == await everything(source)


async def test_what_cannot_be_copied_is_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "missing.sqlite3"
    code, _, err = await copy_command(tmp_path, str(missing), str(tmp_path / "t.sqlite3"))
    assert (code, err.strip()) == (1, f"error: SOURCE {missing}: no such database file")
    assert await asyncio.to_thread(os.listdir, tmp_path) == []  # neither side was made

    source = tmp_path / "source.sqlite3"
    await fill(source)
    code, _, err = await copy_command(tmp_path, str(source), "./source.sqlite3")
    assert (code, err.strip()) == (1, "error: SOURCE and TARGET are the same database")

    unreachable = "postgresql://bot:s3cret@127.0.0.1:1/boggle"
    code, _, err = await copy_command(tmp_path, str(source), unreachable)
    assert code == 1 and "s3cret" not in err
    assert err.startswith("error: TARGET postgresql://bot:***@127.0.0.1:1/boggle: cannot connect")

    code, _, err = await copy_command(tmp_path, str(source))
    assert code == 2 and "TARGET" in err  # usage
