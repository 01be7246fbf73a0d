"""A round of Boggle as pure state: guesses in, verdicts out, results at the end.

Time is passed in (seconds on any consistent clock); a guess at or after the deadline is refused
whatever any timer did. "Not a word" and "not on the board" need only the lexicon and the
solution, never a path search, so a long message costs one look-up a word. A server's banned
words leave the solution at the start: a guess of one is "not allowed", never a hint. In the
``everyday`` dictionary a word of the full list that is not everyday is RARE, not "not a word".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from core.board import Board
from core.clock import Clock as Clock  # re-exported with the round it drives
from core.commonness import is_everyday
from core.coop import TeamScore, team_score
from core.guesses import words_typed
from core.languages import (
    DEFAULT_DICTIONARY,
    DEFAULT_LANGUAGE,
    Language,
    check_dictionary,
    language,
    shown_spelling,
)
from core.lexicon import Lexicon
from core.misspelt import Misspellings
from core.rules import Mode as Mode  # re-exported: Mode is the round's, defined with the rules
from core.rules import Timer
from core.scoring import longest_first, word_score
from core.solver import Path, solve

PlayerId = int


class Verdict(StrEnum):
    ACCEPTED = "accepted"
    ALREADY_FOUND = "already_found"
    TAKEN = "taken"
    NOT_ON_BOARD = "not_on_board"
    NOT_A_WORD = "not_a_word"
    RARE = "rare"  # a word of the full dictionary that the everyday dictionary leaves out
    TOO_SHORT = "too_short"
    NOT_ALLOWED = "not_allowed"  # a word the server does not accept: never counts
    ROUND_OVER = "round_over"


@dataclass(frozen=True)
class Rules:
    mode: Mode = Mode.CLASSIC
    min_length: int = 3

    def __post_init__(self) -> None:
        if not 1 <= self.min_length <= 16:
            raise ValueError("min_length must be between 1 and 16")

    def points(self, word: str) -> int:
        """What a word on the board is worth before any sharing rule (a missed word, say)."""
        return word_score(word, self.min_length)


@dataclass(frozen=True)
class Judgement:
    """One guessed word and what the round made of it; ``points`` is what it is worth now."""

    word: str  # folded by the round's language: the word the dictionary and the board know
    verdict: Verdict
    points: int = 0
    taken_by: PlayerId | None = None
    # As the player wrote it (lowercase), to show it in their spelling; not part of the verdict.
    typed: str | None = field(default=None, compare=False)
    # A refused word that is a board's word without a letter's mark: that word, as spelled.
    meant: str | None = field(default=None, compare=False)


@dataclass(frozen=True)
class FoundWord:
    word: str
    points: int
    cancelled: bool = False  # classic: another player found it too


@dataclass(frozen=True)
class PlayerResult:
    player: PlayerId
    rank: int
    points: int
    words: tuple[FoundWord, ...]

    @property
    def cancelled(self) -> tuple[str, ...]:
        return tuple(w.word for w in self.words if w.cancelled)

    def credited(self, mode: Mode) -> list[FoundWord]:
        """The player's words as the results list them, best first: in race mode a word another
        player found first is not theirs at all; in classic a shared word is listed, struck."""
        words = [w for w in self.words if not (mode in (Mode.RACE, Mode.COOP) and w.cancelled)]
        return sorted(words, key=lambda w: (w.cancelled, -w.points, -len(w.word), w.word))


@dataclass(frozen=True)
class Results:
    players: tuple[PlayerResult, ...]  # best first; equal points share a rank
    winners: tuple[PlayerId, ...]  # empty when nobody scored
    missed: tuple[str, ...]  # words nobody found, longest first, then alphabetical
    total_words: int
    max_score: int
    found_words: int  # distinct board words somebody found
    first_finders: Mapping[str, PlayerId] = field(default_factory=dict)

    @property
    def found_share(self) -> float:
        return self.found_words / self.total_words if self.total_words else 0.0

    @property
    def found_percent(self) -> int:
        """The share found in whole percent, rounded down: 100 only when every word was found."""
        return self.found_words * 100 // max(self.total_words, 1)

    @property
    def longest(self) -> tuple[str, PlayerId] | None:
        """The longest word found (ties: alphabetical) and the player who found it first."""
        if not self.first_finders:
            return None
        word = min(self.first_finders, key=longest_first)
        return word, self.first_finders[word]


@dataclass(frozen=True)
class Standing:
    """A player's live standing: ``points`` is None while it is not yet certain (classic mode:
    a word shared with another player scores for nobody, which is known only at the end)."""

    player: PlayerId
    words: int
    points: int | None


@dataclass
class Round:
    """The state of one round; create it with ``Round.start``."""

    board: Board
    rules: Rules
    solution: Mapping[str, Path]
    lexicon: Lexicon
    deadline: float
    found: dict[PlayerId, dict[str, float]] = field(default_factory=dict)
    first_finder: dict[str, PlayerId] = field(default_factory=dict)
    excluded: frozenset[str] = frozenset()  # words the server does not accept
    language: Language = field(default_factory=lambda: language(DEFAULT_LANGUAGE))
    dictionary: str = DEFAULT_DICTIONARY
    clock: Clock = field(default_factory=Clock)
    _misspellings: Misspellings | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def start(
        cls,
        board: Board,
        lexicon: Lexicon,
        rules: Rules,
        deadline: float,
        *,
        excluded: Iterable[str] = (),
        solution: Mapping[str, Path] | None = None,
        lang: Language | None = None,
        dictionary: str = DEFAULT_DICTIONARY,
        clock: Clock | None = None,
    ) -> Round:
        """A new round; ``solution`` is the board's whole solution when already solved (a roll
        solves it), and ``excluded`` the words that do not count here. ``lexicon`` is the
        language's (``languages.lexicon_for``); ``dictionary`` is ``full`` or ``everyday``."""
        check_dictionary(dictionary)
        if solution is None:
            solution = solve(board, lexicon, rules.min_length)
        if dictionary == "everyday":
            solution = {w: p for w, p in solution.items() if is_everyday(w, lexicon)}
        allowed, banned = exclude(solution, excluded)
        chosen = lang or language(DEFAULT_LANGUAGE)
        return cls(
            board,
            rules,
            allowed,
            lexicon,
            deadline,
            excluded=banned,
            language=chosen,
            dictionary=dictionary,
            clock=clock or Clock(),
        )

    def is_over(self, now: float) -> bool:
        return now >= self.deadline

    def stop(self, now: float) -> None:
        """End early: from ``now`` on every guess is refused."""
        self.deadline = min(self.deadline, now)

    def guess(self, player: PlayerId, message: str, now: float) -> list[Judgement]:
        """Judge every word in a chat message; chatter gives no judgements."""
        return [
            dataclasses.replace(self._judge(player, word, now), typed=typed)
            for word, typed in words_typed(message, self.language)
        ]

    def judge(self, player: PlayerId, word: str, now: float) -> Judgement:
        """Judge one word (lowercase; folded here by the round's language, so "être" and "etre"
        are one French word) and record it when accepted; the judgement keeps it as typed."""
        return dataclasses.replace(self._judge(player, word, now), typed=word)

    def spelled(self, word: str, typed: str | None = None) -> str:
        """A (folded) word as players should read it: as ``typed`` when that folds to it (their
        own spelling), else as the dictionary spells it ("ete" -> "été")."""
        return shown_spelling(self.language, self.lexicon.spelling, word, typed)

    def _judge(self, player: PlayerId, word: str, now: float) -> Judgement:
        if self.is_over(now):
            return Judgement(word, Verdict.ROUND_OVER)
        folded = self.language.fold(word)
        if folded is None:
            return Judgement(word, Verdict.NOT_A_WORD)
        word = folded
        if len(word) < self.rules.min_length:
            return Judgement(word, Verdict.TOO_SHORT)
        mine = self.found.setdefault(player, {})
        if word in mine:
            return Judgement(word, Verdict.ALREADY_FOUND)
        if word in self.excluded:
            return Judgement(word, Verdict.NOT_ALLOWED)
        if word in self.solution:
            first = self.first_finder.get(word)
            if self.rules.mode is Mode.RACE and first is not None:
                return Judgement(word, Verdict.TAKEN, taken_by=first)
            if self.rules.mode is Mode.COOP and first is not None:
                return Judgement(word, Verdict.TAKEN, taken_by=first)
            self._record(player, word, now)
            points = word_score(word, self.rules.min_length)
            self.deadline = self.clock.moved(self.deadline, now, points)
            if self.ends_when_all_found and len(self.first_finder) >= len(self.solution):
                self.deadline = now  # every word found: nothing is left to play for
            return Judgement(word, Verdict.ACCEPTED, points)
        if word not in self.lexicon:
            return self._refused(word, Verdict.NOT_A_WORD)
        if self.dictionary == "everyday" and not is_everyday(word, self.lexicon):
            return Judgement(word, Verdict.RARE)
        return self._refused(word, Verdict.NOT_ON_BOARD)

    def _refused(self, word: str, verdict: Verdict) -> Judgement:
        """The refusal, naming the board's word it is without a letter's mark ("żal", not "zal")."""
        if self._misspellings is None:
            self._misspellings = Misspellings(self.language, self.solution)
        meant = self._misspellings.meant(word)
        return Judgement(word, verdict, meant=None if meant is None else self.spelled(meant))

    @classmethod
    def rebuild(
        cls,
        board: Board,
        lexicon: Lexicon,
        rules: Rules,
        deadline: float,
        accepted: Iterable[tuple[PlayerId, str, float]],
        solution: Mapping[str, Path] | None = None,
        excluded: Iterable[str] = (),
        lang: Language | None = None,
        dictionary: str = DEFAULT_DICTIONARY,
        clock: Clock | None = None,
        misspellings: Misspellings | None = None,
    ) -> Round:
        """A round as stored: the words accepted before (in acceptance order) put back.

        The one way a stored round comes back, for a resume and for its results alike; a stored
        word the board cannot spell (an older dictionary), or that is excluded, is left out.
        """
        game = cls.start(
            board,
            lexicon,
            rules,
            deadline,
            excluded=excluded,
            solution=solution,
            lang=lang,
            dictionary=dictionary,
            clock=clock,
        )
        game._misspellings = misspellings  # a board's kept whole (the world's: a judge a guess)
        for player, word, at in accepted:
            if word in game.solution:
                game.restore(player, word, at)
        return game

    def restore(self, player: PlayerId, word: str, at: float) -> None:
        """Put back a word accepted before a restart (in the order they were accepted)."""
        if word not in self.solution:
            raise ValueError(f"{word!r} is not a word on this board")
        if word not in self.found.get(player, {}):
            self._record(player, word, at)

    def _record(self, player: PlayerId, word: str, at: float) -> None:
        self.found.setdefault(player, {})[word] = at
        self.first_finder.setdefault(word, player)

    @property
    def ends_when_all_found(self) -> bool:
        """An untimed round, and a co-op one, end once every word is found."""
        return self.clock.timer is Timer.UNTIMED or self.rules.mode is Mode.COOP

    def team(self) -> TeamScore:
        """The team's score so far (a co-op round's): every word found counts once."""
        return team_score(self.first_finder, self.solution, self.rules.min_length)

    def points_of(self, word: str) -> int:
        """What a word is worth before the end; classic cancellations are only known then."""
        return self.rules.points(word)

    def words_of(self, player: PlayerId) -> list[str]:
        return list(self.found.get(player, {}))

    def standings(self) -> list[Standing]:
        """Live standings, best first: certain points first, then words found."""
        certain = self.rules.mode is not Mode.CLASSIC
        rows = []
        for player, words in self.found.items():
            if not words:
                continue
            points = sum(self.points_of(w) for w in words) if certain else None
            rows.append(Standing(player, len(words), points))
        rows.sort(key=lambda s: (-(s.points or 0), -s.words, s.player))
        return rows

    def results(self) -> Results:
        return tally(self.solution, self.found, self.rules, self.first_finder)


def exclude(
    solution: Mapping[str, Path], excluded: Iterable[str]
) -> tuple[dict[str, Path], frozenset[str]]:
    """The solution without the excluded words, and those of them the board holds (all a round
    needs to keep: the others are not on the board anyway)."""
    banned = frozenset(w for w in excluded if w in solution)
    return {w: p for w, p in solution.items() if w not in banned}, banned


def tally(
    solution: Mapping[str, Path],
    found: Mapping[PlayerId, Iterable[str]],
    rules: Rules,
    first_finder: Mapping[str, PlayerId] | None = None,
) -> Results:
    """Score what each player found under the round's mode and rank them."""
    finders: dict[str, int] = {}
    lists = {p: [w for w in words if w in solution] for p, words in found.items()}
    for words in lists.values():
        for w in set(words):
            finders[w] = finders.get(w, 0) + 1
    firsts = dict(first_finder or {})
    for player, words in lists.items():
        for w in words:
            firsts.setdefault(w, player)
    scored: list[tuple[PlayerId, int, tuple[FoundWord, ...]]] = []
    for player, words in lists.items():
        if not words:
            continue
        entries = []
        for w in words:
            cancelled = _scores_for_nobody(w, player, finders, firsts, rules.mode)
            points = 0 if cancelled else word_score(w, rules.min_length)
            entries.append(FoundWord(w, points, cancelled))
        scored.append((player, sum(e.points for e in entries), tuple(entries)))
    scored.sort(key=lambda s: (-s[1], -len(s[2]), s[0]))
    players: list[PlayerResult] = []
    for index, (player, points, ranked) in enumerate(scored):
        rank = players[-1].rank if players and players[-1].points == points else index + 1
        players.append(PlayerResult(player, rank, points, ranked))
    top = players[0].points if players else 0
    team_play = rules.mode is Mode.COOP  # the team wins or loses together: nobody beats anyone
    winners = tuple(p.player for p in players if p.points == top and top > 0 and not team_play)
    missed = tuple(sorted((w for w in solution if w not in finders), key=longest_first))
    max_score = sum(word_score(w, rules.min_length) for w in solution)
    firsts = {w: p for w, p in firsts.items() if w in finders}
    return Results(tuple(players), winners, missed, len(solution), max_score, len(finders), firsts)


def _scores_for_nobody(
    word: str,
    player: PlayerId,
    finders: Mapping[str, int],
    firsts: Mapping[str, PlayerId],
    mode: Mode,
) -> bool:
    if mode is Mode.CLASSIC:
        return finders[word] > 1
    if mode in (Mode.RACE, Mode.COOP):
        return firsts.get(word, player) != player
    return False
