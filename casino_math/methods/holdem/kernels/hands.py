"""Hand strength, compiled: one hand, or every hole pair on one board, from the tables of :mod:`~casino_math.methods.holdem.kernels.tables`.

The reference is the ranking's own evaluator (:func:`.tables.strengths_reference`).

>>> from casino_math.cards import Deck, parse_cards
>>> from casino_math.rankings import get_ranking
>>> from casino_math.methods.holdem.kernels.tables import strength_tables
>>> deck, high = Deck.standard(), get_ranking("high")
>>> tables = strength_tables(high, deck, (5, 7))
>>> cards = np.array([deck.cards.index(c) for c in parse_cards("As Ks 2d 2c 7h Qs Js")])
>>> s = hand_strength(cards, tables.rank_of, tables.suit_of, tables.multisets[7], tables.flushes, tables.binomial)
>>> bool(tables.values[s] == high.evaluate("As Ks 2d 2c 7h Qs Js")), high.category_of(tables.values[s])
(True, 'one_pair')
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def multiset_index(sorted_ranks: np.ndarray, binomial: np.ndarray) -> int:
    index = 0
    for i in range(len(sorted_ranks)):
        index += binomial[sorted_ranks[i] + i, i + 1]
    return index


@njit(cache=True)
def hand_strength(cards: np.ndarray, rank_of: np.ndarray, suit_of: np.ndarray, multiset: np.ndarray,
                  flushes: np.ndarray, binomial: np.ndarray) -> int:
    """The strength of one hand (card ids, any order): its ranks' best unsuited, or a suit's best flush."""
    k = len(cards)
    ranks = np.empty(k, dtype=np.int64)
    masks = np.zeros(4, dtype=np.int64)
    counts = np.zeros(4, dtype=np.int64)
    for i in range(k):
        r = rank_of[cards[i]]
        s = suit_of[cards[i]]
        ranks[i] = r
        masks[s] |= 1 << r
        counts[s] += 1
    ranks.sort()
    best = multiset[multiset_index(ranks, binomial)]
    for s in range(4):
        if counts[s] >= 5 and flushes[masks[s]] > best:
            best = flushes[masks[s]]
    return best


@njit(cache=True)
def pair_strengths(board: np.ndarray, pool: np.ndarray, rank_of: np.ndarray, suit_of: np.ndarray, multiset: np.ndarray,
                   flushes: np.ndarray, binomial: np.ndarray, n_ranks: int, out: np.ndarray) -> None:
    """The strength of every two cards of ``pool`` (ascending ids) with the whole board, in colex order of the pair.

    On one board the unsuited part depends only on the two ranks added (a table of n_ranks² entries,
    filled once per board); a flush only where the board holds three cards of a suit.
    """
    b = len(board)
    k = b + 2
    board_ranks = np.empty(b, dtype=np.int64)
    masks = np.zeros(4, dtype=np.int64)
    counts = np.zeros(4, dtype=np.int64)
    for i in range(b):
        board_ranks[i] = rank_of[board[i]]
        masks[suit_of[board[i]]] |= 1 << rank_of[board[i]]
        counts[suit_of[board[i]]] += 1
    board_ranks.sort()
    unsuited = np.empty((n_ranks, n_ranks), dtype=np.int64)
    work = np.empty(k, dtype=np.int64)
    for x in range(n_ranks):
        for y in range(x, n_ranks):
            # the board's sorted ranks with x and y inserted in place
            w = 0
            placed_x = placed_y = False
            for i in range(b):
                r = board_ranks[i]
                if not placed_x and x <= r:
                    work[w] = x
                    w += 1
                    placed_x = True
                if placed_x and not placed_y and y <= r:
                    work[w] = y
                    w += 1
                    placed_y = True
                work[w] = r
                w += 1
            if not placed_x:
                work[w] = x
                w += 1
            if not placed_y:
                work[w] = y
                w += 1
            unsuited[x, y] = unsuited[y, x] = multiset[multiset_index(work, binomial)]
    suits = np.empty(4, dtype=np.int64)
    n_suits = 0
    for s in range(4):
        if counts[s] + 2 >= 5:
            suits[n_suits] = s
            n_suits += 1
    p = 0
    for j in range(len(pool)):
        c = pool[j]
        for i in range(j):
            a = pool[i]
            v = unsuited[rank_of[a], rank_of[c]]
            for t in range(n_suits):
                s = suits[t]
                m = masks[s]
                if suit_of[a] == s:
                    m |= 1 << rank_of[a]
                if suit_of[c] == s:
                    m |= 1 << rank_of[c]
                v = max(v, flushes[m])
            out[p] = v
            p += 1


