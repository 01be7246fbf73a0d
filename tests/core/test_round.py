"""Rounds: every verdict, each mode's results, restarts, and reading guesses out of chat."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.board import Board
from core.guesses import MAX_WORD_LENGTH, MAX_WORDS_PER_MESSAGE, words_in
from core.lexicon import Lexicon
from core.round import Judgement, Mode, Round, Rules, Verdict, tally
from core.rules import may_stop
from tests.core.brute import (
    boards_and_words,
    brute_score,
    brute_solve,
    on_board,
    random_walk,
)

V = Verdict
BOARD = Board.parse("qits/acer/ndog/lmph")  # Qu I T S / A C E R / N D O G / L M P H
ON_BOARD = [
    "quit",
    "quits",
    "quite",
    "quiet",
    "ace",
    "aced",
    "act",
    "dog",
    "code",
    "coder",
    "tier",
    "tiers",
    "dance",
    "ogre",
    "ogres",
    "doge",
    "it",
    "do",
    "tic",
    "its",
    "tie",
    "can",
    "cad",
    "and",
    "pod",
    "mop",
    "hop",
    "hog",
]
OFF_BOARD = ["cat", "race", "nod", "sit", "zebra", "cedar", "dogs", "dope"]
WORDS = Lexicon.from_words(ON_BOARD + OFF_BOARD)
DEADLINE = 100.0


def start(mode: Mode = Mode.CLASSIC, min_length: int = 3) -> Round:
    return Round.start(BOARD, WORDS, Rules(mode, min_length), DEADLINE)


def play(rnd: Round, moves: list[tuple[int, str]], now: float = 1.0) -> list[Judgement]:
    return [rnd.judge(player, word, now) for player, word in moves]


def test_fixture_words_are_where_the_test_says() -> None:
    assert all(on_board(BOARD, w) for w in ON_BOARD)
    assert not any(on_board(BOARD, w) for w in OFF_BOARD)
    assert on_board(BOARD, "cod") and "cod" not in WORDS


def test_every_verdict() -> None:
    rnd = start(Mode.RACE)
    assert rnd.judge(1, "quits", 1.0) == Judgement("quits", V.ACCEPTED, 2)
    assert rnd.judge(1, "quits", 2.0) == Judgement("quits", V.ALREADY_FOUND)
    assert rnd.judge(2, "quits", 3.0) == Judgement("quits", V.TAKEN, taken_by=1)
    assert rnd.judge(2, "quits", 4.0) == Judgement("quits", V.TAKEN, taken_by=1)
    assert rnd.judge(2, "cat", 5.0).verdict is V.NOT_ON_BOARD
    assert rnd.judge(2, "cod", 5.0).verdict is V.NOT_A_WORD  # on the board, not a word
    assert rnd.judge(2, "xyzzy", 5.0).verdict is V.NOT_A_WORD
    assert rnd.judge(2, "it", 5.0).verdict is V.TOO_SHORT  # a word, on the board, too short
    assert rnd.judge(2, "ace", DEADLINE - 1e-6).verdict is V.ACCEPTED
    assert rnd.judge(2, "dance", DEADLINE).verdict is V.ROUND_OVER
    assert rnd.judge(2, "dance", DEADLINE + 50).verdict is V.ROUND_OVER
    assert rnd.judge(2, "it", DEADLINE).verdict is V.ROUND_OVER
    assert rnd.words_of(1) == ["quits"]
    assert rnd.words_of(2) == ["ace"]
    assert rnd.is_over(DEADLINE) and not rnd.is_over(DEADLINE - 1)


def test_taken_only_in_race() -> None:
    for mode in (Mode.CLASSIC, Mode.CASUAL):
        rnd = start(mode)
        assert [j.verdict for j in play(rnd, [(1, "ace"), (2, "ace")])] == [V.ACCEPTED] * 2


def test_qu_counts_two_letters_for_length() -> None:
    rnd = start(min_length=4)
    assert rnd.judge(1, "quit", 1.0) == Judgement("quit", V.ACCEPTED, 1)
    assert rnd.judge(1, "ace", 1.0).verdict is V.TOO_SHORT
    rnd5 = start(min_length=5)
    assert rnd5.judge(1, "quit", 1.0).verdict is V.TOO_SHORT
    assert rnd5.judge(1, "quits", 1.0).verdict is V.ACCEPTED
    assert "quit" in start(min_length=4).solution


def test_guess_reads_a_message() -> None:
    rnd = start()
    got = rnd.guess(7, "QUITS, ｄａｎｃｅ  co\u200bder", 1.0)
    assert [(j.word, j.verdict) for j in got] == [
        ("quits", V.ACCEPTED),
        ("dance", V.ACCEPTED),
        ("coder", V.ACCEPTED),
    ]
    assert rnd.guess(7, "that's hard lol", 2.0) == []
    assert rnd.guess(7, "quits", DEADLINE)[0].verdict is V.ROUND_OVER


def test_stop() -> None:
    rnd = start()
    rnd.stop(40.0)
    assert rnd.judge(1, "ace", 39.0).verdict is V.ACCEPTED
    assert rnd.judge(1, "dance", 40.0).verdict is V.ROUND_OVER
    rnd.stop(80.0)  # stopping later never reopens the round
    assert rnd.judge(1, "dance", 50.0).verdict is V.ROUND_OVER
    assert rnd.deadline == 40.0


def classic_game(mode: Mode) -> Round:
    rnd = start(mode)
    play(rnd, [(1, "ace"), (1, "quits"), (2, "ace"), (2, "dance"), (2, "coder"), (3, "tiers")])
    return rnd


def test_classic_results() -> None:
    res = classic_game(Mode.CLASSIC).results()
    by = {p.player: p for p in res.players}
    assert [p.player for p in res.players] == [2, 1, 3]
    assert (by[2].points, by[1].points, by[3].points) == (4, 2, 2)
    assert (by[2].rank, by[1].rank, by[3].rank) == (1, 2, 2)  # a tie shares a rank
    assert by[1].cancelled == ("ace",) and by[2].cancelled == ("ace",)
    assert [(w.word, w.points, w.cancelled) for w in by[1].words] == [
        ("ace", 0, True),
        ("quits", 2, False),
    ]
    assert res.winners == (2,)


def test_race_results() -> None:
    res = classic_game(Mode.RACE).results()
    by = {p.player: p for p in res.players}
    assert (by[1].points, by[2].points, by[3].points) == (3, 4, 2)
    assert [w.word for w in by[2].words] == ["dance", "coder"]  # its "ace" was taken
    assert by[1].cancelled == ()
    assert res.winners == (2,)


def test_casual_results() -> None:
    res = classic_game(Mode.CASUAL).results()
    by = {p.player: p for p in res.players}
    assert (by[1].points, by[2].points, by[3].points) == (3, 5, 2)
    assert [p.rank for p in res.players] == [1, 2, 3]


def test_tied_winners_and_nobody_scoring() -> None:
    rnd = start()
    play(rnd, [(1, "dance"), (2, "coder"), (3, "ace"), (4, "ace")])
    res = rnd.results()
    assert set(res.winners) == {1, 2}
    assert {p.player: p.rank for p in res.players} == {1: 1, 2: 1, 3: 3, 4: 3}
    rnd = start()
    play(rnd, [(1, "ace"), (2, "ace")])
    assert rnd.results().winners == ()  # only cancelled words: nobody won
    assert start().results().players == ()


def test_missed_totals_and_share() -> None:
    rnd = start()
    play(rnd, [(1, "quits"), (2, "dance")])
    res = rnd.results()
    solution = brute_solve(BOARD, ON_BOARD, 3)
    assert set(rnd.solution) == solution
    assert res.total_words == len(solution)
    assert res.max_score == sum(brute_score(w, 3) for w in solution)
    assert res.found_words == 2
    assert res.found_share == pytest.approx(2 / len(solution))
    assert set(res.missed) == solution - {"quits", "dance"}
    assert res.missed[:6] == ("coder", "ogres", "quiet", "quite", "tiers", "aced")
    lengths = [len(w) for w in res.missed]
    assert lengths == sorted(lengths, reverse=True)
    for a, b in zip(res.missed, res.missed[1:], strict=False):
        assert len(a) > len(b) or a < b


def test_longest_word_goes_to_its_first_finder() -> None:
    rnd = start(Mode.CASUAL)
    play(rnd, [(1, "coder"), (2, "coder"), (2, "dance"), (2, "quits")])
    assert rnd.results().longest == ("coder", 1)


def test_longest_ties_alphabetical() -> None:
    rnd = start(Mode.CASUAL)
    play(rnd, [(1, "dance"), (2, "coder")])
    longest = rnd.results().longest
    assert longest is not None and longest[0] == "coder"
    assert start().results().longest is None


@pytest.mark.parametrize("mode", list(Mode))
def test_restore_gives_the_same_results(mode: Mode) -> None:
    rnd = start(mode)
    moves = [(1, "ace"), (2, "ace"), (2, "dance"), (1, "quits"), (3, "dance"), (3, "tiers")]
    accepted: list[tuple[int, str, float]] = []
    for t, (player, word) in enumerate(moves):
        if rnd.judge(player, word, float(t)).verdict is V.ACCEPTED:
            accepted.append((player, word, float(t)))
    again = start(mode)
    for player, word, at in accepted:
        again.restore(player, word, at)
        again.restore(player, word, at)  # restoring twice changes nothing
    assert again.results() == rnd.results()
    assert again.judge(1, "ace", 50.0).verdict is V.ALREADY_FOUND
    with pytest.raises(ValueError):
        again.restore(1, "cat", 1.0)


def test_rules_check_min_length() -> None:
    with pytest.raises(ValueError):
        Rules(min_length=0)
    with pytest.raises(ValueError):
        Rules(min_length=17)


# --- the verdict oracle ---------------------------------------------------------------------


def guess_pool(board: Board, words: list[str], rng: random.Random) -> list[str]:
    walks = [random_walk(board, rng, rng.randint(1, 7)) for _ in range(15)]
    noise = ["".join(rng.choice("abcdeqstu") for _ in range(rng.randint(1, 6))) for _ in range(8)]
    return [w for w in [*words[:40], *walks, *noise] if w]


@settings(max_examples=400, deadline=None)
@given(
    boards_and_words(max_side=5, min_words=10, max_words=80),
    st.sampled_from(list(Mode)),
    st.integers(0, 2**32 - 1),
    st.integers(1, 60),
)
def test_verdicts_match_an_oracle(
    case: tuple[Board, list[str], int], mode: Mode, seed: int, count: int
) -> None:
    board, words, min_length = case
    rng = random.Random(seed)
    rnd = Round.start(board, Lexicon.from_words(words), Rules(mode, min_length), 50.0)
    dictionary = set(words)
    pool = guess_pool(board, words, rng)
    found: dict[int, list[str]] = {}
    first: dict[str, int] = {}
    accepted: list[tuple[int, str, float]] = []
    solution = brute_solve(board, words, min_length)
    ends = 50.0  # co-op: once every word is found
    now = 0.0
    for _ in range(count):
        now += rng.choice([0.0, 0.5, 3.0])
        player, word = rng.randint(1, 4), rng.choice(pool)
        mine = found.setdefault(player, [])
        if now >= ends:
            expected = Judgement(word, V.ROUND_OVER)
        elif len(word) < min_length:
            expected = Judgement(word, V.TOO_SHORT)
        elif word in mine:
            expected = Judgement(word, V.ALREADY_FOUND)
        elif word in dictionary and on_board(board, word):
            if mode in (Mode.RACE, Mode.COOP) and word in first:
                expected = Judgement(word, V.TAKEN, taken_by=first[word])
            else:
                expected = Judgement(word, V.ACCEPTED, brute_score(word, min_length))
                mine.append(word)
                first.setdefault(word, player)
                accepted.append((player, word, now))
                if mode is Mode.COOP and set(first) >= solution:
                    ends = now
        elif word not in dictionary:
            expected = Judgement(word, V.NOT_A_WORD)
        else:
            expected = Judgement(word, V.NOT_ON_BOARD)
        assert rnd.judge(player, word, now) == expected

    res = rnd.results()
    finders = {w: sum(w in ws for ws in found.values()) for w in first}

    def earns(player: int, word: str) -> int:
        scores = {
            Mode.CLASSIC: finders[word] == 1,
            Mode.RACE: first[word] == player,
            Mode.CASUAL: True,
            Mode.COOP: first[word] == player,
        }[mode]
        return brute_score(word, min_length) if scores else 0

    points = {p: sum(earns(p, w) for w in ws) for p, ws in found.items() if ws}
    assert {p.player: p.points for p in res.players} == points
    for result in res.players:
        assert [w.word for w in result.words] == found[result.player]
        assert [w.points for w in result.words] == [
            earns(result.player, w) for w in found[result.player]
        ]
        assert result.rank == 1 + sum(v > result.points for v in points.values())
    assert [p.points for p in res.players] == sorted(points.values(), reverse=True)
    top = max(points.values(), default=0)
    winners = {p for p, v in points.items() if v == top} if top and mode is not Mode.COOP else set()
    assert set(res.winners) == winners
    assert res.missed == tuple(sorted(solution - set(first), key=lambda w: (-len(w), w)))
    assert (res.total_words, res.found_words) == (len(solution), len(first))
    assert res.max_score == sum(brute_score(w, min_length) for w in solution)

    again = Round.start(board, Lexicon.from_words(words), Rules(mode, min_length), 50.0)
    for player, word, at in accepted:
        again.restore(player, word, at)
    assert again.results() == res


# --- messages -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("CAT", ["cat"]),
        ("ｃａｔ", ["cat"]),  # full-width letters
        ("𝐜𝐚𝐭", ["cat"]),  # mathematical bold
        ("c\u200bat", ["cat"]),  # zero-width space inside the word
        ("ca\u00adt do\u2060g", ["cat", "dog"]),  # soft hyphen, word joiner
        ("\ufeffcat", ["cat"]),
        ('"cat!"', ["cat"]),
        ("(dog), *rat*, ~~bat~~", ["dog", "rat", "bat"]),
        ("cat, dog; rat / bat | emu", ["cat", "dog", "rat", "bat", "emu"]),
        ("  cat\n\tdog  ", ["cat", "dog"]),
        ("cat dog.", ["cat", "dog"]),
        ("cat.", ["cat"]),
        ("cat x2 42 dog", ["cat", "dog"]),
        ("a" * MAX_WORD_LENGTH, ["a" * MAX_WORD_LENGTH]),
        ("a" * (MAX_WORD_LENGTH + 1) + " cat", ["cat"]),
        ("café cat", ["cafe", "cat"]),  # English folds typed accents
        ("привет cat", ["cat"]),  # another script is not a guess
    ],
)
def test_words_in(message: str, expected: list[str]) -> None:
    assert words_in(message) == expected


@pytest.mark.parametrize(
    "message",
    [
        "https://example.com cat",
        "see www.example.com",
        "<@123> cat",
        "<@!123>",
        "<#456> dog",
        "<:pog:789>",
        "cat?",
        "that's hard lol",
        "don’t know",
        "I found a lot.",
        "wow this is fun!",
        "!start",
        "/boggle",
        "@everyone cat",
        "```cat```",
        "",
        "   ",
    ],
)
def test_chatter_is_ignored(message: str) -> None:
    assert words_in(message) == []


def test_plain_words_are_not_taken_for_a_sentence() -> None:
    assert words_in("is that a word") == ["is", "that", "a", "word"]
    assert words_in("cat dog!") == ["cat", "dog"]


def test_long_message_is_bounded() -> None:
    message = ("cat " * 600)[:2000]
    got = words_in(message)
    assert len(got) == MAX_WORDS_PER_MESSAGE
    assert set(got) == {"cat"}
    assert words_in("a" * 2000) == []


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_words_in_never_fails_and_stays_in_bounds(message: str) -> None:
    got = words_in(message)
    assert len(got) <= MAX_WORDS_PER_MESSAGE
    for word in got:
        assert word.isascii() and word.isalpha() and word == word.lower()
        assert 1 <= len(word) <= MAX_WORD_LENGTH


def test_hostile_unicode_is_read_within_a_budget() -> None:
    from core.guesses import NORMALISED_BUDGET, words_in

    # A token too long to be a word is skipped before it is normalised.
    assert words_in("\ufdfa" * 1990 + " cat") == ["cat"]
    # Each U+FDFA becomes 18 characters: normalising stops once the budget is spent.
    expanding = ["\ufdfa" * 80] * (NORMALISED_BUDGET // (80 * 18) + 1)
    assert words_in(" ".join([*expanding, "cat"])) == []
    # Full-width text still reads as plain words, separators included.
    assert words_in("ＣＡＴ，ｄｏｇ") == ["cat", "dog"]


def test_rules_own_the_small_decisions() -> None:
    """Who may stop a round, what a missed word is worth, whose words race mode credits."""

    assert may_stop(starter=1, player=1, moderates=False)
    assert may_stop(starter=1, player=2, moderates=True)
    assert not may_stop(starter=1, player=2, moderates=False)
    assert Rules(Mode.CLASSIC, 3).points("cat") == 1
    assert Rules(Mode.CLASSIC, 4).points("quilt") == 2
    solution = {w: () for w in ("rate", "tear", "rated")}
    race = tally(solution, {1: ["rate", "rated"], 2: ["rate", "tear"]}, Rules(Mode.RACE, 3))
    by_player = {p.player: p for p in race.players}
    assert [w.word for w in by_player[1].credited(Mode.RACE)] == ["rated", "rate"]
    assert [w.word for w in by_player[2].credited(Mode.RACE)] == ["tear"]
    classic = tally(solution, {1: ["rate", "rated"], 2: ["rate", "tear"]}, Rules(Mode.CLASSIC, 3))
    struck = {p.player: p for p in classic.players}[2].credited(Mode.CLASSIC)
    assert [(w.word, w.cancelled) for w in struck] == [("tear", False), ("rate", True)]
    assert classic.found_percent == 100
    assert tally({**solution, "art": ()}, {1: ["rate"]}, Rules(Mode.CLASSIC, 3)).found_percent == 25


def test_live_standings_and_rebuild() -> None:
    board = Board.parse("rate/oxxx/xxxx/xxxx")
    lexicon = Lexicon.from_words(["ate", "rat", "rate", "zebra"])
    game = Round.start(board, lexicon, Rules(Mode.CLASSIC, 3), deadline=100.0)
    on_board = sorted(game.solution)
    assert on_board == ["ate", "rat", "rate"]
    game.guess(1, " ".join(on_board[:2]), 1.0)
    game.guess(2, on_board[0], 2.0)
    assert [(s.player, s.words, s.points) for s in game.standings()] == [(1, 2, None), (2, 1, None)]
    race = Round.start(board, lexicon, Rules(Mode.RACE, 3), deadline=100.0)
    race.guess(2, on_board[0], 1.0)
    assert race.standings()[0].points == race.points_of(on_board[0])
    stored = [(1, on_board[0], 1.0), (2, on_board[0], 2.0), (2, "notaword", 3.0)]
    rebuilt = Round.rebuild(board, lexicon, Rules(Mode.RACE, 3), 100.0, stored)
    assert rebuilt.first_finder == {on_board[0]: 1}
    assert rebuilt.found == {1: {on_board[0]: 1.0}, 2: {on_board[0]: 2.0}}
    assert rebuilt.results().players[0].player == 1


# --- words a server does not accept -----------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(boards_and_words(max_side=5, min_words=5, max_words=60), st.data())
def test_a_solution_with_exclusions_is_the_solution_less_them(
    case: tuple[Board, list[str], int], data: st.DataObject
) -> None:
    board, words, min_length = case
    lexicon = Lexicon.from_words(words)
    excluded = data.draw(st.sets(st.sampled_from([*words, "zzzz", "notaword"])))
    whole = brute_solve(board, words, min_length)
    rnd = Round.start(board, lexicon, Rules(Mode.CASUAL, min_length), 50.0, excluded=excluded)
    assert set(rnd.solution) == whole - excluded
    assert rnd.excluded == frozenset(excluded) & whole  # only what the board holds is kept
    res = rnd.results()
    assert set(res.missed) == whole - excluded
    assert res.max_score == sum(brute_score(w, min_length) for w in whole - excluded)
    for word in excluded & whole:
        if len(word) >= min_length:
            assert rnd.judge(1, word, 1.0) == Judgement(word, V.NOT_ALLOWED)
    assert rnd.results().players == ()


def test_an_excluded_word_is_not_allowed_and_never_counts_even_when_rebuilt() -> None:
    rules = Rules(Mode.CASUAL, 3)
    rnd = Round.start(BOARD, WORDS, rules, DEADLINE, excluded={"dog", "cat"})
    assert rnd.excluded == {"dog"}  # "cat" is not on the board: nothing to keep
    assert play(rnd, [(1, "dog"), (1, "cat"), (1, "code")]) == [
        Judgement("dog", V.NOT_ALLOWED),
        Judgement("cat", V.NOT_ON_BOARD),
        Judgement("code", V.ACCEPTED, 1),
    ]
    assert "dog" not in rnd.results().missed
    # A word stored before the server banned it (or by an older bot) does not count either.
    stored = [(1, "dog", 1.0), (1, "code", 1.0)]
    again = Round.rebuild(BOARD, WORDS, rules, DEADLINE, stored, excluded=rnd.excluded)
    assert [w.word for w in again.results().players[0].words] == ["code"]
    assert "dog" not in again.results().missed
