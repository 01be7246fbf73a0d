"""``/boggle check``'s one use case: was a word good on a channel's last finished board? Every
rule of the answer lives here (the word read by that round's language, its rules rebuilt from the
stored row, the dictionaries, the board, what it was worth); a front end only writes the facts.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from bot.kernel.refusal import Refusal
from bot.rounds.model import StoredRound
from bot.rounds.service import RoundService
from bot.server_settings.service import ServerSettingsService
from core.board import Board
from core.commonness import Band, band_of, is_everyday
from core.guesses import normalise
from core.languages import language as language_of
from core.lexicon import Lexicon
from core.round import Mode, Rules
from core.solver import Path, find_path

EVERYDAY = "everyday"  # the dictionary a round scores only common words in


class CheckStore(Protocol):
    """The one query the check needs (every storage engine has it)."""

    async def last_finished_round(self, channel_id: int) -> StoredRound | None: ...


class LexiconSource(Protocol):
    """Where the service gets a language's lexicon (the bot's ``Lexicons``)."""

    def loaded(self, code: str) -> Lexicon | None: ...

    async def get(self, code: str) -> Lexicon: ...


class Worth(StrEnum):
    """What the word was worth in that round, and why not more."""

    NOTHING = "nothing"  # no dictionary has it, or it is not on the board
    BANNED = "banned"  # the server did not accept it in that round
    RARE = "rare"  # not an everyday word, and the round used the everyday dictionary
    TOO_SHORT = "too_short"  # shorter than that round's minimum
    POINTS = "points"


@dataclass(frozen=True)
class Checked:
    """A word checked against the channel's last finished round, in that round's terms."""

    word: str  # folded by the round's language: "être" is "etre" in French
    board: Board
    rules: Rules
    band: Band | None  # how common the word is; None: no dictionary of the language has it
    path: Path | None  # the dice that spell it; None: not on the board
    banned: bool
    everyday: bool  # in the everyday dictionary (common enough)
    dictionary: str  # the round's: "full" or "everyday"
    language: str  # the round's
    worth: Worth
    points: int  # 0 unless ``worth`` is POINTS


@dataclass(eq=False)
class CheckService:
    """Checks words against each channel's last finished board."""

    store: CheckStore
    rounds: RoundService
    server_settings: ServerSettingsService
    lexicons: LexiconSource

    async def check(
        self,
        channel_id: int,
        guild_id: int | None,
        word: str,
        on_loading: Callable[[], Awaitable[None]] | None = None,
    ) -> Checked | Refusal:
        """``word`` on ``channel_id``'s last finished board. Refused while a round runs there (it
        would tell a player what the board holds), before any round finished there, and for a
        word the round's language cannot spell. ``guild_id``: the server whose language speaks
        here (None: none does, a user install say; the refusal is then in the reader's);
        ``on_loading``: awaited before a lexicon's first load, which may take seconds."""
        if self.rounds.is_running(channel_id):
            return Refusal.of("check.round_running", await self._language(guild_id))
        stored = await self.store.last_finished_round(channel_id)
        if stored is None:
            return Refusal.of("check.no_round", await self._language(guild_id))
        lang = language_of(stored.language)
        folded = lang.fold(normalise(word.strip(), lang.casing))
        if folded is None:
            return Refusal.of("check.bad_word", stored.language)
        if on_loading is not None and self.lexicons.loaded(stored.language) is None:
            await on_loading()
        lexicon = await self.lexicons.get(stored.language)
        return judged(folded, stored, lexicon)

    async def _language(self, guild_id: int | None) -> str | None:
        return None if guild_id is None else await self.server_settings.language(guild_id)


def judged(word: str, stored: StoredRound, lexicon: Lexicon) -> Checked:
    """The facts about a folded ``word`` in the ``stored`` round, scored by its rules."""
    board = Board.parse(stored.board)
    rules = Rules(Mode(stored.mode), stored.min_length)
    path = find_path(board, word)
    band, everyday = band_of(word, lexicon), is_everyday(word, lexicon)
    banned = word in stored.excluded_words
    if band is None or path is None:
        worth = Worth.NOTHING
    elif banned:
        worth = Worth.BANNED
    elif stored.dictionary == EVERYDAY and not everyday:
        worth = Worth.RARE
    elif len(word) < rules.min_length:
        worth = Worth.TOO_SHORT
    else:
        worth = Worth.POINTS
    points = rules.points(word) if worth is Worth.POINTS else 0
    return Checked(
        word=word,
        board=board,
        rules=rules,
        band=band,
        path=path,
        banned=banned,
        everyday=everyday,
        dictionary=stored.dictionary,
        language=stored.language,
        worth=worth,
        points=points,
    )
