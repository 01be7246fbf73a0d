"""Driving a tournament as its people do (the organiser's commands, the Join button, words typed
in the channel) and what it should give, computed apart from the bot: each board solved again
with core's solver, each round scored with core's ``tally`` and the tournament's rules."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.rounds.live import LiveRound
from core.lexicon import Lexicon
from core.round import Rules, tally
from core.solver import solve
from core.tournament import Format, Placing, RoundScore, round_scores, standings, still_in
from standin import StandIn
from standin.state import StoredMessage
from tests.bot.harness import Harness

ENTRANTS = ("alice", "bob", "carol", "dave")
OUTSIDER = "erin"  # never signs up


def add_people(standin: StandIn) -> None:
    """Dave and Erin join the server (alice, bob and carol are there)."""
    guild = next(iter(standin.world.guilds))
    standin.world.add_member(guild, "dave", "Dave")
    standin.world.add_member(guild, OUTSIDER, "Erin")


def owner(standin: StandIn) -> int:
    return standin.world.guilds[next(iter(standin.world.guilds))].owner_id


async def sign_up(game: Harness, players: Sequence[str] = ENTRANTS, **options: Any) -> int:
    """``/tournament create`` by the server's owner, then Join clicked by each of ``players``;
    the tournament's id."""
    standin = game.standin
    handle = await standin.slash("boggle", owner(standin), "tournament create", options)
    reply = await handle.followup()
    assert "Tournament created" in reply.content, reply.content
    name = options["name"]
    signup = await standin.wait_for_message("boggle", lambda m: name in m.content, after=0)
    tid: int = game.query("SELECT id FROM tournaments ORDER BY id DESC LIMIT 1")[0][0]
    for user in players:
        click = await standin.click(signup, user, f"tournament:join:{tid}")
        assert "You are in" in (await click.original_message()).content
    return tid


async def start(game: Harness) -> None:
    handle = await game.standin.slash("boggle", owner(game.standin), "tournament start")
    assert "starts now" in (await handle.original_message()).content


@dataclass
class Expected:
    """What the rounds so far should give, computed by the test."""

    kind: Format
    rounds: int
    entrants: list[int]
    played: list[dict[int, RoundScore]] = field(default_factory=list)

    def playing(self) -> list[int]:
        return still_in(self.kind, self.entrants, self.played)

    def standings(self) -> list[Placing]:
        return standings(self.kind, self.entrants, self.played, self.rounds)


async def next_round(game: Harness, seen: set[int], timeout: float = 10) -> LiveRound:
    """The tournament's next round, once its board is posted."""
    rounds = game.services.rounds
    channel = game.channel_id()

    def opened() -> bool:
        live = rounds.live.get(channel)
        return live is not None and live.posted and live.id not in seen

    await game.standin.wait_until(opened, timeout)
    live = game.live()
    seen.add(live.id)
    return live


def board_words(live: LiveRound, lexicon: Lexicon) -> list[str]:
    """The board's words as the test finds them (core's solver), shortest first."""
    rules = live.game.rules
    found = solve(live.game.board, lexicon, rules.min_length)
    return sorted(found, key=lambda w: (len(w), w))


def deal(words: Sequence[str], counts: Mapping[str, int]) -> dict[str, list[str]]:
    """The outsider's word, then each player's own words (``counts`` of them, none shared) and
    one word the first two both say (cancelled in a classic round)."""
    pool = iter(words)
    said = {OUTSIDER: [next(pool)]}
    said |= {player: [next(pool) for _ in range(n)] for player, n in counts.items()}
    first, other = list(counts)[:2]
    shared = next(pool)
    said[first].append(shared)
    said[other].append(shared)
    return said


async def say_all(
    game: Harness, live: LiveRound, said: Mapping[str, Sequence[str]], playing: Sequence[int]
) -> None:
    """Each player types their words (one message each); the last word of those ``playing``
    is stored as a guess of this round before returning (and so every word typed before it)."""
    for player, words in said.items():
        for word in words:
            await game.say(player, word)
    last = [p for p, words in said.items() if words and game.user_id(p) in playing][-1]
    wanted = (game.user_id(last), said[last][-1])
    sql = "SELECT player_id, word FROM guesses WHERE round_id = ?"

    async def stored() -> bool:
        async with asyncio.timeout(5):  # a stuck writer fails the test instead of hanging it
            await game.services.writer.flush()
        return wanted in game.query(sql, (live.id,))

    deadline = time.monotonic() + 5
    while not await stored():
        assert time.monotonic() < deadline, f"{wanted} never stored in round {live.id}"
        await asyncio.sleep(0.02)


def score_round(
    game: Harness, live: LiveRound, said: Mapping[str, Sequence[str]], playing: Sequence[int]
) -> dict[int, RoundScore]:
    """The round's scores for those still in, from what each typed: core's tally on the board
    solved again (only the words of those in count), the times from the stored words."""
    found = {game.user_id(p): list(w) for p, w in said.items() if game.user_id(p) in playing}
    solution = solve(live.game.board, game.lexicon, live.game.rules.min_length)
    results = tally(solution, found, Rules(live.game.rules.mode, live.game.rules.min_length))
    accepted = game.query(
        "SELECT player_id, word, at FROM found_words WHERE round_id = ?", (live.id,)
    )
    return round_scores(results, accepted, live.stored.started_at, playing)


async def standings_post(game: Harness, number: int, rounds: int) -> StoredMessage:
    title = f"standings after round {number} of {rounds}"
    return await game.standin.wait_for_message(
        "boggle", lambda m: title in m.content, timeout=10, after=0
    )


def check_post(game: Harness, post: StoredMessage, expected: Sequence[Placing]) -> None:
    """Every entrant on their line, in order, with their points and words."""
    lines = [line for line in post.content.splitlines() if line[:1].isdigit()]
    assert len(lines) == len(expected), post.content
    for line, p in zip(lines, expected, strict=True):
        name = game.standin.world.display_name(p.player, next(iter(game.standin.world.guilds)))
        start = f"{p.place}. {name}: {p.points} pt"
        assert line.startswith(start) and f" {p.words} word" in line, (line, p)


def check_stored(game: Harness, tid: int, expected: Expected) -> None:
    """The tournament's stored scores are the test's, round by round."""
    rows = game.query(
        "SELECT number, user_id, points, words FROM tournament_scores"
        " WHERE tournament_id = ? ORDER BY number, user_id",
        (tid,),
    )
    wanted = [
        (n, s.player, s.points, s.words)
        for n, scores in enumerate(expected.played, start=1)
        for s in sorted(scores.values(), key=lambda s: s.player)
    ]
    assert rows == wanted, (rows, wanted)


def check_places(game: Harness, tid: int, expected: Expected) -> None:
    places = game.query(
        "SELECT user_id, place, points FROM tournament_places WHERE tournament_id = ?"
        " ORDER BY place",
        (tid,),
    )
    assert places == [(p.player, p.place, p.points) for p in expected.standings()]


async def play(
    game: Harness, expected: Expected, seen: set[int], counts: Mapping[str, int]
) -> tuple[LiveRound, dict[str, list[str]]]:
    """The next round opens for those still in; each types ``counts`` words of their own (those
    out or never in type too: their words never count)."""
    live = await next_round(game, seen)
    playing = expected.playing()
    assert live.stored.entrant_ids == frozenset(playing)
    said = deal(board_words(live, game.lexicon), counts)
    await say_all(game, live, said, playing)
    return live, said


async def finish(
    game: Harness, tid: int, expected: Expected, live: LiveRound, said: Mapping[str, Sequence[str]]
) -> StoredMessage:
    """The round ends; its scores, the standings posted (or the podium) under the round's own
    results and the stored scores are the test's. The post (the standings, or the podium after
    the last round)."""
    scores = score_round(game, live, said, expected.playing())
    results = await game.end_round()
    expected.played.append(scores)
    number = len(expected.played)
    await game.standin.wait_until(
        lambda: game.query("SELECT played FROM tournaments WHERE id = ?", (tid,))[0][0] == number,
        timeout=10,
    )
    check_stored(game, tid, expected)
    if number < expected.rounds:
        post = await standings_post(game, number, expected.rounds)
        assert post.id > results.id, "the standings before the results"
        check_post(game, post, expected.standings())
        return post
    podium = await game.standin.wait_for_message(
        "boggle", lambda m: "podium" in m.content, timeout=10, after=0
    )
    assert podium.attachments and podium.attachments[0].filename == "podium.png"
    assert podium.id > results.id, "the podium before the results"
    check_post(game, podium, expected.standings())
    await game.standin.wait_until(
        lambda: game.query("SELECT state FROM tournaments WHERE id = ?", (tid,)) == [("finished",)]
    )
    check_places(game, tid, expected)
    outsider = game.user_id(OUTSIDER)
    assert game.query("SELECT COUNT(*) FROM guesses WHERE player_id = ?", (outsider,)) == [(0,)]
    return podium


def posted_table(post: StoredMessage) -> list[str]:
    """The post's standings, a line each."""
    return [line for line in post.content.splitlines() if line[:1].isdigit()]
