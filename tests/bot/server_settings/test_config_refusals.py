"""``/boggle-config``'s refusals through the real client and the stand-in, those the service owns
(the limits of round channels and banned words) and the one the adapter keeps (a daily channel the
bot cannot post in, Discord's permission): one line in the server's language, nothing stored."""

from __future__ import annotations

import itertools
from pathlib import Path
from string import ascii_lowercase

from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.discord.test_server_config import config
from tests.bot.harness import Clock, Harness, bot_session


async def test_the_26th_round_channel_is_refused_until_one_is_taken_off(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    guild = standin.channel("boggle").guild_id
    assert guild is not None
    # Channels the bot sees from the start (the stand-in tells it of none created later).
    channels = [standin.world.add_channel(guild, f"room-{n}").id for n in range(26)]
    async with bot_session(standin, database, clock, lexicon) as game:
        for channel in channels[:25]:
            assert (await config(game, "channels add", channel=channel)).startswith("✅")
        reply = await config(game, "channels add", channel=channels[25])
        assert (
            reply == "⚠️ At most 25 channels can be listed; take one off first, or clear the list."
        )
        assert game.query("SELECT count(*) FROM round_channels") == [(25,)]
        # One listed already is no 26th; one off makes room.
        assert (await config(game, "channels add", channel=channels[0])).startswith("✅")
        await config(game, "channels remove", channel=channels[0])
        reply = await config(game, "channels add", channel=channels[25])
        assert reply.startswith("✅ Rounds may start in: ") and f"<#{channels[25]}>" in reply


async def test_the_1001st_banned_word_is_refused(game: Harness) -> None:
    typed = ["".join(t) for t in itertools.product(ascii_lowercase, repeat=3)][:1001]
    for start in range(0, 1000, 200):  # a command takes up to 1,000 characters
        await config(game, "words add", words=" ".join(typed[start : start + 200]))
    assert game.query("SELECT count(*) FROM banned_words") == [(1000,)]
    reply = await config(game, "words add", words=f"{typed[0]} {typed[1000]}")
    assert reply == "⚠️ A server can refuse at most 1000 words; that would make 1001."
    assert game.query("SELECT count(*) FROM banned_words WHERE word = ?", (typed[1000],)) == [(0,)]
    reply = await config(game, "words add", words=typed[0])
    assert reply == "✅ 0 words added; 1000 words not accepted on this server."


async def test_a_daily_channel_the_bot_cannot_post_in_is_refused_in_the_servers_language(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    general = standin.channel("general").id
    standin.world.set_bot_permissions(general, deny=["send_messages"])
    async with bot_session(standin, database, clock, lexicon) as game:
        await config(game, "set", language="fr")
        reply = await config(game, "daily-channel set", channel=general)
        assert reply.startswith(f"Je ne peux pas écrire dans <#{general}>")
        assert game.query("SELECT daily_channel FROM server_settings") == [(None,)]
        reply = await config(game, "words remove", words="c4t")
        assert reply.startswith("⚠️ 'c4t' ne peut pas être un mot")
