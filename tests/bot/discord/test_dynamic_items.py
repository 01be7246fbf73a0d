"""The typed registry a feature's dynamic items read their services through (discord.py builds
them from a custom id, so they cannot be handed anything): each client reads what its own set-up
filled, a client the feature never set up is refused, a client gone leaves nothing behind."""

from __future__ import annotations

import gc

import discord
import pytest

from bot.discord.dynamic_items import Registry


def clicked(client: discord.Client) -> discord.Interaction[discord.Client]:
    """A button pressed in the DM with ``client``, as Discord sends the interaction."""
    payload = {
        "id": "1",
        "application_id": "2",
        "type": 3,  # a component
        "token": "token",
        "version": 1,
        "channel_id": "5",
        "locale": "en-US",
        "entitlements": [],
        "attachment_size_limit": 10 * 1024 * 1024,
        "data": {"custom_id": "boggle:again:9", "component_type": 2},
        "user": {"id": "7", "username": "alice", "discriminator": "0", "avatar": None},
    }
    return discord.Interaction(data=payload, state=client._connection)  # type: ignore[arg-type]


def client() -> discord.Client:
    return discord.Client(intents=discord.Intents.none())


def test_each_client_reads_what_its_own_setup_filled() -> None:
    registry: Registry[str] = Registry("rounds")
    first, second = client(), client()
    registry.fill(first, "the first bot's")
    registry.fill(second, "the second bot's")
    assert registry.of(clicked(first)) == "the first bot's"
    assert registry.of(clicked(second)) == "the second bot's"


def test_a_client_the_feature_never_set_up_is_refused() -> None:
    registry: Registry[str] = Registry("rounds")
    registry.fill(client(), "another bot's")
    with pytest.raises(RuntimeError, match="rounds is not set up on this client"):
        registry.of(clicked(client()))


def test_a_client_gone_takes_its_entry_with_it() -> None:
    registry: Registry[str] = Registry("rounds")
    gone = client()
    registry.fill(gone, "a closed bot's")
    del gone
    gc.collect()
    assert len(registry._of) == 0
