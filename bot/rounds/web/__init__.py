"""The rounds' page side: a page on a channel is shown its round (``Hub``: the round's events),
its words go through the same ``RoundService.submit`` as chat, each verdict sent once the
accepted word is committed, and its Start (or Play again) opens a round with the server's
defaults."""

from __future__ import annotations

from collections.abc import Callable

from bot.kernel.options import OptionError
from bot.kernel.refusal import Refusal
from bot.rounds.events import GuessSource
from bot.rounds.options import RoundRequest, round_options
from bot.rounds.service import (
    BUSY,
    LEXICON_FAILED,
    NO_BOARD,
    NO_ROUND,
    NOT_A_ROUND_CHANNEL,
    NOT_POSTED,
    RoundService,
)
from bot.rounds.web import payloads
from bot.rounds.web.hub import Hub
from bot.server_settings.service import ServerSettingsService
from bot.web.messages import Incoming
from bot.web.routes import PageRoutes, traced
from bot.web.session import Session

# The page's own wording of the refusals it words otherwise than chat.
PAGE_WORDING = {
    NO_ROUND: "web.no_round",
    NOT_A_ROUND_CHANNEL: "web.not_here",
    NO_BOARD: "web.cannot_start",
    LEXICON_FAILED: "web.cannot_start",
    **{key: "replies.board_not_posted" for key in NOT_POSTED},
}


def routes(
    rounds: RoundService, server_settings: ServerSettingsService, clock: Callable[[], float]
) -> PageRoutes:
    """``server_settings``: a round started from the page takes the server's defaults;
    ``clock``: the bot's, the page's countdown set to it."""
    page = PageRoutes()
    hub = Hub(rounds, clock)

    @page.on_join
    async def joined(session: Session) -> None:
        await hub.join(session.channel_id, session)

    @page.on_leave
    def left(session: Session) -> None:
        hub.leave(session.channel_id, session)

    page.on_stop(hub.close)

    @page.message("guess")
    async def guess(session: Session, message: Incoming) -> None:
        word, shown = traced(message)
        submitted = rounds.submit(
            session.channel_id, session.player_id, session.name, word, source=GuessSource.PAGE
        )
        if isinstance(submitted, Refusal):
            await refused(session, submitted)
            return
        await rounds.committed(submitted.ticket)
        for judged in submitted.judgements:
            await session.send(payloads.verdict(submitted.round, judged, session.language, shown))

    @page.message("start")
    async def start(session: Session, message: Incoming) -> None:
        """A round with the server's defaults, its board posted in the channel as /boggle start
        posts it; within the server's round channels (the round reaches the page as an
        event)."""
        if session.guild_id is None:
            await session.error("replies.not_in_dm")
            return
        server = await server_settings.of(session.guild_id)
        try:
            options = round_options(defaults=server)
        except OptionError:
            await session.error("web.cannot_start")
            return
        request = RoundRequest(
            session.guild_id, session.channel_id, session.player_id, session.name, options
        )
        opened = await rounds.open_round(request, server)
        if isinstance(opened, Refusal) and opened.key != BUSY:  # busy: someone started one
            await refused(session, opened)

    return page


async def refused(session: Session, refusal: Refusal) -> None:
    """A refusal in the page's words where it has its own (no channel mentions, no slash
    commands on the page), else in the refusal's."""
    own = PAGE_WORDING.get(refusal.key)
    await (session.error(own) if own is not None else session.refused(refusal))
