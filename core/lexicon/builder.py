"""Building the DAWG: Daciuk's incremental construction, then the flat arrays ``Lexicon`` reads.

Kept apart from the lexicon's queries because only a build needs it (a cached lexicon never runs
it), and its heap is several times its result (see ``python -m core.compile``).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from typing import NamedTuple

from core.lexicon.alphabet import mask_size, mask_typecode


class Arrays(NamedTuple):
    """A built DAWG as ``Lexicon`` holds it (the module docstring of ``core.lexicon`` says how)."""

    mask: array[int]
    first: array[int]
    kids: array[int]
    below: array[int]  # words at or below each node
    words: int


def build(words: Iterable[str], alphabet: str) -> Arrays:
    """The DAWG of the words (stripped, lowercased) that hold only the alphabet's letters; the
    others are skipped."""
    code = {ord(ch): i for i, ch in enumerate(alphabet)}
    # Each letter as the byte of its place in the alphabet: sorted bytes are alphabet order.
    lowered = (w.strip().lower() for w in words)
    clean = [w.translate(code).encode("latin-1") for w in lowered if _clean(w, alphabet)]
    clean.sort()
    nodes, root, count = _build_dawg(clean, len(alphabet))
    del clean  # gone before the arrays are laid out, not beside them
    return _pack(nodes, root, count, len(alphabet))


def words_below(mask: array[int], first: array[int], kids: array[int], terminal: int) -> array[int]:
    """For each node, the words at or below it: children are counted before their parents (a
    depth-first walk that finishes a node once all its children are done)."""
    below = array("i", [-1]) * len(mask)
    letters = terminal - 1
    stack = [0]
    while stack:
        node = stack[-1]
        m = mask[node]
        base = first[node]
        edges = range(base, base + (m & letters).bit_count())
        pending = [kids[e] for e in edges if below[kids[e]] < 0]
        if pending:
            stack.extend(pending)
            continue
        stack.pop()
        if below[node] < 0:
            below[node] = (1 if m & terminal else 0) + sum(below[kids[e]] for e in edges)
    return array("I", below)


def _clean(word: str, alphabet: str) -> bool:
    """Whether a word (lowercase, as the language folded it) holds only the alphabet's letters."""
    return bool(word) and all(ch in alphabet for ch in word)


def _build_dawg(words: list[bytes], letters: int) -> tuple[list[bytes], int, int]:
    """Daciuk's incremental construction over sorted words (each byte a letter's place) (repeats skipped): each finished
    branch is merged with an equal one already registered, so the structure is minimal when the
    last word is in. Only the nodes along the last word are open; a finished node is kept as its
    packed form (its mask, then its children's numbers), which is also its key in the register: a
    few dozen bytes a node, where a dict a node took the English list's build to 200 MB.

    Returns the finished nodes by number, the root's number and the number of words."""
    register: dict[bytes, int] = {}
    nodes: list[bytes] = []  # the finished nodes, by number
    masks = [0]  # the open nodes: masks[i] spells the first i letters of the last word
    kids: list[list[int]] = [[]]  # their children's numbers; the last one's is -1 until finished

    def finish(down_to: int) -> None:
        while len(masks) > down_to + 1:
            key = masks.pop().to_bytes(width, "little") + array("I", kids.pop()).tobytes()
            number = register.get(key)
            if number is None:
                number = register[key] = len(nodes)
                nodes.append(key)
            kids[-1][-1] = number

    terminal = 1 << letters
    width = mask_size(letters)
    previous = b""
    count = 0
    for word in words:
        if word == previous:
            continue
        common = 0
        for a, b in zip(word, previous, strict=False):
            if a != b:
                break
            common += 1
        finish(common)
        for ch in word[common:]:
            masks[-1] |= 1 << ch
            kids[-1].append(-1)
            masks.append(0)
            kids.append([])
        masks[-1] |= terminal
        previous = word
        count += 1
    finish(0)
    root = len(nodes)
    nodes.append(masks[0].to_bytes(width, "little") + array("I", kids[0]).tobytes())
    return nodes, root, count


def _pack(nodes: list[bytes], root: int, word_count: int, letters: int) -> Arrays:
    """Renumber the nodes breadth-first from the root and lay them out as arrays, with each
    node's word count (worked out in build order, where every child comes before its parents)."""
    terminal, width = 1 << letters, mask_size(letters)
    built = array("I", bytes(4 * len(nodes)))
    for old, key in enumerate(nodes):
        here = 1 if int.from_bytes(key[:width], "little") & terminal else 0
        built[old] = here + sum(built[c] for c in array("I", key[width:]))
    number = array("i", [-1]) * len(nodes)
    number[root] = 0
    order = array("I", [root])
    mask, first, kids, count = array(mask_typecode(letters)), array("I"), array("I"), array("I")
    for old in order:  # grows as it goes: an array iterator sees what is appended
        key = nodes[old]
        count.append(built[old])
        mask.append(int.from_bytes(key[:width], "little"))
        first.append(len(kids))
        for child in array("I", key[width:]):
            new = number[child]
            if new < 0:
                new = number[child] = len(order)
                order.append(child)
            kids.append(new)
    return Arrays(mask, first, kids, count, word_count)
