"""A few cards put in order inside a compiled kernel: an insertion sort, the quickest for the handful of cards a row
holds, written once for every kernel that orders a row.

>>> import numpy as np
>>> out = np.empty(4, dtype=np.int64)
>>> sort_few(np.array([9, 2, 7, 2]), out)
>>> out.tolist()
[2, 2, 7, 9]
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def sort_few(cards: np.ndarray, out: np.ndarray) -> None:
    """``cards`` written to ``out`` in ascending order (``out`` as long as ``cards``)."""
    for i in range(len(cards)):
        card = cards[i]
        j = i
        while j > 0 and out[j - 1] > card:
            out[j] = out[j - 1]
            j -= 1
        out[j] = card
