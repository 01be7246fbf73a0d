"""``dice:`` completes as the player types: every set reachable by its name (the 25 choices a
fixed list allows could not hold every language's sets), the round's language's sets first."""

from __future__ import annotations

from core.dice import available
from core.languages import dice_language
from tests.bot.discord.test_server_config import owner
from tests.bot.harness import Harness


async def suggested(
    game: Harness, typed: str, command: str = "boggle start", **more: str
) -> list[str]:
    user = owner(game) if command.startswith("boggle-config") else "alice"
    handle = await game.standin.autocomplete(
        "boggle", user, command, {"dice": typed, **more}, "dice"
    )
    choices = await handle.suggestions()
    assert all(c["name"] == c["value"] for c in choices)
    return [c["value"] for c in choices]


async def test_every_set_is_reached_by_typing_its_name(game: Harness) -> None:
    names = sorted(available())
    assert len(names) > 25  # more than a fixed list of choices holds
    for name in names:
        assert name in await suggested(game, name.upper()), name


async def test_the_rounds_language_comes_first(game: Harness) -> None:
    first = await suggested(game, "")
    assert len(first) == 25 and all(dice_language(n) == "en" for n in first[:5]), first
    assert (await suggested(game, "5x5", language="fi"))[0] == "5x5-fi"
    assert (await suggested(game, "4x4", "boggle-config set", language="tr"))[0] == "4x4-tr"
    assert await suggested(game, "no such dice") == []


async def test_a_name_typed_that_is_no_set_is_refused_with_one_message(game: Harness) -> None:
    handle = await game.standin.slash("boggle", "alice", "boggle start", {"dice": "7x7-moon"})
    reply = await handle.original_message()
    assert reply.ephemeral and "unknown dice set '7x7-moon'" in reply.content, reply.content
    assert game.services.rounds.live == {}
    assert game.query("SELECT count(*) FROM rounds") == [(0,)]
