"""Feedback through the round service and its channel view: what the channel is told and when.
The runners wait for a front end that is not ready, so each test decides when the status is due
(``tick``, as the runner's ``RoundTicked`` does) and the stopped clock decides whether an edit
is allowed yet."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.rounds.discord.port import News, Refused, Unavailable
from bot.rounds.events import Ending
from bot.rounds.live import LiveRound
from bot.rounds.writer import GuessWriter
from bot.stores import Storage
from core.lexicon import Lexicon
from core.round import Verdict
from tests.bot.harness import StoppedClock
from tests.bot.rounds.conftest import ALICE, BOB, CHANNEL, Rig


@pytest.fixture
async def held(storage: Storage, lexicon: Lexicon, clock: StoppedClock) -> AsyncIterator[Rig]:
    """A rig whose runners wait for the front end: the test drives the feedback."""
    opened = Rig.open(storage, lexicon, clock, ready=False)
    yield opened
    await opened.close()


async def shown(rig: Rig, live: LiveRound) -> None:
    """Let the status edit if it is due, and wait for what it sent."""
    rig.view.feedback.tick(live.view())
    await rig.view.feedback.drain(timeout=5.0)


async def said(rig: Rig, live: LiveRound, player: int, *texts: str) -> None:
    """``player`` writes each of ``texts``; once they are committed, the status as it is due."""
    for text in texts:
        rig.say(player, text)
    await rig.writer.flush()
    await shown(rig, live)


def edit_every(rig: Rig) -> float:
    """The least time between two status edits."""
    return rig.view.feedback.edit_every


async def test_many_guesses_make_one_edit_and_a_few_reactions(held: Rig) -> None:
    live = await held.start()
    words = sorted(w for w in live.game.solution if len(w) == 3)[:20]
    for word in words:
        held.say(ALICE, word)
    held.say(BOB, "zebra")
    await held.writer.flush()
    await shown(held, live)
    burst = int(held.view.feedback.reactions.burst)  # reactions a channel may get at once
    assert held.publisher.calls.count("edit_status") == 1
    [edit] = held.publisher.edits
    assert edit.news[ALICE].accepted == words and edit.news[ALICE].refused == []
    assert edit.news[BOB].refused == [("zebra", Verdict.NOT_ON_BOARD)]
    assert [accepted for _, accepted in held.publisher.reactions] == [True] * burst
    assert held.view.feedback.calls == 1 + burst  # 21 messages, 4 calls


async def test_an_accepted_word_is_shown_only_once_it_is_committed(
    storage: Storage, lexicon: Lexicon, clock: StoppedClock
) -> None:
    rig = Rig.open(storage, lexicon, clock, ready=False, writer=GuessWriter(storage, interval=3600))
    live = await rig.start()
    rig.say(ALICE, "cat")
    rig.view.feedback.tick(live.view())
    await rig.publisher.until(lambda p: len(p.edits) == 1)
    assert rig.publisher.edits[0].news[ALICE].accepted == []
    assert rig.publisher.reactions == []  # the ✅ waits for the commit too
    await rig.writer.flush()
    await rig.publisher.until(lambda p: len(p.reactions) == 1)
    clock.advance(edit_every(rig))
    await shown(rig, live)
    assert rig.publisher.edits[1].news[ALICE].accepted == ["cat"]
    await rig.close()


async def test_nothing_is_sent_when_nothing_changed_nor_too_soon(held: Rig) -> None:
    live = await held.start()
    await shown(held, live)
    assert held.publisher.calls == ["post_board"]  # nothing guessed: no edit
    await said(held, live, ALICE, "cat")
    await said(held, live, ALICE, "dog")
    assert len(held.publisher.edits) == 1  # "dog" waits for the next allowed edit
    held.clock.advance(edit_every(held))
    await shown(held, live)
    assert [e.news[ALICE].accepted for e in held.publisher.edits] == [["cat"], ["dog"]]
    for _ in range(3):
        held.clock.advance(edit_every(held))
        await shown(held, live)
    assert len(held.publisher.edits) == 2


async def test_a_repeated_word_gets_its_own_mark_and_refusals_none(held: Rig) -> None:
    live = await held.start()
    await said(held, live, ALICE, "cat", "cat", "xqzt")
    assert [accepted for _, accepted in held.publisher.reactions] == [True, False]
    assert held.publisher.edits[0].news[ALICE].refused == [
        ("cat", Verdict.ALREADY_FOUND),
        ("xqzt", Verdict.NOT_A_WORD),
    ]


async def test_news_an_edit_failed_to_show_is_shown_by_the_next(held: Rig) -> None:
    live = await held.start()
    held.publisher.fail("edit_status", Unavailable("429"))
    await said(held, live, ALICE, "cat")
    assert held.publisher.edits == []
    held.clock.advance(edit_every(held))
    await shown(held, live)
    assert [e.news[ALICE].accepted for e in held.publisher.edits] == [["cat"]]


async def test_no_permission_to_react_stops_the_reactions_in_that_channel(held: Rig) -> None:
    live = await held.start()
    held.publisher.fail("react", Refused("Missing Permissions"))
    await said(held, live, ALICE, "cat")
    held.clock.advance(60)  # the budget is full again
    await said(held, live, ALICE, "dog")
    assert held.publisher.calls.count("react") == 1
    assert [e.news[ALICE].accepted for e in held.publisher.edits] == [["cat"], ["dog"]]


async def test_a_slash_guess_moves_the_standings_without_naming_its_words(held: Rig) -> None:
    live = await held.start()
    guessed = held.service.live_rounds.guess(CHANNEL, BOB, "bob", "cat")  # /guess: no chat message
    assert guessed is not None
    await held.service.committed(guessed.ticket)
    await shown(held, live)
    [edit] = held.publisher.edits
    assert edit.news == {} and [(s.player, s.words) for s in edit.standings] == [(BOB, 1)]
    assert held.publisher.reactions == []


async def test_the_end_shows_the_final_standing_with_cancellations(held: Rig) -> None:
    live = await held.start()
    held.say(ALICE, "cat dog")
    held.say(BOB, "cat")
    await held.service.live_rounds.stop(CHANNEL)
    final = held.publisher.edits[-1]
    assert final.ending is Ending.STOPPED
    # No live edit named them: the final status does (every ✅ word).
    assert final.news == {ALICE: News(["cat", "dog"], []), BOB: News(["cat"], [])}
    assert {(s.player, s.words, s.points) for s in final.standings} == {(ALICE, 2, 1), (BOB, 1, 0)}
    assert live.stored.board_message_id == final.message_id


async def test_news_the_platform_never_shows_is_not_edited_again_and_again(
    held: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A status that cannot show a player's news (all of it committed) is not edited again at
    every tick with nothing changed; the next guess brings an edit again."""
    live = await held.start()

    async def shows_nothing(*args: object, **kwargs: object) -> dict[int, tuple[int, int]]:
        await held.publisher._called("edit_status")
        return {}

    monkeypatch.setattr(held.publisher, "edit_status", shows_nothing)
    await said(held, live, BOB, "zebra")
    assert held.publisher.calls.count("edit_status") == 1
    for _ in range(5):
        held.clock.advance(edit_every(held))
        await shown(held, live)
    assert held.publisher.calls.count("edit_status") == 1
    await said(held, live, BOB, "quokka")
    assert held.publisher.calls.count("edit_status") == 2
