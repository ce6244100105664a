"""The solve's two passes over the last level's classes, compiled: each class's result per unit of a wager, and the deals
ending in each (line code, showdown cell). One pass over the classes each, in 64-bit integers, where numpy takes a pass
per showdown cell (Caribbean Stud: 5,649,150 classes, six cells). The numpy passes in
:mod:`casino_math.methods.level_by_level.solver` (``_summed``, ``_end_sums``) are their references; both are exact
where these run (the deals counted below 2**53), so the integers are the same.

>>> cells = np.array([[1, 2], [3, 4]])
>>> per_class(cells, np.array([[10, 20], [1, 2]]), np.array([1, 0])).tolist()
[24, 34]
>>> by_code(np.array([1, 0, 1]), np.array([2, 3, 1]), np.array([[1, 2], [3, 4], [5, 6]]), 3).tolist()
[[9, 12], [7, 10], [0, 0]]
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .start import start_numba

start_numba()


def per_class(cells: np.ndarray, unit: np.ndarray, code: np.ndarray) -> np.ndarray:
    """Per class, Σ over the showdown cells of its deals there times ``unit[cell, its line code]``."""
    out = np.empty(len(code), dtype=np.int64)
    _per_class(np.ascontiguousarray(cells), np.ascontiguousarray(unit, dtype=np.int64), np.ascontiguousarray(code, dtype=np.int64), out)
    return out


@njit(cache=True)
def _per_class(cells: np.ndarray, unit: np.ndarray, code: np.ndarray, out: np.ndarray) -> None:
    for i in range(len(code)):
        total = 0
        for cell in range(cells.shape[1]):
            total += np.int64(cells[i, cell]) * unit[cell, code[i]]
        out[i] = total


def by_code(code: np.ndarray, mass: np.ndarray, cells: np.ndarray, codes: int) -> np.ndarray:
    """The deals ending in each (line code, showdown cell): Σ over the classes of each of ``codes`` codes of their
    ``mass`` (card sets reaching them) times their cells."""
    out = np.zeros((codes, cells.shape[1]), dtype=np.int64)
    _by_code(np.ascontiguousarray(code, dtype=np.int64), np.ascontiguousarray(mass, dtype=np.int64), np.ascontiguousarray(cells), out)
    return out


@njit(cache=True)
def _by_code(code: np.ndarray, mass: np.ndarray, cells: np.ndarray, out: np.ndarray) -> None:
    for i in range(len(code)):
        for cell in range(cells.shape[1]):
            out[code[i], cell] += mass[i] * np.int64(cells[i, cell])
