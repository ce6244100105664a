"""What the player has seen, level by level: classes of card sets under suit symmetry, and how they follow each other.

Level 0 is before any card; each level after adds the cards of one deal
step the player sees (the dealer's face-down cards come last, unseen, and
are counted at the showdown). A level holds one *class* per set of seen
cards up to a renaming of suits, as its canonical member (cards per role:
the dealer's up cards, the board, the player's own), with its *weight*, the
number of card sets in the class. Edges say how many card sets of each
class of the next level extend a class's member: the multiplicity.

>>> from casino_math.cards import Deck
>>> levels = build_levels(Deck.standard(), [("player", 3)])
>>> len(levels[1].weights), int(levels[1].weights.sum())
(1755, 22100)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from math import comb, factorial
from typing import Callable, Iterator, Sequence

import numpy as np

from .cards import Deck
from .subsets import all_subsets
from .suits import COMPILED_FROM, Symmetry

# seen roles, in the order of a class's key: what the dealer shows and the board first, so that
# classes sharing the dealer's known cards are neighbours (the showdown counts them together)
SEEN_ROLES = ("up", "board", "player")


@dataclass(frozen=True, eq=False)
class Level:
    """Classes of seen cards after some deal steps; ``edges`` lead to the next level (parent, child, multiplicity)."""

    cards: dict[str, np.ndarray]  # role -> (classes, cards of that role) canonical ids, ascending
    weights: np.ndarray  # card sets in each class
    parent: np.ndarray | None = None  # edges to the next level, sorted by parent
    child: np.ndarray | None = None
    multiplicity: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.weights)

    @property
    def seen(self) -> np.ndarray:
        """Every seen card of each class, as one (classes, cards) array."""
        return np.concatenate([self.cards[r] for r in SEEN_ROLES], axis=1)

    @cached_property
    def edge_starts(self) -> np.ndarray:
        """Where each parent's edges start (edges are sorted by parent; every class has at least one)."""
        assert self.parent is not None
        return np.flatnonzero(np.r_[True, self.parent[1:] != self.parent[:-1]])

    @cached_property
    def by_child(self) -> tuple[np.ndarray, np.ndarray]:
        """The edges' order by child, and where each child's edges start in that order."""
        assert self.child is not None
        order = np.argsort(self.child, kind="stable")
        ordered = self.child[order]
        return order, np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])


def _remaining(seen: np.ndarray, deck_size: int) -> np.ndarray:
    """For each row of seen cards, the ids not seen, ascending."""
    used = np.zeros((len(seen), deck_size), dtype=bool)
    if seen.shape[1]:
        np.put_along_axis(used, seen, True, axis=1)
    return np.argsort(used, axis=1, kind="stable")[:, : deck_size - seen.shape[1]]


Edges = tuple[np.ndarray, np.ndarray, np.ndarray]
PARALLEL_FROM = 2_000_000  # children keyed by forked workers from this many (Crazy 4 Poker's 788,736 cost more so)


Progress = Callable[[str, int, int], None]  # (what, done, of)


def expand(level: Level, role: str, k: int, deck_size: int, symmetry: Symmetry | None,
           progress: Progress | None = None, processes: int = 1) -> tuple[Level, Edges]:
    """Every way to deal ``k`` more cards to ``role`` from each class's member: the next level, and the edges to it.

    With ``symmetry`` None the children are kept one per card set, not merged into classes. ``processes``: worker
    processes sharing the canonical members of many card sets (:meth:`~casino_math.suits.Symmetry.canonical`).
    """
    seen = level.seen
    left = _remaining(seen, deck_size)
    picks = all_subsets(left.shape[1], k)
    n, s = len(level), len(picks)
    report = (lambda done, of: progress(f"{role} cards: classes of {of:,} card sets", done, of)) if progress else None
    if symmetry is not None and n * s >= COMPILED_FROM:  # the card sets never made: their keys straight from the parents'
        from .kernels.suits import members

        parents = [level.cards[r] for r in SEEN_ROLES]
        from .kernels.classes import distinct, first_card_members

        keys, renaming = _children_keys(symmetry, parents, role, k, left, picks, report, processes)
        unique, first, child = distinct(keys)
        at = SEEN_ROLES.index(role)
        if _first_card(parents, at, k):
            radix = symmetry.radices([p.shape[1] + (k if r == role else 0) for r, p in zip(SEEN_ROLES, parents)])[at]
            reps = first_card_members(symmetry.maps, parents, at, radix, unique, renaming[first], first // s)
        else:
            reps = members(symmetry.maps, parents, at, left, picks, renaming, first)
        return _merged(level, n, s, child, len(unique), dict(zip(SEEN_ROLES, reps)), compiled=True)
    new = left[:, picks].reshape(n * s, k)
    parent = np.repeat(np.arange(n), s)
    roles = {r: np.repeat(level.cards[r], s, axis=0) for r in SEEN_ROLES}
    roles[role] = np.sort(np.concatenate([roles[role], new], axis=1), axis=1)
    if symmetry is None:
        child = np.arange(n * s)
        return Level(roles, level.weights[parent]), (parent, child, np.ones(n * s, dtype=np.int64))
    keys, reps = symmetry.canonical([roles[r] for r in SEEN_ROLES], report, processes)
    unique, first, child = np.unique(keys, return_index=True, return_inverse=True)
    return _merged(level, n, s, child, len(unique), {r: rep[first] for r, rep in zip(SEEN_ROLES, reps)})


def _children_keys(symmetry: Symmetry, parents: list[np.ndarray], role: str, k: int, left: np.ndarray, picks: np.ndarray,
                   report: Callable[[int, int], None] | None, processes: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`casino_math.kernels.suits.children` of every parent: a block of parents at a time, the blocks shared by
    ``processes`` worker processes forked from this one where there are many children (each child's key depends on its
    parent alone: the same keys)."""
    from .kernels.classes import first_card_children
    from .kernels.suits import children

    n, s = len(left), len(picks)
    radices = symmetry.radices([p.shape[1] + (k if r == role else 0) for r, p in zip(SEEN_ROLES, parents)])
    at = SEEN_ROLES.index(role)
    first_card = _first_card(parents, at, k)

    def block(start: int) -> tuple[np.ndarray, np.ndarray]:
        rows = [p[start:start + chunk] for p in parents]
        if first_card:
            return first_card_children(symmetry.maps, rows, at, left[start:start + chunk], radices)
        return children(symmetry.maps, rows, at, left[start:start + chunk], picks, radices)

    shared = processes > 1 and n * s >= PARALLEL_FROM
    chunk = -(-n // (2 * processes)) if shared else n  # two blocks a worker
    starts = range(0, n, max(chunk, 1))
    if shared:
        from .workers import as_finished

        blocks: Iterator[tuple[int, tuple[np.ndarray, np.ndarray]]] = as_finished(block, starts, processes)
    else:
        blocks = ((start, block(start)) for start in starts)
    keys = np.empty(n * s, dtype=np.int64)
    renaming = np.empty(n * s, dtype=np.int16)
    done = 0
    for start, (block_keys, block_renaming) in blocks:
        keys[start * s:start * s + len(block_keys)] = block_keys
        renaming[start * s:start * s + len(block_keys)] = block_renaming
        done += len(block_keys)
        if report is not None:
            report(done, n * s)
    return keys, renaming


def _first_card(parents: list[np.ndarray], at: int, k: int) -> bool:
    """Whether one card is dealt to a role keyed before every card the parents hold (:mod:`casino_math.kernels.classes`)."""
    return k == 1 and all(p.shape[1] == 0 for p in parents[:at + 1])


def _merged(level: Level, n: int, s: int, child: np.ndarray, classes: int, cards: dict[str, np.ndarray],
            compiled: bool = False) -> tuple[Level, Edges]:
    """The next level of ``classes`` classes (``cards``: their members) from the class of each of the ``n * s`` card
    sets (``s`` per parent, in order of parent), and the edges to it (``compiled``: by
    :func:`casino_math.kernels.classes.row_edges`, each row sorted in place; the same edges and weights)."""
    if compiled:
        from .kernels.classes import row_edges

        edge_parent, edge_child, multiplicity, weights = row_edges(child.reshape(n, s), level.weights, classes)
        return Level(cards, weights), (edge_parent, edge_child, multiplicity)
    # one edge per (parent, child), counting the card sets that land there, sorted by parent then child: each parent's
    # card sets are a row of their own, so sorting within the rows sorts them all (not one sort of every pair)
    ordered = np.sort(child.reshape(n, s), axis=1)
    new_child = np.ones((n, s), dtype=bool)
    new_child[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    starts = np.flatnonzero(new_child)
    edge_parent, edge_child, multiplicity = starts // s, ordered.reshape(-1)[starts], np.diff(np.r_[starts, n * s])
    weights = _summed(edge_child, level.weights[edge_parent] * multiplicity, classes)
    return Level(cards, weights), (edge_parent, edge_child, multiplicity.astype(np.int64))


def _summed(index: np.ndarray, weights: np.ndarray, length: int) -> np.ndarray:
    """The weights summed by index: as floats where no sum can reach 2**53 (exact so, and a single pass), else exactly.

    >>> _summed(np.array([2, 0, 2]), np.array([1, 5, 3]), 4).tolist()
    [5, 0, 4, 0]
    """
    if int(weights.sum()) < 2**53:
        return np.bincount(index, weights=weights, minlength=length).astype(np.int64)
    out = np.zeros(length, dtype=np.int64)
    np.add.at(out, index, weights)
    return out


def _one_by_one(level: Level, role: str, k: int, deck_size: int, symmetry: Symmetry, progress: Progress | None,
                processes: int = 1) -> Level:
    """Deal ``k`` cards to a single class one card at a time (fewer card sets to canonicalise than all at once).

    Each set of k cards arrives in k! orders, so weights are divided by k! at the end.
    """
    current = level
    for _ in range(k):
        current, _ = expand(current, role, 1, deck_size, symmetry, progress, processes)
    return Level(current.cards, current.weights // factorial(k))


def build_levels(deck: Deck, steps: Sequence[tuple[str, int]], symmetry: Symmetry | None = None,
                 merge_last: bool = True, progress: Progress | None = None, processes: int = 1) -> list[Level]:
    """Level 0 (nothing seen) and one level after each seen step (role, cards), with the edges between them.

    ``merge_last`` False keeps the last level one card set per child (a game with no dealer hand has
    nothing to share between the classes of its last level, so canonicalising them would not pay). ``processes``:
    worker processes forked to share the canonical members of many card sets (the same levels with any number).
    """
    symmetry = symmetry or Symmetry.of(deck)
    n = len(deck.cards)
    empty = np.zeros((1, 0), dtype=np.int64)
    levels = [Level({r: empty for r in SEEN_ROLES}, np.ones(1, dtype=np.int64))]
    for i, (role, k) in enumerate(steps):
        last = i == len(steps) - 1
        current = levels[-1]
        if len(current) == 1 and (merge_last or not last):
            child_level = _one_by_one(current, role, k, n, symmetry, progress, processes)
            parent = np.zeros(len(child_level), dtype=np.int64)
            edges: Edges = (parent, np.arange(len(child_level)), child_level.weights.copy())
        else:
            child_level, edges = expand(current, role, k, n, symmetry if (merge_last or not last) else None, progress, processes)
        levels[-1] = Level(current.cards, current.weights, *edges)
        levels.append(child_level)
    return levels


def completions(deck_size: int, seen: int, later: Sequence[int]) -> int:
    """Ways to deal the cards still to come (``later``: the sizes of the remaining steps, hidden ones included)."""
    ways, left = 1, deck_size - seen
    for k in later:
        ways *= comb(left, k)
        left -= k
    return ways
