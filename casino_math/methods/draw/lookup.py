"""Any deal's best hold, looked up: the deal renamed into its class's member, the member's hold read back in the deal's
own order of cards.

A deal's class member is the deal with its suits renamed in decreasing order of the set of ranks each holds (as
:func:`~.kernel.deal_classes` names the classes), its cards sorted; a hold of the member's positions is a hold of the
deal's cards through the same renaming.

>>> import numpy as np
>>> keys, places = member(np.array([[51, 50, 49, 48, 47]]), 52)   # As Ah Ad Ac Ks
>>> places.tolist(), in_deal(np.array([0b00001]), places).tolist()
([[1, 4, 3, 2, 0]], [16])
"""

from __future__ import annotations

import numpy as np

from ...subsets import colex


def member(deals: np.ndarray, naturals: int) -> tuple[np.ndarray, np.ndarray]:
    """Each deal's class member as its colex key, and where each of the deal's cards (in the order given) lies in it."""
    deals = np.asarray(deals, dtype=np.int64)
    natural = deals < naturals
    suit, rank = deals % 4, deals // 4
    masks = np.zeros((len(deals), 4), dtype=np.int64)
    for s in range(4):
        masks[:, s] = np.bitwise_or.reduce(np.where(natural & (suit == s), np.left_shift(1, rank), 0), axis=1)
    index = np.arange(4)
    bigger = (masks[:, None, :] > masks[:, :, None]) | ((masks[:, None, :] == masks[:, :, None]) & (index[None, None, :] < index[None, :, None]))
    rename = bigger.sum(axis=2)  # (deals, 4): each suit's new name
    renamed = np.where(natural, deals - suit + np.take_along_axis(rename, suit, axis=1), deals)
    order = np.argsort(renamed, axis=1, kind="stable")
    places = np.empty_like(order)
    np.put_along_axis(places, order, np.arange(5)[None, :].repeat(len(deals), axis=0), axis=1)
    return colex(np.take_along_axis(renamed, order, axis=1)), places


def in_deal(holds: np.ndarray, places: np.ndarray) -> np.ndarray:
    """Holds of members' positions as holds of the deals' own cards (bit i: the deal's i-th card as given)."""
    out = np.zeros(len(places), dtype=np.int64)
    for i in range(5):
        out |= ((holds >> places[:, i]) & 1) << i
    return out


def member_holds(places: np.ndarray) -> np.ndarray:
    """For each deal, each of its own holds (bit i: its i-th card) as a hold of its member's positions: (deals, 32)."""
    masks = np.arange(32)
    out = np.zeros((len(places), 32), dtype=np.int64)
    for i in range(5):
        out |= ((masks[None, :] >> i) & 1) << places[:, i:i + 1]
    return out
