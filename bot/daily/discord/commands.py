"""``/daily [language]`` and ``/daily-guess words:``: the daily board, played privately.

Everything goes through interaction responses (the player's ephemeral message, edited as they
guess, and the Share button's answer), so the board works in servers, in the DM with the bot and
as a user-installed app where the bot may not read or post in the channel. In a server that
installed the bot, Share posts a normal message in the channel.

``/daily guess`` cannot sit beside ``/daily`` itself: Discord makes a command with subcommands
unusable on its own, so guesses typed as a command go through ``/daily-guess``.
"""

from __future__ import annotations

import contextlib
import io
import re
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.daily.discord.render import (
    daily_text,
    share_text,
    time_left_text,
    too_late_text,
    verdict_lines,
)
from bot.daily.discord.uses import DailyUses
from bot.daily.events import DailyAttemptEnded
from bot.daily.model import DailyAttempt
from bot.daily.service import DailyState, Guessed
from bot.discord.answers import reader_language, refusal_text, tell
from bot.discord.choices import language_option
from bot.discord.forms import WordsForm, send_form, sent_form
from bot.discord.reach import anywhere
from bot.discord.render import BOARD_FILE
from bot.discord.render.text import CONTENT_LIMIT, fit
from bot.discord.result_buttons import daily_buttons
from bot.i18n.catalogue import text
from bot.i18n.languages import DEFAULT_LANGUAGE, language_name
from bot.kernel.refusal import Refusal

NO_PINGS = discord.AllowedMentions.none()
DAILY_FORM = "daily:modal"  # an attempt's form of words: daily:modal:<attempt id>


def server_install(interaction: discord.Interaction) -> int | None:
    """The server, when the command came through the server's install of the bot (not a DM,
    not a user install): the one whose time zone, ranking and channel count."""
    if interaction.guild_id is not None and interaction.is_guild_integration():
        return interaction.guild_id
    return None


class Daily(commands.Cog):
    def __init__(self, services: DailyUses) -> None:
        self.services = services
        # The interaction whose message shows each running attempt, edited when it finishes
        # (its token lives 15 minutes, an attempt 3).
        self.shown: dict[int, discord.Interaction] = {}
        services.daily.events.subscribe(DailyAttemptEnded, lambda e: self.on_finish(e.attempt))

    @app_commands.command(name="daily", description=text("commands.daily"))
    @anywhere
    @language_option(text("commands.daily_language"))
    async def daily(self, interaction: discord.Interaction, language: str | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user

        async def coming(code: str) -> None:  # its list is being built: the board comes after
            name = language_name(code)
            await interaction.edit_original_response(
                content=text("daily.board_coming", code, language=name)
            )

        opened = await self.services.daily.open_for(
            user.id,
            user.display_name,
            server_install(interaction),
            interaction.channel_id or 0,
            language,
            reader_language(interaction),
            coming,
        )
        if isinstance(opened, Refusal):
            await interaction.edit_original_response(
                content=await self._refusal(interaction, opened)
            )
            return
        state = opened.state
        files: list[discord.File] = []
        if state.result is None and interaction.app_permissions.attach_files:
            png = await self.services.pictures.board(state.board.board, lang=state.board.language)
            if png is not None:
                files.append(discord.File(io.BytesIO(png), filename=BOARD_FILE))
        if state.result is None:
            self.shown[state.attempt.id] = interaction
        await interaction.edit_original_response(
            content=daily_text(state, self.services.clock()),
            view=attempt_view(state),
            attachments=files,
            allowed_mentions=NO_PINGS,
        )

    @app_commands.command(name="daily-guess", description=text("commands.daily_guess"))
    @anywhere
    @app_commands.describe(words=text("commands.daily_guess_words"))
    async def daily_guess(
        self, interaction: discord.Interaction, words: app_commands.Range[str, 1, 400]
    ) -> None:
        attempt = await self.services.daily.running_attempt(interaction.user.id)
        if isinstance(attempt, Refusal):
            await tell(interaction, await self._refusal(interaction, attempt))
            return
        language = attempt.language
        await interaction.response.defer(ephemeral=True, thinking=True)
        guessed = await self._guess(interaction, attempt.id, words)
        if guessed is None:
            return
        judgements, state = guessed.judgements, guessed.state
        if not judgements:
            await interaction.followup.send(
                text("daily.nothing_to_judge", language), ephemeral=True
            )
            return
        lines = verdict_lines(judgements, language, state.spelled)
        lines.append(time_left_text(state.attempt.deadline, self.services.clock(), language))
        await interaction.followup.send(fit("\n".join(lines), CONTENT_LIMIT), ephemeral=True)
        shown = self.shown.get(attempt.id)
        if shown is not None:  # the board's own message shows the words so far too
            with contextlib.suppress(discord.HTTPException):
                await shown.edit_original_response(
                    content=daily_text(state, self.services.clock()), view=attempt_view(state)
                )

    async def guess_from_modal(
        self, interaction: discord.Interaction, attempt_id: int, words: str
    ) -> None:
        """A Guess modal's words: the board's message is edited in place with the verdicts.
        Judging needs the attempt's lexicon: when it is not in memory (a restart since), its
        load may outlast Discord's 3 seconds to answer, so the answer is deferred first."""
        attempt = await self._own_attempt(interaction, attempt_id)
        if attempt is None:
            return
        deferred = self.services.lexicons.loaded(attempt.language) is None
        if deferred:
            await interaction.response.defer()  # the edit of the board's message comes later
        guessed = await self._guess(interaction, attempt_id, words)
        if guessed is None:
            return
        if not guessed.judgements:
            await tell(interaction, text("daily.nothing_to_judge", attempt.language))
            return
        state = guessed.state
        content, view = daily_text(state, self.services.clock()), attempt_view(state)
        if deferred:
            await interaction.edit_original_response(content=content, view=view)
        else:
            await interaction.response.edit_message(content=content, view=view)

    async def _guess(
        self, interaction: discord.Interaction, attempt_id: int, words: str
    ) -> Guessed | None:
        """The guess judged; None once a refusal or a late guess has been answered."""
        guessed = await self.services.daily.guess(interaction.user.id, attempt_id, words)
        if isinstance(guessed, Refusal):
            await tell(interaction, await self._refusal(interaction, guessed))
            return None
        if guessed.late:
            await self._show_late(interaction, guessed.state)
            return None
        return guessed

    async def _show_late(self, interaction: discord.Interaction, state: DailyState) -> None:
        """A guess after the deadline: one clear line and the result (with Share)."""
        late = too_late_text(state.attempt.language)
        reply = fit(f"{late}\n\n{daily_text(state, self.services.clock())}", CONTENT_LIMIT)
        if interaction.response.is_done():
            await interaction.followup.send(reply, view=attempt_view(state), ephemeral=True)
        else:
            await interaction.response.send_message(reply, view=attempt_view(state), ephemeral=True)

    async def _own_attempt(
        self, interaction: discord.Interaction, attempt_id: int
    ) -> DailyAttempt | None:
        """The clicker's attempt of a button or form; None (and told so) for anyone else's."""
        attempt = await self.services.daily.attempt_of(interaction.user.id, attempt_id)
        if isinstance(attempt, Refusal):
            await tell(interaction, await self._refusal(interaction, attempt))
            return None
        return attempt

    async def _refusal(self, interaction: discord.Interaction, refusal: Refusal) -> str:
        """A use case's "no" in the language of a reply that belongs to no attempt, where the
        service named none: the server's through its install, elsewhere the reader's."""
        return await refusal_text(self.services.server_settings, interaction, refusal)

    async def open_modal(self, interaction: discord.Interaction, attempt_id: int) -> None:
        """The Guess button: the form, in the attempt's language."""
        attempt = await self._own_attempt(interaction, attempt_id)
        if attempt is None:
            return

        form = WordsForm(DAILY_FORM, attempt_id, attempt.language)
        await send_form(form)(interaction)  # answered by on_interaction, also after a restart

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        sent = sent_form(interaction, DAILY_FORM)
        if sent is not None:
            await self.guess_from_modal(interaction, *sent)

    async def on_finish(self, attempt: DailyAttempt) -> None:
        """An attempt ended (its deadline, or a late guess): its message shows the result."""
        interaction = self.shown.pop(attempt.id, None)
        if interaction is None:
            return
        state = await self.services.daily.state(attempt)
        with contextlib.suppress(discord.HTTPException):
            await interaction.edit_original_response(
                content=daily_text(state, self.services.clock()), view=attempt_view(state)
            )

    async def share(self, interaction: discord.Interaction, attempt_id: int) -> None:
        """The Share button: the summary (no words) in the channel, for the player only."""
        attempt = await self._own_attempt(interaction, attempt_id)
        if attempt is None:
            return
        channel = interaction.channel
        may_post = server_install(interaction) is not None and (
            interaction.app_permissions.send_messages and isinstance(channel, discord.TextChannel)
        )
        if self.services.lexicons.loaded(attempt.language) is None:  # as a Guess form: it may load
            await interaction.response.defer(ephemeral=may_post, thinking=True)
        state = await self.services.daily.state(attempt)
        if state.result is None:
            await answer(interaction, text("daily.no_attempt", attempt.language), ephemeral=True)
            return
        summary = share_text(state.result.summary, interaction.user.display_name)
        if not may_post:  # a DM, a private channel, a user install: the answer is the post
            await answer(interaction, summary, ephemeral=False)
            return
        assert isinstance(channel, discord.TextChannel)
        await answer(interaction, text("daily.shared_done", attempt.language), ephemeral=True)
        try:
            await channel.send(summary, allowed_mentions=NO_PINGS)
        except discord.HTTPException:
            await interaction.followup.send(summary, allowed_mentions=NO_PINGS)


async def answer(interaction: discord.Interaction, content: str, *, ephemeral: bool) -> None:
    """The interaction's answer: or, once deferred, the deferral's message edited (its privacy
    was chosen when it was deferred)."""
    if interaction.response.is_done():
        await interaction.edit_original_response(content=content, allowed_mentions=NO_PINGS)
    else:
        await interaction.response.send_message(
            content, ephemeral=ephemeral, allowed_mentions=NO_PINGS
        )


def attempt_view(state: DailyState) -> discord.ui.View:
    """Guess while the attempt runs; Share (and the buttons other features add, such as
    Definitions) once it is finished."""
    view = discord.ui.View(timeout=None)
    action = "guess" if state.result is None else "share"
    view.add_item(AttemptButton(action, state.attempt.id, state.attempt.language))
    if state.result is not None:
        for item in daily_buttons(state.attempt.id, state.attempt.language):
            view.add_item(item)
    return view


def _cog(interaction: discord.Interaction[Any]) -> Daily | None:
    cog = interaction.client.get_cog(Daily.__cog_name__)
    return cog if isinstance(cog, Daily) else None


class AttemptButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"daily:(?P<action>guess|share):(?P<attempt>\d+)",
):
    """An attempt's Guess button (opens the modal) or Share button (posts the summary; its
    player's only); the attempt's id is in the button, so it works after a restart."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "guess": discord.ButtonStyle.primary,
        "share": discord.ButtonStyle.success,
    }
    LABELS: ClassVar[dict[str, str]] = {
        "guess": "guess.button",
        "share": "daily.share_button",
    }

    def __init__(self, action: str, attempt_id: int, language: str | None = None) -> None:
        # The label matters only when the button is drawn (in the attempt's language); one
        # rebuilt from a click's custom id just dispatches it.
        super().__init__(
            discord.ui.Button(
                label=text(self.LABELS[action], language or DEFAULT_LANGUAGE),
                custom_id=f"daily:{action}:{attempt_id}",
                style=self.STYLES[action],
            )
        )
        self.action = action
        self.attempt_id = attempt_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AttemptButton:
        return cls(match["action"], int(match["attempt"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = _cog(interaction)
        if cog is None:
            return
        if self.action == "guess":
            await cog.open_modal(interaction, self.attempt_id)
        else:
            await cog.share(interaction, self.attempt_id)
