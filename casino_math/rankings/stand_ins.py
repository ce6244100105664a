"""Many hands valued at once, each wild card tried as every stand-in in arrays: :meth:`Ranking.hand_value`'s rule.

:meth:`~casino_math.rankings.base.Ranking.hand_value` values one hand, trying each multiset of stand-ins for its wild
cards (in the main suit and out of it) in a loop: 1,820 multisets for four deuces. A ranking's look-up table asks for
thousands of such hands at once (DJ Wild Stud's: 7,749), so here every hand of one number of wild cards is expanded
against every multiset of stand-ins in one array, each natural hand met is valued once from the declaration
(:meth:`~casino_math.rankings.base.Ranking.natural_value`), and the best kept, the bug's rule applied as a mask.
A hand that tries no stand-in (natural cards only, wild cards alone, lowball's bug) is valued by ``hand_value``
itself. The tests check the two agree on every hand of the shipped rankings' tables.

>>> from casino_math.rankings import get_ranking
>>> deuces = get_ranking("deuces-wild")
>>> hands = np.array([[14, 13, WILD, WILD, WILD], [9, 9, 5, 4, WILD]])
>>> suited = np.array([[True] * 5, [False] * 5])
>>> values(deuces, hands, suited).tolist() == [deuces.hand_value(list(r), list(s)) for r, s in zip(hands, suited)]
True
"""

from __future__ import annotations

import itertools
from typing import Literal, Protocol, Sequence

import numpy as np

from ..cards import ACE
from .codes import BUG_CATEGORIES, CATEGORY_SHIFT, WILD
from .shapes import FIVE_WILDS, Shape


class Ranking(Protocol):
    """What the stand-ins read of a ranking (:class:`~casino_math.rankings.base.Ranking`, which calls them: it is not
    imported here, so that the two modules do not import each other)."""

    @property
    def name(self) -> str: ...
    @property
    def shapes(self) -> tuple[Shape, ...]: ...
    @property
    def wild(self) -> Literal["wild", "bug"] | None: ...
    @property
    def bug(self) -> Literal["ace_or_completes", "lowest_missing"]: ...
    @property
    def suits(self) -> Literal["none", "flush", "groups"]: ...
    @property
    def categories(self) -> tuple[str, ...]: ...
    @property
    def natural_ranks(self) -> tuple[int, ...]: ...
    @property
    def flush_threshold(self) -> int | None: ...
    def hand_value(self, ranks: Sequence[int], suited: Sequence[bool]) -> int: ...
    def natural_value(self, ranks: Sequence[int], suited: Sequence[bool]) -> int | None: ...

CARD_BITS = 5  # a natural card as rank * 2 + suited: under 32 for ranks up to 14


def values(ranking: Ranking, ranks: np.ndarray, suited: np.ndarray) -> np.ndarray:
    """``ranking.hand_value`` of each row of ``ranks`` (``WILD`` for a wild card) and ``suited`` (bools), as int64."""
    k = ranks.shape[1]
    wilds = (ranks == WILD).sum(axis=1)
    tried = (wilds > 0) & ~((wilds == k) & (FIVE_WILDS in ranking.shapes))
    if ranking.wild == "bug" and ranking.bug == "lowest_missing":
        tried[:] = False  # lowball's bug is one card, not a choice
    out = np.empty(len(ranks), dtype=np.int64)
    for row in np.flatnonzero(~tried & (wilds > 0)):
        out[row] = ranking.hand_value([int(r) for r in ranks[row]], [bool(s) for s in suited[row]])
    counts = [int(count) for count in np.unique(wilds[tried])]
    groups = [np.flatnonzero(tried & (wilds == count)) for count in counts]
    made = [_stand_ins(ranking, ranks[rows], suited[rows], count) for rows, count in zip(groups, counts)]
    natural = np.flatnonzero(wilds == 0)
    found = natural_values(ranking, np.concatenate([ranks[natural], *(m[0] for m in made)]),
                           np.concatenate([suited[natural], *(m[1] for m in made)]))
    if (found[:len(natural)] < 0).any():
        raise AssertionError(f"{ranking.name}: no shape matches {ranks[natural[np.argmax(found[:len(natural)] < 0)]]}")
    out[natural] = found[:len(natural)]
    completes = np.array([name in BUG_CATEGORIES for name in ranking.categories])
    start = len(natural)
    for rows, (hands, _, allowed, plain) in zip(groups, made):
        part = found[start:start + len(hands)].reshape(allowed.shape)
        start += len(hands)
        if ranking.wild == "bug":  # a bug standing for anything but an ace only completes a straight or a flush
            allowed = allowed & ~(plain & ~completes[np.maximum(part, 0) >> CATEGORY_SHIFT])
        out[rows] = np.where(allowed, part, -1).max(axis=1)
    return out


def _stand_ins(ranking: Ranking, ranks: np.ndarray, suited: np.ndarray, count: int
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The natural hands each row's ``count`` wild cards make, as ``hand_value`` tries them: every multiset of
    stand-ins out of the main suit, then in it; their ranks and suited flags (rows of ``k``), whether each is tried
    (rows, choices: in the suit only where the row's natural cards allow it), and whether each stand-in is not all aces
    (choices: where a bug may not play)."""
    k = ranks.shape[1]
    naturals_first = np.argsort(ranks == WILD, axis=1, kind="stable")
    naturals = np.take_along_axis(ranks, naturals_first, axis=1)[:, :k - count]
    natural_suited = np.take_along_axis(suited, naturals_first, axis=1)[:, :k - count]
    stand_ins = np.array(list(itertools.combinations_with_replacement(ranking.natural_ranks, count)), dtype=np.int64)
    rows, choices = len(ranks), len(stand_ins)
    hands = np.concatenate([np.broadcast_to(naturals[:, None, :], (rows, 2 * choices, k - count)),
                            np.broadcast_to(np.tile(stand_ins, (2, 1))[None], (rows, 2 * choices, count))], axis=2)
    in_suit = np.repeat([False, True], choices)
    flags = np.concatenate([np.broadcast_to(natural_suited[:, None, :], (rows, 2 * choices, k - count)),
                            np.broadcast_to(in_suit[None, :, None], (rows, 2 * choices, count))], axis=2)
    threshold = ranking.flush_threshold
    may_join = np.zeros(rows, dtype=bool)
    if threshold is not None:
        may_join = natural_suited.sum(axis=1) + count >= threshold
        if ranking.suits != "groups":
            may_join &= natural_suited.all(axis=1)
    tried = ~in_suit[None, :] | may_join[:, None]
    plain = np.tile((stand_ins != ACE).any(axis=1), 2)[None, :]
    return hands.reshape(-1, k), flags.reshape(-1, k), tried, plain


def natural_values(ranking: Ranking, ranks: np.ndarray, suited: np.ndarray) -> np.ndarray:
    """``ranking.natural_value`` of each row of natural cards (-1 where no shape takes it), each distinct hand valued
    once: a hand is its cards as (rank, suited) sorted, one integer."""
    threshold = ranking.flush_threshold
    if threshold is None:
        suited = np.zeros_like(suited)
    else:
        suited = suited & (suited.sum(axis=1) >= threshold)[:, None]  # too few of a suit: it does not matter
    cards = -np.sort(-(ranks * 2 + suited), axis=1)
    code = np.zeros(len(cards), dtype=np.int64)
    for column in cards.T:
        code = code << CARD_BITS | column
    distinct, where = np.unique(code, return_inverse=True)
    cards = distinct[:, None] >> CARD_BITS * np.arange(ranks.shape[1] - 1, -1, -1) & (1 << CARD_BITS) - 1
    found = np.array([-1 if value is None else value for value in map(
        ranking.natural_value, (cards >> 1).tolist(), (cards & 1).astype(bool).tolist())], dtype=np.int64)
    return found[where.ravel()]
