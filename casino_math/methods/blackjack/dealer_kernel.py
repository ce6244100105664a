"""The compiled kernel counting the dealer's final totals (:func:`~casino_math.methods.blackjack.dealer.dealer_digits`
calls it): a module of its own, so that numba loads when a dealer is counted, not with every game file's reader (the
blackjack sections are read for every game file). Its check is :func:`~casino_math.methods.blackjack.dealer.reference_ways`.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, inline="always")
def _times_small(w: int, count: int, p: int, inverse: float) -> int:
    """``w·count mod p`` for ``w < p < 2^53`` and a small ``count`` (the product below 2^62): the quotient estimated in
    floating point (off by one at most), the remainder corrected by one ``p`` (a division costs more than this)."""
    x = w * count
    r = x - int(float(x) * inverse) * p
    if r < 0:
        r += p
    elif r >= p:
        r -= p
    return r


@njit(cache=True)
def ways_kernel(drawn: np.ndarray, child: np.ndarray, outcome: np.ndarray, depth: np.ndarray, left: np.ndarray,
                 primes: np.ndarray, inverse: int, longest: int, out: np.ndarray, w: np.ndarray, by_depth: np.ndarray) -> None:
    """Per shoe (rows of ``left``: counts by value after the up card and the player's cards): the ordered ways to deal
    each final total, over ``(n)_L`` with ``L = min(longest, n)``, into ``out[shoe, outcome]`` as two digits ``(a, t)``,
    the count being ``a + p·t`` (``p, q = primes``; ``inverse``: ``p⁻¹ mod q``). The ways are carried modulo both primes
    in one pass over the graph, then put together by Garner's step ``t = (b − a)·p⁻¹ mod q`` (``a``, ``b``: the residues),
    a product of two numbers below 2^53 taken modulo ``q`` by estimating the quotient in floating point and correcting
    the remainder, computed in wrapping 64-bit arithmetic, by whole multiples of ``q``. ``w`` (nodes, 2) and ``by_depth``
    (2, outcomes, longest + 1) are room to work in (given, not made here: each array the kernel made would be one more
    thing to compile on a first run)."""
    shoes, nodes, outcomes = left.shape[0], drawn.shape[0], out.shape[1]
    p, q = primes[0], primes[1]
    inverse_p, inverse_q = 1.0 / float(p), 1.0 / float(q)
    for i in range(shoes):
        n = 0
        for v in range(left.shape[1]):
            n += left[i, v]
        most = longest if longest < n else n
        w[:, :] = 0
        w[0, 0] = 1
        w[0, 1] = 1
        by_depth[:, :, :] = 0
        for k in range(nodes):
            wp, wq = w[k, 0], w[k, 1]
            if wp == 0 and wq == 0:
                continue
            o = outcome[k]
            if o >= 0:
                d = depth[k]
                x = by_depth[0, o, d] + wp
                by_depth[0, o, d] = x - p if x >= p else x
                y = by_depth[1, o, d] + wq
                by_depth[1, o, d] = y - q if y >= q else y
                continue
            for v in range(child.shape[1]):
                c = child[k, v]
                if c >= 0:
                    count = left[i, v] - drawn[k, v]
                    if count > 0:
                        x = w[c, 0] + _times_small(wp, count, p, inverse_p)
                        w[c, 0] = x - p if x >= p else x
                        y = w[c, 1] + _times_small(wq, count, q, inverse_q)
                        w[c, 1] = y - q if y >= q else y
        for o in range(outcomes):
            # the deals of d cards, each extended by every way to deal the rest up to `most` (the falling counts
            # n - d ... n - most + 1), summed by Horner's rule: a·(n - d) + (the deals of d + 1 cards), d rising
            a = by_depth[0, o, 0]
            b = by_depth[1, o, 0]
            for d in range(1, most + 1):
                x = _times_small(a, n - d + 1, p, inverse_p) + by_depth[0, o, d]
                a = x - p if x >= p else x
                y = _times_small(b, n - d + 1, q, inverse_q) + by_depth[1, o, d]
                b = y - q if y >= q else y
            e = (b - a) % q
            r = e * inverse - np.int64(float(e) * float(inverse) / float(q)) * q  # wraps around 2^64: within a few q
            while r < 0:
                r += q
            while r >= q:
                r -= q
            out[i, o, 0] = a
            out[i, o, 1] = r
