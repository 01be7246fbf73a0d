"""CheckStore (and the ServerSettingsStore its refusals' language comes through) in memory: the
rounds a test finishes, the latest per channel, and each server's settings."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.rounds.model import RoundState, StoredRound
from bot.server_settings.model import ServerSettings
from core.round import Mode


@dataclass
class MemoryRounds:
    finished: list[StoredRound] = field(default_factory=list)
    settings: dict[int, ServerSettings] = field(default_factory=dict)

    def finish(
        self,
        guild_id: int,
        channel_id: int,
        board: str,
        *,
        mode: Mode = Mode.CLASSIC,
        min_length: int = 3,
        language: str = "en",
        dictionary: str = "full",
        excluded: str = "",
    ) -> StoredRound:
        """A round on ``board`` that ended in ``channel_id`` after every one before it."""
        n = len(self.finished) + 1
        stored = StoredRound(
            id=n,
            guild_id=guild_id,
            channel_id=channel_id,
            starter_id=1,
            board=board,
            dice="classic",
            size=len(board.split("/")),
            mode=mode,
            min_length=min_length,
            started_at=1000.0 * n,
            deadline=1000.0 * n + 180,
            state=RoundState.FINISHED,
            ended_at=1000.0 * n + 180,
            excluded=excluded,
            language=language,
            dictionary=dictionary,
        )
        self.finished.append(stored)
        return stored

    async def last_finished_round(self, channel_id: int) -> StoredRound | None:
        return next((r for r in reversed(self.finished) if r.channel_id == channel_id), None)
