"""The daily result's Definitions button through the real client and the stand-in: it appears
once the attempt is finished (never while it runs), labelled in the attempt's language; its
answer is private, within Discord's 2,000 characters, and holds the player's own words and the
best words they missed (the result's order), each with its meaning or why none."""

from __future__ import annotations

import pytest

from bot.i18n.catalogue import text
from bot.kernel.refusal import Refusal
from core.daily import DAILY_SECONDS
from standin.state import StoredMessage
from tests.bot.daily_helpers import attempt_of, open_daily, words_of
from tests.bot.harness import Harness


def buttons(message: StoredMessage) -> dict[str, str]:
    """The message's buttons: label by custom id."""
    return {
        button["custom_id"]: button.get("label", "")
        for row in message.components
        for button in row["components"]
        if "custom_id" in button
    }


@pytest.mark.parametrize("code", ["en", "fr", "es", "de"])
async def test_the_daily_results_button_defines_the_players_words(play: Harness, code: str) -> None:
    board_message = await open_daily(play, "alice", language=code)
    attempt = await attempt_of(play, "alice")
    custom_id = f"daily:define:{attempt.id}"
    assert custom_id not in buttons(board_message)  # not while the attempt runs
    board = await play.services.daily.board_of(attempt)
    mine = words_of(board, 3, skip=2)
    play.clock.advance(20)
    handle = await play.standin.slash("boggle", "alice", "daily-guess", {"words": " ".join(mine)})
    await handle.followup()
    play.clock.advance(DAILY_SECONDS)
    result = await play.standin.wait_for_ephemeral(
        "alice", lambda m: m.id == board_message.id and custom_id in buttons(m)
    )
    assert buttons(result)[custom_id] == text("definitions.button", code)
    assert f"daily:share:{attempt.id}" in buttons(result)

    reply = await (await play.standin.click(result, "alice", custom_id)).followup()
    assert reply.ephemeral and len(reply.content) <= 2000
    spelled = play.services.lexicons.loaded(code)
    assert spelled is not None
    yours, missed = reply.content.split(f"__{text('definitions.missed', code)}__")
    assert yours.startswith(f"__{text('definitions.yours', code)}__\n")
    for word in mine:
        assert f"**{spelled.spelling(word)}**" in yours
    finished = await play.services.daily.attempt_of(attempt.player_id, attempt.id)
    assert not isinstance(finished, Refusal)
    state = await play.services.daily.state(finished)
    assert state.result is not None
    best = [w for w, _ in state.result.missed][:3]
    assert [line.split("**")[1] for line in missed.strip().split("\n")[:3]] == [
        spelled.spelling(w) for w in best
    ]  # the result's order: most common first
    if code == "es":
        assert text("definitions.line_no_definition", "es") in reply.content
    else:
        glossed = [line for line in reply.content.split("\n") if line.startswith("**")]
        assert any(
            not line.endswith(text("definitions.line_no_definition", code)) for line in glossed
        )
