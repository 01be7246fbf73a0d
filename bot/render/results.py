"""The end-of-round post(s): ranking, each player's words, the board and the missed words."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

import discord

from core.board import Board
from core.round import FoundWord, Mode, Results, Rules

from ..catalogue import text
from .board import board_grid, shape
from .text import (
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


def results_messages(
    results: Results,
    names: Mapping[int, str],
    board: Board,
    rules: Rules,
    picture: bytes | None = None,
    attachments: bool = True,
    code: str | None = None,
) -> list[RenderedMessage]:
    """The end-of-round post(s): ranking, each player's words, board totals and missed words.

    Everything fits Discord's limits; when a word list is cut for space, the attached
    missed-words.txt holds everything (the missed words and, if any list was cut, every player's).
    ``picture`` (a PNG of the board) is attached to the board's message and shown in its embed.
    Without ``attachments`` (the bot may not attach files there) the posts are text only, as many
    as with them: no picture, no file, and a cut list says only how many it leaves out. ``code``
    (the board's code) closes the headline, to replay the board.
    """
    shown = {p.player: p.credited(rules.mode) for p in results.players}
    name_of = {
        p.player: clean_name(names.get(p.player, fallback_name(p.player))) for p in results.players
    }

    embeds = _ranking_embeds(results, name_of, shown)
    word_embeds, players_cut = _word_embeds(results, name_of, shown, rules)
    embeds += word_embeds
    board_embed, missed_cut = _board_embed(results, names, board)
    need_file = attachments and (missed_cut or players_cut)
    shown_picture = picture if attachments else None
    if need_file:
        board_embed.set_footer(text=text("results.file_footer", file=MISSED_FILE))
    if shown_picture is not None:
        board_embed.set_image(url=f"attachment://{PATH_FILE}")
    embeds.append(board_embed)

    messages = _pack_embeds(embeds)
    if shown_picture is not None:
        messages[-1].files.append(discord.File(io.BytesIO(shown_picture), filename=PATH_FILE))
    messages[0].content = _headline(results, name_of, board, rules, code)
    if need_file:
        listing = _file_text(results, names, board, rules, with_players=players_cut)
        last = messages[-1]
        note = text(
            "results.file_note_all" if players_cut else "results.file_note_missed", file=MISSED_FILE
        )
        last.content = fit(f"{last.content}\n{note}".strip(), CONTENT_LIMIT)
        data = io.BytesIO(listing.encode("utf-8"))
        last.files.append(discord.File(data, filename=MISSED_FILE))
    return messages


def _word_item(w: FoundWord) -> str:
    return f"~~{w.word}~~" if w.cancelled else f"{w.word} {w.points}"


def _headline(
    results: Results,
    name_of: Mapping[int, str],
    board: Board,
    rules: Rules,
    code: str | None = None,
) -> str:
    lines = [text("results.headline", shape=shape(board, rules))]
    if not results.players:
        lines.append(text("results.nobody_found"))
    elif not results.winners:
        lines.append(text("results.nobody_scored"))
    else:
        top = pts(results.players[0].points)
        winners = [name_of[p] for p in results.winners]
        if len(winners) == 1:
            lines.append(text("results.winner", name=winners[0], points=top))
        else:
            lines.append(text("results.tie", points=top, names=join_names(winners, 1500)))
    lines.append(found_line(results))
    if code is not None:
        lines.append(text("results.code", code=code))
    return fit("\n".join(lines), CONTENT_LIMIT)


def found_line(results: Results) -> str:
    """A lone find is "<1%", not 0%."""
    found, total = results.found_words, results.total_words
    share = "<1%" if found and not results.found_percent else f"{results.found_percent}%"
    return text("results.found", found=found, total=plural(total, "word"), share=share)


def _ranking_embeds(
    results: Results, name_of: Mapping[int, str], shown: Mapping[int, list[FoundWord]]
) -> list[discord.Embed]:
    lines = [
        f"{marker(p.rank)} {name_of[p.player]} · {pts(p.points)} · "
        f"{plural(len(shown[p.player]), 'word')}"
        for p in results.players
    ]
    embeds: list[discord.Embed] = []
    chunk: list[str] = []
    for line in lines:
        if chunk and units("\n".join([*chunk, line])) > DESCRIPTION_LIMIT:
            embeds.append(_embed(text("results.ranking"), "\n".join(chunk), len(embeds)))
            chunk = []
        chunk.append(fit(line, DESCRIPTION_LIMIT))
    if chunk:
        embeds.append(_embed(text("results.ranking"), "\n".join(chunk), len(embeds)))
    return embeds


def _embed(title: str, description: str = "", part: int = 0) -> discord.Embed:
    title = text("results.continued", title=title) if part else title
    return discord.Embed(title=title, description=description or None, colour=COLOUR)


def _word_embeds(
    results: Results,
    name_of: Mapping[int, str],
    shown: Mapping[int, list[FoundWord]],
    rules: Rules,
) -> tuple[list[discord.Embed], bool]:
    """One field per player; returns the embeds and whether any list was cut."""
    if not results.players:
        return [], False
    budget = max(200, min(FIELD_VALUE_LIMIT, WORDS_PER_RESULTS // len(results.players)))
    shared = rules.mode is Mode.CLASSIC and any(p.cancelled for p in results.players)
    note = text("results.struck_note") if shared else ""
    embeds = [_embed(text("results.words_found"), note)]
    cut = False
    for p in results.players:
        name = fit(f"{marker(p.rank)} {name_of[p.player]} · {pts(p.points)}", FIELD_NAME_LIMIT)
        items = [_word_item(w) for w in shown[p.player]]
        value, left = pack(items, budget) if items else (text("results.no_words_scored"), 0)
        cut = cut or left > 0
        current = embeds[-1]
        if (
            len(current.fields) >= FIELDS_PER_EMBED
            or embed_units(current) + units(name) + units(value) > EMBED_TOTAL_LIMIT
        ):
            current = _embed(text("results.words_found"), "", len(embeds))
            embeds.append(current)
        current.add_field(name=name, value=value, inline=False)
    return embeds, cut


def _board_embed(
    results: Results, names: Mapping[int, str], board: Board
) -> tuple[discord.Embed, bool]:
    """The board, its totals, the longest word and the missed words; True if some were left out."""
    lines = [
        f"```\n{board_grid(board)}\n```",
        text(
            "results.totals",
            words=plural(results.total_words, "word"),
            points=pts(results.max_score),
        ),
        found_line(results),
    ]
    longest = results.longest
    if longest is not None:
        word, player = longest
        who = clean_name(names.get(player, fallback_name(player)))
        lines.append(text("results.longest", word=word, letters=len(word), name=who))
    left = 0
    if results.missed:
        missed_head = text("results.missed_head")
        head = "\n".join(lines) + f"\n\n{missed_head}\n"
        budget = min(MISSED_PREVIEW, DESCRIPTION_LIMIT - units(head))
        missed, left = pack(results.missed, budget)
        lines.append(f"\n{missed_head}\n{missed}")
    elif results.total_words:
        lines.append("\n" + text("results.all_found"))
    return _embed(text("results.board"), fit("\n".join(lines), DESCRIPTION_LIMIT)), left > 0


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
    results: Results, names: Mapping[int, str], board: Board, rules: Rules, with_players: bool
) -> str:
    """missed-words.txt: one word a line with its points, longest first; then players' lists."""
    out = [
        text(
            "results.file_title",
            rows=board.rows,
            cols=board.cols,
            board=board.text(),
            mode=rules.mode.value,
            min_length=rules.min_length,
        ),
        found_line(results).removeprefix("🔎 "),
        "",
        text("results.file_missed", count=len(results.missed)),
    ]
    out += [f"{w} {rules.points(w)}" for w in results.missed]
    if with_players:
        for p in results.players:
            name = " ".join(names.get(p.player, fallback_name(p.player)).split())
            out += ["", f"{p.rank}. {name}: {pts(p.points)}"]
            out += [
                f"  {w.word} {w.points}" + (text("results.file_shared") if w.cancelled else "")
                for w in p.credited(rules.mode)
            ]
    return "\n".join(out) + "\n"
