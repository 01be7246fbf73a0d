"""A world round's results, asked for by server and by player: what a walk through every ranked
entry finds (the server's players best first, those in DMs in no server's part)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.world.model import WorldEntry, WorldResults
from core.world import ServerPlace

GUILDS = st.one_of(st.none(), st.integers(1, 4))


@given(st.lists(st.tuples(st.integers(1, 30), GUILDS), max_size=40, unique_by=lambda t: t[0]))
def test_a_servers_part_and_a_players_entry_are_what_a_walk_finds(
    players: list[tuple[int, int | None]],
) -> None:
    ranked = tuple(
        WorldEntry("en", 7, player, guild, 10, f"P{player}", 0.0, 30 - i, 1, 5.0, i + 1)
        for i, (player, guild) in enumerate(players)
    )
    guilds = sorted({g for _, g in players if g is not None})
    places = tuple(ServerPlace(i + 1, g, 10 - i, 1) for i, g in enumerate(guilds))
    results = WorldResults("en", 7, ranked, (), places)
    for guild in range(0, 6):
        assert results.of_server(guild) == tuple(e for e in ranked if e.guild_id == guild)
        assert results.server_place(guild) == next((p for p in places if p.server == guild), None)
    for player in range(0, 32):
        assert results.of_player(player) == next((e for e in ranked if e.player_id == player), None)
    assert results == WorldResults("en", 7, ranked, (), places)  # the indexes are not its fields
