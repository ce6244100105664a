"""Hand strength tables: the best five of k cards from two tables filled by the ranking itself (numpy only).

Where suits matter to a ranking only through flushes (high poker), the best five of k cards is the
better of (a) the best five of its ranks valued as if no five shared a suit, and (b) the best five of
the cards of a suit holding five or more. (a) depends on the multiset of ranks alone, (b) on the set
of ranks in that suit alone, so two tables hold every hand: one indexed by the rank multiset (its
colex rank as a k-combination with repetition), one by the rank bitmask of a suit. Both are filled
from the ranking's declaration (:meth:`~casino_math.rankings.base.Ranking.best_values`) and hold
*strengths*: the index of a hand's value among all values, dense and ordered as the values are, so
that counting kernels can bucket hands by strength.

>>> from casino_math.cards import Deck
>>> from casino_math.rankings import get_ranking
>>> tables = strength_tables(get_ranking("high"), Deck.standard(), (5, 7))
>>> len(tables.values)   # every distinct five-card value: 7,462 in a 52-card deck
7462
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from ....cards import Deck
from ....rankings import CATEGORY_SHIFT, Ranking
from ....counting.holdem_shape import unsupported
from ....subsets import BINOMIAL
from ....held import cached


@dataclass(frozen=True, eq=False)
class StrengthTables:
    """Lookup tables of hand strength for hands of the sizes in ``multisets`` (k -> table)."""

    values: np.ndarray  # strength -> the ranking's value, ascending
    multisets: dict[int, np.ndarray]  # k -> strength of the best five of the ranks, unsuited, by multiset index (-1: no such hand)
    flushes: np.ndarray  # rank bitmask of one suit -> strength of its best five suited (-1: fewer than five)
    rank_of: np.ndarray  # card id -> rank index, 0 = the lowest rank of the deck
    suit_of: np.ndarray
    binomial: np.ndarray

    @property
    def ranks(self) -> int:
        return int(self.flushes.size).bit_length() - 1

    def strength(self, value: int) -> int:
        """The strength of the weakest hand worth at least ``value`` (a qualifier or a rule's threshold)."""
        return int(np.searchsorted(self.values, value, side="left"))

    def categories(self) -> np.ndarray:
        """The category index of every strength."""
        return self.values >> CATEGORY_SHIFT


@cached(maxsize=16)
def strength_tables(ranking: Ranking, deck: Deck, sizes: tuple[int, ...]) -> StrengthTables:
    """The tables for hands of each size in ``sizes`` (each at least five cards) from ``deck``."""
    reason = unsupported(ranking, deck)
    if reason:
        raise ValueError(f"strength tables: {reason}")
    n_ranks = len(deck.ranks)
    rank_values = np.array(sorted(deck.ranks), dtype=np.int64)
    raw: dict[int, np.ndarray] = {}
    for k in sizes:
        rows = np.array(list(itertools.combinations_with_replacement(range(n_ranks), k)), dtype=np.int64)
        valid = np.array([max(np.bincount(r)) <= 4 for r in rows])
        rows = rows[valid]
        # suits in turn along the sorted ranks: cards of one rank differ, and no suit holds five
        suits = np.broadcast_to(np.arange(k) % 4, rows.shape)
        values = ranking.best_values(rank_values[rows][:, ::-1], suits[:, ::-1].copy())
        table = np.full(BINOMIAL[n_ranks + k - 1, k], -1, dtype=np.int64)
        table[multiset_indices(rows)] = values
        raw[k] = table
    flush = np.full(1 << n_ranks, -1, dtype=np.int64)
    for k in range(5, min(max(sizes), n_ranks) + 1):
        rows = np.array(list(itertools.combinations(range(n_ranks), k)), dtype=np.int64)
        values = ranking.best_values(rank_values[rows][:, ::-1], np.zeros(rows.shape, dtype=np.int64))
        flush[(1 << rows).sum(axis=1)] = values
    values = np.unique(np.concatenate([t[t >= 0] for t in (*raw.values(), flush)]))

    def dense(table: np.ndarray) -> np.ndarray:
        return np.where(table >= 0, np.searchsorted(values, table), -1)

    ids = np.arange(len(deck.cards))
    return StrengthTables(values, {k: dense(t) for k, t in raw.items()}, dense(flush), ids // 4, ids % 4, BINOMIAL)


def multiset_indices(rows: np.ndarray) -> np.ndarray:
    """The colex index of each row of ranks (ascending) among the k-multisets: ranks r_i + i are a k-subset."""
    shifted = rows + np.arange(rows.shape[1])
    return BINOMIAL[shifted, np.arange(1, rows.shape[1] + 1)].sum(axis=1)


def strengths_reference(tables: StrengthTables, ranking: Ranking, deck: Deck, hands: np.ndarray) -> np.ndarray:
    """The strength of each row of card ids by the ranking's own evaluator, for tests of the tables and kernels."""
    from ....showdown import hand_values

    values = hand_values(ranking, deck, hands)
    strengths = np.searchsorted(tables.values, values)
    assert np.array_equal(tables.values[strengths], values), "a value the tables do not know"
    return strengths
