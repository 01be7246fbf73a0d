"""How the bot's messages look: the board post, live status, results, leaderboard, guess replies.

Pure functions (no network, no bot state) so every message can be checked against Discord's limits
in tests. Lengths are measured in UTF-16 code units, never fewer than the characters Discord counts,
so a message built here is not refused for size whatever names and emoji it holds. Display names are
escaped here, once: a name cannot ping (``@everyone``), format (``**x**``) or link.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import discord
from discord.utils import escape_markdown, escape_mentions

from core.board import BLANK, Board
from core.round import FoundWord, Mode, PlayerResult, Results, Rules, Verdict
from core.scoring import word_score

# Discord's limits (characters); see https://discord.com/developers/docs/resources/message
CONTENT_LIMIT = 2000
TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELD_NAME_LIMIT = 256
FIELD_VALUE_LIMIT = 1024
FIELDS_PER_EMBED = 25
FOOTER_LIMIT = 2048
EMBED_TOTAL_LIMIT = 6000
EMBEDS_PER_MESSAGE = 10

NAME_CHARS = 32  # Discord display names are at most 32 characters
STATUS_LIMIT = 900
STATUS_PLAYERS = 15
MISSED_PREVIEW = 1500  # characters of missed words shown in chat; the rest go to the file
WORDS_PER_RESULTS = 12000  # characters of word lists shared by all players before lists shrink
MISSED_FILE = "missed-words.txt"
LEADERBOARD_SIZE = 10

MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
COLOUR = discord.Colour.gold()

MODE_RULES = {
    Mode.CLASSIC: "Classic: a word found by two or more players scores for nobody.",
    Mode.RACE: "Race: only the first player to find a word scores it.",
    Mode.CASUAL: "Casual: everyone who finds a word scores it.",
}

_LIST_START = re.compile(r"^(\d+)\.")


@dataclass
class RenderedMessage:
    """One message to send: content, embeds and attachments (a discord.File is good for one send)."""

    content: str = ""
    embeds: list[discord.Embed] = field(default_factory=list)
    files: list[discord.File] = field(default_factory=list)


# ---------------------------------------------------------------------------------------- helpers


def units(text: str) -> int:
    """Length in UTF-16 code units: an upper bound of what Discord counts as characters."""
    return len(text.encode("utf-16-le")) // 2


def embed_units(embed: discord.Embed) -> int:
    """An embed's total size as Discord counts it toward the 6000 limit (in UTF-16 units)."""
    data = embed.to_dict()
    parts = [data.get("title", ""), data.get("description", "")]
    parts += [f["name"] + f["value"] for f in data.get("fields", [])]
    parts += [data.get("footer", {}).get("text", ""), data.get("author", {}).get("name", "")]
    return sum(units(p) for p in parts)


def fit(text: str, limit: int) -> str:
    """Cut ``text`` to ``limit`` UTF-16 units, marking the cut with an ellipsis."""
    if units(text) <= limit:
        return text
    cut = text[: max(0, limit - 1)]
    while units(cut) > limit - 1:
        cut = cut[:-1]
    return cut + "…"


def clean_name(name: str) -> str:
    """A display name safe anywhere in a message: one line, <= 32 characters, no markdown or pings."""
    text = " ".join("".join(ch if ch.isprintable() else " " for ch in name).split())
    text = text[:NAME_CHARS].strip() or "someone"
    return _escape(text)


def _escape(text: str) -> str:
    text = escape_mentions(escape_markdown(text, ignore_links=False))
    text = text.replace("://", ":\u200b//").replace("<", "<\u200b")  # no links, timestamps, emoji
    return _LIST_START.sub(r"\1\\.", text)  # "1. x" at a line start would become a list


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _pts(n: int) -> str:
    return _plural(n, "pt")


def _pack(items: Sequence[str], budget: int, sep: str = ", ") -> tuple[str, int]:
    """Join as many items as fit in ``budget`` units, then "+N more"; returns (text, left out)."""

    def more(n: int) -> str:
        return f" … +{n} more"

    shown: list[str] = []
    used = 0
    for i, item in enumerate(items):
        add = units(item) + (units(sep) if shown else 0)
        rest = len(items) - i - 1
        if used + add + (units(more(rest)) if rest else 0) > budget:
            break
        shown.append(item)
        used += add
    left = len(items) - len(shown)
    text = sep.join(shown) + (more(left) if left else "")
    return text.strip(), left


def _join_names(names: Sequence[str], budget: int) -> str:
    """'a', 'a and b', 'a, b and c', or 'a, b and 12 others' when the names do not fit."""
    if len(names) == 1:
        return names[0]
    for shown in range(len(names), 0, -1):
        rest = len(names) - shown
        head = list(names[:shown]) if rest else list(names[: shown - 1])
        tail = _plural(rest, "other") if rest else names[shown - 1]
        text = f"{', '.join(head)} and {tail}" if head else tail
        if units(text) <= budget:
            return text
    return _plural(len(names), "player")


def board_grid(board: Board) -> str:
    """Board.grid()'s picture, but every row the same width even with 3-letter faces.

    Cells are as wide as the widest face (at least 2, so ``Qu`` lines up) with a blank between,
    which leaves single letters two blanks apart: readable on a phone, 6x6 in 17 columns.
    """
    width = max(2, *(len(face) for face in board.cells))
    lines = []
    for r in range(board.rows):
        row = board.cells[r * board.cols : (r + 1) * board.cols]
        lines.append(" ".join(_face_display(face).ljust(width) for face in row))
    return "\n".join(lines)


def _face_display(face: str) -> str:
    return "·" if face == BLANK else face[0].upper() + face[1:]


def _shape(board: Board, rules: Rules) -> str:
    return f"{board.rows}x{board.cols} · {rules.mode.value} · words of {rules.min_length}+ letters"


# ------------------------------------------------------------------------------------ board post


def board_message(
    board: Board,
    rules: Rules,
    deadline: float,
    dice_name: str,
    starter_name: str,
    via_slash_only: bool,
    status: str = "",
) -> str:
    """The round's board post; the bot edits it with a fresh ``status`` as guesses come in."""
    end = math.ceil(deadline)
    how = (
        "✍️ Guess with `/guess words:` (several words at once is fine)."
        if via_slash_only
        else "✍️ Type words in this channel (several per message is fine)."
    )
    lines = [
        f"🎲 **Boggle** {_shape(board, rules)}",
        f"-# dice {_escape(fit(dice_name, 40))} · started by {clean_name(starter_name)}",
        f"```\n{board_grid(board)}\n```",
        f"⏰ Ends <t:{end}:R> (at <t:{end}:T>)",
        how,
        f"⚖️ {MODE_RULES[rules.mode]}",
    ]
    text = "\n".join(lines)
    if status.strip():
        room = CONTENT_LIMIT - units(text) - 2
        kept: list[str] = []
        for line in status.strip().splitlines():
            if units("\n".join([*kept, line, "…"])) > room:
                kept.append("…")
                break
            kept.append(line)
        text += "\n\n" + "\n".join(kept)
    return fit(text, CONTENT_LIMIT)


def status_lines(players: Sequence[tuple[str, int, int]]) -> str:
    """Live counts, ``(name, words, points)`` each: best first, top 15, under ~900 characters."""
    ranked = sorted(players, key=lambda p: (-p[2], -p[1]))
    lines = [
        f"{clean_name(name)} · {_plural(words, 'word')} · {_pts(points)}"
        for name, words, points in ranked[:STATUS_PLAYERS]
    ]
    while lines:
        hidden = len(ranked) - len(lines)
        text = "\n".join(lines + ([f"+{_plural(hidden, 'more player')}"] if hidden else []))
        if units(text) <= STATUS_LIMIT:
            return text
        lines.pop()
    return f"{_plural(len(ranked), 'player')} playing" if ranked else ""


# --------------------------------------------------------------------------------------- results


def results_messages(
    results: Results, names: Mapping[int, str], board: Board, rules: Rules
) -> list[RenderedMessage]:
    """The end-of-round post(s): ranking, each player's words, board totals and missed words.

    Everything fits Discord's limits; when a word list is cut for space, the attached
    missed-words.txt holds everything (the missed words and, if any list was cut, every player's).
    """
    shown = {p.player: _display_words(p, rules) for p in results.players}
    name_of = {
        p.player: clean_name(names.get(p.player, f"player {p.player}")) for p in results.players
    }

    embeds = _ranking_embeds(results, name_of, shown)
    word_embeds, players_cut = _word_embeds(results, name_of, shown, rules)
    embeds += word_embeds
    board_embed, missed_cut = _board_embed(results, names, board)
    need_file = missed_cut or players_cut
    if need_file:
        board_embed.set_footer(text=f"📎 Full lists in {MISSED_FILE}")
    embeds.append(board_embed)

    messages = _pack_embeds(embeds)
    messages[0].content = _headline(results, name_of, board, rules)
    if need_file:
        text = _file_text(results, names, board, rules, with_players=players_cut)
        last = messages[-1]
        note = f"📎 Every missed word{' and every word list' if players_cut else ''} is in `{MISSED_FILE}`."
        last.content = fit(f"{last.content}\n{note}".strip(), CONTENT_LIMIT)
        last.files.append(discord.File(io.BytesIO(text.encode("utf-8")), filename=MISSED_FILE))
    return messages


def _display_words(result: PlayerResult, rules: Rules) -> list[FoundWord]:
    """Best words first; in race mode a word someone else took first is not the player's."""
    words = [w for w in result.words if not (rules.mode is Mode.RACE and w.cancelled)]
    return sorted(words, key=lambda w: (w.cancelled, -w.points, -len(w.word), w.word))


def _word_item(w: FoundWord) -> str:
    return f"~~{w.word}~~" if w.cancelled else f"{w.word} {w.points}"


def _marker(rank: int) -> str:
    return f"{MEDALS[rank]} **{rank}.**" if rank in MEDALS else f"**{rank}.**"


def _headline(results: Results, name_of: Mapping[int, str], board: Board, rules: Rules) -> str:
    lines = [f"🏁 **Round over** · {_shape(board, rules)}"]
    if not results.players:
        lines.append("Nobody found a word this round.")
    elif not results.winners:
        lines.append("🤝 Nobody scored this round: every word found was shared.")
    else:
        top = results.players[0].points
        winners = [name_of[p] for p in results.winners]
        if len(winners) == 1:
            lines.append(f"🏆 **{winners[0]}** wins with {_pts(top)}!")
        else:
            lines.append(f"🏆 Tie at {_pts(top)}: {_join_names(winners, 1500)}")
    lines.append(_found_line(results))
    return fit("\n".join(lines), CONTENT_LIMIT)


def _found_line(results: Results) -> str:
    """Rounded down, so 100% means every word and a lone find is not 0%."""
    found, total = results.found_words, results.total_words
    share = "<1%" if 0 < found * 100 < total else f"{found * 100 // max(total, 1)}%"
    return f"🔎 Found {found} of {_plural(total, 'word')} ({share})"


def _ranking_embeds(
    results: Results, name_of: Mapping[int, str], shown: Mapping[int, list[FoundWord]]
) -> list[discord.Embed]:
    lines = [
        f"{_marker(p.rank)} {name_of[p.player]} · {_pts(p.points)} · "
        f"{_plural(len(shown[p.player]), 'word')}"
        for p in results.players
    ]
    embeds: list[discord.Embed] = []
    chunk: list[str] = []
    for line in lines:
        if chunk and units("\n".join([*chunk, line])) > DESCRIPTION_LIMIT:
            embeds.append(_embed("Ranking", "\n".join(chunk), len(embeds)))
            chunk = []
        chunk.append(fit(line, DESCRIPTION_LIMIT))
    if chunk:
        embeds.append(_embed("Ranking", "\n".join(chunk), len(embeds)))
    return embeds


def _embed(title: str, description: str = "", part: int = 0) -> discord.Embed:
    title = f"{title} (continued)" if part else title
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
    note = (
        "~~Struck~~ words were found by more than one player and score for nobody."
        if shared
        else ""
    )
    embeds = [_embed("Words found", note)]
    cut = False
    for p in results.players:
        name = fit(f"{_marker(p.rank)} {name_of[p.player]} · {_pts(p.points)}", FIELD_NAME_LIMIT)
        items = [_word_item(w) for w in shown[p.player]]
        value, left = _pack(items, budget) if items else ("no words scored", 0)
        cut = cut or left > 0
        current = embeds[-1]
        if (
            len(current.fields) >= FIELDS_PER_EMBED
            or embed_units(current) + units(name) + units(value) > EMBED_TOTAL_LIMIT
        ):
            current = _embed("Words found", "", len(embeds))
            embeds.append(current)
        current.add_field(name=name, value=value, inline=False)
    return embeds, cut


def _board_embed(
    results: Results, names: Mapping[int, str], board: Board
) -> tuple[discord.Embed, bool]:
    """The board, its totals, the longest word and the missed words; True if some were left out."""
    lines = [
        f"```\n{board_grid(board)}\n```",
        f"📚 {_plural(results.total_words, 'word')} on the board · "
        f"max score {_pts(results.max_score)}",
        _found_line(results),
    ]
    longest = results.longest
    if longest is not None:
        word, player = longest
        who = clean_name(names.get(player, f"player {player}"))
        lines.append(f"📏 Longest word: **{word}** ({len(word)} letters) by {who}")
    left = 0
    if results.missed:
        head = "\n".join(lines) + "\n\n**Missed words**, longest first:\n"
        budget = min(MISSED_PREVIEW, DESCRIPTION_LIMIT - units(head))
        missed, left = _pack(results.missed, budget)
        lines.append(f"\n**Missed words**, longest first:\n{missed}")
    elif results.total_words:
        lines.append("\n🎉 Every word on the board was found!")
    return _embed("The board", fit("\n".join(lines), DESCRIPTION_LIMIT)), left > 0


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
        f"Boggle {board.rows}x{board.cols} board {board.text()} · {rules.mode.value} · "
        f"words of {rules.min_length}+ letters",
        _found_line(results).removeprefix("🔎 "),
        "",
        f"Words nobody found ({len(results.missed)}), longest first:",
    ]
    out += [f"{w} {word_score(w, rules.min_length)}" for w in results.missed]
    if with_players:
        for p in results.players:
            name = " ".join(names.get(p.player, f"player {p.player}").split())
            out += ["", f"{p.rank}. {name}: {_pts(p.points)}"]
            out += [
                f"  {w.word} {w.points}" + (" (shared, scores for nobody)" if w.cancelled else "")
                for w in _display_words(p, rules)
            ]
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------------- leaderboard


LeaderboardEntry = tuple[int, str, int, int, int]  # rank, name, points, rounds, words


def leaderboard_embed(
    entries: Sequence[LeaderboardEntry], own: LeaderboardEntry | None, guild_name: str
) -> discord.Embed:
    """The server's top 10 (shared ranks as given), plus the caller's line when they are not in it."""
    title = fit(f"🏆 Leaderboard · {guild_name}", TITLE_LIMIT)
    top = list(entries[:LEADERBOARD_SIZE])
    if not top:
        lines = ["No rounds have been scored on this server yet."]
    else:
        lines = [f"{_marker(e[0])} {_leader_line(e)}" for e in top]
    if own is None:
        lines += ["", "You have not played yet."]
    elif own not in top:
        lines += ["", f"**You:** #{own[0]} {_leader_line(own)}"]
    return discord.Embed(
        title=title, description=fit("\n".join(lines), DESCRIPTION_LIMIT), colour=COLOUR
    )


def _leader_line(entry: LeaderboardEntry) -> str:
    _, name, points, rounds, words = entry
    return (
        f"{clean_name(name)} · {_pts(points)} · {_plural(rounds, 'round')} · "
        f"{_plural(words, 'word')}"
    )


# ------------------------------------------------------------------------------------ /guess reply


VERDICT_TEXT: Mapping[Verdict, str] = {
    Verdict.ACCEPTED: "✅ **{word}** +{points}",
    Verdict.ALREADY_FOUND: "🔁 {word}: already found",
    Verdict.TAKEN: "🚫 {word}: taken by another player",
    Verdict.NOT_ON_BOARD: "❌ {word}: not on the board",
    Verdict.NOT_A_WORD: "📖 {word}: not a word",
    Verdict.TOO_SHORT: "✂️ {word}: too short (min {min_length})",
    Verdict.ROUND_OVER: "⏰ {word}: the round is over",
}


def verdict_text(word: str, verdict: Verdict, points: int, min_length: int) -> str:
    """One line of a /guess reply, so players see at once what each word did."""
    word = _escape(fit(word, 40))
    return VERDICT_TEXT[verdict].format(word=word, points=points, min_length=min_length)
