"""Options a person types are sent only within the limits the command declares, as Discord's
client refuses to send them otherwise: the stand-in raises ``CommandError`` and sends nothing."""

from __future__ import annotations

import pytest

from standin import CommandError, StandIn

CHECK = {
    "name": "check",
    "description": "d",
    "options": [
        {
            "type": 3,
            "name": "word",
            "description": "d",
            "required": True,
            "min_length": 2,
            "max_length": 40,
        },
        {"type": 10, "name": "ratio", "description": "d", "min_value": 0, "max_value": 1},
        {"type": 3, "name": "note", "description": "d"},
        {"type": 4, "name": "count", "description": "d"},
    ],
}


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"word": "a" * 41}, "41 characters, more than its max_length 40"),
        ({"word": "a"}, "1 characters, fewer than its min_length 2"),
        ({"word": "ab", "ratio": 1.5}, r"out of range \(max_value 1\)"),
        ({"word": "ab", "ratio": -0.1}, r"out of range \(min_value 0\)"),
        ({"word": "ab", "note": "x" * 6001}, "more than its max_length 6000"),
        ({"word": "ab", "count": 2**53 + 1}, "out of range"),
    ],
)
async def test_a_value_outside_the_declared_limits_is_never_sent(
    standin: StandIn, options: dict[str, object], reason: str
) -> None:
    standin.commands.overwrite(None, [CHECK])
    with pytest.raises(CommandError, match=reason):
        await standin.slash("boggle", "alice", "check", options)
    assert standin.rest.interactions == {}


async def test_values_at_the_limits_are_sent(standin: StandIn) -> None:
    standin.commands.overwrite(None, [CHECK])
    for options in (
        {"word": "a" * 40, "ratio": 1},
        {"word": "ab", "ratio": 0, "note": "x" * 6000, "count": -(2**53)},
    ):
        handle = await standin.slash("boggle", "alice", "check", options)
        assert handle.id in standin.rest.interactions
