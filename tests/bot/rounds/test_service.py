"""RoundService without Discord: its channel view over the in-memory publisher, the real
storage, a stopped clock. Verdicts and points are compared with what core's solver and scoring
say."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import pytest

from bot.kernel.lexicons import Lexicons
from bot.kernel.outbox import CLAIM, Owed, Post
from bot.rounds.discord.port import Gone, Refused, Unavailable
from bot.rounds.events import ChatMessage, Ending, NotPosted
from bot.rounds.model import AcceptedWord, RoundState
from bot.rounds.options import NoBoard, RoundRequest
from bot.rounds.service import BoardNotPosted, LiveRounds, RoundService
from bot.rounds.writer import GuessWriter
from bot.storage import TransientStorageError
from bot.stores import Storage
from core.lexicon import Lexicon
from core.round import Mode, Verdict
from core.scoring import word_score
from core.solver import solve
from tests.bot.harness import StoppedClock
from tests.bot.kernel.memory_outbox import outbox_kept
from tests.bot.rounds.conftest import ALICE, BOARD, BOB, CHANNEL, GUILD, NOON, OPTIONS, Rig


async def test_a_round_is_stored_and_its_board_posted_once(rig: Rig, lexicon: Lexicon) -> None:
    live = await rig.start()
    assert [post.board for post in rig.publisher.boards] == [BOARD]
    assert live.game.solution.keys() == solve(BOARD, lexicon, 3).keys()
    stored = await rig.storage.running_round(CHANNEL)
    assert stored is not None and stored.id == live.id
    assert stored.deadline == NOON + OPTIONS.seconds
    assert stored.board_message_id == live.stored.board_message_id is not None
    assert rig.service.running(CHANNEL) is live


async def test_every_verdict_is_cores_and_accepted_words_are_stored(rig: Rig) -> None:
    live = await rig.start()
    guessed = rig.say(ALICE, "cat CAT at zebra xqzt dog")
    assert guessed is not None
    assert [(j.word, j.verdict, j.points) for j in guessed.judgements] == [
        ("cat", Verdict.ACCEPTED, word_score("cat", 3)),
        ("cat", Verdict.ALREADY_FOUND, 0),
        ("at", Verdict.TOO_SHORT, 0),
        ("zebra", Verdict.NOT_ON_BOARD, 0),
        ("xqzt", Verdict.NOT_A_WORD, 0),
        ("dog", Verdict.ACCEPTED, word_score("dog", 3)),
    ]
    await rig.service.committed(guessed.ticket)
    assert await rig.storage.accepted_words(live.id) == [
        AcceptedWord(ALICE, "cat", NOON),
        AcceptedWord(ALICE, "dog", NOON),
    ]
    assert (
        rig.service.live_rounds.guess(CHANNEL + 1, ALICE, "alice", "cat") is None
    )  # no round there


async def test_a_guess_at_the_deadline_is_refused_whatever_the_runner_does(
    storage: Storage, lexicon: Lexicon, clock: StoppedClock
) -> None:
    """The runner has not woken up (the front end is not ready): the clock alone decides."""
    rig = Rig.open(storage, lexicon, clock, ready=False)
    live = await rig.start()
    clock.advance(OPTIONS.seconds)
    guessed = rig.say(ALICE, "cat")
    assert guessed is not None and [j.verdict for j in guessed.judgements] == [Verdict.ROUND_OVER]
    assert rig.service.running(CHANNEL) is live  # not finished: only the runner finishes
    await rig.close()


async def test_shared_words_score_for_nobody_in_classic_and_results_go_out_once(
    rig: Rig, lexicon: Lexicon
) -> None:
    live = await rig.start()
    rig.say(ALICE, "cat dog dogs")
    rig.say(BOB, "cat cod")
    report = await rig.end()
    points = {p.player: p.points for p in report.results.players}
    assert points == {
        ALICE: word_score("dog", 3) + word_score("dogs", 3),
        BOB: word_score("cod", 3),
    }
    cancelled = {p.player: p.cancelled for p in report.results.players}
    assert cancelled == {ALICE: ("cat",), BOB: ("cat",)}
    solution = solve(BOARD, lexicon, 3)
    assert {"cat", "dog", "dogs", "cod"} <= solution.keys()
    assert report.results.total_words == len(solution)
    assert sorted(report.results.missed) == sorted(set(solution) - {"cat", "dog", "dogs", "cod"})
    assert report.names == {ALICE: "alice", BOB: "bob"} and report.round_id == live.id
    final = rig.publisher.edits[-1]
    assert final.ending is Ending.OVER
    assert {s.player: s.points for s in final.standings} == points
    stored = await rig.storage.get_round(live.id)
    assert stored is not None and stored.results_posted_at is not None
    board = {e.user_id: e.points for e in await rig.storage.leaderboard(GUILD, 10)}
    assert board == points
    assert await rig.storage.channel_posts(CHANNEL) == []  # nothing is left to post
    assert len(rig.publisher.results) == 1 and rig.service.running(CHANNEL) is None


async def test_race_mode_scores_the_first_finder_only(rig: Rig) -> None:
    await rig.start(mode=Mode.RACE)
    rig.say(ALICE, "cat")
    taken = rig.say(BOB, "cat dog")
    assert taken is not None
    assert [(j.verdict, j.taken_by) for j in taken.judgements] == [
        (Verdict.TAKEN, ALICE),
        (Verdict.ACCEPTED, None),
    ]
    report = await rig.end()
    assert {p.player: p.points for p in report.results.players} == {ALICE: 1, BOB: 1}


async def test_a_round_of_a_minute_or_more_warns_once_near_its_end(rig: Rig) -> None:
    await rig.start(seconds=45)
    await rig.end()
    assert rig.publisher.warnings == []  # too short to need one
    await rig.start()
    rig.clock.advance(OPTIONS.seconds - 30)
    await rig.publisher.until(lambda p: bool(p.warnings))
    rig.clock.advance(20)
    await rig.end()
    assert rig.publisher.warnings == [(CHANNEL, 30.0, "en")]


async def test_a_stop_ends_the_round_now_and_posts_its_results(rig: Rig) -> None:
    live = await rig.start()
    rig.say(ALICE, "cat")
    rig.clock.advance(10)
    assert await rig.service.live_rounds.stop(CHANNEL) is live
    await rig.scheduler.caught_up()  # the outbox sends the results the finish owed
    assert [p.report.results.players[0].points for p in rig.publisher.delivered] == [1]
    assert rig.publisher.edits[-1].ending is Ending.STOPPED
    stored = await rig.storage.get_round(live.id)
    assert stored is not None and stored.deadline == NOON + 10  # a restart does not revive it
    assert rig.service.running(CHANNEL) is None
    assert rig.service.live_rounds.guess(CHANNEL, BOB, "bob", "dog") is None
    assert await rig.service.live_rounds.stop(CHANNEL) is None


async def test_a_restart_resumes_the_round_with_every_guess(
    storage: Storage, lexicon: Lexicon, clock: StoppedClock
) -> None:
    """Guesses not yet committed when the process stops are committed by its shutdown; the next
    process judges the round as it was, names its players and scores every word."""
    first = Rig.open(storage, lexicon, clock)
    before = await first.start()
    first.say(ALICE, "cat dog dogs")
    first.say(BOB, "cat cod")
    found = {player: set(words) for player, words in before.game.found.items()}
    await first.close()
    clock.advance(30)

    second = Rig.open(storage, lexicon, clock)
    assert await second.service.resume_all() == 1
    after = second.service.running(CHANNEL)
    assert after is not None and after.id == before.id and after.game.board == BOARD
    assert {player: set(words) for player, words in after.game.found.items()} == found
    assert after.names == {ALICE: "alice", BOB: "bob"}
    again = second.say(ALICE, "dog")
    assert again is not None and [j.verdict for j in again.judgements] == [Verdict.ALREADY_FOUND]
    report = await second.end()
    assert {p.player: p.points for p in report.results.players} == {
        ALICE: word_score("dog", 3) + word_score("dogs", 3),
        BOB: word_score("cod", 3),
    }
    assert second.publisher.delivered[0].channel_id == CHANNEL
    await second.close()


async def test_a_board_without_a_long_enough_word_is_never_played(rig: Rig) -> None:
    with pytest.raises(NoBoard):
        await rig.start(min_length=9)  # BOARD's longest words are shorter
    assert rig.publisher.boards == [] and await rig.storage.running_round(CHANNEL) is None
    assert rig.service.running(CHANNEL) is None


async def test_a_board_that_cannot_be_posted_ends_its_round(rig: Rig) -> None:
    rig.publisher.fail("post_board", Refused("Missing Permissions"))
    with pytest.raises(BoardNotPosted) as refused:
        await rig.start()
    assert refused.value.why is NotPosted.REFUSED
    assert rig.service.running(CHANNEL) is None
    assert await rig.storage.running_round(CHANNEL) is None
    assert await rig.storage.unposted_results() == []  # nothing to post for it, ever
    assert (await rig.start()).channel_id == CHANNEL  # the channel is free


async def test_a_view_that_fails_to_post_the_board_ends_its_round_too(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not a refusal the view knows (a bug, say): the start is not left waiting, the round ends."""

    async def broken(*args: object) -> int:
        raise RuntimeError("a bug in the view")

    monkeypatch.setattr(rig.publisher, "post_board", broken)
    with pytest.raises(BoardNotPosted) as failed:
        await rig.start()
    assert failed.value.why is NotPosted.FAILED
    assert rig.service.running(CHANNEL) is None
    assert await rig.storage.running_round(CHANNEL) is None


async def test_where_nothing_shows_boards_a_round_starts_at_once(
    storage: Storage, lexicon: Lexicon, clock: StoppedClock
) -> None:
    """The service needs no channel view: with no listener of ``RoundOpened`` the round starts
    without a board message, and chat counts in it."""
    writer = GuessWriter(storage)
    lexicons = Lexicons(loaded={"en": lexicon})
    service = RoundService(
        LiveRounds(storage, writer, lexicons, clock, outbox=outbox_kept(storage, clock))
    )
    live = await service.live_rounds.start(RoundRequest(GUILD, CHANNEL, ALICE, "alice", OPTIONS))
    assert live.stored.board_message_id is None and service.view(CHANNEL) is not None
    guessed = service.live_rounds.guess(
        CHANNEL, BOB, "bob", "cat", ChatMessage(1, CHANNEL, BOB, "bob")
    )
    assert guessed is not None and [j.verdict for j in guessed.judgements] == [Verdict.ACCEPTED]
    await service.shutdown(grace=1.0)
    await writer.close()


async def delivered(rig: Rig, count: int) -> None:
    """Wait for ``count`` results to be out, the clock moved on meanwhile (retries wait on it)."""
    async with asyncio.timeout(5):
        while len(rig.publisher.delivered) < count:
            rig.clock.advance(1)
            await asyncio.sleep(0.01)


async def test_results_are_retried_with_the_same_nonces_until_posted(rig: Rig) -> None:
    live = await rig.start()
    rig.say(ALICE, "cat")
    rig.publisher.fail("post_results", Unavailable("429"), Unavailable("503"))
    await rig.service.live_rounds.stop(CHANNEL)
    await delivered(rig, 1)
    await rig.scheduler.caught_up()
    nonces = [call.nonce for call in rig.publisher.results]
    assert len(nonces) == 3 and len(set(nonces)) == 1  # a repeat returns what was made
    stored = await rig.storage.get_round(live.id)
    assert stored is not None and stored.results_posted_at is not None


async def test_results_a_channel_refuses_are_given_up_once(
    storage: Storage, lexicon: Lexicon, clock: StoppedClock
) -> None:
    """A missing permission is not waited out, nor tried again after a restart: given up."""
    first = Rig.open(storage, lexicon, clock)
    await first.start()
    first.say(ALICE, "cat dog")
    first.publisher.fail("post_results", Refused("Missing Permissions"))
    await first.service.live_rounds.stop(CHANNEL)
    await first.scheduler.caught_up()
    assert await storage.channel_posts(CHANNEL) == []  # given up
    assert first.publisher.calls.count("post_results") == 1
    await first.close()
    second = Rig.open(storage, lexicon, clock)
    clock.advance(3600)
    await second.scheduler.caught_up()
    assert second.publisher.calls.count("post_results") == 0
    await second.close()


async def test_results_owed_at_a_stop_go_out_after_the_restart_once(
    storage: Storage, lexicon: Lexicon, clock: StoppedClock
) -> None:
    """Results the platform would not take before the process stopped are owed: the next
    process draws them again from the database, with the points and names they had."""
    first = Rig.open(storage, lexicon, clock)
    live = await first.start()
    first.say(ALICE, "cat dog")
    first.publisher.fail("post_results", *[Unavailable("503")] * 50)
    await first.service.live_rounds.stop(CHANNEL)
    await first.close()
    assert first.publisher.delivered == []
    assert [p.kind for p in await storage.channel_posts(CHANNEL)] == ["round results"]

    second = Rig.open(storage, lexicon, clock)
    assert await second.service.resume_all() == 0
    await delivered(second, 1)
    [posted] = second.publisher.delivered
    assert posted.report.round_id == live.id and posted.report.names == {ALICE: "alice"}
    assert [p.points for p in posted.report.results.players] == [2]
    await second.scheduler.caught_up()
    assert await storage.channel_posts(CHANNEL) == []
    await second.close()


async def test_results_for_a_channel_that_is_gone_are_kept_not_retried(rig: Rig) -> None:
    live = await rig.start()
    rig.publisher.fail("post_results", Gone("Unknown Channel"))
    await rig.service.live_rounds.stop(CHANNEL)
    await rig.scheduler.caught_up()
    assert rig.publisher.calls.count("post_results") == 1
    stored = await rig.storage.get_round(live.id)
    assert stored is not None and stored.state is RoundState.FINISHED
    assert stored.results_posted_at is not None


async def test_a_round_finished_by_another_process_is_not_posted_twice(
    storage: Storage, lexicon: Lexicon, clock: StoppedClock
) -> None:
    """Two processes hold the round (one resumed it while the other still ran it): the one that
    stores the results posts them, the other posts nothing."""
    first = Rig.open(storage, lexicon, clock)
    await first.start()
    first.say(ALICE, "cat")
    await first.writer.flush()
    second = Rig.open(storage, lexicon, clock, ready=False)
    assert await second.service.resume_all() == 1
    await first.service.live_rounds.stop(CHANNEL)
    second.publisher.ready.set()
    await second.service.live_rounds.stop(CHANNEL)
    await first.scheduler.caught_up()
    await second.scheduler.caught_up()
    assert len(first.publisher.delivered) == 1
    assert second.publisher.results == [] and second.service.running(CHANNEL) is None
    for rig in (first, second):
        await rig.close()


class LosesAnswer:
    """The storage, but the first ``finish_round`` fails: before it reaches the database, or
    (``committed``) after it has committed, its answer lost on the way back."""

    def __init__(self, storage: Storage, committed: bool) -> None:
        self.storage = storage
        self.committed = committed
        self.failed = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self.storage, name)

    async def finish_round(self, *args: Any) -> bool:
        if self.failed:
            return await self.storage.finish_round(*args)
        self.failed = True
        if self.committed:
            await self.storage.finish_round(*args)
        raise TransientStorageError("connection reset")


@pytest.mark.parametrize("committed", [False, True], ids=["lost", "answer-lost"])
async def test_results_not_stored_are_tried_again_and_posted_once(
    storage: Storage, lexicon: Lexicon, clock: StoppedClock, committed: bool
) -> None:
    """A failed store is retried; when the failed try had in fact committed, the retry finds the
    round finished and still knows the results are this process's to post (not another's): they
    go once the claim that try took on them ends (``Outbox.take`` never heard of it)."""
    flaky = LosesAnswer(storage, committed)
    rig = Rig.open(cast(Storage, flaky), lexicon, clock)
    live = await rig.start()
    rig.say(ALICE, "cat dogs")
    ending = asyncio.create_task(rig.end())
    if committed:
        async with asyncio.timeout(5):
            while rig.service.running(CHANNEL) is not None:  # noqa: ASYNC110
                await asyncio.sleep(0.005)
        await rig.scheduler.caught_up()
        assert rig.publisher.results == []
        clock.advance(CLAIM)
    report = await ending
    assert flaky.failed and [p.points for p in report.results.players] == [2]
    assert len(rig.publisher.results) == 1
    stored = await storage.get_round(live.id)
    assert stored is not None and stored.results_posted_at is not None
    assert [e.points for e in await storage.leaderboard(GUILD, 10)] == [2]  # counted once
    await rig.close()


class Counted:
    """The storage, counting the outbox's reads and claims of a channel's posts."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.reads = 0
        self.claims = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.storage, name)

    async def channel_posts(self, channel_id: int) -> list[Post]:
        self.reads += 1
        return await self.storage.channel_posts(channel_id)

    async def claim_post(self, post_id: int, now: float, until: float) -> bool:
        self.claims += 1
        return await self.storage.claim_post(post_id, now, until)


async def test_results_claimed_in_their_finish_go_without_a_read_or_a_claim(
    storage: Storage, lexicon: Lexicon, clock: StoppedClock
) -> None:
    """Fifty rounds ending at once queue on one database: their results are claimed in the
    finish's own transaction, so what goes between the board's last status and them is the post
    alone (issue 37)."""
    counted = Counted(storage)
    rig = Rig.open(cast(Storage, counted), lexicon, clock)
    await rig.start()
    await rig.scheduler.caught_up()  # the outbox's look at start
    rig.say(ALICE, "cat")
    report = await rig.end()
    assert [p.points for p in report.results.players] == [1]
    await rig.scheduler.caught_up()
    assert (counted.reads, counted.claims) == (0, 0)
    assert await storage.channel_posts(CHANNEL) == []
    await rig.close()


async def test_results_wait_behind_an_older_post_of_their_channel(
    storage: Storage, lexicon: Lexicon, clock: StoppedClock
) -> None:
    """A post owed to the channel before the finish, waiting out a retry: the finish claims
    nothing, and the results go after it, in the order they were owed."""
    rig = Rig.open(storage, lexicon, clock)
    await rig.start()
    await storage.owe_posts([Owed("note", GUILD, CHANNEL, "{}")], clock())
    (older,) = await storage.channel_posts(CHANNEL)
    retry = clock() + 600
    await storage.post_later(older.id, retry)
    rig.say(ALICE, "cat")
    ending = asyncio.create_task(rig.end())
    async with asyncio.timeout(5):
        while rig.service.running(CHANNEL) is not None:  # noqa: ASYNC110
            await asyncio.sleep(0.005)
    await rig.scheduler.caught_up()
    assert rig.publisher.results == []
    first, results = await storage.channel_posts(CHANNEL)
    assert (first.id, first.due_at, results.due_at) == (older.id, retry, clock())
    clock.advance(retry - clock())  # no sender for a note: given up, then the results go
    await ending
    async with asyncio.timeout(5):  # the results' mark is written after their send returns
        while await storage.channel_posts(CHANNEL):  # noqa: ASYNC110
            await asyncio.sleep(0.01)
    assert len(rig.publisher.results) == 1  # after the note, once
    await rig.close()
