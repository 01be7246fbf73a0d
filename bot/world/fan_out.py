"""What the world round's fan-out is told in the logs: once, when it changes."""

from __future__ import annotations

import logging

from core.world import FanOut

log = logging.getLogger("bot.world.service")


def say_fan_out(fan_out: FanOut, counts: dict[str, int]) -> None:
    """Log the world's fan-out once it changes: stretched, late, or back within limits."""
    languages = ", ".join(f"{language} {n}" for language, n in counts.items()) or "none"
    if fan_out.stride > 1 or fan_out.boards_in_time < fan_out.channels:
        log.warning("world rounds stretched: %s (%s)", fan_out.describe(), languages)
    elif fan_out.late_results:
        log.warning("world round results are late: %s (%s)", fan_out.describe(), languages)
    else:
        log.info("world rounds within Discord's limits: %s (%s)", fan_out.describe(), languages)
