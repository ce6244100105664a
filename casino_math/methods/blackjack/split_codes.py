"""The codes a split hand's follow shares between the Python side (:mod:`.compiled_splits`) and the compiled kernel
(:mod:`.splits_kernel`): apart, so that the Python side names them without loading numba.

>>> STAND_CODE, HIT_CODE, DOUBLE_CODE, BUST_TOTAL, DONE, MORE_ROWS
(0, 1, 2, 22, 0, 1)
"""

from __future__ import annotations

import numpy as np

STAND_CODE, HIT_CODE, DOUBLE_CODE = 0, 1, 2
BUST_TOTAL = 22  #: the row of :func:`~.compiled_splits.key_table` for a bust
DONE, MORE_ROWS = 0, 1  #: what :func:`~.splits_kernel.follow_kernel` returns

Room = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # :func:`~.splits_kernel.follow_kernel`'s
