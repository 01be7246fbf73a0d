"""The rounds' SQL: a round from its start to its posted results, its guesses and accepted
words, and its finish (which writes the results, the standings and the names at once).

``RoundSQL`` is both what callers see of rounds and the one SQL every engine runs for them: its
methods are written once, here, on the storage kernel's ``Database``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from typing import Protocol

from bot.i18n.languages import DEFAULT_DICTIONARY, DEFAULT_LANGUAGE
from bot.kernel.outbox import Owed
from bot.rounds import statements as sql
from bot.rounds.model import AcceptedWord, GuessRow, RoundState, StoredRound
from bot.storage.database import Database, Row, Session
from bot.storage.errors import ChannelBusy, StorageError
from bot.storage.names_sql import upsert_names
from bot.storage.outbox_sql import owe_in
from core.board import Board
from core.history import longest_scoring, share_of_max, won
from core.round import Mode, PlayerResult, Results, Verdict
from core.rules import Timer

# Players' all-time standings in a server as a round's finish leaves them, by player (words,
# rounds, wins, best, longest_word): what another feature's part of the finish reads.
Totals = Mapping[int, Row]
# Another feature's part of a round's finish, in its transaction (``finish_round``'s ``then``).
FinishStep = Callable[[Totals, Session], Awaitable[None]]

# Pruning the guess log: rows deleted per transaction, rounds looked at per step.
PRUNE_BATCH = 2000
PRUNE_ROUNDS_PER_STEP = 500


class RoundSQL(Database, Protocol):
    """Rounds, their guesses and their finish."""

    async def create_round(
        self,
        *,
        guild_id: int,
        channel_id: int,
        starter_id: int,
        board: Board,
        dice: str,
        mode: Mode,
        min_length: int,
        started_at: float,
        deadline: float,
        excluded: Iterable[str] = (),
        hints: bool = False,
        language: str = DEFAULT_LANGUAGE,
        dictionary: str = DEFAULT_DICTIONARY,
        entrants: Iterable[int] | None = None,
        timer: Timer = Timer.STANDARD,
        quiet_seconds: int | None = None,
        seconds: int | None = None,
    ) -> StoredRound:
        """Store a new running round whose length is ``deadline - started_at``, the banned
        words its board holds (``excluded``), whether it shows hints, its language and
        dictionary, whose words count (``entrants``; None: everyone's) and how its clock runs
        (``timer``, ``quiet_seconds``); ChannelBusy if the channel already has one."""
        seconds = seconds or max(1, round(deadline - started_at))
        banned = " ".join(sorted(excluded))
        kept = None if entrants is None else " ".join(map(str, sorted(entrants)))
        async with self._write() as session:
            rows = await session.fetch(
                sql.INSERT_ROUND_SQL,
                guild_id,
                channel_id,
                starter_id,
                board.text(),
                dice,
                board.size,
                mode.value,
                min_length,
                started_at,
                deadline,
                seconds,
                banned,
                int(hints),
                language,
                dictionary,
                kept,
                timer.value,
                quiet_seconds,
            )
        if not rows:
            running = await self.running_round(channel_id)
            raise ChannelBusy(channel_id, running.id if running else None)
        return StoredRound(
            id=rows[0]["id"],
            guild_id=guild_id,
            channel_id=channel_id,
            starter_id=starter_id,
            board=board.text(),
            dice=dice,
            size=board.size,
            mode=mode,
            min_length=min_length,
            started_at=started_at,
            deadline=deadline,
            seconds=seconds,
            excluded=banned,
            hints=hints,
            language=language,
            dictionary=dictionary,
            entrants=kept,
            timer=timer,
            quiet_seconds=quiet_seconds,
        )

    async def set_deadline(self, round_id: int, deadline: float) -> None:
        """Move a running round's deadline (``/boggle stop``: now; a bonus word: later; an
        untimed round's new word: its quiet spell from now), kept for a restart."""
        async with self._write() as session:
            await session.execute(sql.SET_DEADLINE_SQL, deadline, round_id)

    async def set_round_messages(
        self,
        round_id: int,
        *,
        board_message_id: int | None = None,
        status_message_id: int | None = None,
    ) -> None:
        """Remember the Discord messages of a round (None leaves a field as it is)."""
        async with self._write() as session:
            await session.execute(
                sql.SET_MESSAGES_SQL, board_message_id, status_message_id, round_id
            )

    async def get_round(self, round_id: int) -> StoredRound | None:
        """The round with this id, in any state; None if there is none."""
        rows = await self._fetch(sql.GET_ROUND_SQL, round_id)
        return StoredRound.from_columns(rows[0]) if rows else None

    async def running_round(self, channel_id: int) -> StoredRound | None:
        """The channel's running round, if it has one (there is one at most)."""
        rows = await self._fetch(sql.RUNNING_ROUND_SQL, channel_id)
        return StoredRound.from_columns(rows[0]) if rows else None

    async def last_finished_round(self, channel_id: int) -> StoredRound | None:
        """The channel's latest finished round (``/boggle check`` reads its board); None if the
        channel never finished one."""
        rows = await self._fetch(sql.LAST_FINISHED_ROUND_SQL, channel_id)
        return StoredRound.from_columns(rows[0]) if rows else None

    async def unfinished_rounds(self) -> list[StoredRound]:
        """Rounds to resume after a restart, soonest deadline first."""
        return [StoredRound.from_columns(r) for r in await self._fetch(sql.UNFINISHED_ROUNDS_SQL)]

    async def mark_results_posted(self, round_ids: Sequence[int], at: float) -> None:
        """The rounds' results reached their channels (or never can): not posted again."""
        async with self._write() as session:
            await session.executemany(sql.MARK_POSTED_SQL, [(at, r) for r in round_ids])

    async def unposted_results(self) -> list[StoredRound]:
        """Finished rounds whose results never reached their channel, oldest first."""
        return [StoredRound.from_columns(r) for r in await self._fetch(sql.UNPOSTED_RESULTS_SQL)]

    # --- guesses ---------------------------------------------------------------------------

    async def record_guesses(self, rows: Sequence[GuessRow]) -> None:
        """Log a batch of guesses, all or nothing; accepted words join the round's set once.
        RejectedWrite if a row breaks a constraint (a round that does not exist, say)."""
        if not rows:
            return
        accepted = [
            (r.round_id, r.player_id, r.word, r.at) for r in rows if r.verdict == Verdict.ACCEPTED
        ]
        async with self._write() as session:
            await session.executemany(
                sql.INSERT_GUESS_SQL,
                [(r.round_id, r.player_id, r.word, str(r.verdict), r.points, r.at) for r in rows],
            )
            if accepted:
                await session.executemany(sql.INSERT_FOUND_SQL, accepted)

    async def accepted_words(self, round_id: int) -> list[AcceptedWord]:
        """The round's accepted words in acceptance order, ready for ``Round.rebuild``."""
        return [AcceptedWord(**r) for r in await self._fetch(sql.ACCEPTED_WORDS_SQL, round_id)]

    async def refused_guesses(self, round_id: int, player_id: int) -> list[tuple[str, Verdict]]:
        """One player's refused guesses in a round, oldest first, while the guess log keeps them
        (it is pruned some days after the round)."""
        rows = await self._fetch(sql.REFUSED_GUESSES_SQL, round_id, player_id)
        return [(r["word"], Verdict(r["verdict"])) for r in rows]

    async def prune_guesses(
        self,
        ended_before: float,
        *,
        batch_size: int = PRUNE_BATCH,
        rounds_per_step: int = PRUNE_ROUNDS_PER_STEP,
    ) -> int:
        """Delete the guess log of rounds finished before ``ended_before``, never what scores or
        statistics read; the number of guesses deleted. Each transaction deletes at most
        ``batch_size`` rows of at most ``rounds_per_step`` rounds, so locks are held for
        milliseconds and the guess writer gets in between."""
        deleted = 0
        after = 0  # rounds are walked once, in id order
        while rows := await self._fetch(
            sql.PRUNABLE_ROUNDS_SQL, after, ended_before, rounds_per_step
        ):
            last = rows[-1]["id"]
            while count := await self._prune_step(after, last, ended_before, batch_size):
                deleted += count
            after = last
        return deleted

    async def _prune_step(self, after: int, last: int, ended_before: float, limit: int) -> int:
        async with self._write() as session:
            return await session.execute(sql.PRUNE_STEP_SQL, after, last, ended_before, limit)

    # --- the finish ------------------------------------------------------------------------------

    async def finish_round(
        self,
        round_id: int,
        results: Results,
        ended_at: float,
        display_names: Mapping[int, str],
        then: FinishStep | None = None,
        owed: Sequence[Owed] = (),
    ) -> bool:
        """Record results, totals and names and mark the round finished, all or nothing, with
        the posts it owes (``owed``: its results, before anything ``then`` owes); ``then``
        (another feature's part of the finish: the achievements) runs in the same transaction
        with the players' standings as they now stand, so a round's end pays one commit.

        Returns False (and changes nothing) when the round was already finished, so a finish
        retried after a crash or raced by ``/boggle stop`` never counts points twice.
        StorageError if the round does not exist.
        """
        async with self._write() as session:
            # Locked (or alone): a second finish, from a retry or another process, waits here
            # and then sees the round finished.
            rows = await session.fetch(sql.ROUND_STATE_SQL + self.lock_rows, round_id)
            if not rows:
                raise StorageError(f"round {round_id} does not exist")
            if rows[0]["state"] != RoundState.RUNNING:
                return False
            guild_id = rows[0]["guild_id"]
            coop = rows[0]["mode"] == Mode.COOP.value
            await session.execute(sql.FINISH_SQL, ended_at, round_id)
            players = sorted(results.players, key=lambda p: p.player)  # one lock order
            if coop:
                totals = await _finish_coop(session, round_id, guild_id, results, players, ended_at)
            else:
                await session.executemany(
                    sql.INSERT_RESULT_SQL,
                    [_result_row(round_id, guild_id, results, p, ended_at) for p in players],
                )
                added = [_standing_row(guild_id, results, p) for p in players]
                totals = await _add_to_standings(session, added, coop=False)
            await upsert_names(session, guild_id, display_names, ended_at)
            await owe_in(session, owed, ended_at)
            if then is not None:
                await then(totals, session)
        return True


def _result_row(
    round_id: int, guild_id: int, results: Results, p: PlayerResult, ended_at: float
) -> tuple[object, ...]:
    """One player's result as stored (INSERT_RESULT_SQL)."""
    return (
        round_id,
        guild_id,
        p.player,
        p.points,
        len(p.words),
        p.rank,
        len(p.cancelled),
        ended_at,
        results.max_score,
        longest_scoring(p),
        int(won(results, p)),
        None,
    )


async def _add_to_standings(
    session: Session, rows: Sequence[tuple[object, ...]], *, coop: bool
) -> Totals:
    """Add the results to the standings, ``STANDINGS_BATCH`` players a statement; each
    standing as it now is (RETURNING: no read of its own)."""
    totals: dict[int, Row] = {}
    for start in range(0, len(rows), sql.STANDINGS_BATCH):
        batch = rows[start : start + sql.STANDINGS_BATCH]
        params = [value for row in batch for value in row]
        for row in await session.fetch(sql.add_to_standings_sql(len(batch), coop), *params):
            totals[row["user_id"]] = row
    return totals


def _standing_row(guild_id: int, results: Results, p: PlayerResult) -> tuple[object, ...]:
    """What one result adds to the player's all-time standing (``add_to_standings_sql``)."""
    share = share_of_max(results, p)
    return (
        guild_id,
        p.player,
        p.points,
        len(p.words),
        int(won(results, p)),
        p.points,
        longest_scoring(p),
        share or 0.0,
        0 if share is None else 1,
    )


async def _finish_coop(
    session: Session,
    round_id: int,
    guild_id: int,
    results: Results,
    players: Sequence[PlayerResult],
    ended_at: float,
) -> Totals:
    """A co-op round's results: each player's words with the team's share, no points, no win,
    no maximum (so no competitive figure moves); the standings' words and co-op record, each
    as it now is."""
    team = sum(p.points for p in players)  # a word counts once, for its first finder
    share = team / results.max_score if results.max_score else 0.0
    await session.executemany(
        sql.INSERT_RESULT_SQL,
        [
            (round_id, guild_id, p.player, 0, len(p.words), 1, 0, ended_at, None, None, 0, share)
            for p in players
        ],
    )
    rows = [(guild_id, p.player, len(p.words), p.points, share) for p in players]
    return await _add_to_standings(session, rows, coop=True)
