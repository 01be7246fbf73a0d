"""Rounds played in Dutch, Polish and Portuguese through the stand-in."""

from __future__ import annotations

from core.codes import rolled_from
from core.dice import dice_set
from core.languages import POLISH
from core.lexicon import Lexicon
from tests.bot.discord.test_language_rounds import (
    RULES,
    board_code,
    check_results,
    judged,
    play,
    start,
)
from tests.bot.harness import Harness

__all__ = ["play"]  # the fixture, shared with the French, Spanish and German rounds

POLISH_ONLY = "ąćęłńóśźż"
BASE = {"ą": "a", "ć": "c", "ę": "e", "ł": "l", "ń": "n", "ó": "o", "ś": "s", "ź": "z", "ż": "z"}


async def test_a_polish_round_keeps_its_letters(
    play: Harness, lexicons: dict[str, Lexicon]
) -> None:
    pl = lexicons["pl"]
    assert pl.alphabet == POLISH and pl.mask.typecode == "Q"  # 32 letters: 64-bit masks
    code = board_code("pl", pl, lambda s: any(set(w) & set(POLISH_ONLY) for w in s))
    board = await start(play, board=code, mode="casual", time="2m")  # the code fixes Polish
    live = play.live()
    assert rolled_from(live.game.board, dice_set("4x4-pl"))
    assert live.game.language.code == "pl"
    assert "Wpisuj słowa na tym kanale" in board.content
    faces = {f for f in live.game.board.cells if f in POLISH_ONLY}
    assert faces and all(f.upper() in board.content for f in faces)  # "Ł", "Ż" on the board
    word = min(
        (w for w in live.game.solution if set(w) & set(POLISH_ONLY)), key=lambda w: (len(w), w)
    )
    await play.say("alice", word.upper())  # "ŻAL" is "żal"
    assert await judged(play, "alice", word) == ("accepted", RULES.points(word))
    plain = "".join(BASE.get(ch, ch) for ch in word)  # "zal" is not "żal"
    await play.say("bob", plain)
    verdict, _ = await judged(play, "bob", plain)
    assert verdict != "accepted"
    await play.say("bob", word)
    assert await judged(play, "bob", word) == ("accepted", RULES.points(word))
    results = await check_results(play, "pl", board, word)
    assert "**Przeoczone słowa**, od najczęstszych:" in results
    assert "🏁 **Koniec rundy**" in results


async def test_a_portuguese_round_with_accents_typed_or_not(
    play: Harness, lexicons: dict[str, Lexicon]
) -> None:
    pt = lexicons["pt"]
    code = board_code("pt", pt, lambda s: any(pt.spelling(w) != w for w in s))
    board = await start(play, board=code, mode="casual", time="2m", language="pt")
    live = play.live()
    assert rolled_from(live.game.board, dice_set("4x4-pt"))
    assert "Digite palavras neste canal" in board.content
    word = min((w for w in live.game.solution if pt.spelling(w) != w), key=lambda w: (len(w), w))
    spelled = pt.spelling(word)  # "avó", "ação"
    await play.say("alice", spelled.upper())
    assert await judged(play, "alice", word) == ("accepted", RULES.points(word))
    await play.say("bob", word)  # without the accents: the same word
    assert await judged(play, "bob", word) == ("accepted", RULES.points(word))
    results = await check_results(play, "pt", board, word)  # shown as the dictionary spells it
    assert "**Palavras perdidas**, as mais comuns primeiro:" in results


async def test_a_dutch_round_with_ij_as_two_letters(
    play: Harness, lexicons: dict[str, Lexicon]
) -> None:
    nl = lexicons["nl"]
    code = board_code("nl", nl, lambda s: any("ij" in w for w in s))
    board = await start(play, board=code, mode="casual", time="2m", language="nl")
    live = play.live()
    assert rolled_from(live.game.board, dice_set("4x4-nl"))
    assert "Typ woorden in dit kanaal" in board.content
    word = min((w for w in live.game.solution if "ij" in w), key=lambda w: (len(w), w))
    await play.say("alice", word.replace("ij", "ĳ", 1))  # the one-character ĳ is i and j
    assert await judged(play, "alice", word) == ("accepted", RULES.points(word))
    await play.say("bob", word.upper())
    assert await judged(play, "bob", word) == ("accepted", RULES.points(word))
    results = await check_results(play, "nl", board, word)
    assert "**Gemiste woorden**, de gewoonste eerst:" in results
