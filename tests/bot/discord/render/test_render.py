"""The bot's messages: boards line up, names cannot ping or format, results never break Discord's limits."""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterable, Sequence

import discord
import pytest
from discord.types.embed import EmbedField
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.discord import render
from bot.discord.render import (
    STATUS_LIMIT,
    RenderedMessage,
    clean_name,
    verdict_text,
)
from bot.discord.render.text import STATUS_PLAYERS, fit
from bot.i18n.catalogue import catalogue
from bot.i18n.languages import LANGUAGE_CODES
from bot.rounds.discord import results as render_results
from bot.rounds.discord.board_post import board_message, status_text
from bot.rounds.discord.port import News
from bot.rounds.discord.results import RESULTS_TOP, results_messages
from bot.rounds.discord.rules import rules_text
from bot.standings.discord.leaderboard_render import LeaderboardView, leaderboard_embed
from bot.standings.model import LeaderboardPage, Measure, RankedPlayer
from core.board import Board
from core.fairplay import ATTEMPT_MAX_WORDS, rule_figures
from core.periods import Period
from core.round import Mode, Results, Rules, Standing, Verdict, tally
from core.scoring import word_score

CLASSIC3 = Rules(Mode.CLASSIC, 3)
BOARD4 = Board.parse("rael/mofs/teok/nati")
MISSED_HEAD = "**Missed words**, most common first:\n"


def u16(text: str) -> int:
    """Discord-safe length, computed independently of the module under test."""
    return len(text.encode("utf-16-le")) // 2


def code_block(message: str) -> list[str]:
    match = re.search(r"```\n(.*?)\n```", message, re.S)
    assert match, message
    return match.group(1).split("\n")


def solution_of(words: Iterable[str]) -> dict[str, tuple[int, ...]]:
    return {w: () for w in words}


def all_text(messages: list[RenderedMessage]) -> str:
    parts = []
    for m in messages:
        parts.append(m.content)
        for e in m.embeds:
            d = e.to_dict()
            parts += [
                d.get("title", ""),
                d.get("description", ""),
                d.get("footer", {}).get("text", ""),
            ]
            parts += [f["name"] + "\n" + f["value"] for f in d.get("fields", [])]
    return "\n".join(parts)


def assert_within_limits(messages: list[RenderedMessage]) -> None:
    assert messages
    for m in messages:
        assert u16(m.content) <= 2000
        assert m.content or m.embeds or m.files
        assert len(m.embeds) <= 10
        total = 0
        for e in m.embeds:
            d = e.to_dict()
            title, desc = d.get("title", ""), d.get("description", "")
            footer = d.get("footer", {}).get("text", "")
            fields = d.get("fields", [])
            assert u16(title) <= 256
            assert u16(desc) <= 4096
            assert u16(footer) <= 2048
            assert len(fields) <= 25
            for f in fields:
                assert 0 < u16(f["name"]) <= 256
                assert 0 < u16(f["value"]) <= 1024
            size = u16(title) + u16(desc) + u16(footer)
            size += sum(u16(f["name"]) + u16(f["value"]) for f in fields)
            assert size <= 6000 and len(e) <= 6000
            total += size
        assert total <= 6000


def file_text(messages: list[RenderedMessage]) -> str | None:
    files = [f for m in messages for f in m.files]
    if not files:
        return None
    assert len(files) == 1 and files[0].filename == "missed-words.txt"
    files[0].fp.seek(0)
    return files[0].fp.read().decode("utf-8")


def file_missed(text: str) -> list[tuple[str, int]]:
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("Words nobody found")) + 1
    out = []
    for line in lines[start:]:
        if not line:
            break
        word, points = line.split()
        out.append((word, int(points)))
    return out


def file_players(text: str) -> list[list[str]]:
    """Each player's section of the file (in results order): the words listed."""
    sections = text.split("\n\n")[2:]
    return [[line.split()[0] for line in s.splitlines()[1:] if line.strip()] for s in sections]


def board_embed(messages: list[RenderedMessage]) -> discord.Embed:
    return next(e for m in messages for e in m.embeds if e.title == "The board")


def shown_missed(messages: list[RenderedMessage]) -> tuple[list[str], bool]:
    desc = board_embed(messages).description or ""
    if MISSED_HEAD not in desc:
        return [], False
    text = desc.split(MISSED_HEAD, 1)[1]
    more = re.search(r" ?… \+\d+ more$", text)
    if more:
        text = text[: more.start()]
    return [w for w in text.split(", ") if w], bool(more)


def word_fields(messages: list[RenderedMessage]) -> list[EmbedField]:
    return [
        f
        for m in messages
        for e in m.embeds
        if (e.title or "").startswith("Words found")
        for f in e.to_dict().get("fields", [])
    ]


def field_words(value: str) -> tuple[list[str], bool]:
    more = re.search(r" ?… \+\d+ more$", value)
    if more:
        value = value[: more.start()]
    if value == "no words scored":
        return [], bool(more)
    return [item.strip("~").split()[0] for item in value.split(", ") if item], bool(more)


# ------------------------------------------------------------------------------------- board post


@pytest.mark.parametrize(
    "text, rules",
    [
        ("rael/mofs/teok/nati", Rules(Mode.CLASSIC, 3)),
        ("q[th]abc/defgh/ij[in]kl/mnopq/rstuv", Rules(Mode.RACE, 4)),
        ("ab.def/gh[qu]jkl/mn.pqr/st[ing]vw./yzabcd/ef[er]hij", Rules(Mode.CASUAL, 4)),
    ],
)
def test_board_rows_line_up(text: str, rules: Rules) -> None:
    board = Board.parse(text)
    message = board_message(board, rules, 1_700_000_000, "dice", "alice", True)
    rows = code_block(message)
    assert len(rows) == board.rows
    assert len({len(r) for r in rows}) == 1, rows
    width = max(2, *(len(f) for f in board.cells))
    for r, row in enumerate(rows):
        for c in range(board.cols):
            face = board.face_at(r, c)
            shown = "·" if not face else face[0].upper() + face[1:]
            start = c * (width + 1)
            assert row[start : start + width].rstrip() == shown
    assert u16(message) <= 2000


def test_grid_matches_board_grid_for_short_faces() -> None:
    board = Board.parse("q[th]abc/defgh/ij[in]kl/mnopq/rstu.")
    assert [r.rstrip() for r in render.board_grid(board).split("\n")] == board.grid().split("\n")


def test_board_message_parts() -> None:
    msg = board_message(
        BOARD4, CLASSIC3, 1_700_000_000.4, "4x4-new", "**al** @here", True, "alice · 1 word · 1 pt"
    )
    assert msg.startswith("🎲 **Boggle** 4x4 · classic · words of 3+ letters")
    assert "<t:1700000001:R>" in msg and "<t:1700000001:T>" in msg
    assert "Type words in this channel" in msg and "/guess" not in msg
    assert "scores for nobody" in msg
    assert "@here" not in msg and "\\*\\*al\\*\\*" in msg
    assert msg.rstrip().endswith("alice · 1 word · 1 pt")
    replies = board_message(BOARD4, Rules(Mode.RACE, 3), 0, "d", "s", False)
    assert "Reply to this message with your words" in replies and "first player" in replies
    assert "Type words in this channel" not in replies
    casual = board_message(BOARD4, Rules(Mode.CASUAL, 3), 0, "d", "s", False)
    assert "everyone who finds a word scores" in casual.lower()


def test_big_board_long_status_still_fits() -> None:
    board = Board(16, 16, tuple(["ing"] * 256))
    status = "\n".join(f"player {i} · {i} words · {i} pts" for i in range(200))
    msg = board_message(board, CLASSIC3, 0, "x" * 300, "y" * 300, True, status)
    assert u16(msg) <= 2000
    assert len(code_block(msg)) == 16
    assert msg.endswith("…")


# ----------------------------------------------------------------------------------------- status


def _standings(
    rows: Sequence[tuple[str, int, int | None]],
) -> tuple[list[Standing], dict[int, str]]:
    """Standings as core ranks them, from (name, words, points) rows; ids are row numbers."""
    found = [Standing(i, words, points) for i, (_, words, points) in enumerate(rows)]
    found.sort(key=lambda s: (-(s.points or 0), -s.words, s.player))
    return found, {i: name for i, (name, _, _) in enumerate(rows)}


def test_status_sorted_and_capped() -> None:
    standings, names = _standings([(f"p{i}", i % 7, i) for i in range(40)] + [("tie", 9, 39)])
    text, shown = status_text(standings, names)
    lines = text.split("\n")  # a crowd: its top three and a count, never a table
    assert lines[0] == "🏆 tie 39 · p39 39 · p38 38 · 41 players"
    assert len(lines) == 2 and "/guess" in lines[1]
    assert shown == {}
    few, few_names = _standings([(f"p{i}", i % 7, i) for i in range(15)])
    assert len(status_text(few, few_names)[0].split("\n")) == 15  # a table up to 15 players
    solo, solo_names = _standings([("solo", 1, 1)])
    assert status_text(solo, solo_names)[0] == "solo · 1 word · 1 pt"
    assert status_text([], {}) == ("", {})


def test_status_stays_short_with_long_markdown_names() -> None:
    standings, names = _standings([("*_`~|" * 7, 100, 1000 + i) for i in range(60)])
    text, _ = status_text(standings, names)
    assert u16(text) <= STATUS_LIMIT
    assert re.search(r"· 60 players$", text.splitlines()[0])


def test_classic_status_shows_no_points_and_says_why() -> None:
    standings, names = _standings([("alice", 3, None), ("bob", 1, None)])
    text, _ = status_text(standings, names, classic_live=True)
    assert text.splitlines()[:2] == ["alice · 3 words", "bob · 1 word"]
    assert "pt" not in text.splitlines()[0]
    assert "scores for nobody" in text


def test_status_names_news_with_reasons() -> None:
    standings, names = _standings([("alice", 2, 3), ("bob", 0, 0)])
    news = {
        0: News(["rate", "tear"], [("zzzz", Verdict.NOT_A_WORD), ("ab", Verdict.TOO_SHORT)]),
        1: News([], [("quilt", Verdict.NOT_ON_BOARD)]),
    }
    text, shown = status_text(standings, names, news)
    assert text.splitlines()[0] == (
        "alice · 2 words · 3 pts · ✅ rate, tear · ✗ zzzz (not a word), ab (too short)"
    )
    assert text.splitlines()[1] == "bob · 0 words · 0 pts · ✗ quilt (not on the board)"
    assert shown == {0: (2, 2), 1: (0, 1)}


def test_a_crowd_never_hides_a_players_news() -> None:
    standings, names = _standings(
        [(f"player{i:02}" + "_*" * 12, 40 - i, 40 - i) for i in range(40)]
    )
    last = standings[-1].player
    text, shown = status_text(standings, names, {last: News(["rate"], [])})
    assert shown == {last: (1, 0)}
    assert u16(text) <= STATUS_LIMIT and len(text.splitlines()) == 3
    assert text.splitlines()[1] == f"✅ {clean_name(fit(names[last], 16))}: rate"


@given(
    st.lists(
        st.tuples(
            st.text(alphabet=string.ascii_letters + " *_@<", min_size=1, max_size=40),
            st.integers(0, 500),
            st.integers(0, 5000),
        ),
        max_size=40,
    ),
    st.lists(st.text(alphabet="abcdefghij", min_size=3, max_size=16), max_size=200),
)
@settings(max_examples=60, deadline=None)
def test_status_with_news_always_fits_and_counts_what_it_shows(
    rows: list[tuple[str, int, int]], words: list[str]
) -> None:
    standings, names = _standings(list(rows))
    news = {
        s.player: News(list(words), [(w, Verdict.NOT_A_WORD) for w in words]) for s in standings
    }
    text, shown = status_text(standings, names, news)
    assert u16(text) <= STATUS_LIMIT
    board = Board(6, 6, tuple(["qu"] * 36))
    assert u16(board_message(board, CLASSIC3, 0, "x" * 300, "y" * 300, True, text)) <= 2000
    accepted_lines = sum(1 for accepted, _ in shown.values() if accepted)
    crowd = len(standings) > STATUS_PLAYERS  # one rolling ✅ line, at most four lines
    assert text.count("✅") == (min(1, accepted_lines) if crowd else accepted_lines)
    assert not crowd or len(text.splitlines()) <= 4
    assert text.count(" (not a word)") == sum(refused for _, refused in shown.values())
    if words and standings:  # the first player always has room for some news
        assert shown[standings[0].player] != (0, 0)


def test_names_cannot_ping_or_format() -> None:
    assert "@everyone" not in clean_name("@everyone")
    assert clean_name("**x**") == "\\*\\*x\\*\\*"
    assert "<@1" not in clean_name("<@123456789012345678>")
    assert "https://" not in clean_name("https://evil.example/_x_")
    assert clean_name("a\nb\tc") == "a b c"
    assert clean_name("1. first") == "1\\. first"
    assert clean_name("# big").startswith("\\#")
    assert clean_name("   ") == "someone"
    assert len(clean_name("x" * 100)) == 32


# ---------------------------------------------------------------------------------------- results


def test_results_with_ties_and_cancelled_words() -> None:
    sol = solution_of(["real", "tea", "ate", "stone", "oak", "notes", "kin", "rates", "aerosol"])
    found = {1: ["real", "tea", "stone"], 2: ["tea", "notes", "oak"], 3: ["kin"]}
    results = tally(sol, found, CLASSIC3)
    names = {1: "alice", 2: "bob", 3: "carol"}
    messages = results_messages(results, names, BOARD4, CLASSIC3)
    assert_within_limits(messages)
    assert len(messages) == 1 and not messages[0].files
    text = all_text(messages)
    assert "🏆 Tie at 3 pts: alice and bob" in messages[0].content
    assert "🥇 **1.** alice · 3 pts" in text and "🥇 **1.** bob · 3 pts" in text
    assert "🥉 **3.** carol · 1 pt" in text
    assert "~~tea~~" in text and "score for nobody" in text
    fields = {f["name"]: f["value"] for f in word_fields(messages)}
    assert fields["🥇 **1.** alice · 3 pts"] == "stone 2, real 1, ~~tea~~"
    assert "📏 Longest word: **notes** (5 letters) by bob" in text
    assert "Found 6 of 9 words (66%)" in text
    assert "max score 16 pts" in text
    assert shown_missed(messages) == (["aerosol", "rates", "ate"], False)


@pytest.mark.parametrize(
    "found, total, shown",
    [(0, 0, "(0%)"), (0, 5, "(0%)"), (1, 300, "(<1%)"), (299, 300, "(99%)"), (3, 3, "(100%)")],
)
def test_found_share_is_rounded_down(found: int, total: int, shown: str) -> None:
    results = Results((), (), (), total, 0, found)
    assert render_results.found_line(results).endswith(
        f"Found {found} of {total} words {shown}".replace("1 words", "1 word")
    )


def test_single_winner_and_race_hides_taken_words() -> None:
    rules = Rules(Mode.RACE, 3)
    sol = solution_of(["real", "tea", "stone"])
    results = tally(
        sol, {1: ["tea", "stone"], 2: ["tea", "real"]}, rules, {"tea": 1, "stone": 1, "real": 2}
    )
    messages = results_messages(results, {1: "alice", 2: "bob"}, BOARD4, rules)
    assert "🏆 **alice** wins with 3 pts!" in messages[0].content
    fields = {f["name"]: f["value"] for f in word_fields(messages)}
    assert fields["🥈 **2.** bob · 1 pt"] == "real 1"
    assert "scores for nobody" not in all_text(messages)


def test_no_guesses() -> None:
    results = tally(solution_of(["tea", "real"]), {}, CLASSIC3)
    messages = results_messages(results, {}, BOARD4, CLASSIC3)
    assert_within_limits(messages)
    assert "Nobody found a word this round." in messages[0].content
    assert [e.title for e in messages[0].embeds] == ["The board"]
    assert shown_missed(messages) == (["real", "tea"], False)
    assert "Longest word" not in all_text(messages)


def test_everything_shared_means_nobody_scored() -> None:
    results = tally(solution_of(["tea"]), {1: ["tea"], 2: ["tea"]}, CLASSIC3)
    messages = results_messages(results, {1: "a", 2: "b"}, BOARD4, CLASSIC3)
    assert "Nobody scored this round" in messages[0].content
    assert "🥇 **1.** a · 0 pts" in all_text(messages)


def test_huge_board_attaches_every_missed_word() -> None:
    rng = random.Random(7)
    words = {
        "".join(rng.choices(string.ascii_lowercase, k=rng.randint(3, 12))) for _ in range(4000)
    }
    found_words = sorted(words)[:50]
    results = tally(solution_of(words), {1: found_words}, CLASSIC3)
    messages = results_messages(results, {1: "alice"}, BOARD4, CLASSIC3)
    assert_within_limits(messages)
    text = file_text(messages)
    assert text is not None
    expected = [(w, word_score(w, 3)) for w in results.missed]
    assert file_missed(text) == expected
    assert expected[0][0] == max(results.missed, key=len)
    shown, more = shown_missed(messages)
    assert more and shown == list(results.missed[: len(shown)]) and shown
    assert "missed-words.txt" in messages[-1].content
    assert board_embed(messages).footer.text == "📎 Full lists in missed-words.txt"


def test_long_word_list_is_cut_and_filed() -> None:
    words = [
        f"{a}{b}{c}{d}{e}"
        for a in "abcd"
        for b in "efgh"
        for c in "ijkl"
        for d in "mnop"
        for e in "qrs"
    ]
    results = tally(solution_of(words), {1: words, 2: words[:3]}, Rules(Mode.CASUAL, 3))
    messages = results_messages(results, {1: "alice", 2: "bob"}, BOARD4, Rules(Mode.CASUAL, 3))
    assert_within_limits(messages)
    value = word_fields(messages)[0]["value"]
    assert re.search(r"… \+\d+ more$", value)
    text = file_text(messages)
    assert text is not None
    assert file_missed(text) == []
    assert [sorted(s) for s in file_players(text)] == [sorted(words), sorted(words[:3])]


NAME_CHARS = "*_~`|>#-[]()@<:/\\. 1aZé🎲\u200b\n"
names_strategy = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=NAME_CHARS, max_size=40),
    st.sampled_from(["@everyone", "@here", "**x**", "x" * 32, "🎲" * 32, "<@123456789012345678>"]),
)


@st.composite
def rounds(draw: st.DrawFn) -> tuple[Results, dict[int, str], Rules]:
    rng = random.Random(draw(st.integers(0, 2**32)))
    rules = Rules(draw(st.sampled_from(list(Mode))), draw(st.integers(3, 5)))
    size = draw(st.sampled_from([0, 5, 60, 400, 3000]))
    longest = draw(st.integers(rules.min_length, 16))
    words = sorted(
        {
            "".join(rng.choices("abcdefgh", k=rng.randint(rules.min_length, longest)))
            for _ in range(size)
        }
    )
    players = draw(st.integers(0, 60))
    names = draw(st.lists(names_strategy, min_size=players, max_size=players))
    found: dict[int, list[str]] = {}
    firsts: dict[str, int] = {}
    for i in range(players):
        pid = 10**17 + i
        k = rng.choice([0, 1, 5, 40, 400])
        found[pid] = rng.sample(words, min(k, len(words)))
        for w in found[pid]:
            firsts.setdefault(w, pid)
    results = tally(solution_of(words), found, rules, firsts)
    name_map = {10**17 + i: n for i, n in enumerate(names) if i % 9 != 8}  # some names unknown
    return results, name_map, rules


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rounds())
def test_results_always_within_limits_and_complete(
    case: tuple[Results, dict[int, str], Rules],
) -> None:
    results, names, rules = case
    board = Board.parse("ab[qu]d.f/[th]hijkl/mnopqr/stuvwx/yzabc[ing]/abcdef")
    messages = results_messages(results, names, board, rules)
    assert_within_limits(messages)
    text = all_text(messages)
    assert "@everyone" not in text and "@here" not in text
    fields = word_fields(messages)
    top = results.players[:RESULTS_TOP]  # a crowd: the top, the rest in the file
    assert len(fields) == len(top)
    filed = file_text(messages)
    players_filed = file_players(filed) if filed and "\n\n1. " in filed else None
    if len(results.players) > RESULTS_TOP:
        assert players_filed is not None and len(players_filed) == len(results.players)
        assert len(messages) <= 2
    for index, (p, f) in enumerate(zip(top, fields, strict=True)):
        name = clean_name(names.get(p.player, f"player {p.player}"))
        assert name in f["name"] and f"{p.points} pt" in f["name"]
        assert name in text
        words, more = field_words(f["value"])
        # race and co-op: a word another player found first is theirs, not listed here
        expected = [
            w.word for w in p.words if not (rules.mode in (Mode.RACE, Mode.COOP) and w.cancelled)
        ]
        assert set(words) <= set(expected)
        if more:
            assert players_filed is not None and sorted(players_filed[index]) == sorted(expected)
        else:
            assert sorted(words) == sorted(expected)
    shown, more = shown_missed(messages)
    if filed is not None:
        assert [w for w, _ in file_missed(filed)] == list(results.missed)
    else:
        assert not more and shown == list(results.missed)


# ------------------------------------------------------------------------------------ leaderboard


def _page(
    *rows: tuple[int, str, int], own: int | None = None, total: int = 0, start: int = 0
) -> tuple[LeaderboardPage, dict[int, str]]:
    """A page from (rank, name, figure) rows (``own``: the index of the caller's row among
    them, which is left off the page when it is past the tenth), and the names to show."""
    ranked = [RankedPlayer(r, start + i + 1, 100 + i, n, f) for i, (r, n, f) in enumerate(rows)]
    mine = ranked[own] if own is not None else None
    shown = tuple(r for r in ranked if r.position <= start + 10)
    page = LeaderboardPage(shown, mine, total or len(ranked))
    return page, {r.user_id: r.display_name or "" for r in ranked}


POINTS_ALL = LeaderboardView(Period.ALL_TIME, Measure.POINTS, 0, 1)


def test_leaderboard_page_and_own_line() -> None:
    board, names = _page(
        (1, "alice", 50),
        (1, "bob", 50),
        *((i, f"p{i}", 50 - i) for i in range(3, 15)),
        (23, "me", 3),
        own=14,
        total=23,
    )
    embed = leaderboard_embed(board, POINTS_ALL, names, "Word Nerds")
    assert embed.title == "🏆 Leaderboard · Word Nerds"
    lines = (embed.description or "").split("\n")
    assert lines[0] == "**Points** · all time"
    assert lines[2] == "🥇 **1.** alice · 50 pts"
    assert lines[3].startswith("🥇 **1.** bob")
    assert lines[4].startswith("🥉 **3.** p3")
    assert sum(1 for line in lines if "pts" in line) == 11  # ten on the page, one own line
    assert lines[-3:] == [  # the own line, then the note that co-op rounds score apart
        "**You:** #23 me · 3 pts",
        "",
        "-# Co-op rounds count in words found only, never in points.",
    ]
    assert embed.footer.text == "Page 1 of 3 · 23 players"
    inside, _ = _page((1, "alice", 5), (2, "bob", 4), own=1)
    assert "**You:**" not in (leaderboard_embed(inside, POINTS_ALL, names, "g").description or "")
    newcomer, _ = _page((1, "alice", 5))
    described = leaderboard_embed(newcomer, POINTS_ALL, names, "g").description or ""
    assert "\n\nYou are not on this leaderboard yet.\n\n-# Co-op rounds" in described


@pytest.mark.parametrize(
    ("measure", "figure", "word", "shown"),
    [
        (Measure.WINS, 1, None, "alice · 1 win"),
        (Measure.WORDS, 12, None, "alice · 12 words"),
        (Measure.BEST_ROUND, 7, None, "alice · 7 pts"),
        (Measure.LONGEST_WORD, 8, "quixotic", "alice · **quixotic** (8 letters)"),
        (Measure.SHARE, 0.4567, None, "alice · 45.7% of the maximum"),
    ],
)
def test_each_measure_reads_its_figure(
    measure: Measure, figure: float, word: str | None, shown: str
) -> None:
    board = LeaderboardPage((RankedPlayer(1, 1, 5, "alice", figure, word),), None, 1)
    view = LeaderboardView(Period.WEEK, measure, 0, 9)
    lines = (leaderboard_embed(board, view, {5: "alice"}, "g").description or "").split("\n")
    assert lines[0].endswith(" · this week") and lines[2] == f"🥇 **1.** {shown}"


def test_empty_leaderboard_and_hostile_names() -> None:
    empty = LeaderboardPage((), None, 0)
    embed = leaderboard_embed(empty, POINTS_ALL, {}, "x" * 300)
    assert "Nobody has a score here yet." in (embed.description or "")
    assert len(embed.title or "") <= 256 and embed.footer.text == "Page 1 of 1 · 0 players"
    board, names = _page((1, "@everyone", 1))
    embed = leaderboard_embed(board, POINTS_ALL, names, "g")
    assert "@everyone" not in (embed.description or "")


# ------------------------------------------------------------------------------------------ guess


def test_verdict_texts() -> None:
    assert verdict_text("word", Verdict.ACCEPTED, 2, 4) == "✅ **word** +2"
    assert verdict_text("word", Verdict.ALREADY_FOUND, 0, 4) == "🔁 word: already found"
    assert verdict_text("word", Verdict.TAKEN, 0, 4) == "🚫 word: taken by another player"
    assert verdict_text("word", Verdict.NOT_ON_BOARD, 0, 4) == "❌ word: not on the board"
    assert verdict_text("word", Verdict.NOT_A_WORD, 0, 4) == "📖 word: not a word"
    assert verdict_text("cat", Verdict.TOO_SHORT, 0, 4) == "✂️ cat: too short (min 4)"
    assert verdict_text("word", Verdict.ROUND_OVER, 0, 4) == "⏰ word: the round is over"
    assert verdict_text("**x**", Verdict.NOT_A_WORD, 0, 3).startswith("📖 \\*\\*x")


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_the_fair_play_wording_names_every_limit(language: str) -> None:
    """``/boggle rules`` and a flagged result name each of core's limits, the total too, in
    every language (a figure a locale leaves out is a rule players are never told)."""
    figures = rule_figures()
    rule = rules_text(4, 3, language=language).split("\n\n")[-1]
    for key in ("rules.fair_play", "daily.flagged"):
        wording = catalogue(language)[key]
        assert {f"{{{name}}}" for name in figures} <= set(re.findall(r"\{\w+\}", wording)), key
    assert f" {ATTEMPT_MAX_WORDS} " in rule


@pytest.mark.parametrize("classic_live", [True, False])
def test_a_newcomer_whose_words_were_all_refused_hears_why(classic_live: bool) -> None:
    """A new player's first words, all wrong, are on the status with their reasons (only players
    with an accepted word were listed, so they heard nothing at all)."""
    standings = [Standing(1, 2, None if classic_live else 3)]
    names = {1: "alice", 2: "bob"}
    news = {2: News([], [("oaten", Verdict.NOT_ON_BOARD), ("fasten", Verdict.NOT_ON_BOARD)])}
    text, shown = status_text(standings, names, news, classic_live=classic_live)
    lines = text.splitlines()
    assert lines[0].startswith("alice · 2 words")
    bob = next(line for line in lines if line.startswith("bob"))
    assert "oaten" in bob and "fasten" in bob and "not on the board" in bob
    assert shown == {2: (0, 2)}
