"""Co-op rounds (one team: a word counts once) and the timers (bonus, untimed) in the core."""

from __future__ import annotations

from core.board import Board
from core.coop import Medal, Target, TeamScore, team_percent, team_score
from core.lexicon import Lexicon
from core.round import Clock, Mode, Round, Rules, Verdict
from core.rules import Timer
from core.scoring import word_score
from core.solver import solve

BOARD = Board.parse("qits/acer/ndog/lmph")
WORDS = ["quit", "quite", "ace", "aced", "dog", "code", "coder", "tier", "dance", "ogre", "hog"]
LEXICON = Lexicon.from_words(WORDS)


def coop(clock: Clock | None = None) -> Round:
    return Round.start(BOARD, LEXICON, Rules(Mode.COOP, 3), 100.0, clock=clock)


def test_a_coop_word_counts_once_for_its_first_finder() -> None:
    game = coop()
    assert game.judge(1, "code", 1.0).verdict is Verdict.ACCEPTED
    taken = game.judge(2, "code", 2.0)
    assert (taken.verdict, taken.taken_by, taken.points) == (Verdict.TAKEN, 1, 0)
    game.judge(2, "dog", 3.0)
    results = game.results()
    assert results.winners == ()  # a team: nobody beats anyone
    assert {p.player: p.points for p in results.players} == {1: 1, 2: 1}
    assert game.team() == team_score({"code", "dog"}, game.solution, 3)


def test_the_team_score_against_the_solver() -> None:
    solution = solve(BOARD, LEXICON, 3)
    best = sum(word_score(w, 3) for w in solution)
    game = coop()
    for player, word in enumerate(["coder", "dance", "quite", "dog"]):
        game.judge(player, word, 1.0)
    team = game.team()
    points = sum(word_score(w, 3) for w in ["coder", "dance", "quite", "dog"])
    assert (team.points, team.max_points, team.words) == (points, best, 4)
    assert team.percent == points * 100 // best


def test_medals_and_targets_on_whole_points() -> None:
    assert TeamScore(0, 10, 0, 5).medal is None
    assert TeamScore(0, 10, 0, 5).next_target == Target(Medal.BRONZE, 3)  # 2.5 rounded up
    assert TeamScore(3, 10, 1, 5).medal is Medal.BRONZE
    assert TeamScore(5, 10, 2, 5).medal is Medal.SILVER
    assert TeamScore(7, 10, 3, 5).next_target == Target(Medal.GOLD, 8)
    assert TeamScore(8, 10, 4, 5).medal is Medal.GOLD
    assert TeamScore(8, 10, 4, 5).next_target == Target(Medal.EVERY_WORD, 10)
    assert TeamScore(10, 10, 5, 5).medal is Medal.EVERY_WORD
    assert TeamScore(10, 10, 5, 5).next_target is None


def test_a_coop_round_ends_when_every_word_is_found() -> None:
    game = coop()
    for word in game.solution:
        game.judge(1, word, 5.0)
    assert game.is_over(5.0)


def test_a_bonus_word_adds_its_points_in_seconds_capped() -> None:
    clock = Clock(Timer.BONUS, 60)
    game = Round.start(BOARD, LEXICON, Rules(Mode.CASUAL, 3), 60.0, clock=clock)
    game.judge(1, "coder", 10.0)  # 2 points: 60 -> 62
    assert game.deadline == 62.0
    game.judge(2, "coder", 11.0)  # casual: a second finder adds too
    assert game.deadline == 64.0
    game.judge(1, "dog", 63.0)  # time left may not pass 2 x 60 s; here 1 s is left, +1
    assert game.deadline == 65.0
    capped = Round.start(BOARD, LEXICON, Rules(Mode.CASUAL, 3), 60.0, clock=Clock(Timer.BONUS, 1))
    capped.judge(1, "coder", 0.0)  # 2 points, but at most 2 x 1 s left
    assert capped.deadline == 60.0  # never earlier than it was


def test_a_refused_word_adds_nothing() -> None:
    game = Round.start(BOARD, LEXICON, Rules(Mode.RACE, 3), 60.0, clock=Clock(Timer.BONUS, 60))
    game.judge(1, "dog", 1.0)
    game.judge(2, "dog", 2.0)  # taken
    game.judge(2, "zzz", 2.0)
    assert game.deadline == 61.0


def test_an_untimed_round_ends_after_a_quiet_spell_or_every_word() -> None:
    clock = Clock(Timer.UNTIMED, 300)
    game = Round.start(BOARD, LEXICON, Rules(Mode.CLASSIC, 3), 300.0, clock=clock)
    game.judge(1, "dog", 250.0)
    assert game.deadline == 550.0 and not game.is_over(549.9)
    for word in game.solution:
        game.judge(2, word, 260.0)
    assert game.is_over(260.0)


def test_a_rebuilt_round_keeps_the_stored_deadline() -> None:
    clock = Clock(Timer.BONUS, 60)
    game = Round.rebuild(
        BOARD, LEXICON, Rules(Mode.CLASSIC, 3), 75.0, [(1, "coder", 5.0)], clock=clock
    )
    assert game.deadline == 75.0  # the words put back add nothing: the store kept their time
    game.judge(2, "dog", 10.0)
    assert game.deadline == 76.0


def test_a_share_is_rounded_down_whether_counted_or_stored() -> None:
    assert [team_percent(p, 200) for p in (0, 1, 101, 199, 200)] == [0, 0, 50, 99, 100]
    assert team_percent(0.29) == 29 and team_percent(0.5099) == 50  # 0.29 * 100 < 29 in floats
    assert team_percent(3, 0) == 0
    assert TeamScore(101, 200, 1, 9).percent == team_percent(101 / 200) == 50
