"""The compiled kernel counting the dealer's final totals (:func:`~casino_math.methods.blackjack.dealer.dealer_digits`
calls it): a module of its own, so that numba loads when a dealer is counted, not with every game file's reader (the
blackjack sections are read for every game file). Its check is :func:`~casino_math.methods.blackjack.dealer.reference_ways`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...kernels.start import start_numba

start_numba()  # numba's start without SciPy's linear algebra (no kernel here takes an inner product)


@njit(cache=True, inline="always")
def _times_small(w: int, count: int, p: int, inverse: float) -> int:
    """``w·count mod p`` for ``w < p < 2^53`` and a small ``count`` (the product below 2^62): the quotient estimated in
    floating point (off by one at most), the remainder corrected by one ``p`` (a division costs more than this)."""
    x = w * count
    r = x - int(float(x) * inverse) * p
    r = r + p if r < 0 else r  # selects, not branches: the block's loop stays vectorised
    return r - p if r >= p else r


#: shoes counted together: each step of the graph's walk is done for all of them in one loop, which the compiler turns
#: into vector instructions (the walk of one shoe at a time is a chain of dependent scalar steps)
BLOCK = 32


@njit(cache=True)
def ways_kernel(drawn: np.ndarray, child: np.ndarray, outcome: np.ndarray, depth: np.ndarray, left: np.ndarray,
                 primes: np.ndarray, inverse: int, longest: int, out: np.ndarray, w: np.ndarray, by_depth: np.ndarray,
                 counts: np.ndarray) -> None:
    """Per shoe (rows of ``left``: counts by value after the up card and the player's cards): the ordered ways to deal
    each final total, over ``(n)_L`` with ``L = min(longest, n)``, into ``out[shoe, outcome]`` as two digits ``(a, t)``,
    the count being ``a + p·t`` (``p, q = primes``; ``inverse``: ``p⁻¹ mod q``). The ways are carried modulo both primes
    in one pass over the graph, then put together by Garner's step ``t = (b − a)·p⁻¹ mod q`` (``a``, ``b``: the residues),
    a product of two numbers below 2^53 taken modulo ``q`` by estimating the quotient in floating point and correcting
    the remainder, computed in wrapping 64-bit arithmetic, by whole multiples of ``q``. The shoes are walked a block at
    a time (``w.shape[2]`` of them, the last axis of every working array: one loop over the block at each step, free of
    branches, so vectorised); a card a shoe lacks counts 0 ways (a node that drew more of a value than a shoe holds
    is reached by none of its ways). ``w`` (nodes, 2, block), ``by_depth`` (2, outcomes, longest + 1, block) and
    ``counts`` (values, block) are room to work in (given, not made here: each array the kernel made would be one more
    thing to compile on a first run)."""
    shoes, nodes, outcomes, values, block = left.shape[0], drawn.shape[0], out.shape[1], left.shape[1], w.shape[2]
    p, q = primes[0], primes[1]
    inverse_p, inverse_q = 1.0 / float(p), 1.0 / float(q)
    for start in range(0, shoes, block):
        m = min(block, shoes - start)
        for v in range(values):
            for b in range(block):
                counts[v, b] = left[start + b, v] if b < m else 0
        w[:, :, :] = 0
        w[0, :, :] = 1
        by_depth[:, :, :, :] = 0
        for k in range(nodes):
            o = outcome[k]
            if o >= 0:
                d = depth[k]
                for b in range(block):
                    x = by_depth[0, o, d, b] + w[k, 0, b]
                    by_depth[0, o, d, b] = x - p if x >= p else x
                    y = by_depth[1, o, d, b] + w[k, 1, b]
                    by_depth[1, o, d, b] = y - q if y >= q else y
                continue
            for v in range(values):
                c = child[k, v]
                if c < 0:
                    continue
                already = drawn[k, v]
                for b in range(block):
                    count = counts[v, b] - already
                    count = count if count > 0 else 0
                    x = w[c, 0, b] + _times_small(w[k, 0, b], count, p, inverse_p)
                    w[c, 0, b] = x - p if x >= p else x
                    y = w[c, 1, b] + _times_small(w[k, 1, b], count, q, inverse_q)
                    w[c, 1, b] = y - q if y >= q else y
        for b in range(m):
            n = 0
            for v in range(values):
                n += counts[v, b]
            most = longest if longest < n else n
            for o in range(outcomes):
                # the deals of d cards, each extended by every way to deal the rest up to `most` (the falling counts
                # n - d ... n - most + 1), summed by Horner's rule: a·(n - d) + (the deals of d + 1 cards), d rising
                a = by_depth[0, o, 0, b]
                r = by_depth[1, o, 0, b]
                for d in range(1, most + 1):
                    x = _times_small(a, n - d + 1, p, inverse_p) + by_depth[0, o, d, b]
                    a = x - p if x >= p else x
                    y = _times_small(r, n - d + 1, q, inverse_q) + by_depth[1, o, d, b]
                    r = y - q if y >= q else y
                e = (r - a) % q
                t = e * inverse - np.int64(float(e) * float(inverse) / float(q)) * q  # wraps around 2^64: within a few q
                while t < 0:
                    t += q
                while t >= q:
                    t -= q
                out[start + b, o, 0] = a
                out[start + b, o, 1] = t
