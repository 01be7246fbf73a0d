"""The end-of-round post(s): ranking, each player's words, the board and the missed words."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence

import discord

from bot.discord.render.board import board_grid, mode_name, shape
from bot.discord.render.text import (
    COLOUR,
    CONTENT_LIMIT,
    DESCRIPTION_LIMIT,
    EMBED_TOTAL_LIMIT,
    EMBEDS_PER_MESSAGE,
    FIELD_NAME_LIMIT,
    FIELD_VALUE_LIMIT,
    FIELDS_PER_EMBED,
    MISSED_FILE,
    MISSED_PREVIEW,
    PATH_FILE,
    WORDS_PER_RESULTS,
    RenderedMessage,
    clean_name,
    embed_units,
    fallback_name,
    fit,
    join_names,
    marker,
    pack,
    plural,
    pts,
    units,
)
from bot.i18n.catalogue import text
from bot.i18n.languages import DEFAULT_DICTIONARY, DEFAULT_LANGUAGE
from bot.rounds.coop_timers import contribution_line, results_team, results_team_line
from core.board import Board
from core.coop import TeamScore
from core.round import FoundWord, Mode, PlayerResult, Results, Rules

RESULTS_TOP = 10  # more players than this: the top in chat, everyone's result behind My result
CROWD_WORDS = 300  # characters of each top player's words in a crowd's results


def results_messages(
    results: Results,
    names: Mapping[int, str],
    board: Board,
    rules: Rules,
    picture: bytes | None = None,
    attachments: bool = True,
    code: str | None = None,
    language: str = DEFAULT_LANGUAGE,
    dictionary: str = DEFAULT_DICTIONARY,
    spell: Callable[[str], str] = str,
) -> list[RenderedMessage]:
    """The end-of-round post(s): ranking, each player's words, board totals and missed words.

    Everything fits Discord's limits; when a word list is cut for space, the attached
    missed-words.txt holds everything (the missed words and, if any list was cut, every player's).
    ``picture`` (a PNG of the board) is attached to the board's message and shown in its embed.
    Without ``attachments`` (the bot may not attach files there) the posts are text only, as many
    as with them: no picture, no file, and a cut list says only how many it leaves out. ``code``
    (the board's code) closes the headline, to replay the board. All in the round's ``language``;
    the board's totals name the round's ``dictionary`` (its words are the only ones counted).
    Words are shown as ``spell`` writes them (the dictionary's spelling: "été").
    """
    shown = {p.player: p.credited(rules.mode) for p in results.players}
    name_of = {
        p.player: clean_name(names.get(p.player, fallback_name(p.player, language)), language)
        for p in results.players
    }

    # A crowd: its top, then My result (the results' button) and the file for everyone else.
    crowd = len(results.players) > RESULTS_TOP
    top = results.players[:RESULTS_TOP]
    team = results_team(results, rules)
    embeds = _ranking_embeds(top, name_of, shown, language, team)
    if crowd:
        more = len(results.players) - len(top)
        key = "stadium.more_ranked" if attachments else "stadium.more_ranked_no_file"
        tail = text(key, language, players=more, file=MISSED_FILE)
        embeds[-1].description = f"{embeds[-1].description}\n{tail}"
    word_embeds, players_cut = _word_embeds(results, top, name_of, shown, rules, language, spell)
    embeds += word_embeds
    players_cut = players_cut or crowd
    board_embed, missed_cut = _board_embed(results, names, board, language, dictionary, spell)
    need_file = attachments and (missed_cut or players_cut)
    shown_picture = picture if attachments else None
    if need_file:
        board_embed.set_footer(text=text("results.file_footer", language, file=MISSED_FILE))
    if shown_picture is not None:
        board_embed.set_image(url=f"attachment://{PATH_FILE}")
    embeds.append(board_embed)

    messages = _pack_embeds(embeds)
    if shown_picture is not None:
        messages[-1].files.append(discord.File(io.BytesIO(shown_picture), filename=PATH_FILE))
    messages[0].content = _headline(results, name_of, board, rules, code, language)
    if need_file:
        listing = _file_text(results, names, board, rules, players_cut, language, spell)
        last = messages[-1]
        key = "results.file_note_all" if players_cut else "results.file_note_missed"
        note = text(key, language, file=MISSED_FILE)
        last.content = fit(f"{last.content}\n{note}".strip(), CONTENT_LIMIT)
        data = io.BytesIO(listing.encode("utf-8"))
        last.files.append(discord.File(data, filename=MISSED_FILE))
    return messages


def _word_item(w: FoundWord, spell: Callable[[str], str]) -> str:
    return f"~~{spell(w.word)}~~" if w.cancelled else f"{spell(w.word)} {w.points}"


def _headline(
    results: Results,
    name_of: Mapping[int, str],
    board: Board,
    rules: Rules,
    code: str | None,
    language: str,
) -> str:
    lines = [text("results.headline", language, shape=shape(board, rules, language))]
    if not results.players:
        lines.append(text("results.nobody_found", language))
    elif (team := results_team(results, rules)) is not None:
        lines.append(results_team_line(team, language))
    elif not results.winners:
        lines.append(text("results.nobody_scored", language))
    else:
        top = pts(results.players[0].points, language)
        winners = [name_of[p] for p in results.winners]
        if len(winners) == 1:
            lines.append(text("results.winner", language, name=winners[0], points=top))
        else:
            names = join_names(winners, 1500, language)
            lines.append(text("results.tie", language, points=top, names=names))
    lines.append(found_line(results, language))
    if code is not None:
        lines.append(text("results.code", language, code=code))
    return fit("\n".join(lines), CONTENT_LIMIT)


def found_line(results: Results, language: str = DEFAULT_LANGUAGE) -> str:
    """A lone find is "<1%", not 0%."""
    found, total = results.found_words, results.total_words
    share = "<1%" if found and not results.found_percent else f"{results.found_percent}%"
    total_words = plural(total, "word_of", language)
    return text("results.found", language, found=found, total=total_words, share=share)


def _ranking_embeds(
    players: Sequence[PlayerResult],
    name_of: Mapping[int, str],
    shown: Mapping[int, list[FoundWord]],
    language: str,
    team: TeamScore | None = None,
) -> list[discord.Embed]:
    """A line a player; co-op (``team``): what each found for the team and their share."""
    lines = [
        f"{marker(p.rank)} {name_of[p.player]} · {pts(p.points, language)} · "
        + (
            plural(len(shown[p.player]), "word", language)
            if team is None
            else contribution_line(p.points, len(shown[p.player]), team, language)
        )
        for p in players
    ]
    embeds: list[discord.Embed] = []
    chunk: list[str] = []
    for line in lines:
        if chunk and units("\n".join([*chunk, line])) > DESCRIPTION_LIMIT:
            title = text("results.ranking", language)
            embeds.append(_embed(title, "\n".join(chunk), len(embeds), language))
            chunk = []
        chunk.append(fit(line, DESCRIPTION_LIMIT))
    if chunk:
        title = text("results.ranking", language)
        embeds.append(_embed(title, "\n".join(chunk), len(embeds), language))
    return embeds


def _embed(
    title: str, description: str = "", part: int = 0, language: str = DEFAULT_LANGUAGE
) -> discord.Embed:
    title = text("results.continued", language, title=title) if part else title
    return discord.Embed(title=title, description=description or None, colour=COLOUR)


def _word_embeds(
    results: Results,
    players: Sequence[PlayerResult],
    name_of: Mapping[int, str],
    shown: Mapping[int, list[FoundWord]],
    rules: Rules,
    language: str,
    spell: Callable[[str], str],
) -> tuple[list[discord.Embed], bool]:
    """One field per player; returns the embeds and whether any list was cut."""
    if not players:
        return [], False
    budget = max(200, min(FIELD_VALUE_LIMIT, WORDS_PER_RESULTS // len(results.players)))
    if len(players) < len(results.players):  # a crowd's top: room for the board beside it
        budget = min(budget, CROWD_WORDS)
    shared = rules.mode is Mode.CLASSIC and any(p.cancelled for p in results.players)
    note = text("results.struck_note", language) if shared else ""
    embeds = [_embed(text("results.words_found", language), note, 0, language)]
    cut = False
    for p in players:
        name = fit(
            f"{marker(p.rank)} {name_of[p.player]} · {pts(p.points, language)}", FIELD_NAME_LIMIT
        )
        items = [_word_item(w, spell) for w in shown[p.player]]
        value, left = (
            pack(items, budget, language=language)
            if items
            else (text("results.no_words_scored", language), 0)
        )
        cut = cut or left > 0
        current = embeds[-1]
        if (
            len(current.fields) >= FIELDS_PER_EMBED
            or embed_units(current) + units(name) + units(value) > EMBED_TOTAL_LIMIT
        ):
            current = _embed(text("results.words_found", language), "", len(embeds), language)
            embeds.append(current)
        current.add_field(name=name, value=value, inline=False)
    return embeds, cut


def _board_embed(
    results: Results,
    names: Mapping[int, str],
    board: Board,
    language: str,
    dictionary: str,
    spell: Callable[[str], str],
) -> tuple[discord.Embed, bool]:
    """The board, its totals and dictionary, the longest word and the missed words (most common
    first, as the round service orders them); True if some were left out."""
    lines = [
        f"```\n{board_grid(board, language)}\n```",
        text(
            "results.totals",
            language,
            words=plural(results.total_words, "word", language),
            points=pts(results.max_score, language),
        ),
        text(
            "results.dictionary",
            language,
            dictionary=text(f"dictionaries.{dictionary}", language),
        ),
        found_line(results, language),
    ]
    longest = results.longest
    if longest is not None:
        word, player = longest
        who = clean_name(names.get(player, fallback_name(player, language)), language)
        lines.append(
            text("results.longest", language, word=spell(word), letters=len(word), name=who)
        )
    left = 0
    if results.missed:
        missed_head = text("results.missed_head", language)
        head = "\n".join(lines) + f"\n\n{missed_head}\n"
        budget = min(MISSED_PREVIEW, DESCRIPTION_LIMIT - units(head))
        missed, left = pack([spell(w) for w in results.missed], budget, language=language)
        lines.append(f"\n{missed_head}\n{missed}")
    elif results.total_words:
        lines.append("\n" + text("results.all_found", language))
    title = text("results.board", language)
    return _embed(title, fit("\n".join(lines), DESCRIPTION_LIMIT), 0, language), left > 0


def _pack_embeds(embeds: Sequence[discord.Embed]) -> list[RenderedMessage]:
    """Group embeds into messages: at most 10 and 6000 characters in all per message."""
    messages = [RenderedMessage()]
    total = 0
    for embed in embeds:
        size = embed_units(embed)
        current = messages[-1]
        if current.embeds and (
            len(current.embeds) >= EMBEDS_PER_MESSAGE or total + size > EMBED_TOTAL_LIMIT
        ):
            messages.append(RenderedMessage())
            total = 0
        messages[-1].embeds.append(embed)
        total += size
    return messages


def _file_text(
    results: Results,
    names: Mapping[int, str],
    board: Board,
    rules: Rules,
    with_players: bool,
    language: str,
    spell: Callable[[str], str],
) -> str:
    """missed-words.txt: one word a line with its points, most common first; then players'
    lists."""
    out = [
        text(
            "results.file_title",
            language,
            rows=board.rows,
            cols=board.cols,
            board=board.text(),
            mode=mode_name(rules.mode, language),
            min_length=rules.min_length,
        ),
        found_line(results, language).removeprefix("🔎 "),
        "",
        text("results.file_missed", language, count=len(results.missed)),
    ]
    out += [f"{spell(w)} {rules.points(w)}" for w in results.missed]
    if with_players:
        for p in results.players:
            name = " ".join(names.get(p.player, fallback_name(p.player, language)).split())
            out += ["", f"{p.rank}. {name}: {pts(p.points, language)}"]
            out += [
                f"  {spell(w.word)} {w.points}"
                + (text("results.file_shared", language) if w.cancelled else "")
                for w in p.credited(rules.mode)
            ]
    return "\n".join(out) + "\n"
