"""The world round on the page: the player's entry in the round open now, through the same
``WorldService.play`` and ``guess`` as ``/world`` and chat (one entry a player and round), its
results at the close (``WorldRoundClosed``) and the next round's board at its opening
(``WorldRoundOpened``), to every page showing the world round."""

from __future__ import annotations

from bot.i18n.languages import LANGUAGE_CODES
from bot.kernel.refusal import Refusal
from bot.server_settings.service import ServerSettingsService
from bot.web.player import PagePlayer
from bot.world.events import WorldRoundClosed, WorldRoundOpened
from bot.world.model import WorldPlay
from bot.world.service import WorldService
from bot.world.web import payloads
from bot.world.web.messages import Message
from core.languages import shown_spelling

Player = PagePlayer[Message]


class WorldDesk:
    """The pages showing the world round, each in its round's language."""

    def __init__(self, world: WorldService, server_settings: ServerSettingsService) -> None:
        self.world = world
        self.server_settings = server_settings
        self.showing: dict[Player, str] = {}  # the world round's language each page shows
        world.events.subscribe(WorldRoundOpened, lambda e: self._opened())
        world.events.subscribe(WorldRoundClosed, self._closed)

    async def language(self, player: Player, wanted: object) -> str:
        """The language asked for, else the server's world channel's, else the server's; in a DM
        the page's."""
        if isinstance(wanted, str) and wanted in LANGUAGE_CODES:
            return wanted
        guild = player.guild_id
        if guild is None:
            return player.language
        channel = await self.world.world_channel(guild)
        if channel is not None:
            return channel.language
        return await self.server_settings.language(guild)

    async def open(self, player: Player, wanted: object) -> None:
        """The player's entry in the round open now (joined, as ``/world`` joins), else when the
        next opens."""
        language = await self.language(player, wanted)
        self.showing[player] = language
        played = await self.world.play(
            player.player_id, player.name, language, player.guild_id, player.channel_id
        )
        await self._show(player, played)

    async def guess(self, player: Player, word: str, path: list[int] | None) -> None:
        """A traced or typed word of the round the page shows: each verdict, stored first; a
        round closed meanwhile: when the next opens."""
        language = self.showing.get(player)
        if language is None:
            return
        guessed = await self.world.guess(
            player.player_id, player.name, language, player.guild_id, player.channel_id, word
        )
        if isinstance(guessed, Refusal):
            await self._wait(player)
            return
        spell = await self._speller(language)
        for judged in guessed.judgements:
            await player.send(payloads.verdict(judged, guessed.play, spell, player.language, path))

    def leave(self, player: Player) -> None:
        """The page went back to the channel, or away."""
        self.showing.pop(player, None)

    async def _show(self, player: Player, played: WorldPlay | Refusal) -> None:
        if isinstance(played, Refusal):
            await self._wait(player)
            return
        spell = await self._speller(played.board.language)
        await player.send(payloads.play(played, spell, self.world.clock(), player.language))

    async def _wait(self, player: Player) -> None:
        world = self.world
        now = world.clock()
        opens = world.next_opening()
        language = self.showing.get(player, player.language)
        await player.send(payloads.wait(opens, now, language, player.language))

    async def _speller(self, language: str) -> payloads.Spell:
        lexicon = await self.world.lexicons.get(language)
        return lambda word, typed: shown_spelling(language, lexicon.spelling, word, typed)

    async def _opened(self) -> None:
        """The new round's board to every page showing the world round (the player joins it
        with their first word, as in chat)."""
        for player, language in list(self.showing.items()):
            looked = await self.world.look(
                player.player_id, player.name, language, player.guild_id, player.channel_id
            )
            await self._show(player, looked)

    async def _closed(self, closed: WorldRoundClosed) -> None:
        """The round's results to every page showing a round in its language."""
        players = [p for p, language in self.showing.items() if language == closed.language]
        if not players:
            return
        world = self.world
        results = await world.results(closed.language, closed.number)
        game = await world.board(closed.language, closed.number)
        spell = await self._speller(closed.language)
        opens = world.next_opening()
        for player in players:
            words = await world.words(closed.language, closed.number, player.player_id)
            await player.send(
                payloads.results(
                    results,
                    game,
                    words,
                    player.player_id,
                    player.guild_id,
                    spell,
                    opens,
                    world.clock(),
                    player.language,
                )
            )
