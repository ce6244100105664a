"""Sets of cards as numbers: the colexicographic rank of a subset, and every subset of a size.

Card ids index a deck's cards; a set of them, sorted ascending, has a unique
rank among all sets of its size. Counting kernels key tables by it.

>>> colex(np.array([[0, 1], [0, 2], [1, 2], [0, 3]])).tolist()
[0, 1, 2, 3]
>>> all_subsets(4, 2).tolist()
[[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]
>>> binomial_table(4, 3).tolist()
[[1, 0, 0], [1, 1, 0], [1, 2, 1], [1, 3, 3]]
"""

from __future__ import annotations

import itertools
from math import comb

import numpy as np

MAX_IDS = 128  # card ids: enough for any deck with jokers, or a small shoe's distinct cards
MAX_SIZE = 12


def binomial_table(rows: int, columns: int) -> np.ndarray:
    """``C(a, b)`` at ``[a, b]`` for ``a`` below ``rows`` and ``b`` below ``columns`` (0 where ``b > a``): every table of
    binomial coefficients the counts look up is made here."""
    return np.array([[comb(a, b) for b in range(columns)] for a in range(rows)], dtype=np.int64)


BINOMIAL = binomial_table(MAX_IDS, MAX_SIZE + 1)


def colex(subsets: np.ndarray) -> np.ndarray:
    """Index of each row (ascending ids) among all subsets of its size, in colexicographic order."""
    index = np.zeros(subsets.shape[:-1], dtype=np.int64)
    for j in range(subsets.shape[-1]):
        index += BINOMIAL[subsets[..., j], j + 1]
    return index


def all_subsets(n: int, k: int) -> np.ndarray:
    """All k-subsets of range(n) as ascending rows, row i the subset with colex index i.

    Built size by size in colex order, which sorts subsets by their largest element, then the rest in colex order:
    the j-subsets with largest element t are the first C(t, j - 1) rows of the (j - 1)-subsets, each with t added (block
    copies, no subset made one at a time in Python). :func:`all_subsets_plain` is the reference.
    """
    if k == 0:
        return np.zeros((1, 0), dtype=np.int64)
    rows = np.arange(n, dtype=np.int64).reshape(n, 1)
    for size in range(2, k + 1):
        out = np.empty((comb(n, size), size), dtype=np.int64)
        done = 0
        for top in range(size - 1, n):
            below = comb(top, size - 1)
            out[done:done + below, :-1] = rows[:below]
            out[done:done + below, -1] = top
            done += below
        rows = out
    return rows


def all_subsets_plain(n: int, k: int) -> np.ndarray:
    """:func:`all_subsets` by ``itertools.combinations``, each placed at its colex rank.

    >>> all(np.array_equal(all_subsets(n, k), all_subsets_plain(n, k)) for n in range(9) for k in range(n + 1))
    True
    """
    if k == 0:
        return np.zeros((1, 0), dtype=np.int64)
    rows = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(n), k)), dtype=np.int64,
                       count=comb(n, k) * k).reshape(-1, k)
    out = np.empty_like(rows)
    out[colex(rows)] = rows
    return out


def positions(n: int, k: int) -> list[list[int]]:
    """Every choice of k of n positions, as lists (for taking column subsets of hands)."""
    return [list(p) for p in itertools.combinations(range(n), k)]
