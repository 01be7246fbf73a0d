"""A channel's scoreboard encoded for every socket watching it, each part encoded once: a crowd
of 800 pages shares a few texts (one per language and top player), not 800 ``json.dumps``."""

from __future__ import annotations

import json

from bot.rounds.view import RoundView
from bot.rounds.web import payloads
from bot.rounds.web.messages import Scoreboard, ScoreJson
from bot.web.payloads import PAGE_TOP


class Scoreboards:
    """One scoreboard of one round, as JSON text for any reader; built lazily, shared by every
    socket that reads the same language (and, in the top rows, is the same player)."""

    def __init__(self, shown: RoundView) -> None:
        self.shown = shown
        self._tops: dict[str, list[ScoreJson]] = {}
        self._texts: dict[tuple[str, int | None], str] = {}

    def text(self, language: str, reader: int) -> str:
        """The ``scoreboard`` message ``reader`` is sent, as ``payloads.scoreboard`` words it:
        the top rows (the reader's marked), then the reader's own row when it is not among
        them."""
        top = self._top(language)
        mine = str(reader)
        listed = any(row["id"] == mine for row in top)
        shared = self._shared(language, reader if listed else None, top)
        place = self.shown.places.get(reader)
        if listed or place is None or place[0] <= PAGE_TOP:
            return shared
        own = payloads.score_row(
            self.shown, place[0], place[1], self.shown.names, language, you=True
        )
        # The rows are the message's last field: the reader's row joins them before "]}".
        return f"{shared[:-2]}{', ' if top else ''}{json.dumps(own)}]}}"

    def _top(self, language: str) -> list[ScoreJson]:
        top = self._tops.get(language)
        if top is None:
            top = self._tops[language] = payloads.top_scores(self.shown, self.shown.names, language)
        return top

    def _shared(self, language: str, marked: int | None, top: list[ScoreJson]) -> str:
        """The message with the top rows, ``marked``'s row marked as the reader's."""
        found = self._texts.get((language, marked))
        if found is not None:
            return found
        shown = self.shown
        mine = str(marked)
        message: Scoreboard = {
            "type": "scoreboard",
            "players": len(shown.standings),
            "deadline": shown.deadline,
            "team": payloads.team_text(shown, language),
            "scoreboard": [{**row, "you": row["id"] == mine} for row in top],
        }
        encoded = self._texts[(language, marked)] = json.dumps(message)
        return encoded
