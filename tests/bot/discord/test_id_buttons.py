"""IdButton: a persistent button keyed by a number, its custom id, label and template."""

from __future__ import annotations

import discord

from bot.discord.buttons import IdButton
from bot.i18n.catalogue import text


class Sample(IdButton, prefix="test:sample.id", label="again.label", emoji="🔁"):
    """A button of the tests' own, keyed like the results' buttons."""


class Loud(
    IdButton, prefix="test:loud", label="guess.button", emoji="✍️", style=discord.ButtonStyle.primary
):
    """Another, to show that each subclass keeps its own look."""


def test_an_id_button_carries_its_number_in_its_custom_id() -> None:
    button = Sample(42, "fr")
    assert button.custom_id == "test:sample.id:42"
    assert button.target_id == 42
    assert button.item.label == text("again.label", "fr")
    assert str(button.item.emoji) == "🔁"
    assert button.item.style is discord.ButtonStyle.secondary
    loud = Loud(7)
    assert (loud.custom_id, loud.item.label) == ("test:loud:7", text("guess.button", "en"))
    assert loud.item.style is discord.ButtonStyle.primary


def test_an_id_button_is_found_by_its_own_custom_ids_only() -> None:
    template = Sample.__discord_ui_compiled_template__
    found = template.fullmatch("test:sample.id:42")
    assert found is not None and found["id"] == "42"
    assert template.fullmatch("test:sampleXid:42") is None  # the prefix is taken literally
    assert template.fullmatch("test:loud:42") is None
    assert template.fullmatch("test:sample.id:x") is None
    assert IdButton.__discord_ui_compiled_template__.fullmatch("test:sample.id:42") is None
