"""A ranking: ordered hand shapes, turned into comparable integers, fast.

A hand's *value* is ``category_index << 20 | tiebreak``: bigger is better,
equal values tie, and ``value >> 20`` is the category (weakest = 0). Values of
many hands at once come from a lookup table keyed by the sorted ranks and
the suit information the ranking cares about; the table fills itself from
the Python declaration the first time a key is seen, so the declaration is
the single source of truth and the vectorised path can never disagree with it.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal, Sequence

import numpy as np

from ..cards import ACE, Card, Deck
from .shapes import HandView, Shape

CATEGORY_SHIFT = 20
WILD = 1  # rank code of a wild card in value arrays: below every natural rank, so it sorts last

SuitUse = Literal["none", "flush", "groups"]
WildPolicy = Literal["wild", "bug"]
_BUG_CATEGORIES = frozenset({"straight", "flush", "straight_flush", "royal_flush"})


def _encode(tiebreak: tuple[int, ...]) -> int:
    code = 0
    for i in range(5):
        code = code << 4 | (tiebreak[i] if i < len(tiebreak) else 0)
    return code


@dataclass(frozen=True, eq=False)
class Ranking:
    """A poker ranking over hands of ``hand_size`` cards from ``deck``.

    ``shapes`` run weakest to strongest. ``suits`` says what of the suits
    matters: nothing (ace-to-five low), whether all cards share one (``flush``),
    or which cards do (``groups``, for Sökö's four-flush). ``wild`` names how
    wild cards play (jokers, or every deuce where ``wild_deuces``).
    """

    name: str
    deck: Deck
    shapes: tuple[Shape, ...]
    hand_size: int = 5
    suits: SuitUse = "flush"
    ace_low: bool = False
    runs: tuple[tuple[int, ...], ...] = ()
    short_runs: tuple[tuple[int, ...], ...] = ()
    wild: WildPolicy | None = None
    wild_deuces: bool = False
    description: str = ""
    _lut_cache: dict[str, np.ndarray] = field(default_factory=dict, repr=False)

    # -- the declaration ------------------------------------------------------------------
    @cached_property
    def categories(self) -> tuple[str, ...]:
        """Category names, weakest first."""
        return tuple(s.name for s in self.shapes)

    def category_of(self, value: int) -> str:
        return self.categories[int(value) >> CATEGORY_SHIFT]

    @property
    def flush_threshold(self) -> int | None:
        """How many cards of one suit start to matter to this ranking (None: suits never do)."""
        if self.suits == "none":
            return None
        return self.hand_size - 1 if self.suits == "groups" else self.hand_size

    def is_wild(self, card: Card) -> bool:
        return card.is_joker or (self.wild_deuces and card.rank == 2)

    @cached_property
    def natural_ranks(self) -> tuple[int, ...]:
        """Ranks a wild card may stand for, high to low."""
        return tuple(sorted(self.deck.ranks, reverse=True))

    # -- one hand, in plain Python ------------------------------------------------------
    def _natural_value(self, ranks: Sequence[int], suited: Sequence[bool]) -> int:
        if self.ace_low:
            ranks = [1 if r == ACE else r for r in ranks]
        view = HandView.of(tuple(ranks), tuple(suited), self.runs, self.short_runs)
        for index in range(len(self.shapes) - 1, -1, -1):
            shape = self.shapes[index]
            if shape.matches(view):
                return index << CATEGORY_SHIFT | _encode(shape.tiebreak(view))
        raise AssertionError(f"{self.name}: no shape matches {ranks}")  # the weakest shape matches all

    def hand_value(self, ranks: Sequence[int], suited: Sequence[bool]) -> int:
        """Value of one ``hand_size``-card hand; ``WILD`` ranks are wild cards.

        ``suited[i]``: card i is in the suit the others share (ignored for wild cards).
        A wild card stands for whichever rank, in or out of that suit, gives
        the best hand (the bug: an ace, or any card that completes a straight or flush).
        """
        wilds = sum(1 for r in ranks if r == WILD)
        if not wilds:
            return self._natural_value(ranks, suited)
        naturals = [r for r in ranks if r != WILD]
        natural_suited = [s for r, s in zip(ranks, suited) if r != WILD]
        suit_choices = (True, False) if all(natural_suited) else (False,)
        best = -1
        for stand_ins in itertools.combinations_with_replacement(self.natural_ranks, wilds):
            for in_suit in suit_choices:
                value = self._natural_value(naturals + list(stand_ins), natural_suited + [in_suit] * wilds)
                if self.wild == "bug" and any(r != ACE for r in stand_ins):
                    if self.category_of(value) not in _BUG_CATEGORIES:
                        continue
                best = max(best, value)
        return best

    def evaluate(self, cards: Sequence[Card] | str) -> int:
        """Value of the best ``hand_size`` cards among ``cards`` (slow, exact reference)."""
        from ..cards import parse_cards

        if isinstance(cards, str):
            cards = parse_cards(cards)
        ranks, suits = cards_to_arrays([cards], self)
        return int(self.best_values(ranks, suits)[0])

    # -- many hands at once ------------------------------------------------------------------
    @cached_property
    def _rank_code(self) -> np.ndarray:
        code = np.zeros(16, dtype=np.int64)
        for i, r in enumerate(sorted(self.deck.ranks)):
            code[r] = i + 1
        return code

    def _suit_feature(self, suits: np.ndarray, naturals: np.ndarray) -> tuple[np.ndarray, int]:
        """The suit information this ranking needs, as a small integer per hand, and how many values it takes."""
        k = suits.shape[-1]
        if self.suits == "none":
            return np.zeros(suits.shape[:-1], dtype=np.int64), 1
        if self.suits == "flush":
            first = suits[..., :1]  # position 0 is natural unless every card is wild
            return np.all((suits == first) | ~naturals, axis=-1).astype(np.int64), 2
        same = (suits[..., :, None] == suits[..., None, :]) & naturals[..., None, :]
        in_group = (same.sum(axis=-1) >= self.flush_threshold) & naturals
        weights = 1 << np.arange(k, dtype=np.int64)
        return (in_group * weights).sum(axis=-1), 1 << k

    def _values_of_sorted(self, ranks: np.ndarray, suits: np.ndarray) -> np.ndarray:
        """Values of hand_size-card hands, ranks sorted high to low (wild = WILD, last)."""
        k = ranks.shape[-1]
        base = len(self.deck.ranks) + 1
        naturals = ranks != WILD
        feature, n_features = self._suit_feature(suits, naturals)
        codes = self._rank_code[ranks]
        key = np.zeros(ranks.shape[:-1], dtype=np.int64)
        for i in range(k):
            key = key * base + codes[..., i]
        key = key * n_features + feature
        lut = self._lut_cache.get("lut")
        if lut is None:
            lut = np.full(base**k * n_features, -1, dtype=np.int32)
            self._lut_cache["lut"] = lut
        flat = key.ravel()
        missing = lut[flat] < 0
        if missing.any():
            new_keys, first = np.unique(flat[missing], return_index=True)
            example_rows = np.flatnonzero(missing)[first]
            flat_ranks = ranks.reshape(-1, k)[example_rows]
            flat_suits = suits.reshape(-1, k)[example_rows]
            for key_, r, s in zip(new_keys, flat_ranks, flat_suits):
                lut[key_] = self.hand_value(tuple(int(x) for x in r), self._suited_flags(r, s))
        return lut[key]

    def _suited_flags(self, ranks: np.ndarray, suits: np.ndarray) -> tuple[bool, ...]:
        naturals = [int(s) for r, s in zip(ranks, suits) if r != WILD]
        if not naturals:
            return (True,) * len(ranks)
        flush_suit = max(set(naturals), key=naturals.count)
        return tuple(bool(r == WILD or s == flush_suit) for r, s in zip(ranks, suits))

    def best_values(self, ranks: np.ndarray, suits: np.ndarray) -> np.ndarray:
        """Value of the best ``hand_size`` cards of each hand (rows of rank and suit arrays).

        Rows must be sorted by rank, high to low, with wild cards (rank WILD) last;
        :func:`cards_to_arrays` builds such arrays.
        """
        n = ranks.shape[-1]
        k = self.hand_size
        if n < k:
            raise ValueError(f"{self.name} needs {k} cards, got {n}")
        if n == k:
            return self._values_of_sorted(ranks, suits)
        subsets = np.array(list(itertools.combinations(range(n), k)))
        best = np.full(ranks.shape[:-1], -1, dtype=np.int64)
        # one subset at a time keeps memory flat for millions of hands
        for subset in subsets:
            np.maximum(best, self._values_of_sorted(ranks[..., subset], suits[..., subset]), out=best)
        return best


def cards_to_arrays(hands: Sequence[Sequence[Card]], ranking: Ranking) -> tuple[np.ndarray, np.ndarray]:
    """Rank and suit arrays (sorted, wild cards as WILD) for a list of equal-size hands.

    >>> from casino_math.rankings import get_ranking
    >>> ranks, suits = cards_to_arrays([[Card(5, 0), Card(14, 2)]], get_ranking("high"))
    >>> ranks.tolist(), suits.tolist()
    ([[14, 5]], [[2, 0]])
    """
    ranks = np.array([[WILD if ranking.is_wild(c) else c.rank for c in h] for h in hands], dtype=np.int64)
    suits = np.array([[-1 if ranking.is_wild(c) else c.suit for c in h] for h in hands], dtype=np.int64)
    return sort_hands(ranks, suits)


def sort_hands(ranks: np.ndarray, suits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sort each row high rank first (ties by suit), as :meth:`Ranking.best_values` expects."""
    order = np.argsort(-(ranks * 8 + suits), axis=-1, kind="stable")
    return np.take_along_axis(ranks, order, -1), np.take_along_axis(suits, order, -1)
