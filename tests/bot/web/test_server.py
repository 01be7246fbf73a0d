"""The page's listening socket: a port that is only a wish (the sandbox's) gives way to a free
one when taken between the check and the bind (two sandboxes starting at once: "Address already
in use" stopped the second); a port asked for exactly is never silently changed."""

from __future__ import annotations

import socket

import pytest

from bot.config.settings import WebSettings
from bot.tools.sandbox_main import sandbox_web
from bot.web.server import bound_socket


def held_port() -> socket.socket:
    """A port another process's server holds (listening, no SO_REUSEADDR on our side)."""
    holder = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    return holder


def test_a_wished_port_taken_gives_way_to_a_free_one() -> None:
    with held_port() as holder:
        taken = holder.getsockname()[1]
        with bound_socket("127.0.0.1", taken, any_if_taken=True) as sock:
            assert sock.getsockname()[1] not in (taken, 0)
        with pytest.raises(OSError) as refused:
            bound_socket("127.0.0.1", taken, any_if_taken=False)
        assert "in use" in str(refused.value)


def test_the_sandbox_page_wishes_its_port() -> None:
    assert sandbox_web(WebSettings()).any_port_if_taken
    assert not WebSettings(port=8080).any_port_if_taken
