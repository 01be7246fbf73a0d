"""Rounds played in French, Spanish and German through the stand-in."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.i18n.catalogue import text
from bot.kernel.options import OptionError
from bot.rounds.rolling import round_banned
from bot.server_settings.rules import banned_words, unbanned
from core.board import Board
from core.codes import encode, rolled_from
from core.commonness import band_of, is_everyday, missed_order
from core.dice import dice_set
from core.languages import language
from core.lexicon import Lexicon
from core.round import Mode, Rules
from core.solver import solve
from standin import StandIn
from standin.state import StoredMessage
from tests.bot.discord.test_server_config import config
from tests.bot.harness import Clock, Harness, bot_session

RULES = Rules(Mode.CASUAL, 3)


@pytest.fixture
async def play(
    standin: StandIn, database: Path, clock: Clock, lexicons: dict[str, Lexicon]
) -> AsyncIterator[Harness]:
    """The bot with every language's lexicon at hand (loading them is tested elsewhere)."""
    async with bot_session(standin, database, clock, lexicons["en"], lexicons=lexicons) as game:
        yield game


def board_code(code: str, lexicon: Lexicon, wanted: Callable[[dict[str, object]], bool]) -> str:
    """The code of a 4x4 board rolled from the language's dice whose words please ``wanted``."""
    dice_name = language(code).default_dice(4)
    dice = dice_set(dice_name)
    rng = random.Random(2024)
    for _ in range(5000):
        board = dice.roll(rng)
        if wanted(dict(solve(board, lexicon, 3))):
            return encode(board, dice_name)
    raise AssertionError(f"no {code} board found")


async def start(game: Harness, **options: object) -> StoredMessage:
    since = max(game.standin.world.messages, default=0)
    handle = await game.standin.slash("boggle", "alice", "boggle start", options)
    board = await game.standin.wait_for_message(
        "boggle", lambda m: "**Boggle**" in m.content, after=since
    )
    await handle.followup()
    return board


async def finish(game: Harness, code: str, after: int) -> str:
    """Past the deadline: every results message, as one text."""
    headline = text("results.headline", code, shape="").split("·")[0]
    game.clock.advance(game.live().game.deadline - game.clock() + 1)
    first = await game.standin.wait_for_message(
        "boggle", lambda m: m.content.startswith(headline), after=after
    )
    return game.text_since(first)


def missed_shown(results: str, code: str) -> list[str]:
    """The missed words as the results list them."""
    shown = results.split(text("results.missed_head", code) + "\n", 1)[1].split("\n", 1)[0]
    return [w for w in shown.split(", ") if w and not w.startswith("+")]


def accented(word: str, letter: str, typed: str) -> str:
    return word.replace(letter, typed, 1)


async def judged(game: Harness, player: str, stored_word: str) -> tuple[str, int]:
    """The verdict and points stored for ``player``'s guess of ``stored_word``."""
    rows = await game.wait_for_guess(player, stored_word)
    player_id = game.user_id(player)
    return next((v, p) for pid, w, v, p in rows if pid == player_id and w == stored_word)


async def check_results(game: Harness, code: str, board: StoredMessage, found: str) -> str:
    live = game.live()
    solution, lexicon = live.game.solution, live.game.lexicon
    results = await finish(game, code, board.id)
    points = RULES.points(found)
    # both players' lists (casual: each scores it), every word as the dictionary spells it
    assert f"{lexicon.spelling(found)} {points}" in results
    assert text("results.dictionary", code, dictionary=text("dictionaries.full", code)) in results
    expected = [
        lexicon.spelling(w) for w in missed_order([w for w in solution if w != found], lexicon)
    ]
    shown = missed_shown(results, code)
    assert shown and shown == expected[: len(shown)]  # most common first
    zipfs = [lexicon.zipf(language(code).fold(w) or w) or 0.0 for w in shown]
    assert zipfs == sorted(zipfs, reverse=True)
    rows = game.query("SELECT player_id, points FROM round_results WHERE round_id = ?", (live.id,))
    assert sorted(p for _, p in rows) == [points, points]
    return results


async def test_a_french_round(play: Harness, lexicons: dict[str, Lexicon]) -> None:
    board = await start(play, language="fr", mode="casual", time="2m")
    live = play.live()
    assert rolled_from(live.game.board, dice_set("4x4-fr"))  # the French dice of the edition
    assert live.game.language.code == "fr" and live.game.lexicon is lexicons["fr"]
    assert "Tapez vos mots dans ce salon" in board.content
    word = min((w for w in live.game.solution if "e" in w), key=lambda w: (len(w), w))
    typed = accented(word, "e", "ê").upper()  # "etre" typed "ÊTRE"
    await play.say("alice", typed)
    assert await judged(play, "alice", word) == ("accepted", RULES.points(word))
    await play.say("bob", word)  # without the accent: the same word
    assert await judged(play, "bob", word) == ("accepted", RULES.points(word))
    results = await check_results(play, "fr", board, word)
    assert "**Mots manqués**, les plus courants d'abord :" in results

    # /boggle check after it, in French: the dictionaries that have the word and its band.
    handle = await play.standin.slash("boggle", "bob", "boggle check", {"word": typed})
    answer = (await handle.original_message()).content
    band = band_of(word, lexicons["fr"])
    assert band is not None
    which = "complet et dans le courant" if is_everyday(word, lexicons["fr"]) else "pas dans"
    assert f"📖 Dans le dictionnaire {which}" in answer
    assert f" · {text(f'bands.{band.value}', 'fr')}.\n" in answer
    handle = await play.standin.slash("boggle", "bob", "boggle check", {"word": "maison"})
    answer = (await handle.original_message()).content
    assert "📖 Dans le dictionnaire complet et dans le courant · très courant." in answer


async def test_a_spanish_round_from_a_board_code(
    play: Harness, lexicons: dict[str, Lexicon]
) -> None:
    es = lexicons["es"]
    code = board_code("es", es, lambda s: any("ñ" in w and "a" in w for w in s))
    refused = await play.standin.slash(
        "boggle", "alice", "boggle start", {"board": code, "language": "fr"}
    )
    line = (await refused.original_message()).content
    assert "board: that code is a board of Spanish dice (4x4-es)" in line and "\n" not in line
    assert play.services.rounds.live == {}
    board = await start(play, board=code, mode="casual", time="2m")  # the code fixes Spanish
    live = play.live()
    assert (live.stored.language, live.game.language.code) == ("es", "es")
    assert live.game.board == Board.parse(live.stored.board)
    assert "Escribe palabras en este canal" in board.content
    word = min((w for w in live.game.solution if "ñ" in w and "a" in w), key=len)
    await play.say("alice", accented(word, "a", "á"))  # stress accents fold; ñ stays ñ
    assert await judged(play, "alice", word) == ("accepted", RULES.points(word))
    await play.say("bob", word.replace("ñ", "n"))  # "ano" is not "año"
    verdict, _ = await judged(play, "bob", word.replace("ñ", "n"))
    assert verdict != "accepted"
    await play.say("bob", word.upper())
    assert await judged(play, "bob", word) == ("accepted", RULES.points(word))
    results = await check_results(play, "es", board, word)
    assert "**Palabras que se escaparon**, las más comunes primero:" in results


async def test_a_german_round_with_umlauts_typed_or_spelled_out(
    play: Harness, lexicons: dict[str, Lexicon]
) -> None:
    de = lexicons["de"]
    code = board_code("de", de, lambda s: any("ue" in w for w in s))
    board = await start(play, board=code, mode="casual", time="2m", language="de")
    live = play.live()
    assert rolled_from(live.game.board, dice_set("4x4-de"))
    assert "Schreib Wörter in diesen Kanal" in board.content
    word = min((w for w in live.game.solution if "ue" in w), key=len)
    await play.say("alice", accented(word, "ue", "ü"))  # "grün" is "gruen"
    assert await judged(play, "alice", word) == ("accepted", RULES.points(word))
    await play.say("bob", word)
    assert await judged(play, "bob", word) == ("accepted", RULES.points(word))
    results = await check_results(play, "de", board, word)
    assert "**Verpasste Wörter**, die gängigsten zuerst:" in results


async def test_dice_of_another_language_are_refused_in_one_line(play: Harness) -> None:
    handle = await play.standin.slash(
        "boggle", "alice", "boggle start", {"language": "es", "dice": "4x4-fr"}
    )
    line = (await handle.original_message()).content
    assert line == (
        "⚠️ dice 4x4-fr are for rounds in French and this round is in Spanish: "
        "leave dice out to roll the Spanish dice"
    )
    assert play.services.rounds.live == {} and play.query("SELECT COUNT(*) FROM rounds") == [(0,)]


async def test_an_everyday_round_gives_a_rare_word_its_own_verdict(
    play: Harness, lexicons: dict[str, Lexicon]
) -> None:
    en = lexicons["en"]
    code = board_code(
        "en",
        en,
        lambda s: any(not is_everyday(w, en) for w in s) and any(is_everyday(w, en) for w in s),
    )
    board = await start(play, board=code, dictionary="everyday", time="2m")
    live = play.live()
    assert all(is_everyday(w, en) for w in live.game.solution)
    rare = min((w for w in solve(live.game.board, en, 3) if not is_everyday(w, en)), key=len)
    handle = await play.standin.slash("boggle", "bob", "guess", {"words": rare})
    reply = (await handle.original_message()).content
    assert reply == f"📚 {rare}: a real word, but not in the everyday dictionary"
    common = min(live.game.solution, key=len)
    await play.say("alice", f"{common} {rare}")  # the status shows a player's news once they score
    await play.standin.wait_until(
        lambda: (
            f"✗ {rare} (not in the everyday dictionary)"
            in play.standin.world.messages[board.id].content
        )
    )
    results = await finish(play, "en", board.id)
    assert "📖 Dictionary: everyday (common words only)" in results
    assert rare not in missed_shown(results, "en")


async def test_a_spanish_everyday_round_keeps_language_and_dictionary_through_a_restart(
    standin: StandIn, database: Path, clock: Clock, lexicons: dict[str, Lexicon]
) -> None:
    es = lexicons["es"]
    code = board_code("es", es, lambda s: sum("ñ" in w and is_everyday(w, es) for w in s) >= 1)
    async with bot_session(standin, database, clock, lexicons["en"], lexicons=lexicons) as game:
        board = await start(game, board=code, dictionary="everyday", time="3m")
        word = min((w for w in game.live().game.solution if "ñ" in w), key=len)
    # A new process: its lexicons are loaded by the bot itself (from the test run's cache).
    async with bot_session(standin, database, clock, lexicons["en"]) as game:
        live = game.live()
        assert (live.game.language.code, live.game.dictionary) == ("es", "everyday")
        assert live.game.lexicon.to_bytes() == es.to_bytes()
        await game.say("alice", word.upper())
        assert await judged(game, "alice", word) == ("accepted", RULES.points(word))
        results = await finish(game, "es", board.id)
        assert "📖 Diccionario: común (solo palabras de uso diario)" in results


def test_banned_words_are_kept_as_typed_and_read_by_each_rounds_language() -> None:
    assert banned_words("Pétard, CAFÉ año ano Grün") == ["pétard", "café", "año", "ano", "grün"]
    typed = ["pétard", "año", "grün", "gruen", "petard"]  # "gruen", "petard": stored folded before
    assert round_banned(typed, "es") == {"petard", "año", "grun", "gruen"}  # ñ is a letter
    assert round_banned(typed, "fr") == {"petard", "ano", "grun", "gruen"}
    assert round_banned(typed, "de") == {"petard", "ano", "gruen"}  # "grün" is "gruen"
    with pytest.raises(OptionError) as refused:
        banned_words("peña λόγος שלום")  # Greek is a language; no language spells Hebrew
    assert refused.value.text("es").endswith(
        "' no puede ser una palabra: solo letras de uno de los idiomas del juego, como mucho 40"
    )


def test_a_removal_takes_off_what_the_servers_language_reads_as_the_word() -> None:
    listed = {"pétard", "petard", "peña", "pena", "chat"}
    assert unbanned(["petard"], listed, "fr") == {"pétard", "petard"}
    assert unbanned(["peña"], listed, "fr") == {"peña", "pena"}
    assert unbanned(["peña"], listed, "es") == {"peña"}  # "pena" is another word in Spanish
    assert unbanned(["chien"], listed, "fr") == set()


def board_holding(dice_name: str, faces: dict[int, str]) -> str:
    """The code of a board of these dice showing ``faces`` (cell: face) and any face elsewhere."""
    dice = dice_set(dice_name).dice
    chosen: dict[int, int] = {}  # cell -> die

    def place(cells: list[int]) -> bool:
        if not cells:
            return True
        for die, die_faces in enumerate(dice):
            if die not in chosen.values() and faces[cells[0]] in die_faces:
                chosen[cells[0]] = die
                if place(cells[1:]):
                    return True
                del chosen[cells[0]]
        return False

    assert place(sorted(faces)), f"{dice_name} cannot show {faces}"
    spare = iter(d for d in range(len(dice)) if d not in chosen.values())
    cells = tuple(faces[c] if c in faces else dice[next(spare)][0] for c in range(len(dice)))
    side = dice_set(dice_name).side
    return encode(Board(side, side, cells), dice_name)


async def test_a_word_banned_in_a_french_server_is_read_by_each_rounds_language(
    play: Harness,
) -> None:
    """Banned as typed, "peña" is "peña" in a Spanish round ("pena" still counts there) and
    "pena" in a French one, where "viña" and "vina" are one banned word."""
    await config(play, "set", language="fr")
    reply = await config(play, "words add", words="Peña, viña")
    assert reply == "✅ Ajout : 2 mots ; mots refusés sur ce serveur : 2 mots."
    # p e ñ / . n a: "peña" and "pena" (p e n a) both on the board.
    board = await start(
        play, board=board_holding("4x4-es", {0: "p", 1: "e", 2: "ñ", 5: "n", 6: "a"}),
        mode="casual", time="2m",
    )  # fmt: skip
    live = play.live()
    assert live.game.language.code == "es" and {"peña", "pena"} <= set(
        solve(live.game.board, live.game.lexicon, 3)
    )
    await play.say("alice", "PEÑA")
    assert await judged(play, "alice", "peña") == ("not_allowed", 0)
    await play.say("bob", "pena")
    assert await judged(play, "bob", "pena") == ("accepted", RULES.points("pena"))
    assert play.query("SELECT excluded FROM rounds WHERE id = ?", (live.id,)) == [("peña",)]
    await finish(play, "es", board.id)
    await play.standin.wait_until(lambda: play.services.rounds.live == {})
    handle = await play.standin.slash("boggle", "bob", "boggle check", {"word": "peña"})
    assert text("check.banned", "es") in (await handle.original_message()).content

    board = await start(
        play, board=board_holding("4x4-fr", {0: "v", 1: "i", 2: "n", 3: "a"}), mode="casual"
    )
    live = play.live()
    assert live.game.language.code == "fr" and "vina" in solve(
        live.game.board, live.game.lexicon, 3
    )
    await play.say("alice", "viña")
    await play.say("bob", "vina")
    assert await judged(play, "alice", "vina") == ("not_allowed", 0)
    assert await judged(play, "bob", "vina") == ("not_allowed", 0)
    assert play.query("SELECT excluded FROM rounds WHERE id = ?", (live.id,)) == [("vina",)]


async def test_words_are_shown_with_their_accents(
    play: Harness, lexicons: dict[str, Lexicon]
) -> None:
    """Judged by the folded form, shown as the dictionary spells it (results, missed words) and,
    in the live status, as the player typed it when that folds to the same word: a French
    player who types "été" read "ete" everywhere."""
    fr = lexicons["fr"]

    def accents(words: dict[str, object]) -> list[str]:
        return sorted((w for w in words if fr.spelling(w) != w), key=lambda w: (len(w), w))

    code = board_code("fr", fr, lambda s: len(accents(s)) >= 3)
    board = await start(play, board=code, mode="casual", time="2m")
    live = play.live()
    first, second, *_ = accents(dict(live.game.solution))
    await play.say("alice", fr.spelling(first).upper())  # "ÉTÉ": shown "été"
    await play.say("bob", second)  # typed without its accents: shown as typed
    assert (await judged(play, "alice", first))[0] == "accepted"
    assert (await judged(play, "bob", second))[0] == "accepted"

    def status() -> str:
        return next(m for m in play.standin.messages("boggle") if m.id == board.id).content

    await play.standin.wait_until(lambda: fr.spelling(first) in status() and second in status(), 5)
    results = await finish(play, "fr", board.id)
    assert f"{fr.spelling(first)} " in results and f"{fr.spelling(second)} " in results
    missed = missed_shown(results, "fr")
    assert any(fr.spelling(w) in missed for w in accents(dict(live.game.solution))[2:])
