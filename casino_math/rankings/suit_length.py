"""High Card Flush's rankings: a hand is worth its best suit, by how many cards that suit holds, then by their ranks.

A hand's cards fall into the four suits, and each suit's cards make a flush of their number (a lone card of its
suit is a one-card flush). The longest flush wins; between flushes of one length the ranks decide, highest first, as
between poker flushes (A-4-3-2 beats K-Q-J-T); where two suits of a hand are equally long, the better one counts.
Straights count for nothing: the ranking is of flushes alone. Its companion ranks a hand by its longest straight
flush (suited cards in a row, the ace high or low as in every ranking here), then by the run's top card: the Straight
Flush Bonus, whose run may lie in another suit than the longest flush.

Both are declared as shapes, weakest to strongest, each valuing the cards of *one* suit; a hand is worth the best of
its suits. So a hand's value is a look-up per suit in a table of every set of ranks one suit can hold (8,192 in a
52-card deck), filled from the shapes, and counts of hands are coefficients of a product of one polynomial per suit
(:meth:`SuitRanking.hands_below`).

>>> from casino_math.rankings import get_ranking
>>> hcf = get_ranking("high-card-flush")
>>> hcf.category_of(hcf.evaluate("Ah 9h 4h 2h Kc Qd Js"))
'four_card_flush'
>>> hcf.evaluate("Th 6h 3h 2h 2c 3d 4s") > hcf.evaluate("As Ks Qs 3c 4c 2d 9h")   # any four-card flush beats any three
True
>>> hcf.evaluate("Ah 4h 3h 2h 5c 6d 7s") > hcf.evaluate("Ks Qs Js Ts 5c 6d 7h")   # then the ranks, highest first
True
>>> hcf.evaluate("9s 8s 2s Ah 3h 2h Kd") == hcf.evaluate("Ac 3c 2c 9d 8d 2d Kh")   # the better of two three-card suits
True
>>> sf = get_ranking("straight-flush")
>>> sf.category_of(sf.evaluate("9h 8h 7h 2h As Ks Qs")), sf.category_of(sf.evaluate("Ah 2h 3h Kc Qd 9s 5s"))
('three_card_straight_flush', 'three_card_straight_flush')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from math import comb
from typing import Callable, Sequence

import numpy as np

from ..cards import Deck, rank_char
from ..errors import InputError
from .base import CATEGORY_SHIFT, Ranking, WildPolicy
from .shapes import HandView, Shape

NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen")
TOP_SHIFT = CATEGORY_SHIFT - 4  # a value's first tiebreak rank (a flush's highest card) sits where patterns read it


def _suited(view: HandView) -> tuple[int, ...]:
    """The ranks of the suit valued, high first."""
    return tuple(r for r, s in zip(view.ranks, view.suited) if s)


def flush_of(length: int) -> Shape:
    """A flush of ``length`` cards: the suit valued holds that many; its ranks, highest first, break ties."""
    return Shape(f"{NUMBER_WORDS[length - 1]}_card_flush", lambda v: sum(v.suited) == length, _suited)


def straight_flush_of(length: int, deck: Deck) -> Shape:
    """A straight flush of ``length`` cards: the suit valued holds a run of that many (the deck's runs); its top breaks ties."""
    runs = [(frozenset(run), run[-1]) for run in deck.runs(length)] if length > 1 else [(frozenset({r}), r) for r in deck.ranks]

    def tops(v: HandView) -> tuple[int, ...]:
        held = set(_suited(v))
        return tuple(sorted((top for run, top in runs if run <= held), reverse=True))[:1]

    return Shape(f"{NUMBER_WORDS[length - 1]}_card_straight_flush", lambda v: bool(tops(v)), tops)


@dataclass(frozen=True, eq=False)
class SuitRanking(Ranking):
    """A ranking of whole hands by their best suit: the shapes value the cards of one suit (``suited`` marks them), and
    a hand is worth the best of its suits. Hands of any size are valued whole (``hand_size`` is the size dealt)."""

    suits: str = "groups"  # type: ignore[assignment]  # each suit's cards matter, not only a flush of the whole hand

    def _match_shapes(self, ranks: Sequence[int], suited: Sequence[bool]) -> int | None:
        view = HandView.of(tuple(ranks), tuple(suited), ())
        for index in range(len(self.shapes) - 1, -1, -1):
            shape = self.shapes[index]
            if shape.matches(view):
                return index << CATEGORY_SHIFT | self._code(shape.tiebreak(view))
        return None

    def _code(self, ranks: tuple[int, ...]) -> int:
        """Ranks high first as an integer, ordered as the ranks compare: the first rank, then the rank of the set among
        the sets of its size in the deck (combinatorial number system: lexicographic from the highest card down)."""
        index = [self.deck.ranks.index(r) for r in ranks]
        return (ranks[0] << TOP_SHIFT if ranks else 0) | sum(comb(i, len(index) - j) for j, i in enumerate(index))

    def hand_value(self, ranks: Sequence[int], suited: Sequence[bool]) -> int:
        """The value of the suit whose cards ``suited`` marks (the other cards are of other suits)."""
        value = self._match_shapes(ranks, suited)
        if value is None:
            raise ValueError(f"{self.name}: no card of the suit valued in {tuple(ranks)}")
        return value

    def natural_value_once(self, ranks: Sequence[int], suited: Sequence[bool]) -> int:
        return self.hand_value(ranks, suited)  # valued as above, memo or not

    @cached_property
    def suit_values(self) -> np.ndarray:
        """The value of every set of ranks one suit can hold, by its bitmask over the deck's ranks (low rank = bit 0);
        -1 for the empty set and for sets bigger than a hand. Filled from the shapes: the declaration is the only source
        of values."""
        ranks = sorted(self.deck.ranks)
        out = np.full(1 << len(ranks), -1, dtype=np.int64)
        for mask in range(1, len(out)):
            held = [r for i, r in enumerate(ranks) if mask >> i & 1]
            if len(held) <= self.hand_size:
                out[mask] = self.hand_value(held, (True,) * len(held))
        return out

    @cached_property
    def suit_sizes(self) -> np.ndarray:
        """How many ranks each bitmask of :attr:`suit_values` holds."""
        return np.array([bin(m).count("1") for m in range(len(self.suit_values))], dtype=np.int64)

    @cached_property
    def lexicographic(self) -> bool:
        """Whether one suit's sets of ranks compare as flushes do: by size, then rank by rank from the highest, every
        two sets apart (checked on the declaration; the dealer's hands are then counted by the combinatorial number
        system, :mod:`casino_math.methods.by_suits.kernel`)."""
        ranks = sorted(self.deck.ranks)
        masks = [m for m in range(1, len(self.suit_values)) if self.suit_values[m] >= 0]
        order = sorted(masks, key=lambda m: (bin(m).count("1"), [r for r in reversed(range(len(ranks))) if m >> r & 1]))
        values = self.suit_values[order]
        return bool((np.diff(values) > 0).all())

    def mask_of(self, value: int) -> int:
        """The set of ranks (bitmask) of a suit worth ``value``."""
        found = np.flatnonzero(self.suit_values == value)
        if not len(found):
            raise ValueError(f"{value} is not the value of a suit of the {self.name} ranking")
        return int(found[0])

    def describe(self, value: int) -> str:
        """A hand's value as players say it: ``T-8-6 three-card flush``; ``9-high three-card straight flush`` where
        the ranking reads only the top card (the words :func:`~casino_math.game.qualifier.weakest` reads back).

        >>> from casino_math.rankings import get_ranking
        >>> hcf = get_ranking("high-card-flush")
        >>> hcf.describe(hcf.evaluate("Th 8h 6h 2c 3c 4d 5s"))
        'T-8-6 three-card flush'
        """
        category = self.category_of(value).replace("_card_", "-card ").replace("_", " ")
        if self.lexicographic:
            mask = self.mask_of(value)
            ranks = [r for i, r in enumerate(sorted(self.deck.ranks)) if mask >> i & 1]
            return "-".join(rank_char(r) for r in reversed(ranks)) + " " + category
        return f"{rank_char(value >> TOP_SHIFT & 0xF)}-high {category}"

    def best_values(self, ranks: np.ndarray, suits: np.ndarray | None) -> np.ndarray:
        """The value of each hand (rows of ranks and suits), all its cards counting: its best suit's."""
        if suits is None:
            raise ValueError(f"{self.name} values suits: a hand's suits are needed")
        bits = np.left_shift(1, self._rank_code[ranks].astype(np.int64) - 1)
        best = np.full(ranks.shape[:-1], -1, dtype=np.int64)
        for suit in range(4):
            best = np.maximum(best, self.suit_values[np.where(suits == suit, bits, 0).sum(axis=-1)])
        return best

    def every_value(self, cards: int | None = None) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """(value, ranks high first) of every set of ranks that can be a hand's best suit: those a suit of a
        ``cards``-card hand can hold as its longest (at least a quarter of the cards, at most all of them)."""
        cards = self.hand_size if cards is None else cards
        ranks = sorted(self.deck.ranks)
        least = -(-cards // 4)
        return tuple((int(self.suit_values[m]), tuple(r for i, r in reversed(list(enumerate(ranks))) if m >> i & 1))
                     for m in range(1, len(self.suit_values)) if least <= self.suit_sizes[m] <= cards)

    def hands_below(self, value: int, cards: int | None = None) -> int:
        """How many ``cards``-card hands of the deck are worth less than ``value``: every suit worth less, so the
        coefficient of x^cards in the product over the four suits of ``Σ x^|S|`` over the sets S of ranks worth less.

        >>> from casino_math.rankings import get_ranking
        >>> hcf = get_ranking("high-card-flush")
        >>> hcf.hands_below(1 << 62), comb(52, 7)
        (133784560, 133784560)
        """
        cards = self.hand_size if cards is None else cards
        per_suit = np.bincount(self.suit_sizes[self.suit_values < value], minlength=cards + 1)[: cards + 1]
        poly = [int(x) for x in per_suit]
        product = [1] + [0] * cards
        for _ in range(4):
            product = [sum(product[i] * poly[k - i] for i in range(k + 1)) for k in range(cards + 1)]
        return product[cards]

    def category_counts(self, cards: int | None = None) -> dict[str, int]:
        """How many ``cards``-card hands fall in each category, strongest first."""
        cards = self.hand_size if cards is None else cards
        starts = [index << CATEGORY_SHIFT for index in range(len(self.categories) + 1)]
        below = [self.hands_below(s, cards) for s in starts]
        return {self.categories[i]: below[i + 1] - below[i] for i in reversed(range(len(self.categories)))}


def _suit_ranking(name: str, deck: Deck, shapes: Callable[[int], Shape], cards: int, wild: WildPolicy | None,
                  description: str) -> SuitRanking:
    if wild is not None:
        raise InputError(f"the {name} ranking values suits: it is played without jokers")
    if not 1 <= cards <= 4 * len(deck.ranks):
        raise InputError(f"the {name} ranking values hands of 1 to {4 * len(deck.ranks)} cards, not {cards}")
    longest = min(cards, len(deck.ranks))
    return SuitRanking(name=name, deck=deck, shapes=tuple(shapes(n) for n in range(1, longest + 1)), hand_size=cards,
                       runs=deck.straights, description=description)


def high_card_flush(deck: Deck, *, cards: int = 7, wild: WildPolicy | None = None) -> SuitRanking:
    """High Card Flush: the longest flush, then its ranks from the highest down (seven cards by default)."""
    return _suit_ranking("high-card-flush", deck, flush_of, cards, wild,
                         "the longest flush, then its cards from the highest down")


def straight_flush(deck: Deck, *, cards: int = 7, wild: WildPolicy | None = None) -> SuitRanking:
    """The longest straight flush, then its top card (seven cards by default)."""
    return _suit_ranking("straight-flush", deck, lambda n: straight_flush_of(n, deck), cards, wild,
                         "the longest straight flush, then its top card")
