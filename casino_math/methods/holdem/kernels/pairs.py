"""One board, every hole pair against every other: how many of the opponent's pairs are weaker, equal, below a qualifier.

Player and dealer both add two cards to the same board, so one table of strengths serves both. For
the player's pair P = {a, b}, the dealer's pairs are those sharing no card with P; by
inclusion–exclusion, the dealer pairs weaker than P are all weaker pairs, less those holding a, less
those holding b (the pair holding both is P itself, not weaker than itself). With the pairs walked in
order of strength, counting per card the weaker pairs seen so far, each count is a subtraction.

>>> strengths = np.array([0, 1, 1, 2, 2, 3])   # pairs of four cards, colex order: 01 02 12 03 13 23
>>> less, equal, below = showdown_counts(strengths, 4, 2, np.zeros(4, dtype=np.int64))
>>> less.tolist(), equal.tolist(), below.tolist()   # each pair has exactly one disjoint pair: 23 12 13 03 02 01
([0, 0, 0, 1, 1, 1], [0, 0, 0, 0, 0, 0], [0, 0, 0, 1, 1, 1])
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def showdown_counts(strengths: np.ndarray, n: int, qualifier: int, histogram: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each pair of ``n`` cards (colex order) with strength ``strengths[p]``: the pairs sharing no card with it
    that are weaker (``less``), as strong (``equal``), and weaker than ``qualifier`` (``below``).

    ``histogram`` is scratch space, one zero per possible strength; it is left zeroed.
    """
    m = len(strengths)
    # bucket the pairs by strength: the strengths present, sorted, then each bucket's start
    present = np.empty(m, dtype=np.int64)
    distinct = 0
    for p in range(m):
        s = strengths[p]
        if histogram[s] == 0:
            present[distinct] = s
            distinct += 1
        histogram[s] += 1
    present = np.sort(present[:distinct])
    start = 0
    for t in range(distinct):
        s = present[t]
        size = histogram[s]
        histogram[s] = start
        start += size
    # the pairs in order of strength: their two cards and their index
    first = np.empty(m, dtype=np.int64)
    second = np.empty(m, dtype=np.int64)
    index = np.empty(m, dtype=np.int64)
    p = 0
    for j in range(n):
        for i in range(j):
            at = histogram[strengths[p]]
            histogram[strengths[p]] = at + 1
            first[at] = i
            second[at] = j
            index[at] = p
            p += 1
    # walk the buckets weakest first, counting per card the pairs holding it seen so far: before a
    # bucket they give the weaker pairs, after it the pairs at most as strong (the pair itself among them)
    less = np.empty(m, dtype=np.int64)
    equal = np.empty(m, dtype=np.int64)
    seen = np.zeros(n, dtype=np.int64)
    seen_below = np.zeros(n, dtype=np.int64)
    done = 0
    done_below = -1
    start = 0
    for t in range(distinct):
        s = present[t]
        end = histogram[s]
        histogram[s] = 0
        if done_below < 0 and s >= qualifier:
            done_below = done
            seen_below[:] = seen
        for u in range(start, end):
            less[u] = done - seen[first[u]] - seen[second[u]]
        for u in range(start, end):
            seen[first[u]] += 1
            seen[second[u]] += 1
        done = end
        for u in range(start, end):
            equal[u] = done - seen[first[u]] - seen[second[u]] + 1 - less[u]
        start = end
    if done_below < 0:
        done_below = done
        seen_below[:] = seen
    out_less = np.empty(m, dtype=np.int64)
    out_equal = np.empty(m, dtype=np.int64)
    for u in range(m):
        out_less[index[u]] = less[u]
        out_equal[index[u]] = equal[u]
    below = np.empty(m, dtype=np.int64)
    p = 0
    for j in range(n):
        for i in range(j):
            below[p] = done_below - seen_below[i] - seen_below[j] + (1 if strengths[p] < qualifier else 0)
            p += 1
    return out_less, out_equal, below


def showdown_reference(strengths: np.ndarray, n: int, qualifier: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The same counts by comparing every pair with every disjoint pair (numpy, for tests)."""
    from ....subsets import all_subsets

    pairs = all_subsets(n, 2)
    disjoint = ~((pairs[:, None, :, None] == pairs[None, :, None, :]).any(axis=(2, 3)))
    mine, theirs = strengths[:, None], strengths[None, :]
    less = (disjoint & (theirs < mine)).sum(axis=1)
    equal = (disjoint & (theirs == mine)).sum(axis=1)
    below = (disjoint & (theirs < qualifier)).sum(axis=1)
    return less, equal, below
