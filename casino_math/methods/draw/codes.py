"""How the draw method numbers what it counts: a hold as five bits, a hand as a key, what a hold keeps as its kind.

Plain numbers and one value type, so that reading a game file (its posted strategy cards) needs no compiled code.

>>> HOLDS, STAND, KEYS == 2 * KEY_BASE ** 5, (STOOD, OTHER)
(32, 31, True, (0, 18))
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

HOLDS = 32  # the subsets of five cards: bit i of a hold is the deal's i-th card (ids ascending) kept
STAND = HOLDS - 1  # every card kept: the dealt hand itself
KEY_BASE = 16  # a hand's key: its ranks high first in base 16 (0 a wild card), then whether its naturals share a suit
KEYS = 2 * KEY_BASE ** 5
NO_LINE = np.iinfo(np.int64).max  # a hold no line of a strategy card fits

# what a hold keeps, by kind (casino_math/methods/draw/strategy_table.py names them)
STOOD, QUADS, TRIPS, TRIPS_KICKER, TWO_PAIR, HIGH_PAIR, LOW_PAIR, NOTHING, WILDS, ROYAL, STRAIGHT_FLUSH, FLUSH, OUTSIDE, \
    INSIDE, HIGH_SUITED, HIGH, LOW_CARD, STRAIGHT, OTHER = range(19)


@dataclass(frozen=True, eq=False)
class HoldKinds:
    """Per deal and hold (arrays of shape (deals, 32)): what the hold keeps."""

    kind: np.ndarray  # the kind (STOOD ... OTHER above)
    wild: np.ndarray  # wild cards held
    naturals: np.ndarray  # natural cards held
    highs: np.ndarray  # natural high cards held
    made: np.ndarray  # where stood on all five: the paytable line made (len(lines): none)
    ranks: np.ndarray  # the natural ranks held, bit r for rank r
    opens: np.ndarray  # the straights (A-5 ... T-A) holding every natural rank held, where they are all different
    paired: np.ndarray  # the natural rank held twice or more (0: none)
    lone: np.ndarray  # beside three of a kind of naturals, the fourth card's rank (0: none)
    group: np.ndarray  # the rank group of the rank held twice or more (-1: none)
    kicker: np.ndarray  # beside three of a kind of naturals, the rank group of the fourth card (-1: none)
    high_rank: int  # the least high card
    rank_groups: tuple[tuple[int, int], ...]  # the groups' ranks, low to high, where the paytable splits them
