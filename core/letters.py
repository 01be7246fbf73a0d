"""The letters a board search draws: one face per letter of the alphabet, weighted by how often
each letter occurs in the lexicon's words (for plausible random boards, and for deriving dice);
and the same shares with each word counted by its chance on a rolled board (``core.dicegen``)."""

from __future__ import annotations

from core.lexicon import ALPHABET, Lexicon


def faces_for(alphabet: str) -> tuple[str, ...]:
    """The faces best_board uses: the alphabet's letters, with q as the Qu face (as on every
    real die, in every language the game has)."""
    return tuple("qu" if ch == "q" else ch for ch in alphabet)


FACES: tuple[str, ...] = faces_for(ALPHABET)  # English's


def letter_weights(lexicon: Lexicon) -> list[float]:
    """How often each letter of the lexicon's alphabet occurs across all words, for drawing
    plausible random boards (and deriving dice). Counted on the DAWG (words below times paths
    above each edge), not by listing the words."""
    mask, first, kids, below = lexicon.mask, lexicon.first, lexicon.kids, lexicon.count
    terminal = lexicon.terminal
    letters = len(lexicon.alphabet)
    above = [0] * len(mask)
    above[0] = 1
    for node in _topological(lexicon):
        m = mask[node]
        base = first[node]
        for e in range(base, base + (m & (terminal - 1)).bit_count()):
            above[kids[e]] += above[node]
    weights = [0.0] * letters
    edges = terminal - 1
    for node, m in enumerate(mask):
        if not above[node]:
            continue
        e = first[node]
        bits = m & edges
        while bits:  # the node's letters, lowest first
            low = bits & -bits
            weights[low.bit_length() - 1] += above[node] * below[kids[e]]
            e += 1
            bits ^= low
    total = sum(weights) or 1.0
    return [w / total for w in weights]


# About the neighbours a cell has to go on to (5.25 a cell on 4x4, 5.76 on 5x5, 6.11 on 6x6).
REACH = 6.0


def board_letter_weights(lexicon: Lexicon, weighting: float, reach: float = REACH) -> list[float]:
    """Letter shares in which a word counts by how likely a rolled board is to spell it.

    A word of letters l1..lk counts ``prod((reach * share(li)) ** weighting)``, ``share`` being
    ``letter_weights``: with weighting 1 that is, up to a constant, how often a board whose
    cells show letters at those shares holds the word along some path, so short words of common
    letters (the words boards are made of) count most, long rare ones little. Weighting 0 counts
    every word once (``letter_weights``); between the two, in between. Counted on the DAWG like
    ``letter_weights``: the weight of the paths above each edge times that of the words below.
    """
    shares = letter_weights(lexicon)
    factor = [(reach * share) ** weighting for share in shares]
    mask, first, kids = lexicon.mask, lexicon.first, lexicon.kids
    terminal = lexicon.terminal
    letters = len(lexicon.alphabet)
    order = _topological(lexicon)
    below = [0.0] * len(mask)  # the weight of the words from a node on
    edges = terminal - 1
    for node in reversed(order):
        m = mask[node]
        e = first[node]
        total = 1.0 if m & terminal else 0.0
        bits = m & edges
        while bits:
            low = bits & -bits
            total += factor[low.bit_length() - 1] * below[kids[e]]
            e += 1
            bits ^= low
        below[node] = total
    above = [0.0] * len(mask)  # the weight of the paths from the root to a node
    above[0] = 1.0
    weights = [0.0] * letters
    for node in order:
        reaching = above[node]
        if not reaching:
            continue
        e = first[node]
        bits = mask[node] & edges
        while bits:
            low = bits & -bits
            k = low.bit_length() - 1
            child = kids[e]
            e += 1
            bits ^= low
            above[child] += reaching * factor[k]
            weights[k] += reaching * factor[k] * below[child]
    total = sum(weights) or 1.0
    return [w / total for w in weights]


def _topological(lexicon: Lexicon) -> list[int]:
    """Nodes with every parent before its children (Kahn's algorithm)."""
    mask, first, kids = lexicon.mask, lexicon.first, lexicon.kids
    letters = lexicon.terminal - 1
    parents = [0] * len(mask)
    for child in kids:
        parents[child] += 1
    order = [0]
    for node in order:
        base = first[node]
        for e in range(base, base + (mask[node] & letters).bit_count()):
            child = kids[e]
            parents[child] -= 1
            if not parents[child]:
                order.append(child)
    return order
