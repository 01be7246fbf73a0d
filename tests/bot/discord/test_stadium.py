"""A 300-player chat round through the stand-in with Discord's per-channel rate limits on.

The targets are the issue's: no 429, >= 95 % of messages with a valid word acknowledged within
5 s, results within 3 s of the end.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.harness import Clock, bot_session

PLAYERS = 300
REFUSED_ONLY = 20  # of them, players whose every word is refused
REACT = "PUT /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"
EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"


def named_in(content: str, mark: str) -> set[tuple[str, str]]:
    """(name, word) pairs a status names on its ✅ (or ✗) line."""
    pairs = set()
    for line in content.splitlines():
        if not line.startswith(mark + " "):
            continue
        for item in line[2:].split(" · "):
            name, _, words = item.partition(": ")
            for word in words.split(", "):
                pairs.add((name, word.split(" (")[0]))
    return pairs


async def test_a_300_player_round_within_discords_limits(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    names = [f"p{i:03}" for i in range(PLAYERS)]
    for name in names:
        await standin.add_member(name)
    async with bot_session(standin, database, clock, lexicon) as game:
        standin.rate_limits.enable()
        live, _ = await game.start_round("p000", size=5, time="5m", mode="classic")
        words = sorted(w for w in live.game.solution if len(w) >= 3)
        assert len(words) >= 10
        bad = game.word_not_on_board(live)
        sent: list[tuple[int, str, str, float]] = []  # message id, name, word, when
        for turn in range(2):
            for i, name in enumerate(names):
                refused = i >= PLAYERS - REFUSED_ONLY
                word = bad if refused else words[(i + 7 * turn) % len(words)]
                message = await game.say(name, word if turn == 0 or not refused else "qqq")
                if not refused:
                    sent.append((message.id, name, word, time.monotonic()))
                await asyncio.sleep(1 / 20)  # 20 messages a second (the issue saw 13)
        await asyncio.sleep(6)  # the last acknowledgements
        reacted = {c.path.split("/")[4]: c.at for c in standin.calls_to(REACT) if c.status < 300}
        first_named: dict[tuple[str, str], list[float]] = {}
        refused_named: set[str] = set()
        edits = [c for c in standin.calls_to(EDIT) if c.status < 300]
        for call in edits:
            content = call.json["content"]
            assert content.count("\n") < 20, content  # the grid stays on a phone's first screen
            for pair in named_in(content, "✅"):
                first_named.setdefault(pair, []).append(call.at)
            refused_named |= {name for name, _ in named_in(content, "✗")}
        late, told = 0, set()
        for message_id, name, word, at in sent:
            acks = [reacted.get(str(message_id), 1e18)] + [
                t for t in first_named.get((name, word), []) if t >= at
            ]
            if min(acks) - at > 5.0:
                late += 1
            if min(acks) < 1e17:
                told.add(name)
        assert late <= 0.05 * len(sent), f"{late} of {len(sent)} acknowledged after 5 s"
        refused_players = set(names[PLAYERS - REFUSED_ONLY :])
        assert told | (refused_players & refused_named) == set(names)
        assert [c for c in standin.recorder.calls if c.status == 429] == []
        assert standin.rate_limits.refused == []

        before = len(standin.messages("boggle"))
        ended = time.monotonic()
        results = await game.end_round(timeout=10)
        await standin.wait_for_message(
            "boggle", lambda m: any("boggle:mine:" in str(r) for r in m.components), 10, after=0
        )
        took = time.monotonic() - ended
        out = standin.messages("boggle")[before:]
        assert took < 3.0 and len(out) <= 3, (took, len(out))
        assert results.attachments or any(m.attachments for m in out)
        mine = f"boggle:mine:{live.id}"
        holder = next(m for m in out if mine in str(m.components))
        for who, expected in [("p150", "of 280"), ("p299", "not in the ranking"), ("p000", "of")]:
            answer = await (await standin.click(holder, who, mine)).original_message()
            assert answer.ephemeral and expected in answer.content, answer.content
        refused_answer = await (await standin.click(holder, "p290", mine)).original_message()
        assert bad in refused_answer.content and "not on the board" in refused_answer.content
        assert [c for c in standin.recorder.calls if c.status == 429] == []
