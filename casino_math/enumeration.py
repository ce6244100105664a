"""Exact counts over every hand a deck can deal.

Visiting 133,784,560 seven-card hands one by one is slow; counting them is not.
A hand's value depends only on its ranks and on which of its cards share the
suit that could make a flush. So hands fall into *classes*:

- a rank multiset with no suit holding ``t`` or more cards (``t`` = how many
  suited cards start to matter to the ranking), or
- a rank multiset together with the exact set of ranks ``S`` (``|S| >= t``)
  held in one suit.

While fewer than ``2t`` natural cards are dealt, at most one suit can reach
``t``, so the classes partition the hands. Each class's size is a product of
binomial coefficients, one per rank, which also handles dead cards (known to
be out) and fixed cards (known to be in the hand). One representative hand per
class is evaluated, and its value counted as many times as the class is big.
Wild cards multiply each class by the ways to choose them. Where the
partition would not hold (many wild cards), the hands are visited one by one.

>>> counts = category_counts(get_ranking("three-card"), 3)
>>> counts["straight_flush"], counts["straight"], sum(counts.values())
(48, 720, 22100)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from math import comb
from typing import Iterable, Literal, Sequence

import numpy as np

from .cards import Card
from .errors import InputError
from .rankings import CATEGORY_SHIFT, WILD, Ranking, get_ranking, sort_hands

Method = Literal["classes", "brute"]
# binomial table C(a, b) for a, b in 0..4; out of range → 0 (handled by masking)
_COMB = np.array([[comb(a, b) for b in range(5)] for a in range(5)], dtype=np.int64)


def _choose(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    ok = (b >= 0) & (b <= a)
    return np.where(ok, _COMB[np.clip(a, 0, 4), np.clip(b, 0, 4)], 0)


@dataclass(frozen=True)
class Hands:
    """Representative hands (rank and suit arrays, sorted high first) and how many real hands each stands for."""

    ranks: np.ndarray
    suits: np.ndarray
    weights: np.ndarray

    @property
    def total(self) -> int:
        return int(self.weights.sum())


@dataclass(frozen=True)
class Situation:
    """What is known before the deal: the deck, dead cards and fixed cards, split into naturals and wilds."""

    ranks: tuple[int, ...]  # natural ranks, high first
    available: np.ndarray  # (ranks, 4) bool: may still be dealt
    fixed: np.ndarray  # (ranks, 4) bool: already in the hand
    wilds_available: int
    wilds_fixed: int

    @classmethod
    def of(cls, ranking: Ranking, dead: Sequence[Card] = (), fixed: Sequence[Card] = ()) -> Situation:
        deck = ranking.deck
        deck.check_contains(dead, "dead cards")
        deck.check_contains(fixed, "fixed cards")
        overlap = set(dead) & set(fixed) - {c for c in dead if c.is_joker}
        if overlap:
            raise InputError(f"a card cannot be both dead and fixed: {' '.join(map(str, sorted(overlap)))}")
        if sum(c.is_joker for c in dead) + sum(c.is_joker for c in fixed) > deck.jokers:
            raise InputError(f"more jokers dead and fixed than the {deck} deck holds")
        wild_pool = [c for c in deck.cards if ranking.is_wild(c)]
        ranks = tuple(r for r in sorted(deck.ranks, reverse=True) if not (ranking.wild_deuces and r == 2))
        index = {r: i for i, r in enumerate(ranks)}
        available = np.ones((len(ranks), 4), dtype=bool)
        fixed_grid = np.zeros((len(ranks), 4), dtype=bool)
        for card in dead:
            if not ranking.is_wild(card):
                available[index[card.rank], card.suit] = False
        for card in fixed:
            if not ranking.is_wild(card):
                available[index[card.rank], card.suit] = False
                fixed_grid[index[card.rank], card.suit] = True
        wilds_dead = sum(1 for c in dead if ranking.is_wild(c))
        wilds_fixed = sum(1 for c in fixed if ranking.is_wild(c))
        return cls(ranks, available, fixed_grid, len(wild_pool) - wilds_dead - wilds_fixed, wilds_fixed)

    @property
    def fixed_naturals(self) -> int:
        return int(self.fixed.sum())


def _array(rows: Iterable[tuple[int, ...]], width: int) -> np.ndarray:
    rows = list(rows)
    return np.array(rows, dtype=np.int64).reshape(len(rows), width)


def _multisets(ranks: Sequence[int], size: int, limit: np.ndarray) -> np.ndarray:
    """All rank multisets of ``size`` (rows sorted high first) with each rank at most ``limit[rank index]`` times."""
    index = _array(itertools.combinations_with_replacement(range(len(ranks)), size), size)
    counts = np.zeros((len(index), len(ranks)), dtype=np.int64)
    for column in index.T:
        counts[np.arange(len(index)), column] += 1
    keep = np.all(counts <= limit, axis=1)
    return index[keep]


def _rank_counts(index: np.ndarray, n_ranks: int) -> np.ndarray:
    counts = np.zeros((len(index), n_ranks), dtype=np.int64)
    for column in index.T:
        np.add.at(counts, (np.arange(len(index)), column), 1)
    return counts


def _class_hands(situation: Situation, naturals: int, threshold: int | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Natural parts of the classes: rank-index arrays, suit arrays, weights (zero-weight classes dropped)."""
    n_ranks = len(situation.ranks)
    available, fixed = situation.available.astype(np.int64), situation.fixed.astype(np.int64)
    A = available.sum(axis=1)
    f = fixed.sum(axis=1)
    limit = A + f
    plain = _multisets(situation.ranks, naturals, limit)
    plain_counts = _rank_counts(plain, n_ranks)
    drawn = plain_counts - f
    plain_weights = np.where(np.all(drawn >= 0, axis=1), np.prod(_choose(A, drawn), axis=1), 0)
    if threshold is None or threshold > naturals:
        suits = np.arange(naturals)[None, :].repeat(len(plain), 0) % 4
        return plain, suits, plain_weights

    keys = plain_counts @ (5 ** np.arange(n_ranks, dtype=np.int64))
    order = np.argsort(keys)
    flush_index, flush_suits, flush_weights = [], [], []
    for size in range(threshold, min(naturals, n_ranks) + 1):
        in_suit = _array(itertools.combinations(range(n_ranks), size), size)
        others = _multisets(situation.ranks, naturals - size, limit)
        both = np.concatenate(
            [np.repeat(in_suit, len(others), 0), np.tile(others, (len(in_suit), 1))], axis=1
        )
        counts = _rank_counts(both, n_ranks)
        drawn = counts - f
        held = _rank_counts(both[:, :size], n_ranks).astype(bool)
        weight = np.zeros(len(both), dtype=np.int64)
        for s in range(4):  # the flush suit: suits are alike only when no card is dead or fixed
            a_s, F_s = available[:, s], fixed[:, s].astype(bool)
            per_rank = np.where(
                held,
                np.where(F_s, _choose(A, drawn), a_s * _choose(A - 1, drawn - 1)),
                np.where(F_s, 0, _choose(A - a_s, drawn)),
            )
            weight += np.where(np.all(drawn >= 0, axis=1), np.prod(per_rank, axis=1), 0)
        keep = weight > 0
        both, counts, weight = both[keep], counts[keep], weight[keep]
        # the flush classes are taken out of their rank multiset's plain class
        position = order[np.searchsorted(keys, counts @ (5 ** np.arange(n_ranks, dtype=np.int64)), sorter=order)]
        np.subtract.at(plain_weights, position, weight)
        # suit 0 holds S; the other cards go round suits 1..3 (no rank repeats a suit)
        suit = np.concatenate(
            [np.zeros((len(both), size), dtype=np.int64), 1 + np.arange(naturals - size)[None, :].repeat(len(both), 0) % 3],
            axis=1,
        )
        flush_index.append(both)
        flush_suits.append(suit)
        flush_weights.append(weight)
    plain_suits = np.arange(naturals)[None, :].repeat(len(plain), 0) % 4
    index = np.concatenate([plain, *flush_index])
    suits = np.concatenate([plain_suits, *flush_suits])
    weights = np.concatenate([plain_weights, *flush_weights])
    keep = weights > 0
    return index[keep], suits[keep], weights[keep]


def _brute_hands(situation: Situation, naturals: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every natural part one by one: rank-index arrays, suit arrays, weight 1 each."""
    pool = np.argwhere(situation.available)
    held = np.argwhere(situation.fixed)
    combos = _array(itertools.combinations(range(len(pool)), naturals - len(held)), naturals - len(held))
    cards = np.concatenate([np.repeat(held[None], len(combos), 0), pool[combos]], axis=1) if len(held) else pool[combos]
    return cards[..., 0], cards[..., 1], np.ones(len(cards), dtype=np.int64)


def deal(
    ranking: Ranking,
    cards: int,
    *,
    dead: Sequence[Card] = (),
    fixed: Sequence[Card] = (),
    method: Method = "classes",
) -> Hands:
    """Every ``cards``-card hand the deck can deal (holding ``fixed``, never ``dead``), as weighted classes.

    ``method="brute"`` visits each hand once instead: the slow reference the tests compare against.
    """
    situation = Situation.of(ranking, dead, fixed)
    size = len(ranking.deck) - len(dead)
    if cards > size:
        raise InputError(f"cannot deal {cards} cards from {size}")
    if len(fixed) > cards:
        raise InputError(f"{len(fixed)} fixed cards do not fit in a {cards}-card hand")
    parts = []
    rank_values = np.array(situation.ranks, dtype=np.int64)
    for wilds in range(situation.wilds_fixed, situation.wilds_fixed + situation.wilds_available + 1):
        naturals = cards - wilds
        if naturals < situation.fixed_naturals:
            break
        ways = comb(situation.wilds_available, wilds - situation.wilds_fixed)
        threshold = ranking.flush_threshold
        if threshold is not None:
            threshold = max(threshold - wilds, 1)
        partition_holds = threshold is None or naturals < 2 * threshold
        if method == "classes" and partition_holds:
            index, suits, weights = _class_hands(situation, naturals, threshold)
        else:
            index, suits, weights = _brute_hands(situation, naturals)
        ranks = np.concatenate([rank_values[index], np.full((len(index), wilds), WILD)], axis=1)
        suits = np.concatenate([suits, np.full((len(index), wilds), -1)], axis=1)
        parts.append((ranks, suits, weights * ways))
    ranks = np.concatenate([p[0] for p in parts])
    suits = np.concatenate([p[1] for p in parts])
    ranks, suits = sort_hands(ranks, suits)
    return Hands(ranks, suits, np.concatenate([p[2] for p in parts]))


def value_counts(ranking: Ranking, hands: Hands) -> tuple[np.ndarray, np.ndarray]:
    """Distinct hand values (ascending) and how many hands have each."""
    values = ranking.best_values(hands.ranks, hands.suits)
    order = np.argsort(values, kind="stable")
    values, weights = values[order], hands.weights[order]
    starts = np.flatnonzero(np.r_[True, values[1:] != values[:-1]])
    return values[starts], np.add.reduceat(weights, starts)


def category_counts(
    ranking: Ranking,
    cards: int,
    *,
    dead: Iterable[Card] = (),
    fixed: Iterable[Card] = (),
    method: Method = "classes",
) -> dict[str, int]:
    """Exact number of hands in each category, strongest first (zero rows included)."""
    hands = deal(ranking, cards, dead=tuple(dead), fixed=tuple(fixed), method=method)
    values, counts = value_counts(ranking, hands)
    per_category = np.zeros(len(ranking.categories), dtype=np.int64)
    np.add.at(per_category, values >> CATEGORY_SHIFT, counts)
    return {name: int(per_category[i]) for i, name in reversed(list(enumerate(ranking.categories)))}


__all__ = ["Hands", "category_counts", "deal", "get_ranking", "value_counts"]
