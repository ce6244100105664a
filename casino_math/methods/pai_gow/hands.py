"""Pai Gow Poker's two hands, valued: the high hand of five cards and the low hand of two, and every way to set seven.

The high hand is ranked as high poker with the joker as the bug (an ace, or any card completing a straight, a flush or
a straight flush: :mod:`casino_math.rankings`, five aces on top); A-2-3-4-5 ranks as the second-highest straight (and
straight flush) where the game declares it (most casinos), else as the lowest. The low hand is a pair or two cards, the joker an ace. Values
are integers, bigger better, on one scale for both hands, so "the high hand must outrank the low hand" is one
comparison: a low hand of a pair of 8s is below every high hand holding a pair of 8s (its kickers make it higher),
A-K below every A-K-x-y-z.

Seven cards set in 21 ways (:data:`SETTINGS`: which two go to the low hand); a setting is legal when the high hand
outranks the low one.

>>> from casino_math.cards import Deck
>>> hands = PaiGowHands(Deck.standard(jokers=1))
>>> wheel, king, ace = (hands.high_value(h) for h in ("Ah 2c 3d 4s 5h", "Kh Qc Jd Ts 9h", "Ah Kc Qd Js Th"))
>>> king < wheel < ace
True
>>> hands.low_value("Jk Ad") == hands.low_value("As Ad") > hands.low_value("Kc Kd")
True
>>> hands.category(hands.high_value("Jk Ah Ad Ac As"))
'five_of_a_kind'
>>> PaiGowHands(Deck.standard(jokers=1), wheel_second=False).high_value("Ah 2c 3d 4s 5h") < king
True
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cached_property
from typing import Sequence

import numpy as np

from ...cards import ACE, Card, Deck, parse_cards
from ...rankings import Ranking, get_ranking
from ...rankings.base import CATEGORY_SHIFT, WILD, sort_hands
from ...subsets import all_subsets, colex

SETTINGS: tuple[tuple[int, int], ...] = tuple(itertools.combinations(range(7), 2))  #: positions of the low hand
BACKS: tuple[tuple[int, ...], ...] = tuple(tuple(i for i in range(7) if i not in s) for s in SETTINGS)
LOW_POSITIONS = np.array(SETTINGS, dtype=np.int64)  # (21, 2)
HIGH_POSITIONS = np.array(BACKS, dtype=np.int64)  # (21, 5)
TIE_SHIFT = 16  # the first tiebreak rank's place in a ranking's value (4 bits a rank)
COMPILED_FROM = 50_000  # hands from which the compiled look-up pays for itself


@dataclass(frozen=True, eq=False)
class PaiGowHands:
    """The values of Pai Gow hands dealt from ``deck`` (joker as the bug); ``wheel_second``: A-2-3-4-5 (the straight
    with the ace low) ranks just below the ace-high straight, as most casinos rule, else as the lowest straight."""

    deck: Deck
    wheel_second: bool = True

    @cached_property
    def ranking(self) -> Ranking:
        return get_ranking("high", self.deck, "bug")

    @cached_property
    def card_ranks(self) -> np.ndarray:
        """Each card id's rank, the joker as an ace (how it pairs and plays in a low hand)."""
        return np.array([ACE if c.is_joker else c.rank for c in self.deck.cards], dtype=np.int64)

    @cached_property
    def _category(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.ranking.categories)}

    def category(self, value: int) -> str:
        """The ranking's category of a high hand's value (or of a low hand's: ``one_pair``, ``high_card``)."""
        return self.ranking.categories[int(value) >> (CATEGORY_SHIFT + 1)]

    def category_floor(self, name: str) -> int:
        """The smallest value of a category: a high hand is ``name`` or better when its value is at least this."""
        return self._category[name] << (CATEGORY_SHIFT + 1)

    @cached_property
    def _wheel(self) -> tuple[int, dict[int, int]] | None:
        """The ace-low straight's top rank and, per category it makes (straight, straight flush), the value it takes
        instead: just above the hand of the next run down (K-Q-J-T-9), so below the ace-high one and in its own
        category; None where the deck has no ace-low straight or it ranks lowest anyway."""
        runs = self.deck.straights
        low = [run for run in runs if ACE in run and run[-1] != ACE]
        if not self.wheel_second or not low or len(runs) < 3:
            return None
        below_top = runs[-2]
        moved = {}
        for suited in (False, True):
            low_value = self.ranking.hand_value(low[0], (suited,) * 5)
            moved[low_value >> CATEGORY_SHIFT] = 2 * self.ranking.hand_value(below_top, (suited,) * 5) + 1
        return low[0][-1], moved

    @cached_property
    def _natural_ranks(self) -> tuple[np.ndarray, np.ndarray]:
        natural = np.array([WILD if c.is_joker else c.rank for c in self.deck.cards], dtype=np.int64)
        suits = np.array([-1 if c.is_joker else c.suit for c in self.deck.cards], dtype=np.int64)
        return natural, suits

    def values(self, fives: np.ndarray) -> np.ndarray:
        """The value of each five-card hand (rows of card ids)."""
        natural, suits = self._natural_ranks
        ranks, suit = sort_hands(natural[fives], suits[fives])
        values = self.ranking.best_values(ranks, suit)
        out = 2 * values.astype(np.int64)
        if self._wheel is None:
            return out
        top, moved = self._wheel
        for category, value in moved.items():
            out[((values >> CATEGORY_SHIFT) == category) & (((values >> TIE_SHIFT) & 15) == top)] = value
        if self.deck.jokers:
            # the bug chooses by Pai Gow's order: with the four other cards of A-2-3-4-5 it is the ace (the ranking,
            # which ranks A-2-3-4-5 lowest, makes it the 6)
            others = np.array(sorted(r for r in next(run for run in self.deck.straights if ACE in run and run[-1] != ACE) if r != ACE))
            jokered = (ranks[:, -1] == WILD) & (ranks[:, -2] != WILD)
            match = jokered & np.all(np.sort(ranks[:, :4], axis=1) == others, axis=1)
            suited = np.all(suit[:, :4] == suit[:, :1], axis=1)
            straight, flush = sorted(moved)
            out[match] = np.where(suited[match], moved[flush], moved[straight])
        return out

    @cached_property
    def high_table(self) -> np.ndarray:
        """The value of every five-card hand, by the colex rank of its card ids."""
        five = all_subsets(len(self.deck), 5)
        out = np.empty(len(five), dtype=np.int64)
        step = 1 << 20
        for start in range(0, len(five), step):
            out[start:start + step] = self.values(five[start:start + step])
        return out

    @cached_property
    def low_table(self) -> np.ndarray:
        """The value of every two-card hand, indexed [card id, card id]: a pair, or two ranks (the joker an ace)."""
        r = self.card_ranks
        high, low = np.maximum.outer(r, r), np.minimum.outer(r, r)
        pair = self._category["one_pair"] << CATEGORY_SHIFT | high << TIE_SHIFT
        nothing = self._category["high_card"] << CATEGORY_SHIFT | high << TIE_SHIFT | low << (TIE_SHIFT - 4)
        return 2 * np.where(high == low, pair, nothing).astype(np.int64)

    @cached_property
    def distinct(self) -> tuple[np.ndarray, np.ndarray]:
        """The high hands' values and the low hands' values that occur, each ascending: a setting's values are ranked
        among them (sorted once: the counts over every deal rank millions of hands' settings in chunks)."""
        return np.unique(self.high_table), np.unique(self.low_table)

    def settings(self, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Every setting of each seven-card hand (rows of card ids, ascending): the high and the low hand's values,
        each (hands, 21), setting i putting positions :data:`SETTINGS`\\[i] in the low hand. Many hands at once
        are looked up by a compiled kernel (:func:`casino_math.methods.pai_gow.kernel.settings`); this is its reference."""
        if len(hands) >= COMPILED_FROM:
            from .kernel import settings

            return settings(hands, HIGH_POSITIONS, LOW_POSITIONS, self.high_table, self.low_table)
        return self.settings_reference(hands)

    def settings_reference(self, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`settings` in plain numpy."""
        high = self.high_table[colex(hands[:, HIGH_POSITIONS])]
        low = self.low_table[hands[:, LOW_POSITIONS[:, 0]], hands[:, LOW_POSITIONS[:, 1]]]
        return high, low

    # -- one hand, as text (examples, tests) --------------------------------------------------------------
    def ids(self, cards: str | Sequence[Card]) -> list[int]:
        index = {card: i for i, card in enumerate(self.deck.cards)}
        return sorted(index[c] for c in (parse_cards(cards) if isinstance(cards, str) else cards))

    def high_value(self, cards: str | Sequence[Card]) -> int:
        return int(self.values(np.array([self.ids(cards)]))[0])

    def low_value(self, cards: str | Sequence[Card]) -> int:
        a, b = self.ids(cards)
        return int(self.low_table[a, b])
