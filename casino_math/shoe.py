"""A shoe counted by multiplicities: how many cards of each rank and suit it holds, and in how many ways cards fall.

An eight-deck shoe holds 416 cards, but only 52 kinds of card (13 ranks of
each suit), and a game that never looks at suits sees only 13 kinds, and
baccarat's drawing rules only 10 (tens and faces all count 0). Counting deals
kind by kind instead of card by card is what makes shoes cheap.

A *symbol* stands for a kind of card at one of three details: the card itself
(rank and suit), its rank, or its class (ranks that a game cannot tell apart,
such as baccarat's ten-valued cards). The number of ordered ways to deal a
sequence of symbols without replacement is a product of falling counts,
taken finest detail first so that every factor is known: a card already
dealt is one fewer of its rank, and of its class.

>>> shoe = Shoe.of(Deck.named("standard", decks=8))
>>> shoe.size, int(shoe.rank_counts[-1]), shoe.without(Card(14, 3)).size
(416, 32, 415)
>>> kinds = Alphabet(shoe)
>>> ace, king = kinds.ranks.index(14), kinds.ranks.index(13)
>>> int(kinds.ways(np.array([[ace, ace, king]]), (RANK, RANK, RANK))[0])   # A, A, K in this order: 32·31·32
31744
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterable, Sequence

import numpy as np

from .cards import Card, Deck
from .errors import InputError

CLASS, RANK, CARD = 0, 1, 2  # details of a symbol, coarsest first
DETAILS = ("class", "rank", "card")
SUITS = 4


@dataclass(frozen=True)
class Shoe:
    """Cards by kind: ``counts[i][s]`` copies of rank ``ranks[i]`` in suit ``s`` (clubs, diamonds, hearts, spades)."""

    ranks: tuple[int, ...]
    counts: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        if len(self.ranks) != len(self.counts) or any(len(c) != SUITS or min(c) < 0 for c in self.counts):
            raise InputError("a shoe gives four non-negative suit counts for each rank")

    @classmethod
    def of(cls, deck: Deck) -> Shoe:
        """The shoe of a deck (or of several decks): each card as many times as there are decks."""
        if deck.jokers:
            raise InputError(f"the {deck} deck holds jokers: a shoe is counted without them")
        return cls(tuple(deck.ranks), tuple((deck.decks,) * SUITS for _ in deck.ranks))

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> Shoe:
        """Any composition, card by card (repeats allowed): ``Shoe.from_cards(parse_cards("Ah Ah Kd", allow_repeats=True))``."""
        cards = list(cards)
        if any(c.is_joker for c in cards):
            raise InputError("a shoe is counted without jokers")
        ranks = tuple(sorted({c.rank for c in cards}))
        counts = [[0] * SUITS for _ in ranks]
        for c in cards:
            counts[ranks.index(c.rank)][c.suit] += 1
        return cls(ranks, tuple(tuple(c) for c in counts))

    def without(self, *cards: Card) -> Shoe:
        """The shoe with these cards taken out (the ranks stay, perhaps with no card left)."""
        counts = [list(c) for c in self.counts]
        for card in cards:
            if card.rank not in self.ranks or counts[self.ranks.index(card.rank)][card.suit] == 0:
                raise InputError(f"no {card} left in the shoe to take out")
            counts[self.ranks.index(card.rank)][card.suit] -= 1
        return Shoe(self.ranks, tuple(tuple(c) for c in counts))

    @cached_property
    def card_counts(self) -> np.ndarray:
        """Copies of each card kind, indexed rank position × 4 + suit."""
        return np.array(self.counts, dtype=np.int64).reshape(-1)

    @cached_property
    def rank_counts(self) -> np.ndarray:
        return np.array(self.counts, dtype=np.int64).sum(axis=1)

    @property
    def size(self) -> int:
        return int(self.rank_counts.sum())

    def cards(self) -> list[Card]:
        """Every card of the shoe, one by one (what a brute force visits)."""
        return [Card(r, s) for r, per_suit in zip(self.ranks, self.counts) for s, n in enumerate(per_suit) for _ in range(n)]


@dataclass(frozen=True)
class Alphabet:
    """The symbols of a shoe at each detail, and how many cards each stands for.

    ``classes`` maps each rank (by position in ``shoe.ranks``) to its class;
    by default every rank is a class of its own.
    """

    shoe: Shoe
    classes: tuple[int, ...] = field(default=())

    @cached_property
    def rank_class(self) -> np.ndarray:
        return np.array(self.classes or range(len(self.shoe.ranks)), dtype=np.int64)

    @property
    def ranks(self) -> tuple[int, ...]:
        return self.shoe.ranks

    @cached_property
    def _counts(self) -> tuple[np.ndarray, ...]:
        per_class = np.bincount(self.rank_class, weights=self.shoe.rank_counts, minlength=int(self.rank_class.max()) + 1)
        return per_class.astype(np.int64), self.shoe.rank_counts, self.shoe.card_counts

    def counts(self, detail: int) -> np.ndarray:
        """How many cards of the shoe each symbol of this detail stands for."""
        return self._counts[detail]

    def symbols(self, detail: int) -> np.ndarray:
        """The symbols of this detail that the shoe holds at least one card of."""
        return np.flatnonzero(self._counts[detail] > 0)

    def project(self, symbols: np.ndarray, detail: int, to: int) -> np.ndarray:
        """The same cards at a coarser detail (a card's rank, a rank's class)."""
        if detail == CARD and to < CARD:
            symbols, detail = symbols // SUITS, RANK
        if detail == RANK and to == CLASS:
            symbols = self.rank_class[symbols]
        return symbols

    def ways(self, symbols: np.ndarray, details: Sequence[int]) -> np.ndarray:
        """Ordered ways to deal each row: position p gets one card of symbol ``symbols[:, p]`` (−1: no card there).

        Positions are taken finest detail first: each factor is the symbol's
        count less the cards already dealt that it covers, which are then all
        of finer or equal detail and so known.
        """
        n = len(symbols)
        out = np.ones(n, dtype=np.int64)
        order = sorted(range(len(details)), key=lambda p: -details[p])
        for i, p in enumerate(order):
            detail, here = details[p], symbols[:, p] >= 0
            mine = np.where(here, symbols[:, p], 0)
            left = self._counts[detail][mine].copy()
            for q in order[:i]:
                left -= (self.project(np.maximum(symbols[:, q], 0), details[q], detail) == mine) & (symbols[:, q] >= 0)
            out *= np.where(here, np.maximum(left, 0), 1)
        return out


def falling(n: int, k: int) -> int:
    """n (n−1) … (n−k+1): ordered ways to deal k cards from n.

    >>> falling(416, 6)
    4998398275503360
    """
    out = 1
    for i in range(k):
        out *= n - i
    return out
