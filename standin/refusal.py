"""What a person tried that Discord's own client would not let them do."""

from __future__ import annotations


class CommandError(ValueError):
    """The action could not happen as a person tried it, as Discord's UI would refuse (a
    command not offered there, a bad option, nothing to click, a modal filled in wrong)."""
