"""``/metrics`` and ``/healthz`` of the real bot against the stand-in: a round played from every
front end (chat, the Guess form, ``/guess``, the Activity's page), then the scrape parsed by
Prometheus' own parser with exact counts; ``/healthz`` turning 503 when the database file goes
away and 200 when it is back."""

from __future__ import annotations

import os
from pathlib import Path

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.discord.test_without_intent import by_form, by_slash
from tests.bot.harness import Clock, Harness, bot_session
from tests.bot.web.conftest import WEB, page_url
from tests.bot.web.test_identity import token_for

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def metrics_url(game: Harness, path: str) -> str:
    server = game.app.metrics_server
    assert server is not None
    return f"http://127.0.0.1:{server.port}/{path}"


async def scrape(game: Harness) -> Samples:
    """Every sample of ``/metrics``, read by Prometheus' parser: (name, labels) -> value."""
    async with aiohttp.ClientSession() as http, http.get(metrics_url(game, "metrics")) as answer:
        assert answer.status == 200
        assert answer.headers["Content-Type"].startswith("text/plain; version=0.0.4")
        text = await answer.text()
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def guesses(samples: Samples, source: str, verdict: str | None = None) -> float:
    return sum(
        value
        for (name, labels), value in samples.items()
        if name == "boggle_guesses_total"
        and dict(labels)["source"] == source
        and verdict in (None, dict(labels)["verdict"])
    )


async def health(game: Harness) -> tuple[int, dict[str, object]]:
    async with aiohttp.ClientSession() as http, http.get(metrics_url(game, "healthz")) as answer:
        return answer.status, await answer.json()


async def test_a_round_from_every_front_end_is_counted_exactly(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with bot_session(standin, database, clock, lexicon, web=WEB, metrics_port=0) as game:
        before = await scrape(game)
        assert before[("boggle_rounds_running", ())] == 0
        live, board = await game.start_round("alice", time="3m")
        a1, a2, b1, c1, c2, p1 = game.words(live, 6)
        await game.say("alice", f"{a1} {a2} qzxv")  # chat: 2 accepted, 1 not
        await game.wait_for_guess("alice", a2)
        await by_form(game, board, "bob", f"{b1} {b1}")  # the form: 1 accepted, 1 already found
        await by_slash(game, "carol", f"{c1} {c2} zzqx")  # /guess: 2 accepted, 1 not
        await standin.add_member("dave", "Dave")
        channel = standin.channel("boggle")
        instance = standin.activities.join(channel.id, channel.guild_id, standin.user("dave").id)
        token = await token_for(game, "dave")
        async with (
            aiohttp.ClientSession() as http,
            http.ws_connect(page_url(game) + "api/play") as ws,
        ):
            await ws.send_json({"type": "hello", "access_token": token, "instance_id": instance.id})
            assert (await ws.receive_json(timeout=5))["type"] == "welcome"
            await ws.send_json({"type": "guess", "word": p1})  # the page: 1 accepted
            while (message := await ws.receive_json(timeout=5))["type"] != "verdict":
                pass
            assert message["verdict"] == "accepted", message
            during = await scrape(game)
        await game.end_round()
        await game.services.scheduler.caught_up()  # the results marked out, not only made
        after = await scrape(game)

    assert during[("boggle_rounds_running", ())] == 1
    assert during[("boggle_web_sockets_open", ())] == 1
    assert after[("boggle_web_sockets_open", ())] == 0
    assert after[("boggle_rounds_running", ())] == 0
    assert after[("boggle_rounds_started_total", ())] == 1
    assert after[("boggle_rounds_ended_total", ())] == 1
    counts = {
        source: (guesses(after, source, "accepted"), guesses(after, source))
        for source in ("chat", "form", "command", "page")
    }
    assert counts == {"chat": (2, 3), "form": (1, 2), "command": (2, 3), "page": (1, 1)}
    assert guesses(after, "form", "already_found") == 1
    stored = game.query("SELECT COUNT(*) FROM guesses")[0][0]
    assert sum(guesses(after, s) for s in counts) == stored == 9
    # every guess committed through the writer, each batch timed
    batches = after[("boggle_guess_commit_seconds_count", ())]
    assert 1 <= batches <= 9 and after[("boggle_guess_commit_seconds_sum", ())] > 0
    # the board, its status edits, the reactions, the results: Discord calls, no 429 here
    posted = after[("boggle_discord_requests_total", (("method", "POST"), ("status", "200")))]
    assert posted >= 2  # at least the board and the results
    assert not any(name == "boggle_discord_rate_limited_total" for name, _ in after)
    assert after[("boggle_gateway_latency_seconds", ())] >= 0
    assert after[("boggle_database_errors_total", (("kind", "ping"),))] == 0
    # the results the finish owed went out through the outbox; nothing was given up
    assert after[("boggle_posts_total", (("outcome", "sent"),))] >= 1
    assert after[("boggle_posts_total", (("outcome", "given_up"),))] == 0
    # Python's heap, read at each scrape (this test's process: the bot runs in it)
    assert after[("boggle_python_objects", ())] > 0
    assert after[("boggle_python_allocated_blocks", ())] > after[("boggle_python_objects", ())]


async def test_healthz_follows_the_database_file(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    """SQLite: the file the bot opened moved away under it (a volume unmounted, a restore that
    replaced it) is a database gone, though the open connection still reads its old inode;
    moved back, the same file is there again."""
    async with bot_session(standin, database, clock, lexicon, metrics_port=0) as game:
        assert await health(game) == (
            200,
            {"status": "ok", "ready": True, "gateway": True, "database": True},
        )
        away = database.with_name("moved.sqlite3")
        os.rename(database, away)
        status, body = await health(game)
        assert status == 503
        assert body["database"] is False and body["ready"] is True and body["gateway"] is True
        assert "no longer the database file" in str(body["problem"])
        os.rename(away, database)
        assert (await health(game))[0] == 200
        samples = await scrape(game)
        assert samples[("boggle_database_errors_total", (("kind", "ping"),))] == 1
