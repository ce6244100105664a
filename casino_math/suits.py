"""Suit symmetry: card sets that differ only by a renaming of suits are worth the same, so count one of them.

The 22,100 three-card hands fall into 1,755 classes under the 24 renamings of
the suits. A class is named by its *canonical* member: the one whose key (the
colex ranks of its sets of cards, role by role, first role most significant)
is smallest. Cards of a deck are numbered rank by rank, four suits each,
jokers last; a renaming maps each natural card to the same rank in another
suit and may swap the jokers, which are alike.

>>> from casino_math.cards import Deck
>>> symmetry = Symmetry.of(Deck.standard())
>>> hands = all_subsets(52, 3)
>>> keys, reps = symmetry.canonical([hands])
>>> len(np.unique(keys)), len(symmetry)
(1755, 24)
>>> Symmetry.of(Deck.standard(), fixed_suits=(3,)).canonical([np.array([[48, 49, 50]])])[1][0].tolist()   # A♣ A♦ A♥ keeps its spade-free shape
[[48, 49, 50]]
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from math import comb, prod
from typing import Callable, Iterator, Sequence

import numpy as np

from .cards import Deck
from .errors import InputError
from .subsets import all_subsets, colex

__all__ = ["Symmetry", "all_subsets"]
_CHUNK = 400_000  # rows canonicalised at once: keys for 24 renamings stay under ~100 MB
RED = (1, 2)  # diamonds, hearts
COMPILED_FROM = 200_000  # rows from which the compiled kernel pays for itself
PARALLEL_FROM = COMPILED_FROM  # rows from which worker processes pay for their fork and for sending the members back


@dataclass(frozen=True, eq=False)
class Symmetry:
    """The renamings of a deck's cards that leave a game unchanged, as an array (renamings × cards) of new ids."""

    deck_size: int
    maps: np.ndarray

    def __len__(self) -> int:
        return len(self.maps)

    @classmethod
    def of(cls, deck: Deck, fixed_suits: Sequence[int] = (), colours: bool = False, identity_only: bool = False) -> Symmetry:
        """Every suit renaming that keeps ``fixed_suits`` in place (and, with ``colours``, keeps red with red
        and black with black, or swaps the colours whole), combined with every order of the jokers."""
        naturals = 4 * len(deck.ranks)
        maps = []
        suit_orders = [tuple(range(4))] if identity_only else itertools.permutations(range(4))
        for order in suit_orders:
            if any(order[s] != s for s in fixed_suits):
                continue
            if colours and len({(s in RED) == (order[s] in RED) for s in range(4)}) != 1:
                continue
            for jokers in itertools.permutations(range(naturals, naturals + deck.jokers)):
                ids = [card - card % 4 + order[card % 4] for card in range(naturals)] + list(jokers)
                maps.append(ids)
        return cls(len(deck.cards), np.array(maps, dtype=np.int64).reshape(len(maps), len(deck.cards)))

    def radices(self, sizes: Sequence[int]) -> list[int]:
        """The weight of each role's colex rank in a key (the last role weighs 1)."""
        counts = [comb(self.deck_size, k) for k in sizes]
        if prod(counts) >= 2**62:
            raise InputError(f"the game's visible cards ({', '.join(map(str, sizes))} per role) are too many to index")
        return [prod(counts[i + 1:]) for i in range(len(sizes))]

    def key(self, roles: Sequence[np.ndarray]) -> np.ndarray:
        """The key of each row as given (ids within each role sorted ascending)."""
        radices = self.radices([r.shape[1] for r in roles])
        key = np.zeros(len(roles[0]), dtype=np.int64)
        for role, radix in zip(roles, radices):
            key += colex(role) * radix
        return key

    def canonical(self, roles: Sequence[np.ndarray], progress: Callable[[int, int], None] | None = None,
                  processes: int = 1) -> tuple[np.ndarray, list[np.ndarray]]:
        """Each row's canonical key and member: ``roles`` are (rows × cards) id arrays, one per role.

        ``progress(rows done, rows)`` is called after each chunk of rows. With ``processes`` above 1 and many rows, the
        chunks are shared by as many worker processes forked from this one (each row's member does not depend on the
        others: the same keys and members).
        """
        n = len(roles[0])
        if n < COMPILED_FROM:
            canonical = canonical_reference
        else:  # importing numba costs more than canonicalising a few rows
            from .kernels.suits import canonical

        radices = self.radices([r.shape[1] for r in roles])
        narrow = np.int8 if self.deck_size <= np.iinfo(np.int8).max else np.int64  # members sent back from a worker

        def block(start: int) -> tuple[np.ndarray, list[np.ndarray]]:
            block_keys, block = canonical(self.maps, [r[start:start + chunk] for r in roles], radices)
            return block_keys, [b.astype(narrow) for b in block]

        shared = processes > 1 and n >= PARALLEL_FROM
        chunk = min(_CHUNK, -(-n // (2 * processes))) if shared else _CHUNK  # two chunks a worker at least
        starts = range(0, n, chunk)
        if shared:
            from .workers import as_finished

            blocks: Iterator[tuple[int, tuple[np.ndarray, list[np.ndarray]]]] = as_finished(block, starts, processes)
        else:
            blocks = ((start, block(start)) for start in starts)
        keys = np.empty(n, dtype=np.int64)
        reps = [np.empty_like(r) for r in roles]
        done = 0
        for start, (block_keys, block_reps) in blocks:
            keys[start:start + chunk] = block_keys
            for rep, kept in zip(reps, block_reps):
                rep[start:start + chunk] = kept
            done += len(block_keys)
            if progress is not None:
                progress(done, n)
        return keys, reps


def canonical_reference(maps: np.ndarray, roles: Sequence[np.ndarray], radices: Sequence[int]) -> tuple[np.ndarray, list[np.ndarray]]:
    """The canonical keys and members of :func:`casino_math.kernels.suits.canonical` in plain numpy: every renaming of
    every row, keys compared whole; what a few rows use (no compiled code to import), and the kernel's reference."""
    best_key = np.full(len(roles[0]), np.iinfo(np.int64).max, dtype=np.int64)
    best = [r.copy() for r in roles]
    for renaming in maps:
        mapped = [np.sort(renaming[r], axis=1) for r in roles]
        key = sum((colex(m) * radix for m, radix in zip(mapped, radices)), np.zeros(len(best_key), dtype=np.int64))
        better = key < best_key
        best_key = np.where(better, key, best_key)
        for kept, m in zip(best, mapped):
            kept[better] = m[better]
    return best_key, best
