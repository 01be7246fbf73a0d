"""The daily board on the page: the player's own private attempt, opened, judged and finished by
``DailyService`` (the same attempt ``/daily`` opens: one per player, language and day; the same
rules, and the same fair-play limits applied at its finish), traced as a round's words are. The
result goes to the page when the service's timer finishes the attempt."""

from __future__ import annotations

import logging
from typing import Protocol

from bot.daily.service import DailyService, DailyState, TooLate, server_zone
from bot.i18n.languages import LANGUAGE_CODES, language_name
from bot.storage import DailyAttempt, Storage
from bot.web import payloads
from bot.web.payloads import Json
from core.lexicon import LexiconError

log = logging.getLogger(__name__)


class Player(Protocol):
    """What the desk needs of a player's connection (``bot.web.session.Session``)."""

    player_id: int
    name: str
    channel_id: int
    guild_id: int | None
    language: str
    daily: int | None  # the attempt the page shows, if any

    async def send(self, message: Json) -> None: ...

    async def error(self, key: str, **fields: object) -> None: ...


class DailyDesk:
    """The pages showing a running attempt, told of its result when it finishes."""

    def __init__(self, daily: DailyService, storage: Storage) -> None:
        self.daily = daily
        self.storage = storage
        self.watching: dict[int, set[Player]] = {}
        daily.listeners.append(self._finished)

    async def open(self, player: Player, language: object) -> None:
        """The player's attempt today in ``language`` (else the server's, as ``/daily``): its
        board, deadline and words so far, or its result when it is over."""
        settings = None
        if player.guild_id is not None:
            settings = await self.storage.server_settings(player.guild_id)
        if not isinstance(language, str) or language not in LANGUAGE_CODES:
            language = settings.language if settings is not None else player.language
        try:
            opened = await self.daily.open(
                player.player_id,
                language,
                server_zone(settings),
                player.guild_id,
                player.channel_id,
            )
        except LexiconError:
            log.exception("the %s lexicon could not be loaded", language)
            await player.error("daily.lexicon_failed", language=language_name(language))
            return
        if player.guild_id is not None:
            await self.storage.remember_names(player.guild_id, {player.player_id: player.name})
        self.leave(player)
        state = opened.state
        player.daily = state.attempt.id
        if state.result is None:
            self.watching.setdefault(state.attempt.id, set()).add(player)
        await player.send(self._shown(state, player))

    async def guess(self, player: Player, word: str, path: list[int] | None) -> None:
        """A traced or typed word of the attempt the page shows: its verdict, stored first;
        from the deadline on, the result."""
        if player.daily is None:
            await player.error("web.no_daily")
            return
        try:
            judgements, state = await self.daily.guess(player.daily, word)
        except TooLate as late:
            self.watching.pop(late.attempt.id, None)
            await player.send(self._shown(await self.daily.state(late.attempt), player))
            return
        for judged in judgements:
            await player.send(payloads.daily_verdict(state, judged, player.language, path))

    def leave(self, player: Player) -> None:
        """The page went back to the channel, or away."""
        if player.daily is not None:
            watching = self.watching.get(player.daily, set())
            watching.discard(player)
            if not watching:
                self.watching.pop(player.daily, None)
        player.daily = None

    def _shown(self, state: DailyState, player: Player) -> Json:
        if state.result is not None:
            return payloads.daily_result(state, state.result, player.language)
        return payloads.daily(state, self.daily.clock(), player.language)

    async def _finished(self, attempt: DailyAttempt) -> None:
        players = self.watching.pop(attempt.id, set())
        if players:
            state = await self.daily.state(attempt)
            for player in players:
                await player.send(self._shown(state, player))
