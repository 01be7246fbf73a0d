"""What the world round tells others: a round opened (every process's clock job hears it at the
opening), so a page waiting for it shows its board; a round closed (every process hears it once
its close has run there, whichever process ranked it), so what shows it privately shows its
results."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class WorldRoundClosed:
    language: str
    number: int


@dataclass(frozen=True)
class WorldRoundOpened:
    number: int
