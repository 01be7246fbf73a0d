"""Players' current server names for a leaderboard or /stats, asked of Discord when shown.

The bot keeps no member list (no members intent), so each name on a page is one member look-up,
made together. A player who left the server, or a look-up that fails or takes too long, shows
the name kept from their last round (``players``), else a neutral fallback: a score never
disappears for want of a name.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterable, Mapping

import discord

from bot.discord.render import fallback_name

# How long a page waits for names before it shows the kept ones.
LOOKUP_TIMEOUT = 3.0


async def current_names(
    guild: discord.Guild,
    kept: Mapping[int, str | None],
    known: Iterable[discord.Member | discord.User] = (),
) -> dict[int, str]:
    """The name to show for each player in ``kept`` (user id -> the name storage kept, or None);
    ``known`` are members already at hand (the caller), not looked up again."""
    names = {user: name or fallback_name(user) for user, name in kept.items()}
    at_hand = {m.id: m.display_name for m in known if isinstance(m, discord.Member)}
    names |= {user: name for user, name in at_hand.items() if user in names}
    wanted = [user for user in names if user not in at_hand]
    if wanted:
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(LOOKUP_TIMEOUT):
                fetched = await asyncio.gather(*(_member_name(guild, user) for user in wanted))
                names |= {
                    user: name
                    for user, name in zip(wanted, fetched, strict=True)
                    if name is not None
                }
    return names


async def _member_name(guild: discord.Guild, user_id: int) -> str | None:
    """The member's name now; None when they left or Discord would not say."""
    try:
        return (await guild.fetch_member(user_id)).display_name
    except discord.HTTPException:
        return None
