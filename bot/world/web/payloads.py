"""The JSON the page receives for the world round (docs/activity.md): the lobby's offer, the
round open now, a word's verdict, the wait between rounds and a closed round's results, worded
from the catalogue as ``/world`` words them."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.i18n.catalogue import count, text
from bot.i18n.languages import language_name
from bot.web.payloads import PAGE_TOP, board, judged_word
from bot.world.model import WorldPlay, WorldResults
from bot.world.web.messages import (
    WorldJson,
    WorldOfferJson,
    WorldResultsJson,
    WorldVerdictJson,
    WorldWaitJson,
)
from bot.world.wording import share_text, standing
from core.round import Judgement, Verdict
from core.scoring import word_score
from core.world import WORLD_RULES, WorldBoard

# A folded word as the player reads it, given how they typed it (None: the dictionary's way).
Spell = Callable[[str, str | None], str]


def offer(language: str) -> WorldOfferJson:
    return {"type": "world_offer", "label": text("world_page.play", language)}


def _points(word: str) -> int:
    return word_score(word, WORLD_RULES.min_length)


def yours(played: WorldPlay, language: str) -> str:
    """The player's words and points so far."""
    words = count(len(played.words), "units.word", language)
    points = count(played.entry.points, "units.pt", language)
    return text("world_page.you_so_far", language, words=words, points=points)


def _title(key: str, game: WorldBoard, language: str, **fields: object) -> str:
    return text(key, language, number=game.number, lang=language_name(game.language), **fields)


def play(played: WorldPlay, spell: Spell, now: float, language: str) -> WorldJson:
    """The round open now: its board, its close, the player's words so far."""
    game = played.board
    return {
        "type": "world",
        "number": game.number,
        "title": _title("world_page.title", game, language),
        "board": board(game.board, game.language),
        "rules": {"mode": WORLD_RULES.mode.value, "min_length": WORLD_RULES.min_length},
        "deadline": played.closes_at,
        "now": now,
        "words": [
            {
                "word": w,
                "shown": spell(w, None),
                "points": _points(w),
                "verdict": Verdict.ACCEPTED.value,
            }
            for w in played.words
        ],
        "yours": yours(played, language),
        "language": game.language,
    }


def verdict(
    judged: Judgement, played: WorldPlay, spell: Spell, language: str, path: list[int] | None
) -> WorldVerdictJson:
    """A word's verdict (every valid word scores its points in the world round)."""
    said = judged_word(
        "verdict", judged, spell(judged.word, judged.typed), judged.points, language, path
    )
    return {
        "type": "world_verdict",
        "word": said["word"],
        "shown": said["shown"],
        "verdict": said["verdict"],
        "points": said["points"],
        "reason": said["reason"],
        "path": said["path"],
        "yours": yours(played, language),
    }


def wait(opens_at: float, now: float, round_language: str, language: str) -> WorldWaitJson:
    """No round is open: when the next opens (``round_language``: the round the page waits for,
    asked for again after a reconnect)."""
    next_in = text("world_page.next", language, time="{time}")
    return {
        "type": "world_wait",
        "opens_at": opens_at,
        "now": now,
        "next": next_in,
        "language": round_language,
    }


def results(
    closed: WorldResults,
    game: WorldBoard,
    words: Sequence[str],
    player_id: int,
    guild_id: int | None,
    spell: Spell,
    opens_at: float,
    now: float,
    language: str,
) -> WorldResultsJson:
    """A closed round as ``/world`` shows it privately (the world's top ten, the player's rank,
    the rarest words with their shares), with the player's server's place and their words."""
    mine = closed.of_player(player_id)
    you = (
        text("world_round.you_none", language)
        if mine is None
        else text(
            "world_round.you",
            language,
            points=count(mine.points, "units.pt", language),
            **standing(mine, closed.players),
        )
    )
    place = closed.server_place(guild_id) if guild_id is not None else None
    server = (
        None
        if place is None
        else text(
            "world_round.server_place",
            language,
            place=place.rank,
            servers=len(closed.servers),
            points=count(place.points, "units.pt", language),
        )
    )
    paths = game.words
    players = count(closed.players, "units.player", language)
    return {
        "type": "world_results",
        "number": closed.number,
        "title": _title("world_page.results", game, language, players=players),
        "board": board(game.board, game.language),
        "top_title": text("world_page.top", language),
        "top": [
            {
                "rank": e.rank or 0,
                "name": e.name or text("units.fallback_name", language, id=e.player_id),
                "shown": count(e.points, "units.pt", language),
                "you": e.player_id == player_id,
            }
            for e in closed.ranked[:PAGE_TOP]
        ],
        "you": you,
        "server": server,
        "nobody": None if closed.ranked else text("world_round.nobody", language),
        "words": [
            {"word": w, "shown": spell(w, None), "points": _points(w), "path": list(paths[w])}
            for w in sorted(words, key=lambda w: (-_points(w), w))
            if w in paths
        ],
        "rarest_title": text("world_page.rarest", language),
        "rarest": [
            {"word": w, "shown": spell(w, None), "share": share_text(s), "path": list(paths[w])}
            for w, s in closed.rarest
            if w in paths
        ],
        "opens_at": opens_at,
        "now": now,
        "next": text("world_page.next", language, time="{time}"),
        "language": game.language,
    }
