"""The world's round in the core: the rhythm's boundaries, boards from the host's secret, and the
ranking, shares and rarest words checked against independent reckonings."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.lexicon import Lexicon
from core.world import (
    GLOBAL_RATE,
    RESULTS_WITHIN,
    WORLD_RATE,
    WORLD_RULES,
    Entry,
    FanOut,
    Rhythm,
    RhythmError,
    entry_of,
    ranking,
    rarest,
    server_ranking,
    top_one_percent,
    top_ten_finish,
    word_shares,
    world_board,
    world_seed,
)
from tests.core.brute import brute_score, brute_solve

SECRET = b"a host's secret"


def test_a_round_opens_and_closes_on_its_instants() -> None:
    rhythm = Rhythm(every=180, play=120)
    assert rhythm.number_at(180 * 1000) == 1000
    assert rhythm.number_at(180 * 1000 - 0.001) == 999
    assert (rhythm.opens_at(1000), rhythm.closes_at(1000)) == (180_000, 180_120)
    assert rhythm.is_open(1000, 180_000) and rhythm.is_open(1000, 180_119.999)
    assert not rhythm.is_open(1000, 180_120) and not rhythm.is_open(1000, 179_999.999)


@pytest.mark.parametrize(
    ("every", "play"),
    [(15, 10), (30, 20), (60, 40), (90, 60), (180, 120), (600, 120), (86_400, 120)],
)
def test_a_rhythm_of_every_n_seconds_leaves_room_for_the_results(every: float, play: float) -> None:
    assert Rhythm.every_seconds(every) == Rhythm(every, play)


@pytest.mark.parametrize(("every", "play"), [(60, 56), (120, 9), (100, 100), (14, 10)])
def test_a_rhythm_without_room_is_refused(every: float, play: float) -> None:
    with pytest.raises(RhythmError, match="at least 10 s of play and 5 s for its results"):
        Rhythm(every=every, play=play)


def test_the_seed_needs_the_secret_the_language_and_the_number() -> None:
    seed = world_seed(SECRET, "en", 7)
    assert seed == world_seed(SECRET, "en", 7)
    others = {world_seed(b"another", "en", 7), world_seed(SECRET, "fr", 7)}
    others.add(world_seed(SECRET, "en", 8))
    assert seed not in others and len(others) == 3


def test_every_process_rolls_the_same_board_and_the_secret_changes_it(
    lexicon: Lexicon, en_words: list[str]
) -> None:
    first = world_board(SECRET, "en", 9_000_000, lexicon)
    again = world_board(SECRET, "en", 9_000_000, lexicon)
    assert (first.board, first.dice) == (again.board, "4x4-new")
    boards = {world_board(s, "en", 9_000_000, lexicon).board for s in (b"1", b"2", b"3")}
    assert len(boards | {first.board}) == 4
    # The words are the board's, reckoned by brute force over the whole list.
    assert set(first.words) == brute_solve(first.board, en_words, WORLD_RULES.min_length)
    assert first.max_points == sum(brute_score(w, 3) for w in first.words)


entries = st.lists(
    st.builds(
        entry_of,
        player=st.integers(1, 10_000),
        found=st.frozensets(st.sampled_from(["cat", "cats", "scat", "casts", "castle", "act"])),
        last_at=st.sampled_from([1.0, 2.5, 2.5, 30.0, 119.9]),
    ),
    max_size=30,
    unique_by=lambda e: e.player,
)


@given(entries)
def test_a_rank_is_one_more_than_the_players_strictly_ahead(played: list[Entry]) -> None:
    ranked = ranking(played)
    scored = [e for e in played if e.points > 0]
    assert sorted(r.player for r in ranked) == sorted(e.player for e in scored)

    def points(e: Entry) -> int:
        return e.points

    by_player = {e.player: e for e in scored}
    for r in ranked:
        me = by_player[r.player]
        ahead = [
            o
            for o in scored
            if points(o) > points(me) or (points(o) == points(me) and o.last_at < me.last_at)
        ]
        assert r.rank == len(ahead) + 1 and r.points == points(me)
    assert [r.rank for r in ranked] == sorted(r.rank for r in ranked)


def test_the_top_share_rounds_up() -> None:
    ranked = ranking([Entry(p, 3, 1, float(p)) for p in range(1, 3913)])
    assert (ranked[56].rank, ranked[56].top_percent(3912)) == (57, 2)
    assert ranked[0].top_percent(3912) == 1 and ranked[-1].top_percent(3912) == 100


@given(entries, st.lists(st.integers(1, 4), min_size=30, max_size=30))
def test_a_servers_place_is_its_best_three_against_the_others(
    played: list[Entry], servers: list[int]
) -> None:
    server_of = {e.player: servers[k] for k, e in enumerate(played)}
    ranked = ranking(played)
    places = server_ranking(ranked, server_of)
    team: dict[int, list[int]] = {}
    for r in ranked:
        team.setdefault(server_of[r.player], []).append(r.points)
    score = {s: sum(sorted(p)[-3:]) for s, p in team.items()}
    assert {p.server: p.points for p in places} == score
    for p in places:
        assert p.rank == 1 + sum(1 for other in score.values() if other > p.points)
        assert p.players == len(team[p.server])


def test_an_entrys_points_are_its_words_scored() -> None:
    entry = entry_of(7, ["cat", "castle", "cat"], 12.5)
    assert entry == Entry(7, brute_score("cat", 3) + brute_score("castle", 3), 2, 12.5)


def test_shares_and_the_rarest_words() -> None:
    shares = word_shares({"cat": 3, "castle": 1, "act": 1}, 3)
    assert shares == {"cat": 1.0, "castle": 1 / 3, "act": 1 / 3}
    assert rarest(shares, 2) == [("castle", 1 / 3), ("act", 1 / 3)]
    assert word_shares({}, 0) == {} and ranking([]) == []
    assert ranking([Entry(1, 0, 0, 0.0)]) == []  # nothing found: not ranked


def test_the_fan_out_of_1000_and_10000_world_channels() -> None:
    rhythm = Rhythm()  # a round every 180 s, 120 s of play
    thousand = FanOut(1_000, WORLD_RATE, rhythm)
    assert (round(thousand.seconds, 1), thousand.stride, thousand.late_results) == (27.8, 1, True)
    assert FanOut(720, WORLD_RATE, rhythm).late_results is False  # 20 s: on time
    assert FanOut(721, WORLD_RATE, rhythm).late_results is True
    assert FanOut(1_000, GLOBAL_RATE, rhythm).seconds == RESULTS_WITHIN  # the whole limit
    assert FanOut(2_160, WORLD_RATE, rhythm).stride == 1  # 60 s: all the results window holds
    assert FanOut(2_161, WORLD_RATE, rhythm).stride == 2
    ten_thousand = FanOut(10_000, WORLD_RATE, rhythm)
    assert (round(ten_thousand.seconds, 1), ten_thousand.stride) == (277.8, 3)  # 120 + 278 <= 540
    assert ten_thousand.boards_in_time == 4_320  # 120 s of play at 36 a second
    assert "a round every 540 s (3 x 180 s)" in ten_thousand.describe()
    assert FanOut(10_000, WORLD_RATE, Rhythm.every_seconds(600)).stride == 1


def test_a_top_ten_finish_needs_more_than_ten_players_and_the_top_percent_a_hundred() -> None:
    assert top_ten_finish(10, 11) and not top_ten_finish(10, 10) and not top_ten_finish(11, 500)
    assert top_one_percent(1, 100) and not top_one_percent(1, 99)
    assert top_one_percent(39, 3912) and not top_one_percent(40, 3912)  # 3,900 / 3,912 and 4,000
    assert not top_one_percent(1, 0)
