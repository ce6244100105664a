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
from .stand_ins import values as stand_in_values
from .codes import BUG_CATEGORIES as BUG_CATEGORIES, CATEGORY_SHIFT as CATEGORY_SHIFT, WILD as WILD  # read from here too
from .shapes import FIVE_WILDS, HandView, Shape

SuitUse = Literal["none", "flush", "groups"]
WildPolicy = Literal["wild", "bug"]
# How the bug plays: as an ace or to complete a straight or flush (high games), or as the
# lowest card not already in the hand (lowball's California rule).
BugRule = Literal["ace_or_completes", "lowest_missing"]


def _encode(tiebreak: tuple[int, ...]) -> int:
    """The first five tiebreak ranks as four bits each, the first highest (a shorter tiebreak ends in zeros)."""
    code = 0
    for rank in tiebreak[:5]:
        code = code << 4 | rank
    return code << 4 * (5 - min(len(tiebreak), 5))


@dataclass(frozen=True, eq=False)
class Ranking:
    """A poker ranking over hands of ``hand_size`` cards from ``deck``.

    ``shapes`` run weakest to strongest. ``suits`` says what of the suits
    matters: nothing (ace-to-five low), whether all cards share one (``flush``),
    or which cards do (``groups``, for Sökö's four-flush). ``wild`` names how
    wild cards play (jokers, or every deuce where ``wild_deuces``); ``bug``
    says which card the bug stands for where jokers play as the bug.
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
    bug: BugRule = "ace_or_completes"
    description: str = ""
    _lut_cache: dict[str, np.ndarray] = field(default_factory=dict, repr=False)
    _natural_values: dict[tuple[tuple[int, bool], ...], int | None] = field(default_factory=dict, repr=False)

    # -- the declaration ------------------------------------------------------------------
    @cached_property
    def categories(self) -> tuple[str, ...]:
        """Category names, weakest first."""
        return tuple(s.name for s in self.shapes)

    def category_of(self, value: int) -> str:
        return self.categories[int(value) >> CATEGORY_SHIFT]

    @cached_property
    def flush_threshold(self) -> int | None:
        """How many cards of one suit start to matter to this ranking (None: suits never do)."""
        if self.suits == "none":
            return None
        return self.hand_size - 1 if self.suits == "groups" else self.hand_size

    @cached_property
    def flush_never_hurts(self) -> bool:
        """Whether every set of distinct ranks is worth at least as much suited as not (high games; not lows).

        Checked on the declaration itself, once per ranking. Where it holds, a
        hand is worth the better of its best unsuited five and its best flush,
        which lets the enumerator value ranks and suited ranks separately.
        """
        if self.suits != "flush":
            return False
        k = self.hand_size
        return all(
            self.hand_value(ranks, (True,) * k) >= self.hand_value(ranks, (False,) * k)
            for ranks in itertools.combinations(self.natural_ranks, k)
        )

    def is_wild(self, card: Card) -> bool:
        return card.is_joker or (self.wild_deuces and card.rank == 2)

    @cached_property
    def natural_ranks(self) -> tuple[int, ...]:
        """Ranks a wild card may stand for, high to low."""
        return tuple(sorted(self.deck.ranks, reverse=True))

    # -- one hand, in plain Python ------------------------------------------------------
    def natural_value(self, ranks: Sequence[int], suited: Sequence[bool]) -> int | None:
        """Value of a hand of natural cards, or None if no shape takes it.

        Only a wild card can make a hand no shape takes (five of a kind where the
        ranking has no such hand, as in ace-to-five): :meth:`hand_value` then
        skips that stand-in. Values are memoised: wild hands try hundreds of
        stand-ins each, and across a deal they keep landing on the same few
        thousand natural hands. The key sorts (rank, suited) pairs, since a
        hand's value does not depend on the order its cards come in, and
        keeps only the suit information the ranking uses.
        """
        if self.flush_threshold is None or sum(suited) < self.flush_threshold:
            suited = (False,) * len(ranks)  # too few cards share a suit for it to matter
        key = tuple(sorted(zip(ranks, suited), reverse=True))
        if key not in self._natural_values:
            self._natural_values[key] = self._match_shapes(ranks, suited)
        return self._natural_values[key]

    def natural_value_once(self, ranks: Sequence[int], suited: Sequence[bool]) -> int:
        """Value of one hand of natural cards (no ``WILD``), as :meth:`hand_value` gives it, worked out without its memo:
        for a caller that values each hand once (video poker's keys: a fifth less time than through the memo).

        >>> from casino_math.rankings import get_ranking
        >>> high = get_ranking("high")
        >>> high.natural_value_once((14, 13, 12, 11, 10), (True,) * 5) == high.hand_value((14, 13, 12, 11, 10), (True,) * 5)
        True
        """
        if self.flush_threshold is None or sum(suited) < self.flush_threshold:
            suited = (False,) * len(ranks)  # as natural_value: too few cards share a suit for it to matter
        value = self._match_shapes(ranks, suited)
        if value is None:
            raise AssertionError(f"{self.name}: no shape matches {tuple(ranks)}")
        return value

    def _match_shapes(self, ranks: Sequence[int], suited: Sequence[bool]) -> int | None:
        if self.ace_low:
            ranks = [1 if r == ACE else r for r in ranks]
        view = HandView.of(tuple(ranks), tuple(suited), self.runs, self.short_runs)
        for category, shape in self._strongest_first:
            if shape.matches(view):
                return category | _encode(shape.tiebreak(view))
        return None

    @cached_property
    def _strongest_first(self) -> tuple[tuple[int, Shape], ...]:
        """The shapes, strongest first, each with its category's bits of a value."""
        return tuple((index << CATEGORY_SHIFT, self.shapes[index]) for index in range(len(self.shapes) - 1, -1, -1))

    def hand_value(self, ranks: Sequence[int], suited: Sequence[bool]) -> int:
        """Value of one ``hand_size``-card hand; ``WILD`` ranks are wild cards.

        ``suited[i]``: card i is in the suit the others share (ignored for wild cards).
        A wild card stands for whichever rank, in or out of that suit, gives
        the best hand (the bug: an ace, or any card that completes a straight or flush;
        in lowball, the lowest card not already in the hand).
        """
        naturals = [r for r in ranks if r != WILD]
        natural_suited = [s for r, s in zip(ranks, suited) if r != WILD]
        wilds = len(ranks) - len(naturals)
        if wilds and self.wild == "bug" and self.bug == "lowest_missing":
            # the lowball bug is one card, not a choice; it has no suit, so it joins no flush
            ranks, suited, wilds = naturals + self._lowest_missing(naturals, wilds), natural_suited + [False] * wilds, 0
        if wilds == len(ranks) and FIVE_WILDS in self.shapes:  # no stand-in makes it: wild cards alone
            return self.shapes.index(FIVE_WILDS) << CATEGORY_SHIFT
        if not wilds:
            value = self.natural_value(ranks, suited)
            if value is None:
                raise AssertionError(f"{self.name}: no shape matches {tuple(ranks)}")
            return value
        # A wild card may join the main suit: for a flush all naturals must be in it, for
        # a four-flush (Sökö) all but one may be; out of suit it spoils a flush in a low game.
        # Where the suit cannot reach the ranking's threshold even so, joining it changes nothing.
        threshold = self.flush_threshold
        joins = threshold is not None and sum(natural_suited) + wilds >= threshold
        suit_choices = (True, False) if joins and (self.suits == "groups" or all(natural_suited)) else (False,)
        best = -1
        for stand_ins in itertools.combinations_with_replacement(self.natural_ranks, wilds):
            for in_suit in suit_choices:
                value = self.natural_value(naturals + list(stand_ins), natural_suited + [in_suit] * wilds)
                if value is None:
                    continue  # e.g. five of a kind in a low ranking: the wild card plays as something else
                if self.wild == "bug" and any(r != ACE for r in stand_ins):
                    if self.category_of(value) not in BUG_CATEGORIES:
                        continue
                best = max(best, value)
        return best

    def _lowest_missing(self, naturals: Sequence[int], count: int) -> list[int]:
        """The ``count`` lowest ranks of the deck not among ``naturals`` (the ace lowest where it plays low)."""
        low_first = sorted(self.deck.ranks, key=lambda r: 1 if self.ace_low and r == ACE else r)
        return [r for r in low_first if r not in naturals][:count]

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
        code = np.zeros(16, dtype=np.int32)
        for i, r in enumerate(sorted(self.deck.ranks)):
            code[r] = i + 1
        return code

    def _suit_feature(self, suits: np.ndarray, naturals: np.ndarray) -> tuple[np.ndarray, int]:
        """The suit information this ranking needs, as a small integer per hand, and how many values it takes.

        The lookup table is keyed by ranks and this feature, and filled from
        them alone (:meth:`_suited_from_feature`), so the feature must hold all
        that a value can depend on besides the ranks:

        - ``flush``: 1 if every natural card shares a suit (wild cards can join it);
        - ``groups``: which natural cards are in the hand's main suit (the
          commonest; on a tie, that of the highest such card), as a bitmask,
          set only when the main suit plus the wild cards, which can join it,
          reach ``flush_threshold``.
        """
        k = suits.shape[-1]
        if self.suits == "none":
            return np.zeros(suits.shape[:-1], dtype=np.int64), 1
        if self.suits == "flush":
            first = suits[..., :1]  # position 0 is natural unless every card is wild
            return np.all((suits == first) | ~naturals, axis=-1).astype(np.int64), 2
        same = ((suits[..., :, None] == suits[..., None, :]) & naturals[..., None, :]).sum(axis=-1) * naturals
        main = np.take_along_axis(suits, np.argmax(same, axis=-1)[..., None], axis=-1)
        enough = same.max(axis=-1) + (~naturals).sum(axis=-1) >= self.flush_threshold
        in_group = (suits == main) & naturals & enough[..., None]
        weights = 1 << np.arange(k, dtype=np.int64)
        return (in_group * weights).sum(axis=-1), 1 << k

    def _suited_from_feature(self, feature: np.ndarray, k: int) -> np.ndarray:
        """The ``suited`` flags :meth:`hand_value` takes (rows of ``k``), rebuilt from each suit feature."""
        if self.suits == "groups":
            return (feature[:, None] >> np.arange(k) & 1).astype(bool)
        return np.repeat(feature[:, None].astype(bool), k, axis=1)  # flush: all or none; none: the feature is always 0

    def _lookup(self, key: np.ndarray, n_features: int) -> np.ndarray:
        """Values for lookup keys; a key seen for the first time is valued from the declaration.

        A key is its hand: the codes of its ranks (high first, wild cards 0) and its suit feature, so the keys
        missing are rebuilt into hands and valued together (:func:`~casino_math.rankings.stand_ins.values`).
        """
        k = self.hand_size
        lut = self._lut_cache.get("lut")
        if lut is None:
            lut = np.full((len(self.deck.ranks) + 1) ** k * n_features, -1, dtype=np.int32)
            self._lut_cache["lut"] = lut
        values: np.ndarray = lut[key]
        missing = values < 0
        if missing.any():
            new_keys = _distinct(key[missing], len(lut))
            features = new_keys % n_features
            codes = new_keys // n_features // (len(self.deck.ranks) + 1) ** np.arange(k - 1, -1, -1)[:, None]
            ranks = self._rank_of_code[(codes % (len(self.deck.ranks) + 1)).T]
            lut[new_keys] = stand_in_values(self, ranks, self._suited_from_feature(features, k))
            values = lut[key]
        return values

    @cached_property
    def _rank_of_code(self) -> np.ndarray:
        """The rank of each code of :attr:`_rank_code` (code 0: a wild card)."""
        return np.array([WILD, *sorted(self.deck.ranks)], dtype=np.int64)

    def best_values(self, ranks: np.ndarray, suits: np.ndarray | None) -> np.ndarray:
        """Value of the best ``hand_size`` cards of each hand (rows of rank and suit arrays).

        Rows must be sorted by rank, high to low, with wild cards (rank WILD) last;
        :func:`cards_to_arrays` builds such arrays. Each subset of hand_size
        positions is then itself sorted, so its lookup key is a few column
        operations on codes computed once per hand. Cards share a suit when
        their suit numbers are equal; ``suits=None`` means no two cards do (a
        rank multiset valued with no flush, as the enumerator needs).
        """
        n = ranks.shape[-1]
        k = self.hand_size
        if n < k:
            raise ValueError(f"{self.name} needs {k} cards, got {n}")
        base = len(self.deck.ranks) + 1
        codes = self._rank_code[ranks]  # int32: keys stay below 2**31 and move half the memory
        naturals = ranks != WILD
        if suits is None:
            suits = np.broadcast_to(np.arange(n), ranks.shape)
        if self.suits == "flush":
            # one bit per suit; a wild card carries every bit, so it joins any flush
            suit_bits = np.where(naturals, np.left_shift(1, np.maximum(suits, 0)), -1)
        best: np.ndarray | None = None
        for subset in itertools.combinations(range(n), k):
            key = codes[..., subset[0]]
            for i in subset[1:]:
                key = key * base + codes[..., i]
            if self.suits == "flush":
                shared = suit_bits[..., subset[0]]
                for i in subset[1:]:
                    shared = shared & suit_bits[..., i]
                feature, n_features = (shared != 0).astype(np.int32), 2
            else:
                feature, n_features = self._suit_feature(suits[..., list(subset)], naturals[..., list(subset)])
            key = key * n_features + feature

            values = self._lookup(key, n_features)
            best = values if best is None else np.maximum(best, values)
        assert best is not None
        return best.astype(np.int64)


def _distinct(keys: np.ndarray, size: int) -> np.ndarray:
    """The distinct ``keys`` (each under ``size``), ascending: marked in a table of ``size`` flags where the keys are
    many (a first look-up of millions of hands: no sort of them), sorted where they are few.

    >>> _distinct(np.array([5, 1, 5, 3]), 8).tolist(), _distinct(np.array([5, 1, 5]), 1 << 20).tolist()
    ([1, 3, 5], [1, 5])
    """
    if len(keys) * 8 < size:
        return np.unique(keys)
    seen = np.zeros(size, dtype=bool)
    seen[keys] = True
    return np.flatnonzero(seen)


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
