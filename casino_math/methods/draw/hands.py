"""A video poker paytable's lines, read as the glass prints them, and the class of every final hand.

A line is a hand of the game's ranking as :func:`~casino_math.game.patterns.parse_pattern` reads it (``flush``,
``pair of jacks or better``, ``four of a kind of 2s to 4s``), with what video poker adds:

- ``natural`` before it: no wild card in the hand (``natural royal flush``); ``wild``: at least one (``wild royal flush``);
- ``four deuces`` (or ``four wild cards``): every wild card of the deck in the hand, whatever the fifth;
- ``with a kicker of ...`` after four of a kind: the fifth card's rank, in ranks or ranges joined by ``or``
  (``four of a kind of aces with a kicker of 2s to 4s``; ``... of 2s to 4s with a kicker of aces or 2s to 4s``).

A final hand takes the first line it matches (its *class*); the hands no line takes are one more class, paid nothing.
Every five-card hand's class comes from its key (its ranks and whether its naturals share a suit): the few thousand
keys are valued by the ranking's own declaration, and each hand looks its key up.

>>> from casino_math.rankings import get_ranking
>>> high = get_ranking("high")
>>> line = read_line("four of a kind of aces with a kicker of 2s to 4s", high)
>>> line.base.low, sorted(line.kickers), line.natural
(14, [2, 3, 4], None)
>>> wild = get_ranking("deuces-wild")
>>> read_line("natural royal flush", wild).natural, read_line("four deuces", wild).wilds
(True, 4)
>>> read_line("four of a kind with a kicker of jokers", high)
Traceback (most recent call last):
...
ValueError: 'jokers' is not a rank (write e.g. tens, 10s, jacks, Js, aces)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Sequence

import numpy as np

from ...cards import Deck
from ...game.patterns import PRIMARY_SHIFT, LinePredicate, Pattern, normal, parse_pattern, rank_word
from ...rankings import WILD, Ranking
from .codes import KEY_BASE, KEYS

_KICKER = re.compile(r"^(?P<hand>.+?) with an? kicker of (?P<ranks>.+)$")
_WILD_HAND = {"four deuces", "four wild cards"}
KICKER_SHIFT = PRIMARY_SHIFT - 4  # the second tiebreak rank: four of a kind's fifth card


@dataclass(frozen=True)
class DrawLine:
    """A paytable line of a draw game: a hand of the ranking (``base``), whether its cards are natural, how many wild
    cards it holds, and the fifth card's ranks beside four of a kind (empty: any)."""

    text: str
    base: Pattern | None  # None: a hand of wild cards only (four deuces)
    natural: bool | None = None  # True: no wild card; False: one at least; None: either
    wilds: int | None = None  # exactly this many wild cards (four deuces)
    kickers: frozenset[int] = frozenset()

    @property
    def needs_cards(self) -> bool:
        return True

    def matches(self, values: np.ndarray, suits: np.ndarray | None = None, ranks: np.ndarray | None = None) -> np.ndarray:
        """Which hands the line pays, by their values and, where it reads them, their ranks (``WILD`` a wild card)."""
        hit = np.ones(len(values), dtype=bool) if self.base is None else self.base.matches(values)
        if self.natural is not None or self.wilds is not None:
            assert ranks is not None
            wild = (ranks == WILD).sum(axis=1)
            if self.natural is not None:
                hit &= (wild == 0) if self.natural else (wild > 0)
            if self.wilds is not None:
                hit &= wild == self.wilds
        if self.kickers:
            hit &= np.isin((values >> KICKER_SHIFT) & 0xF, list(self.kickers))
        return hit

    def covers(self, other: LinePredicate) -> bool:
        """Whether every hand ``other`` pays this line pays too (a later line it covers is never paid)."""
        if not isinstance(other, DrawLine):
            return False
        base = self.base is None or (other.base is not None and self.base.covers(other.base))
        natural = self.natural is None or self.natural == other.natural
        wilds = self.wilds is None or self.wilds == other.wilds
        kickers = not self.kickers or (bool(other.kickers) and other.kickers <= self.kickers)
        return base and natural and wilds and kickers


def read_line(text: str, ranking: Ranking) -> DrawLine:
    """One paytable line of a draw game (see the module); a ValueError says what is wrong."""
    words = normal(text)
    wild_cards = len([c for c in ranking.deck.cards if ranking.is_wild(c)])
    if words in _WILD_HAND:
        if wild_cards != 4:
            raise ValueError(f"{text!r}: this deck has {wild_cards} wild cards, not four")
        return DrawLine(words, None, wilds=4)
    natural: bool | None = None
    for prefix, value in (("natural ", True), ("wild ", False)):
        if words.startswith(prefix):
            if not wild_cards:
                raise ValueError(f"{text!r}: no card of this deck is wild, so no hand is {prefix.strip()} or not")
            words, natural = words.removeprefix(prefix), value
    kickers: frozenset[int] = frozenset()
    match = _KICKER.match(words)
    if match:
        words = match["hand"]
        kickers = frozenset(r for part in match["ranks"].split(" or ") for r in _ranks(part.strip()))
        if not words.startswith("four of a kind"):
            raise ValueError(f"{text!r}: a kicker is the fifth card beside four of a kind")
    return DrawLine(normal(text), parse_pattern(words, ranking), natural, None, kickers)


def _ranks(part: str) -> range:
    """The ranks one part of a kicker names: ``aces``, ``2s to 4s`` (the ace is high: write ``aces or 2s to 4s``)."""
    low, _, high = part.partition(" to ")
    first = rank_word(low)
    last = rank_word(high) if high else first
    if last < first:
        raise ValueError(f"{part!r}: the ranks run up, not down (the ace is high: write aces or 2s to 4s)")
    return range(first, last + 1)


@dataclass(frozen=True, eq=False)
class FinalHands:
    """Every five-card hand of a deck, in colex order of card ids, by class: the index of the first line that pays it,
    or ``len(lines)`` where none does."""

    deck: Deck
    ranking: Ranking
    lines: tuple[DrawLine, ...]

    @cached_property
    def keys(self) -> np.ndarray:
        from .kernel import hand_keys  # here, not above: reading a game file loads no compiled code

        cards = self.deck.cards
        code = np.array([0 if self.ranking.is_wild(c) else c.rank for c in cards], dtype=np.int64)
        suit = np.array([-1 if self.ranking.is_wild(c) else c.suit for c in cards], dtype=np.int64)
        return hand_keys(code, suit, len(cards))

    @cached_property
    def classes(self) -> np.ndarray:
        """Each hand's class (int8), in colex order."""
        seen = np.zeros(KEYS, dtype=bool)
        seen[self.keys] = True
        found = np.flatnonzero(seen)
        lookup = np.zeros(KEYS, dtype=np.int8)
        lookup[found] = classify(found, self.ranking, self.lines)
        return lookup[self.keys]


def decode(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Keys back to ranks (high first, ``WILD`` a wild card) and whether the naturals share a suit."""
    suited = (keys & 1).astype(bool)
    rest = keys >> 1
    ranks = np.empty((len(keys), 5), dtype=np.int64)
    for i in range(4, -1, -1):
        ranks[:, i] = rest % KEY_BASE
        rest = rest // KEY_BASE
    return np.where(ranks == 0, WILD, ranks), suited


def hand_values(ranks: np.ndarray, suited: np.ndarray, ranking: Ranking) -> np.ndarray:
    """Each hand's value by the ranking's declaration (rows of ranks, ``WILD`` a wild card; whether its natural cards
    share a suit). Where a wild card stands for any card (not the bug; flushes of five), a hand of two wild cards or
    more is worth the best of the hands with one of them stood in by each natural rank, in the naturals' suit or out of
    it: the ranking's best over every stand-in, taken one wild card at a time, each hand valued once (Deuces Wild's
    keys in half the time).

    >>> from casino_math.rankings import get_ranking
    >>> deuces = get_ranking("deuces-wild")
    >>> hand = np.array([[14, 13, WILD, WILD, WILD]])
    >>> int(hand_values(hand, np.array([True]), deuces)[0]) == deuces.hand_value([14, 13, WILD, WILD, WILD], [True] * 5)
    True
    """
    size = ranking.hand_size
    one_at_a_time = ranking.wild == "wild" and ranking.suits == "flush"
    memo: dict[tuple[tuple[int, ...], bool], int] = {}

    def value(naturals: tuple[int, ...], same_suit: bool) -> int:
        key = (naturals, same_suit)
        if key not in memo:
            wilds = size - len(naturals)
            if wilds < 2 or not naturals or not one_at_a_time:
                memo[key] = ranking.hand_value([*naturals, *[WILD] * wilds], [same_suit] * size)
            else:  # mixed suits among the stand-ins make no flush: the same as every one out of suit
                memo[key] = max(value(tuple(sorted((*naturals, r), reverse=True)), same_suit and in_suit)
                                for r in ranking.natural_ranks for in_suit in ((True, False) if same_suit else (False,)))
        return memo[key]

    # Python's own ints and bools: a numpy scalar per card is slower to walk; a hand of naturals alone is one key, valued
    # once (no memo to look in)
    return np.array([value(tuple(r for r in row if r != WILD), s) if WILD in row else ranking.natural_value_once(row, (s,) * size)
                     for row, s in zip(ranks.tolist(), suited.tolist())], dtype=np.int64)


def classify(keys: np.ndarray, ranking: Ranking, lines: Sequence[DrawLine]) -> np.ndarray:
    """The class of each key: the first line that pays its hand (``len(lines)``: none)."""
    ranks, suited = decode(keys)
    values = hand_values(ranks, suited, ranking)
    out = np.full(len(keys), len(lines), dtype=np.int8)
    for index in range(len(lines) - 1, -1, -1):
        out[lines[index].matches(values, None, ranks)] = index
    return out
