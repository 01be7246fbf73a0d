"""The results' Definitions button through the real client and the stand-in: privately, the
clicking player's own words (never another player's) and the best missed words, each with its
meaning, within Discord's 2,000 characters, in the round's language; answered after a restart."""

from __future__ import annotations

import pytest

from bot.i18n.catalogue import text
from standin.state import StoredMessage
from tests.bot.harness import Harness


def has_define_button(message: StoredMessage) -> bool:
    return any(
        button.get("custom_id", "").startswith("boggle:define:")
        for row in message.components
        for button in row["components"]
    )


def define_button(game: Harness) -> tuple[StoredMessage, str]:
    for message in reversed(game.standin.messages("boggle")):
        for row in message.components:
            for button in row["components"]:
                if button.get("custom_id", "").startswith("boggle:define:"):
                    return message, button["custom_id"]
    raise AssertionError("no Definitions button")


@pytest.mark.parametrize("code", ["en", "fr", "es", "de"])
async def test_the_button_defines_the_clicking_players_words(play: Harness, code: str) -> None:
    options = {"language": code, "mode": "casual", "time": "2m", "size": 5}
    await (await play.standin.slash("boggle", "alice", "boggle start", options)).followup()
    live = play.live()
    mine, theirs = play.words(live, 6, min_len=4)[:3], play.words(live, 6, min_len=4)[3:]
    for word in mine:
        await play.say("alice", word)
    for word in theirs:
        await play.say("bob", word)
    await play.wait_for_guess("alice", mine[-1])
    await play.wait_for_guess("bob", theirs[-1])
    play.clock.advance(live.game.deadline - play.clock() + 1)
    await play.standin.wait_for_message("boggle", has_define_button, after=0)
    message, custom_id = define_button(play)
    assert custom_id == f"boggle:define:{live.id}"
    label = [
        b
        for row in message.components
        for b in row["components"]
        if b.get("custom_id") == custom_id
    ]
    assert label[0]["label"] == text("definitions.button", code)

    reply = await (await play.standin.click(message, "alice", custom_id)).followup()
    assert reply.ephemeral and len(reply.content) <= 2000
    assert text("definitions.yours", code) in reply.content
    spelled = play.services.lexicons.loaded(code)
    assert spelled is not None
    for word in mine:
        assert f"**{spelled.spelling(word)}**" in reply.content
    for word in theirs:
        assert f"**{spelled.spelling(word)}**" not in reply.content
    assert text("definitions.missed", code) in reply.content
    if code == "es":
        assert text("definitions.line_no_definition", "es") in reply.content
    else:
        assert ": " in reply.content.split("\n")[1]


async def test_many_words_stay_within_discords_limit(play: Harness) -> None:
    live, _ = await play.start_round("alice", mode="casual", time="2m", size=6)
    words = sorted(live.game.solution, key=len)[:60]
    await play.say("alice", " ".join(words))
    await play.wait_for_guess("alice", words[-1])
    await play.end_round()
    message, custom_id = define_button(play)
    reply = await (await play.standin.click(message, "alice", custom_id)).followup()
    assert len(reply.content) <= 2000
    assert reply.content.rstrip().split("\n")[-1].startswith("…and ")
