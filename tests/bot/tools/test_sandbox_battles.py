"""Server battles in the terminal sandbox as a person types them: the owner opts the server in
under a name, a daily board is played, and ``/battle`` lists the server with its points and its
player's contribution."""

from __future__ import annotations

from pathlib import Path

from core.battles import shown
from core.daily import DAILY_SECONDS
from core.lexicon import Lexicon
from tests.bot.daily_helpers import words_of
from tests.bot.tools.test_sandbox_daily import sandbox


async def test_battle_shows_the_sandbox_server_once_it_opted_in(
    tmp_path: Path, lexicon: Lexicon
) -> None:
    async with sandbox(tmp_path, lexicon) as play:
        before = await play.type("/battle", until="Last week's winners")
        assert "does not take part" in before and "No server has points this week yet." in before
        await play.type(":as sandbox-owner", until="sandbox-owner")
        said = await play.type(
            "/boggle-config battles state:on name:Sandbox Stars", until="`/battle`"
        )
        assert "takes part in server battles as **Sandbox Stars**" in said
        await play.type(":as alice", until="alice")
        await play.type("/daily", until="[Guess]")
        daily = play.services().daily
        attempt = await daily.running(play.standin.user("alice").id)
        assert attempt is not None
        word = words_of(await daily.board_of(attempt), 1)[0]
        play.clock.advance(20)  # a person reads the board first
        await play.type(":click Guess", until="Words [required")
        await play.type(word, until="[Guess]")
        play.clock.advance(DAILY_SECONDS)
        await play.screen.wait_for("[Share]")
        finished = await daily.store.get_daily_attempt(attempt.id)
        assert finished is not None and finished.points
        table = await play.type("/battle", until="Last week's winners")
        score = shown(finished.points)
        assert f"🥇 **1.** Sandbox Stars: **{score}**" in table, table
        assert f"**Sandbox Stars** is #1 of 1 server this week with **{score}**." in table
        assert "Its best players: Alice" in table or "Its best players: alice" in table, table
