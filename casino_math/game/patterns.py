"""Hand patterns: what a paytable line pays on, read as players write it.

A line names a category of the hand's ranking (``flush``), a category limited
by the rank of its main group (``pair of tens or better``, ``pair of 6s to
10s``, ``pair of aces``), or a special hand: ``mini royal`` (suited A-K-Q, the
ace-high straight flush of a short hand), ``suited three of a kind`` (every
card of the hand in one suit), ``same colour`` (every card red, or every card
black), and any of these ``in spades`` (hearts, diamonds, clubs). Suits and
colours are read on every card the hand is made of. Underscores
and spaces are alike; ``pair`` and ``one pair`` are the same category.

A line may also name the ranks of every card of the hand, as a two-card
bonus table does: ``A-K suited``, ``A-K offsuit`` (not all one suit),
``A-Q or A-J``, ``K-K or Q-Q or J-J``; ``A-A-A-A`` on a hand of the player's
and the dealer's two cards each is both of them holding a pair of aces. Such
a line reads the cards, not the hand's value, so it suits any hand, ranked or not.

A hand is paid by the first line of its paytable that it matches, so a
special line goes before its category (``mini royal`` before
``straight_flush``); a line that an earlier one always takes is an error.

>>> from casino_math.rankings import get_ranking
>>> three = get_ranking("three-card")
>>> parse_pattern("pair of tens or better", three), parse_pattern("mini_royal in spades", three)
(Pattern('pair of tens or better'), Pattern('mini royal in spades'))
>>> parse_pattern("A-Q or A-J offsuit", None).ranks
((14, 12), (14, 11))
>>> parse_pattern("royal flush", three)
Traceback (most recent call last):
...
ValueError: the three-card ranking has no royal flush (its categories: high card, pair, flush, straight, three of a kind, straight flush)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol, Sequence

import numpy as np

from ..cards import ACE, RANK_CHARS, RANK_NAMES
from ..rankings import CATEGORY_SHIFT, Ranking
from ..suits import RED

SUIT_WORDS = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3}
_PLURAL = {**{RANK_NAMES[r] + ("es" if RANK_NAMES[r].endswith("x") else "s"): r for r in RANK_NAMES},
           **{f"{r}s": r for r in range(2, 11)}, **{f"{c.lower()}s": r for r, c in zip(range(2, 15), RANK_CHARS)}}
_ALIASES = {"one pair": "pair", "color": "colour"}
_LIMITED = re.compile(r"^(?P<category>.+?) of (?P<low>\w+?)(?: (?:or better|to (?P<high>\w+)))?$")
PRIMARY_SHIFT = CATEGORY_SHIFT - 4  # the first tiebreak rank: the main group, or a straight's top card


def normal(text: str) -> str:
    """A line as compared: lower case, spaces for underscores, one space between words, US/UK spelling alike."""
    words = " ".join(str(text).replace("_", " ").lower().split())
    for alias, word in _ALIASES.items():
        words = re.sub(rf"\b{alias}\b", word, words)
    return words


def category_name(category: str) -> str:
    """A ranking's category as a line would name it: ``one_pair`` reads ``pair``."""
    return normal(category)


class LinePredicate(Protocol):
    """What a paytable line pays on: a :class:`Pattern` of card sets, or an event of a game counted by kinds of
    card (:class:`~casino_math.game.events.Event`). Lines of one game are all of one kind; the two never cover each other."""

    @property
    def text(self) -> str:
        """The line as written, in :func:`normal` spelling."""
        ...

    @property
    def needs_cards(self) -> bool:
        """Whether the line reads the suits of the cards, beyond what the hand's value says."""
        ...

    def matches(self, values: np.ndarray, suits: np.ndarray | None = None, ranks: np.ndarray | None = None) -> np.ndarray:
        """Which hands, given their values (and the suits and ranks of their cards where :attr:`needs_cards`), the
        line pays."""
        ...

    def covers(self, other: LinePredicate) -> bool:
        """Whether every hand ``other`` pays this line pays too (so a line of ``other`` after this one is never paid)."""
        ...


@dataclass(frozen=True)
class Pattern:
    """A set of hands of one ranking: a category (or none: any), a range of main-group ranks, and card tests."""

    text: str
    category: int | None  # index in the ranking's categories; None for colour-only patterns
    low: int = 0  # main-group rank range, inclusive
    high: int = ACE
    mini_royal: bool = False  # the ace-high straight flush (a short hand's royal)
    suited: bool = False  # every card in one suit
    suit: int | None = None  # every card in this suit
    same_colour: bool = False
    ranks: tuple[tuple[int, ...], ...] = ()  # the hand's cards are of one of these ranks (high first); () any
    offsuit: bool = False  # not every card in one suit

    def __repr__(self) -> str:
        return f"Pattern({self.text!r})"

    @property
    def needs_cards(self) -> bool:
        """Whether the cards' suits matter, beyond what the hand's value says."""
        return self.suited or self.suit is not None or self.same_colour or self.needs_ranks

    @property
    def needs_ranks(self) -> bool:
        """Whether the line names the ranks of the hand's cards (read on the cards, not the hand's value)."""
        return bool(self.ranks)

    @property
    def whole_category(self) -> int | None:
        """The category this pattern is, whole and nothing more (None: it is limited, or no category)."""
        limited = self.needs_cards or self.mini_royal or self.low > 0 or self.high < ACE
        return None if limited else self.category

    def covers(self, other: LinePredicate) -> bool:
        """Whether every hand of ``other`` is also a hand of this pattern (so a line of it after this one is never paid)."""
        if not isinstance(other, Pattern):
            return False  # an event: a line of another kind of game
        if self.category is not None and self.category != other.category:
            return False
        if self.ranks and not (other.ranks and set(other.ranks) <= set(self.ranks)) or self.offsuit and not other.offsuit:
            return False
        return (self.low <= other.low and other.high <= self.high and (not self.mini_royal or other.mini_royal)
                and (not self.suited or other.suited or other.suit is not None)
                and (self.suit is None or self.suit == other.suit)
                and (not self.same_colour or other.same_colour or other.suited or other.suit is not None))

    def matches(self, values: np.ndarray, suits: np.ndarray | None = None, ranks: np.ndarray | None = None) -> np.ndarray:
        """Which hands (values, and the suits and ranks of all their cards, high first, where the pattern looks at
        them) are of this pattern."""
        category = values >> CATEGORY_SHIFT
        primary = (values >> PRIMARY_SHIFT) & 0xF
        hit = np.ones(len(values), dtype=bool) if self.category is None else category == self.category
        if self.low > 0 or self.high < ACE or self.mini_royal:
            hit &= (primary >= max(self.low, ACE if self.mini_royal else 0)) & (primary <= self.high)
        if self.needs_cards:
            assert suits is not None
            if self.suited or self.suit is not None:
                hit &= np.all(suits == suits[:, :1], axis=1)
                if self.suit is not None:
                    hit &= suits[:, 0] == self.suit
            if self.same_colour:
                red = np.isin(suits, RED)
                hit &= np.all(red == red[:, :1], axis=1)
            if self.offsuit:
                hit &= ~np.all(suits == suits[:, :1], axis=1)
            if self.ranks:
                assert ranks is not None
                hit &= np.any([np.all(ranks == np.array(named), axis=1) for named in self.ranks], axis=0)
        return hit


def rank_word(word: str) -> int:
    """The rank a plural word names: ``tens``, ``10s``, ``Ts``, ``queens``."""
    if word not in _PLURAL:
        raise ValueError(f"{word!r} is not a rank (write e.g. tens, 10s, jacks, Js, aces)")
    return _PLURAL[word]


def unknown_suit(words: str, text: str) -> None:
    """Refuse a line ending "in WORD" where WORD is no suit (the suits are read first: what is left is a typo)."""
    suit = re.search(r"(?:^| )in (\w+)$", words)
    if suit:
        raise ValueError(f"{text!r}: {suit[1]!r} is not a suit (write in clubs, in diamonds, in hearts or in spades)")


_RANKS = "(?:10|[2-9tjqka])(?:-(?:10|[2-9tjqka]))+"
_NAMED = re.compile(rf"^(?P<ranks>{_RANKS}(?: or {_RANKS})*)(?: (?P<suits>suited|offsuit))?$")
_RANK_OF = {**{c.lower(): r for r, c in zip(range(2, 15), RANK_CHARS)}, "10": 10}


def named_ranks(text: str) -> Pattern | None:
    """A line naming the ranks of every card (``A-K suited``, ``A-Q or A-J offsuit``), or None if it names none.

    >>> named_ranks("K-K or Q-Q"), named_ranks("flush")
    (Pattern('k-k or q-q'), None)
    """
    words = normal(text)
    match = _NAMED.match(words)
    if not match:
        return None
    ranks = tuple(dict.fromkeys(tuple(sorted((_RANK_OF[c] for c in alternative.split("-")), reverse=True))
                                for alternative in match["ranks"].split(" or ")))
    return Pattern(words, None, suited=match["suits"] == "suited", offsuit=match["suits"] == "offsuit", ranks=ranks)


def parse_pattern(text: str, ranking: Ranking | None) -> Pattern:
    """Read one paytable line for hands of ``ranking`` (None: a hand with no ranking, where only colours count)."""
    named = named_ranks(text)
    if named is not None:
        return named
    words = normal(text)
    suit = None
    for name, index in SUIT_WORDS.items():
        if words.endswith(f" in {name}"):
            words, suit = words.removesuffix(f" in {name}"), index
    unknown_suit(words, text)
    categories = [category_name(c) for c in ranking.categories] if ranking else []
    listing = ", ".join(categories)
    if words == "same colour":
        return Pattern(normal(text), None, same_colour=True, suit=suit)
    if ranking is None:
        raise ValueError(f"{text!r}: this hand has no ranking, so only same colour or the ranks of its cards (A-K suited) "
                         "can be paid on it")
    suited = words.startswith("suited ")
    words = words.removeprefix("suited ")
    if words == "mini royal":
        if ranking.hand_size >= 5 or "straight flush" not in categories:
            raise ValueError(f"the {ranking.name} ranking has no mini royal (suited A-K-Q is a hand of three-card games)")
        return Pattern(normal(text), categories.index("straight flush"), mini_royal=True, suited=suited, suit=suit)
    if words in categories:
        return Pattern(normal(text), categories.index(words), suited=suited, suit=suit)
    match = _LIMITED.match(words)
    if not match or match["category"] not in categories:
        raise ValueError(f"the {ranking.name} ranking has no {words} (its categories: {listing})")
    low = rank_word(match["low"])
    if match["high"]:
        high = rank_word(match["high"])
    else:
        high = ACE if words.endswith("or better") else low
    if low > high:
        raise ValueError(f"{text!r}: the ranks run from {RANK_NAMES[low]} up to {RANK_NAMES[high]}, not down")
    for rank in (low, high):
        if rank not in ranking.deck.ranks:
            raise ValueError(f"{text!r}: the {ranking.deck} deck has no {RANK_NAMES[rank]}s")
    return Pattern(normal(text), categories.index(match["category"]), low, high, suited=suited, suit=suit)


_ALIKE = ("pair", "one_pair", "two_pair", "three_of_a_kind", "full_house", "four_of_a_kind", "five_of_a_kind")


def two_alike(pattern: Pattern, ranking: Ranking | None) -> str | None:
    """The shape a suited pattern names when it needs two copies of one card (a suited pair: only a shoe has them).

    >>> from casino_math.rankings import get_ranking
    >>> three = get_ranking("three-card")
    >>> two_alike(parse_pattern("suited three of a kind", three), three), two_alike(parse_pattern("flush", three), three)
    ('three of a kind', None)
    """
    if not (pattern.suited or pattern.suit is not None) or pattern.category is None or ranking is None:
        return None
    shape = ranking.categories[pattern.category]
    return shape.replace("_", " ") if shape in _ALIKE else None


def unreachable(lines: Sequence[tuple[str, LinePredicate]]) -> tuple[int, int] | None:
    """The first (earlier, later) pair of (hand, pattern) lines where the earlier always takes the later's hands."""
    for j, (hand, later) in enumerate(lines):
        for i in range(j):
            if lines[i][0] == hand and lines[i][1].covers(later):
                return i, j
    return None
