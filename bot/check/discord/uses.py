"""What ``/boggle check`` uses, and nothing else: built by the composition root (``bot.app``),
read by the command (a plain function discord.py calls) through ``CHECK``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.check.service import CheckService
from bot.discord.dynamic_items import Registry
from bot.pictures.pictures import Pictures


@dataclass(frozen=True)
class CheckUses:
    check: CheckService
    pictures: Pictures  # the word's path drawn on the board


CHECK: Registry[CheckUses] = Registry("check")
