"""Who a message mentions (its ``mentions``), and a message's ``allowed_mentions`` checked as
Discord checks it: parse types it knows, at most 100 ids of each kind, ``parse`` and a list of
the same kind never together, ``replied_user`` a boolean."""

from __future__ import annotations

import re
from typing import Any

from standin.errors import (
    invalid_form,
    not_a_boolean,
    not_a_list,
    not_an_object,
    not_one_of,
    too_long,
)

PARSE_TYPES = ("roles", "users", "everyone")
MAX_IDS = 100
# What a person's client sends with a reply: every mention parsed, the reply's ping on or off.
EVERYTHING = {"parse": list(PARSE_TYPES)}
_USER_MENTION = re.compile(r"<@!?(\d+)>")


def written_ids(content: str) -> list[int]:
    """The users ``<@id>`` written in ``content``, each once, in order."""
    return list(dict.fromkeys(int(m) for m in _USER_MENTION.findall(content)))


def mentioned_ids(
    content: str, allowed: dict[str, Any] | None = None, *, replied_author: int | None = None
) -> list[int]:
    """The users a message mentions, as its ``mentions`` lists them: those written in
    ``content`` that ``allowed`` lets through (none given: all, as Discord parses), then, for a
    reply, the replied-to message's author when the reply's mention is on (``replied_user``;
    on when there is no ``allowed_mentions``, as for a reply with Discord's defaults)."""
    ids = written_ids(content)
    if allowed is not None:
        listed = {int(u) for u in allowed.get("users") or []}
        parse_users = "users" in (allowed.get("parse") or [])
        ids = [u for u in ids if parse_users or u in listed]
    if replied_author is not None and pings_reply(allowed) and replied_author not in ids:
        ids.append(replied_author)
    return ids


def pings_reply(allowed: dict[str, Any] | None) -> bool:
    """Whether a reply sent with ``allowed`` mentions the replied-to author (the reply's
    mention on): ``replied_user``, or on when there is no ``allowed_mentions`` at all."""
    return allowed is None or bool(allowed.get("replied_user"))


def check_allowed_mentions(value: object) -> None:
    """Raise Discord's 50035 at the first thing it would refuse in ``allowed_mentions``."""
    at = "allowed_mentions"
    if value is None:
        return
    if not isinstance(value, dict):
        raise not_an_object(at)
    parse = value.get("parse")
    if parse is not None:
        if not isinstance(parse, list):
            raise not_a_list(f"{at}.parse")
        for i, kind in enumerate(parse):
            if kind not in PARSE_TYPES:
                raise not_one_of(f"{at}.parse.{i}", PARSE_TYPES)
    for key in ("users", "roles"):
        ids = value.get(key)
        if ids is None:
            continue
        if not isinstance(ids, list):
            raise not_a_list(f"{at}.{key}")
        if len(ids) > MAX_IDS:
            raise too_long(f"{at}.{key}", MAX_IDS)
        for i, snowflake in enumerate(ids):
            if not str(snowflake).isdigit():
                raise invalid_form(
                    f"{at}.{key}.{i}",
                    "NUMBER_TYPE_COERCE",
                    f"Value {snowflake!r} is not snowflake.",
                )
        if ids and key in (parse or []):
            raise invalid_form(
                at,
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                f'parse:["{key}"] and {key}: [ids...] are mutually exclusive.',
            )
    replied = value.get("replied_user")
    if replied is not None and not isinstance(replied, bool):
        raise not_a_boolean(f"{at}.replied_user")
