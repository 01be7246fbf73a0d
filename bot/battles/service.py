"""Server battles on the daily board: each server taking part is scored every day by the mean
daily points of its best five players (``core.battles``), its week adds up its days, and every
process reads the one table the database keeps. No Discord here: ``/battle``, the
``/boggle-config battles`` setting and the end-of-day post call these use cases.

A day is worked out again each time one of the server's attempts finishes (``attempt_finished``,
told ``DailyAttemptEnded`` once ``listen`` is called), whichever process finished it; servers that have not opted in
are kept too (opting in mid-week shows the week) but never listed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, timedelta

from bot.battles.model import BattleEntry, BattleWeek, EntryChanged
from bot.battles.store import BattleStore
from bot.daily.events import DailyAttemptEnded
from bot.daily.model import DailyAttempt
from bot.i18n.languages import LANGUAGE_CODES
from bot.kernel.events import EventBus
from bot.kernel.refusal import Refusal
from bot.server_settings.service import ServerSettingsService
from core.battles import BattlePlace, week_start
from core.days import local_date

TABLE_SHOWN = 10  # servers in a week's table
WINNERS_SHOWN = 3  # last week's podium
CONTRIBUTORS_SHOWN = 5  # a server's players named with what they gave
HISTORY_SHOWN = 6  # a server's past weeks
NAME_MOST = 32  # characters in a battle name (as a display name is shown)


def battle_name(typed: str) -> str | None:
    """A battle name as typed, on one line and trimmed; None when nothing is left or it is too
    long."""
    name = " ".join(typed.split())
    return name if 0 < len(name) <= NAME_MOST else None


@dataclass(eq=False)
class BattleService:
    """Keeps the battle table whole and answers what each server reads of it."""

    store: BattleStore
    server_settings: ServerSettingsService
    clock: Callable[[], float]

    def listen(self, events: EventBus) -> None:
        """Work the battle table out again after every daily attempt that ends."""
        events.subscribe(DailyAttemptEnded, lambda e: self.attempt_finished(e.attempt))

    async def attempt_finished(self, attempt: DailyAttempt) -> None:
        """A daily attempt finished: its server's day and week are worked out again (an
        attempt outside servers counts for none)."""
        if attempt.guild_id is not None:
            day = attempt.date
            await self.store.refresh_battle_day(
                attempt.guild_id, attempt.language, day, week_start(day)
            )

    async def entry(self, guild_id: int) -> EntryChanged:
        """The server's entry, as ``/boggle-config battles`` without options shows it."""
        language = await self.server_settings.language(guild_id)
        return EntryChanged(await self.store.battle_entry(guild_id), language)

    async def enter(
        self, guild_id: int, guild_name: str, joined: bool | None, name: str | None
    ) -> EntryChanged | Refusal:
        """Opt in or out (``joined``) and/or set the name the server is listed under; its own
        name is remembered as it is now. Refused: a name of no characters or too many."""
        language = await self.server_settings.language(guild_id)
        current = await self.store.battle_entry(guild_id)
        chosen = current.name
        if name is not None:
            chosen = battle_name(name)
            if chosen is None:
                return Refusal.of("battles.bad_name", language, most=NAME_MOST)
        entry = BattleEntry(
            current.joined if joined is None else joined, chosen, battle_name(guild_name)
        )
        await self.store.set_battle_entry(guild_id, entry)
        return EntryChanged(entry, language)

    async def week(self, guild_id: int, guild_name: str, language: str | None) -> BattleWeek:
        """This week's table (today in UTC) in ``language`` (else the server's), the server's
        place, contributions and history, and last week's winners, in the server's language."""
        settings = await self.server_settings.of(guild_id)
        if language not in LANGUAGE_CODES:
            language = settings.language
        assert language is not None
        today = local_date(self.clock(), UTC)
        monday = week_start(today)
        store = self.store
        entry = await store.battle_entry(guild_id)
        own = battle_name(guild_name)
        if entry.joined and own is not None and own != entry.guild_name:
            await store.remember_guild_name(guild_id, own)
            entry = BattleEntry(entry.joined, entry.name, own)
        sunday = monday + timedelta(days=6)
        return BattleWeek(
            language=language,
            reader=settings.language,
            week=monday,
            today=today,
            table=await store.battle_week_table(language, monday, TABLE_SHOWN),
            entry=entry,
            place=await store.battle_week_place(guild_id, language, monday),
            contributions=await store.battle_contributions(
                guild_id, language, monday, sunday, CONTRIBUTORS_SHOWN
            ),
            winners=await store.battle_week_table(
                language, monday - timedelta(days=7), WINNERS_SHOWN
            ),
            history=await store.battle_history(guild_id, language, monday, HISTORY_SHOWN),
        )

    async def day_place(self, guild_id: int, language: str, day: date) -> BattlePlace | None:
        """The server's place in ``day``'s table (None: it does not take part, or scored
        nothing): what its end-of-day post names."""
        if not (await self.store.battle_entry(guild_id)).joined:
            return None
        return await self.store.battle_day_place(guild_id, language, day)
