"""A message the bot sends is refused as Discord refuses it: embeds over their limits,
``allowed_mentions`` Discord would not take, flags the route does not allow, files without a
name, JSON it cannot read. Each a 50035 (50109 for the JSON) naming the field; nothing stored."""

from __future__ import annotations

from typing import Any

import pytest

from standin import StandIn
from tests.standin.rest_client import call, refused_at

TOO_LONG = "BASE_TYPE_MAX_LENGTH"
REQUIRED = "BASE_TYPE_REQUIRED"


def field(name: str = "n", value: str = "v") -> dict[str, Any]:
    return {"name": name, "value": value}


async def send(standin: StandIn, body: Any, **options: Any) -> tuple[int, Any]:
    channel = standin.channel("boggle").id
    return await call(standin, "POST", f"/channels/{channel}/messages", body, **options)


@pytest.mark.parametrize(
    ("embeds", "path", "code"),
    [
        ([{"title": "t"}] * 11, "embeds", TOO_LONG),
        ([{"title": "x" * 257}], "embeds.0.title", TOO_LONG),
        ([{"title": "t"}, {"description": "x" * 4097}], "embeds.1.description", TOO_LONG),
        ([{"fields": [field()] * 26}], "embeds.0.fields", TOO_LONG),
        ([{"fields": [field(), field(value="x" * 1025)]}], "embeds.0.fields.1.value", TOO_LONG),
        ([{"fields": [field(name="x" * 257)]}], "embeds.0.fields.0.name", TOO_LONG),
        ([{"fields": [field(name="")]}], "embeds.0.fields.0.name", REQUIRED),
        ([{"fields": [field(name="   ")]}], "embeds.0.fields.0.name", REQUIRED),
        ([{"fields": [{"name": "n"}]}], "embeds.0.fields.0.value", REQUIRED),
        ([{"footer": {"text": "x" * 2049}}], "embeds.0.footer.text", TOO_LONG),
        ([{"author": {"name": "x" * 257}}], "embeds.0.author.name", TOO_LONG),
        ([{"author": {"url": "https://a.example"}}], "embeds.0.author.name", REQUIRED),
        ([{"description": "x" * 4000}, {"description": "x" * 2001}], "embeds", None),
    ],
)
async def test_embeds_over_discords_limits_are_refused(
    standin: StandIn, embeds: list[dict[str, Any]], path: str, code: str | None
) -> None:
    refused = refused_at(await send(standin, {"embeds": embeds}))
    assert refused == (400, 50035, path, code or "MAX_EMBED_SIZE_EXCEEDED")
    assert standin.messages("boggle") == []


async def test_embeds_at_the_limits_are_sent_and_trimmed_text_counts(standin: StandIn) -> None:
    full = {
        "title": "  " + "t" * 256 + "  ",  # whitespace around is trimmed before counting
        "description": "d" * 4096,
        "fields": [field("n" * 256, "v" * 1024)],
        "footer": {"text": "f" * 368},
    }
    assert sum(len(t) for t in ("t" * 256, "d" * 4096, "n" * 256, "v" * 1024, "f" * 368)) == 6000
    status, _ = await send(standin, {"embeds": [full]})
    assert status == 200
    status, _ = await send(standin, {"embeds": [{"fields": [field()] * 25}] * 10})
    assert status == 200
    assert len(standin.messages("boggle")) == 2


async def test_an_edit_and_an_interaction_answer_are_checked_too(standin: StandIn) -> None:
    status, sent = await send(standin, {"content": "hi"})
    assert status == 200
    channel = standin.channel("boggle").id
    long_title = {"embeds": [{"title": "x" * 257}]}
    edit = await call(standin, "PATCH", f"/channels/{channel}/messages/{sent['id']}", long_title)
    assert refused_at(edit)[2] == "embeds.0.title"
    standin.commands.overwrite(None, [{"name": "hint", "description": "d"}])
    handle = await standin.slash("boggle", "alice", "hint")
    callback = f"/interactions/{handle.id}/{handle.token}/callback"
    answer = await call(standin, "POST", callback, {"type": 4, "data": long_title})
    assert refused_at(answer)[2] == "data.embeds.0.title"
    silent_deferral = {"type": 5, "data": {"flags": 1 << 12}}  # a deferral may be ephemeral only
    assert refused_at(await call(standin, "POST", callback, silent_deferral))[2] == "data.flags"
    assert not handle.responded
    status, _ = await call(
        standin, "POST", callback, {"type": 4, "data": {"content": "x", "flags": 64}}
    )
    assert status == 200 and handle.ephemeral


@pytest.mark.parametrize(
    ("allowed", "path", "code"),
    [
        ({"parse": ["users"], "users": ["1"]}, "allowed_mentions", "PARSE_EXCLUSIVE"),
        ({"parse": ["roles"], "roles": ["1"]}, "allowed_mentions", "PARSE_EXCLUSIVE"),
        ({"parse": ["nobody"]}, "allowed_mentions.parse.0", "BASE_TYPE_CHOICES"),
        ({"users": [str(i) for i in range(101)]}, "allowed_mentions.users", TOO_LONG),
        ({"users": ["alice"]}, "allowed_mentions.users.0", "NUMBER_TYPE_COERCE"),
        ({"replied_user": "yes"}, "allowed_mentions.replied_user", "BASE_TYPE_BOOLEAN"),
        ("none", "allowed_mentions", "MODEL_TYPE_CONVERT"),
    ],
)
async def test_allowed_mentions_discord_would_refuse(
    standin: StandIn, allowed: Any, path: str, code: str
) -> None:
    refused = refused_at(await send(standin, {"content": "hi", "allowed_mentions": allowed}))
    assert refused[:3] == (400, 50035, path) and refused[3].endswith(code)
    assert standin.messages("boggle") == []


async def test_allowed_mentions_decide_who_is_mentioned(standin: StandIn) -> None:
    alice, bob = standin.user("alice").id, standin.user("bob").id
    content = f"<@{alice}> and <@{bob}>"
    for allowed, mentioned in (
        (None, [alice, bob]),
        ({"parse": []}, []),
        ({"users": [str(bob)]}, [bob]),
        ({"parse": ["users"]}, [alice, bob]),
    ):
        body: dict[str, Any] = {"content": content}
        if allowed is not None:
            body["allowed_mentions"] = allowed
        status, sent = await send(standin, body)
        assert status == 200
        assert [int(u["id"]) for u in sent["mentions"]] == mentioned


@pytest.mark.parametrize("flags", [1 << 6, 1 << 7, 1 << 1, (1 << 12) | (1 << 6)])
async def test_flags_a_message_may_not_set_are_refused(standin: StandIn, flags: int) -> None:
    refused = refused_at(await send(standin, {"content": "hi", "flags": flags}))
    assert refused[:3] == (400, 50035, "flags")
    assert standin.messages("boggle") == []


async def test_flags_a_message_may_set_are_kept(standin: StandIn) -> None:
    status, sent = await send(standin, {"content": "hi", "flags": (1 << 12) | (1 << 2)})
    assert status == 200 and sent["flags"] == (1 << 12) | (1 << 2)


async def test_a_file_without_a_filename_is_refused(standin: StandIn) -> None:
    answer = await send(standin, {"content": "a"}, files=[("a.txt", b"1"), (None, b"2")])
    assert refused_at(answer) == (400, 50035, "files[1].filename", REQUIRED)
    assert standin.messages("boggle") == []
    status, sent = await send(standin, {"content": "a"}, files=[("a.txt", b"1")])
    assert status == 200 and [a["filename"] for a in sent["attachments"]] == ["a.txt"]
    assert standin.calls[-2].status == 400  # the refused call is recorded as any other


async def test_a_body_that_is_not_json_is_refused(standin: StandIn) -> None:
    status, body = await send(standin, None, raw=b'{"content": "hi"')
    assert (status, body["code"]) == (400, 50109)
