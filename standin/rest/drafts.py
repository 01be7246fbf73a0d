"""A message the bot sends or edits, read from its body and checked as Discord checks the form:
content length, embeds, components, ``allowed_mentions`` and the flags the route lets it set.
The first field Discord would refuse is a 50035 naming it; nothing is stored then."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from standin.actions import Actions, normalise_embeds
from standin.codes import MessageFlag
from standin.components import check_components
from standin.embeds import check_embeds
from standin.entities import Attachment, Channel, StoredMessage, User
from standin.errors import ApiError, invalid_flags, too_long
from standin.mentions import check_allowed_mentions

MAX_CONTENT = 2000
# The flags a new message may set (Discord refuses any other bit with 50035).
MESSAGE_FLAGS = (
    MessageFlag.SUPPRESS_EMBEDS
    | MessageFlag.SUPPRESS_NOTIFICATIONS
    | MessageFlag.IS_VOICE_MESSAGE
    | MessageFlag.IS_COMPONENTS_V2
)
# An interaction's answer and its follow-ups may also be ephemeral; a deferral only that.
ANSWER_FLAGS = MESSAGE_FLAGS | MessageFlag.EPHEMERAL
DEFERRAL_FLAGS = int(MessageFlag.EPHEMERAL)


@dataclass
class Draft:
    """A new message as the bot sent it (body and files), its form checked."""

    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    files: list[Attachment] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    allowed_mentions: dict[str, Any] | None = None

    @classmethod
    def read(cls, body: dict[str, Any], files: list[Attachment], flags: int) -> Draft:
        """The message ``body`` describes, once its form passes Discord's checks; ``flags``
        are the bits the route lets it set (any other is refused)."""
        check_form(body)
        return cls(
            body.get("content") or "",
            normalise_embeds(body.get("embeds") or []),
            files,
            body.get("components") or [],
            check_flags(body, flags),
            body.get("allowed_mentions"),
        )

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & MessageFlag.EPHEMERAL)

    def check(self, body: dict[str, Any]) -> None:
        """Discord's refusal of a message that would show nothing."""
        shown = self.content or self.embeds or self.files or self.components
        if not (shown or body.get("sticker_ids")):
            raise ApiError(400, 50006, "Cannot send an empty message")

    async def post(
        self, actions: Actions, channel: Channel, author: User, **meta: Any
    ) -> StoredMessage:
        """Store it in ``channel`` as a message by ``author``; ``meta`` as ``Actions.create``."""
        return await actions.create(
            channel,
            author,
            content=self.content,
            embeds=self.embeds,
            attachments=self.files,
            components=self.components,
            flags=self.flags,
            allowed_mentions=self.allowed_mentions,
            **meta,
        )


def check_form(body: dict[str, Any]) -> None:
    """What Discord refuses in a new or edited message's fields: content over 2,000
    characters, embeds over their limits, bad components, a bad ``allowed_mentions``."""
    if len(body.get("content") or "") > MAX_CONTENT:
        raise too_long("content", MAX_CONTENT)
    check_embeds(body.get("embeds"))
    check_components(body.get("components") or [])
    check_allowed_mentions(body.get("allowed_mentions"))


def check_flags(body: dict[str, Any], allowed: int) -> int:
    """The body's ``flags``; a 50035 when it sets a bit the route does not let it set."""
    flags = int(body.get("flags") or 0)
    if flags & ~allowed:
        raise invalid_flags()
    return flags


# An edit's form is a new message's; its flags are filtered by ``Actions.edit``.
check_edit = check_form
