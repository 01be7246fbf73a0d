"""The round's channel view's publisher on Discord (``bot.rounds.discord.port``): render, send,
and turn discord.py's errors into ours."""

from __future__ import annotations

import contextlib
import io
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence

import discord

from bot.discord import render
from bot.pictures.pictures import Pictures
from bot.rounds.coop_timers import clock_lines, team_line
from bot.rounds.discord import board_post
from bot.rounds.discord.guess_form import board_view
from bot.rounds.discord.play_again import again_view
from bot.rounds.discord.port import Gone, News, Refused, Unavailable
from bot.rounds.discord.results import results_messages
from bot.rounds.events import ChatMessage, Ending, ResultsReport
from bot.rounds.view import RoundView
from core.round import Mode, Results, Standing
from core.solver import find_path

ACCEPTED = "✅"
REPEATED = "🔁"

log = logging.getLogger(__name__)


def _team_text(view: RoundView) -> str:
    """A co-op round's team line (share, next target); empty in a competitive round."""
    team = view.team()
    return "" if team is None else team_line(team, view.language)


class DiscordPublisher:
    def __init__(
        self,
        client: discord.Client,
        pictures: Pictures,
        *,
        reads_messages: bool = True,
        activity: bool = False,
    ) -> None:
        self.client = client
        self.activity = activity  # the board offers "Play on the board" (BOGGLE_ACTIVITY)
        self.reads_messages = reads_messages
        self.pictures = pictures

    async def wait_until_ready(self) -> None:
        await self.client.wait_until_ready()

    def _board_text(self, view: RoundView, status: str = "") -> str:
        return board_post.board_message(
            view.board,
            view.rules,
            view.deadline,
            view.dice,
            view.starter_name,
            self.reads_messages,
            status,
            view.hints,
            view.language,
            clock_lines(view.timer, view.seconds or 0, view.deadline, view.language),
        )

    async def post_board(self, view: RoundView) -> int:
        """The board's text (what screen readers read), with its picture where the bot may
        attach files; text only where it may not, or where Discord refuses the file (the
        permission was taken away since the bot's cache last heard)."""
        channel = await self._channel(view.channel_id)
        content = self._board_text(view, _team_text(view))  # co-op: the target from the start
        attach = _may_attach(channel)
        png = (
            await self.pictures.board(view.board, hints=view.hints, lang=view.language)
            if attach
            else None
        )
        buttons = board_view(view.id, view.language, self.activity)
        async with _translated():
            if png is not None:
                try:
                    picture = discord.File(io.BytesIO(png), render.BOARD_FILE)
                    sent = await channel.send(content, file=picture, view=buttons)
                    return sent.id
                except discord.Forbidden as exc:
                    log.warning("channel %s refused the board's picture (%s)", channel.id, exc)
            sent = await channel.send(content, view=buttons)
        return sent.id

    async def edit_status(
        self,
        view: RoundView,
        message_id: int,
        standings: Sequence[Standing],
        names: Mapping[int, str],
        news: Mapping[int, News],
        ending: Ending | None = None,
    ) -> dict[int, tuple[int, int]]:
        classic_live = ending is None and view.rules.mode is Mode.CLASSIC
        language = view.language
        status, shown = board_post.status_text(
            standings,
            names,
            news,
            classic_live=classic_live,
            over=ending is not None,
            language=language,
        )
        status = "\n".join(filter(None, [_team_text(view), status]))
        if ending is not None:
            status = "\n".join(filter(None, [status, board_post.ending_text(ending, language)]))
        channel = await self._channel(view.channel_id)
        message = channel.get_partial_message(message_id)
        async with _translated():
            if ending is None:
                await message.edit(content=self._board_text(view, status))
            else:  # the round is over: its Guess button goes
                await message.edit(content=self._board_text(view, status), view=None)
        return shown

    async def post_warning(self, channel_id: int, seconds_left: float, language: str) -> None:
        async with _translated():
            channel = await self._channel(channel_id)
            await channel.send(board_post.warning_text(seconds_left, language))

    async def react(self, message: ChatMessage, accepted: bool) -> None:
        channel = await self._channel(message.channel_id)
        async with _translated():
            await channel.get_partial_message(message.id).add_reaction(
                ACCEPTED if accepted else REPEATED
            )

    async def post_results(
        self, channel_id: int, report: ResultsReport, nonce: Callable[[int], str]
    ) -> None:
        """The results, each part with its nonce (a part already made returns, not twice); with
        the board's picture and the missed-words file where the bot may attach files, and from
        the refused part on without them where Discord refuses a file."""
        channel = await self._channel(channel_id)
        attach = _may_attach(channel)
        word = _pictured_word(report.results)
        path = find_path(report.board, word) if word else None
        png = (
            await self.pictures.board(report.board, path or (), lang=report.language)
            if attach
            else None
        )
        parts = _results(report, png, attach)
        posted = 0
        async with _translated():
            while posted < len(parts):
                part = parts[posted]
                last = posted == len(parts) - 1
                again = report.round_id if last else None
                view = again_view(again, report.language) if again else None
                try:
                    await channel.send(
                        content=part.content or None,
                        embeds=part.embeds,
                        files=part.files,
                        view=view,  # type: ignore[arg-type]
                        nonce=nonce(posted),
                    )
                except discord.Forbidden as exc:
                    if not part.files:
                        raise
                    log.warning("channel %s refused the results' files (%s)", channel.id, exc)
                    parts = _results(report, None, attach=False)  # as many parts
                    continue
                posted += 1

    async def _channel(self, channel_id: int) -> discord.TextChannel:
        channel = self.client.get_channel(channel_id)
        if channel is None:
            raise Gone(f"channel {channel_id} is gone")
        return channel  # type: ignore[return-value]


def _pictured_word(results: Results) -> str | None:
    """The word whose path the results picture shows: the longest found, else the best missed."""
    if results.longest is not None:
        return results.longest[0]
    return results.missed[0] if results.missed else None


def _results(
    report: ResultsReport, png: bytes | None, attach: bool
) -> list[render.RenderedMessage]:
    return results_messages(
        report.results,
        report.names,
        report.board,
        report.rules,
        picture=png,
        attachments=attach,
        code=report.code,
        language=report.language,
        dictionary=report.dictionary,
        spell=report.spelled,
    )


def _may_attach(channel: discord.TextChannel) -> bool:
    """Whether the bot may attach files in ``channel``, as far as discord.py's cache knows."""
    guild = getattr(channel, "guild", None)
    me = guild.me if guild is not None else None
    return me is None or channel.permissions_for(me).attach_files


@contextlib.asynccontextmanager
async def _translated() -> AsyncIterator[None]:
    """discord.py's errors as the service's: gone, refused (a permission), or try again later."""
    try:
        yield
    except discord.NotFound as exc:
        raise Gone(exc.text or str(exc.status)) from exc
    except discord.Forbidden as exc:
        raise Refused(exc.text or str(exc.status)) from exc
    except discord.HTTPException as exc:
        raise Unavailable(exc.text or str(exc.status)) from exc


def member_names(
    client: discord.Client,
) -> Callable[[int, Sequence[int]], Awaitable[dict[int, str]]]:
    """The round service's way to players' names it does not keep (a restart that lost them):
    asked of Discord, from its cache, else one look-up each; those it cannot tell are left out."""

    async def asked(guild_id: int, players: Sequence[int]) -> dict[int, str]:
        guild = client.get_guild(guild_id)
        names: dict[int, str] = {}
        if guild is None:
            return names
        for player in players:
            member = guild.get_member(player)
            if member is None:
                with contextlib.suppress(discord.HTTPException):
                    member = await guild.fetch_member(player)
            if member is not None:
                names[player] = member.display_name
        return names

    return asked
