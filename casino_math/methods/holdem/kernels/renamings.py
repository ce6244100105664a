"""The suit renamings that leave a flop as it is: its boards and hole pairs counted once per class of them.

A renaming σ of the suits that maps the flop onto itself maps every board completing it to another (σB) and every hole
pair to another (σP), and P's showdown on B is σP's on σB. So the flop's totals need only one hole pair of each class
(its *representative*, counted as many times as the class has pairs: its *size*), and the showdown of one board of each
class: P's showdown on a board B = τ⁻¹R (R its class's representative board) is τP's on R. A flop of three suits and
three ranks has no renaming but the identity; a flop of one suit has six (the other three suits in any order): there a
sixth of the boards are shown and about a third of the hole pairs counted.

>>> from casino_math.subsets import all_subsets
>>> renamings = np.array([[0, 1, 2, 3, 4, 5, 6, 7], [1, 0, 3, 2, 5, 4, 7, 6]])   # four ranks of two suits: the suits swapped
>>> flop = np.array([0, 1])   # both cards of the low rank: the swap leaves it as it is
>>> s = flop_symmetry(flop, all_subsets(6, 1), 8, renamings)
>>> s.board.tolist(), s.rep.tolist(), s.renaming.tolist()   # the cards 2 and 3 alike, 4 and 5, 6 and 7
([0, 1, 2, 3, 4, 5], [0, 0, 2, 2, 4, 4], [0, 1, 0, 1, 0, 1])
>>> s.pairs.tolist(), s.sizes.tolist()   # of the 15 hole pairs of cards 2 to 7, 9 classes
([[2, 3], [2, 4], [3, 4], [4, 5], [2, 6], [3, 6], [4, 6], [5, 6], [6, 7]], [1, 2, 2, 1, 2, 2, 2, 2, 1])
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ....held import cached
from ....subsets import all_subsets, colex


class FlopSymmetry(NamedTuple):
    """One flop's boards and hole pairs up to the renamings that fix it, as the kernels read them.

    The boards in the order they are counted (``board``, indices into the later cards' sets), each with its class's
    representative board (``rep``; a class's boards one after the other) and the renaming τ taking it there
    (``renaming``, a row of ``pair_map``: the hole pair each pair index is taken to); the representative hole pairs
    (``pairs``, (cards low, high), in colex order) and the pairs of each one's class (``sizes``)."""

    board: np.ndarray
    rep: np.ndarray
    renaming: np.ndarray
    pair_map: np.ndarray
    pairs: np.ndarray
    sizes: np.ndarray


def flop_symmetry(flop: np.ndarray, boards: np.ndarray, n_cards: int, renamings: np.ndarray) -> FlopSymmetry:
    """The classes of ``flop``'s boards (``boards``: the later cards, as positions among the cards after the flop) and of
    its hole pairs under those of ``renamings`` (renamings × cards, the identity among them) that map the flop onto
    itself. With the identity alone every board and every hole pair is its own class."""
    flop = np.sort(flop)
    fixing = renamings[(np.sort(renamings[:, flop], axis=1) == flop).all(axis=1)]
    after = np.ones(n_cards, dtype=bool)
    after[flop] = False
    rest = np.flatnonzero(after)
    cards = rest[boards]  # (boards, later): ascending, as the positions are
    keys = colex(_ascending(fixing[:, cards])) if boards.shape[1] else np.zeros((len(fixing), len(boards)), dtype=np.int64)
    renaming = np.argmin(keys, axis=0)  # the first renaming taking each board to its class's least key
    own = colex(cards) if boards.shape[1] else np.zeros(len(boards), dtype=np.int64)
    order = np.argsort(own, kind="stable")
    rep = order[np.searchsorted(own[order], keys[renaming, np.arange(len(boards))])]
    board = np.argsort(rep, kind="stable")  # each class's boards one after the other
    pairs = all_subsets(n_cards, 2)
    pair_map, least = _pair_classes(fixing.tobytes(), n_cards)
    held = after[pairs].all(axis=1)  # the hole pairs of the cards after the flop
    reps, sizes = np.unique(least[held], return_counts=True)
    return FlopSymmetry(board, rep[board], renaming[board], pair_map, pairs[reps], sizes.astype(np.int64))


@cached(maxsize=64)
def _pair_classes(fixing: bytes, n_cards: int) -> tuple[np.ndarray, np.ndarray]:
    """The pair each renaming (rows of ``fixing``, int64 card ids) takes each pair of the deck to, and each pair's least
    image: alike for every flop fixed by the same renamings (a few dozen sets of them on 52 cards)."""
    renamings = np.frombuffer(fixing, dtype=np.int64).reshape(-1, n_cards)
    pair_map = colex(_ascending(renamings[:, all_subsets(n_cards, 2)]))
    pair_map.flags.writeable = False
    return pair_map, pair_map.min(axis=0)


def _ascending(rows: np.ndarray) -> np.ndarray:
    """``rows`` sorted along the last axis (two columns by their least and greatest, many times faster than a sort)."""
    if rows.shape[-1] != 2:
        return np.sort(rows, axis=-1)
    return np.stack([rows.min(axis=-1), rows.max(axis=-1)], axis=-1)
