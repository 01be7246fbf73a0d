"""bench_stadium's players: ``load_web``'s driver (the stand-in, chat players and pages) with
every player in ONE channel, Discord's per-channel rate limits on in the stand-in, and a crowd's
status read as a crowd's status ("✅ name: word, word · name: word").
"""

from __future__ import annotations

from multiprocessing.connection import Connection

from load_players import Shown
from load_records import Key
from load_web import Shape, WebDriver, drive_web

from bot.i18n.catalogue import text as wording
from standin import StandIn


class CrowdShown(Shown):
    """When each accepted chat word became visible: a ✅ on its message, or its player's name
    and the word on the crowd status's rolling ✅ line, or, while no more than the status lists
    have standings (a round's first seconds), on the player's own line of the status's table."""

    def __init__(self, bot_id: int, pairs: set[Key], by_name: dict[str, int]) -> None:
        super().__init__(bot_id, pairs, by_name)
        self.line = wording("stadium.accepted_line", "en", items="")  # "✅ "

    def _named(self, channel_id: int, content: str) -> list[tuple[int, str]]:
        found = super()._named(channel_id, content)  # the table, before the crowd's lines
        for line in content.splitlines():
            if not line.startswith(self.line):
                continue
            for item in line[len(self.line) :].split(" · "):
                name, _, words = item.partition(": ")
                player = self.by_name.get(name)
                if player is None or (channel_id, player) not in self.pairs:
                    continue
                found += [(player, w) for w in words.split(", ") if w and "…" not in w]
        return found


class StadiumDriver(WebDriver):
    """The pages and the chat players of one crowded channel, Discord's rate limits on."""

    def __init__(
        self,
        standin: StandIn,
        chat: list[Key],
        web: list[tuple[Key, str]],
        by_name: dict[str, int],
        seed: int,
        every: float,
    ) -> None:
        super().__init__(standin, chat, web, by_name, seed, every)
        self.shown = CrowdShown(standin.world.bot.id, set(chat), by_name)
        standin.on_transcript(self.shown.see)
        standin.rate_limits.enable()

    def throttled(self) -> tuple[int, int]:
        """Answers 429 the stand-in gave (any route), and those its per-channel buckets gave."""
        calls = self.standin.recorder.calls
        return sum(1 for c in calls if c.status == 429), len(self.standin.rate_limits.refused)


def drive_stadium(conn: Connection, shape: Shape, seed: int, every: float) -> None:
    """The child process's entry point: ``drive_web`` with the stadium's driver."""
    drive_web(conn, shape, seed, every, StadiumDriver)
