"""The round service's publisher on Discord: render, send, and turn discord.py's errors into ours."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Mapping, Sequence

import discord

from core.round import Mode, Standing

from . import render
from .publisher import (
    BoardPost,
    ChatMessage,
    Ending,
    Gone,
    News,
    PublishError,
    Refused,
    ResultsReport,
    Unavailable,
)

ACCEPTED = "✅"
REPEATED = "🔁"


class DiscordPublisher:
    def __init__(self, client: discord.Client, *, reads_messages: bool = True) -> None:
        self.client = client
        self.reads_messages = reads_messages

    async def wait_until_ready(self) -> None:
        await self.client.wait_until_ready()

    def _board_text(self, post: BoardPost, status: str = "") -> str:
        return render.board_message(
            post.board,
            post.rules,
            post.deadline,
            post.round.dice,
            post.starter_name,
            not self.reads_messages,
            status,
        )

    async def post_board(self, post: BoardPost) -> int:
        async with _translated():
            message = await (await self._channel(post.round.channel_id)).send(
                self._board_text(post)
            )
        return message.id

    async def edit_status(
        self,
        post: BoardPost,
        message_id: int,
        standings: Sequence[Standing],
        names: Mapping[int, str],
        news: Mapping[int, News],
        ending: Ending | None = None,
    ) -> dict[int, tuple[int, int]]:
        classic_live = ending is None and post.rules.mode is Mode.CLASSIC
        status, shown = render.status_text(standings, names, news, classic_live=classic_live)
        if ending is not None:
            status = "\n".join(filter(None, [status, render.ending_text(ending)]))
        channel = await self._channel(post.round.channel_id)
        async with _translated():
            await channel.get_partial_message(message_id).edit(
                content=self._board_text(post, status)
            )
        return shown

    async def post_warning(self, channel_id: int, seconds_left: float) -> None:
        async with _translated():
            await (await self._channel(channel_id)).send(render.warning_text(seconds_left))

    async def react(self, message: ChatMessage, accepted: bool) -> None:
        channel = await self._channel(message.channel_id)
        async with _translated():
            await channel.get_partial_message(message.id).add_reaction(
                ACCEPTED if accepted else REPEATED
            )

    async def post_results(self, channel_id: int, report: ResultsReport, skip: int) -> None:
        channel = await self._channel(channel_id)
        parts = render.results_messages(report.results, report.names, report.board, report.rules)
        posted = skip
        try:
            async with _translated():
                for part in parts[skip:]:
                    await channel.send(
                        content=part.content or None, embeds=part.embeds, files=part.files
                    )
                    posted += 1
        except PublishError as exc:
            exc.posted = posted
            raise

    async def member_names(self, guild_id: int, players: Sequence[int]) -> dict[int, str]:
        guild = self.client.get_guild(guild_id)
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

    async def _channel(self, channel_id: int) -> discord.TextChannel:
        channel = self.client.get_channel(channel_id)
        if channel is None:
            raise Gone(f"channel {channel_id} is gone")
        return channel  # type: ignore[return-value]


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
