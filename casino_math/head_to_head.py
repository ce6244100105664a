"""Every hand against every other hand dealt from what is left: counted, not visited.

For each player hand P and a threshold value x, the number of dealer hands
that share no card with P and are worth less than x is, by inclusion–exclusion,

    Σ over subsets S of P:  (−1)^|S| · #{dealer hands D ⊇ S with value < x}

and each term is one binary search in a table of hand values grouped by the
cards they contain. So 22,100 × 18,424 Three Card Poker deals cost a few
hundred thousand searches instead of 407,170,400 comparisons.

>>> from casino_math.rankings import get_ranking
>>> deal = every_hand(get_ranking("three-card"), 3)
>>> len(deal.values), int(deal.disjoint_below(deal.values + 1).max())   # no hand is beaten by more than the rest
(22100, 18424)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cached_property
from math import comb

import numpy as np

from .rankings import Ranking, WILD, sort_hands


@dataclass(frozen=True, eq=False)
class EveryHand:
    """All C(deck, n) hands of one deck: card ids (rows ascending), sorted ranks and suits, values."""

    ranking: Ranking
    cards: np.ndarray  # (H, n) card ids: index into ranking.deck.cards
    ranks: np.ndarray
    suits: np.ndarray
    values: np.ndarray

    @property
    def size(self) -> int:
        return len(self.values)

    @property
    def others(self) -> int:
        """How many hands can be dealt from the cards one hand leaves."""
        deck, n = len(self.ranking.deck), self.cards.shape[1]
        return comb(deck - n, n)

    @cached_property
    def _subset_tables(self) -> list[tuple[np.ndarray, np.ndarray, int]]:
        """For each subset size j: the sorted (subset key, value) composites of every hand, the keys of each hand's j-subsets, the value base."""
        n = self.cards.shape[1]
        base = int(self.values.max()) + 2
        tables = []
        for j in range(n + 1):
            positions = list(itertools.combinations(range(n), j))
            keys = np.stack([_subset_key(self.cards[:, list(p)]) for p in positions], axis=1)  # (H, C(n, j))
            composite = np.sort((keys * base + self.values[:, None]).ravel())
            tables.append((composite, keys, base))
        return tables

    def disjoint_below(self, thresholds: np.ndarray) -> np.ndarray:
        """For each hand i: how many hands sharing no card with it have a value below thresholds[i] (or [i, m])."""
        thresholds = np.asarray(thresholds, dtype=np.int64)
        columns = thresholds.reshape(len(self.values), -1)
        total = np.zeros(columns.shape, dtype=np.int64)
        for j, (composite, keys, base) in enumerate(self._subset_tables):
            low = keys[:, :, None] * base
            high = low + columns[:, None, :]
            count = np.searchsorted(composite, high) - np.searchsorted(composite, low)
            total += (-1) ** j * count.sum(axis=1)
        return total.reshape(thresholds.shape)


def _subset_key(cards: np.ndarray) -> np.ndarray:
    """A unique number for each ascending set of card ids (its combinatorial rank; 0 for the empty set)."""
    key = np.zeros(len(cards), dtype=np.int64)
    for i in range(cards.shape[1]):
        key += np.array([comb(int(c), i + 1) for c in range(int(cards.max(initial=0)) + 1)], dtype=np.int64)[cards[:, i]]
    return key


def every_hand(ranking: Ranking, n: int) -> EveryHand:
    """Every n-card hand of the ranking's deck, valued by the ranking (its best hand_size cards)."""
    deck = ranking.deck.cards
    ids = np.array(list(itertools.combinations(range(len(deck)), n)), dtype=np.int64)
    rank_of = np.array([WILD if ranking.is_wild(c) else c.rank for c in deck], dtype=np.int64)
    suit_of = np.array([-1 if ranking.is_wild(c) else c.suit for c in deck], dtype=np.int64)
    ranks, suits = sort_hands(rank_of[ids], suit_of[ids])
    return EveryHand(ranking, ids, ranks, suits, ranking.best_values(ranks, suits))
