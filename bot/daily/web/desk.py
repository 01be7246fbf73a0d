"""The daily board on the page: the player's own private attempt, opened, judged and finished by
``DailyService`` (the same attempt ``/daily`` opens: one per player, language and day; the same
rules, and the same fair-play limits applied at its finish), traced as a round's words are. The
result goes to the page when the service's timer finishes the attempt."""

from __future__ import annotations

from typing import Protocol

from bot.daily.events import DailyAttemptEnded
from bot.daily.model import DailyAttempt
from bot.daily.service import DailyService, DailyState
from bot.daily.web import payloads
from bot.daily.web.messages import DailyJson, DailyResultJson, Message
from bot.kernel.refusal import Refusal
from bot.web.player import PagePlayer


class Player(PagePlayer[Message], Protocol):
    """What the desk needs of a player's page, and its refusals."""

    async def error(self, key: str, **fields: object) -> None: ...

    async def refused(self, refusal: Refusal) -> None: ...


class DailyDesk:
    """The pages showing a running attempt, told of its result when it finishes."""

    def __init__(self, daily: DailyService) -> None:
        self.daily = daily
        self.showing: dict[Player, int] = {}  # the attempt each page shows
        self.watching: dict[int, set[Player]] = {}  # the pages showing each running attempt
        daily.events.subscribe(DailyAttemptEnded, lambda e: self._finished(e.attempt))

    async def open(self, player: Player, language: object) -> None:
        """The player's attempt today in ``language`` (else the server's, as ``/daily``): its
        board, deadline and words so far, or its result when it is over."""
        opened = await self.daily.open_for(
            player.player_id,
            player.name,
            player.guild_id,
            player.channel_id,
            language if isinstance(language, str) else None,
            player.language,
        )
        if isinstance(opened, Refusal):
            await player.refused(opened)
            return
        self.leave(player)
        state = opened.state
        self.showing[player] = state.attempt.id
        if state.result is None:
            self.watching.setdefault(state.attempt.id, set()).add(player)
        await player.send(self._shown(state, player))

    async def guess(self, player: Player, word: str, path: list[int] | None) -> None:
        """A traced or typed word of the attempt the page shows: its verdict, stored first;
        from the deadline on, the result."""
        attempt = self.showing.get(player)
        if attempt is None:
            await player.error("web.no_daily")
            return
        guessed = await self.daily.guess(player.player_id, attempt, word)
        if isinstance(guessed, Refusal):
            await player.refused(guessed)
        elif guessed.late:
            self.watching.pop(guessed.state.attempt.id, None)
            await player.send(self._shown(guessed.state, player))
        else:
            for judged in guessed.judgements:
                await player.send(
                    payloads.daily_verdict(guessed.state, judged, player.language, path)
                )

    def leave(self, player: Player) -> None:
        """The page went back to the channel, or away."""
        attempt = self.showing.pop(player, None)
        if attempt is not None:
            watching = self.watching.get(attempt, set())
            watching.discard(player)
            if not watching:
                self.watching.pop(attempt, None)

    def _shown(self, state: DailyState, player: Player) -> DailyJson | DailyResultJson:
        if state.result is not None:
            return payloads.daily_result(state, state.result, player.language)
        return payloads.daily(state, self.daily.clock(), player.language)

    async def _finished(self, attempt: DailyAttempt) -> None:
        players = self.watching.pop(attempt.id, set())
        if players:
            state = await self.daily.state(attempt)
            for player in players:
                await player.send(self._shown(state, player))
