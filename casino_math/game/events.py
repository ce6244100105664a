"""Lines of games counted by kinds of card: events of the final hands, one or several joined by ``and``.

Each part of a line is an event of one hand: the bet's own, or another named
with ``on`` (``natural on dealer``). On a hand ranked like poker, a part is a
pattern of :mod:`.patterns` (``flush``, ``suited three of a kind``: a shoe
holds several of each card). On a hand valued in points (baccarat,
blackjack) it is one of:

- ``natural`` (in blackjack also ``blackjack``), ``natural 9``;
- ``7 points``, ``4 to 6 points``, and with the number of cards:
  ``three-card 7 points``, ``two-card 6 points``, ``three cards``;
- ``wins by 9``, ``wins by 4 or more``, ``wins by 4 to 5``: the hand's points
  less those of the other hand (the player's against the dealer's);
- events of the hand's first two cards (a baccarat Pair bet, a blackjack
  hand as dealt): ``pair``, ``pair of queens``, ``K-Q`` (these two ranks),
  ``suited`` (one suit), ``same colour``, ``matched`` (the same card twice),
  ``in hearts`` (both hearts), and these together: ``suited pair``,
  ``same colour pair``, ``matched 20 points``, ``suited K-Q``,
  ``pair of queens in hearts``;
- events of three cards in order (Red Dog): ``consecutive`` (the first two
  cards one rank apart), ``spread``, ``spread 7``, ``spread 4 to 11``,
  ``spread 7 or more`` (the ranks strictly between the first two cards: a
  pair and consecutive cards have none), ``between`` (the third card's rank
  strictly between the first two), ``three of a kind`` (three cards of one
  rank); the ace ranks high only;
- ``any``: every hand (the last line of a table that pays all else).

Underscores and spaces are alike. Lines are tried in order; a line that an
earlier one always takes is an error, as in any paytable.

>>> from casino_math.cards import Deck
>>> from casino_math.rankings.points import get_points
>>> shoe = Deck.named("standard", decks=8)
>>> points = get_points("blackjack", shoe)
>>> hands = {"player": Hand("player", ("player",), 2, points), "dealer": Hand("dealer", ("dealer",), 2, points)}
>>> line = parse_event("pair of queens in hearts and blackjack on dealer", hands, "player", 8)
>>> [(a.hand, a.pair_rank, a.suit, a.natural) for a in line.atoms]
[('player', 12, 2, False), ('dealer', None, None, True)]
>>> parse_event("pair of queens in hearts", hands, "player", 8).covers(line)
True
>>> parse_event("suited pair", hands, "player", 1)
Traceback (most recent call last):
...
ValueError: 'suited pair': a matched or suited pair needs two cards alike: one deck has none
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Mapping

import numpy as np

from ..cards import RANK_CHARS, RANK_NAMES
from .description import Hand
from .patterns import SUIT_WORDS, LinePredicate, Pattern, normal, parse_pattern, rank_word, two_alike, unknown_suit

CARD, RANK = 2, 1  # the detail an event reads a card at (see casino_math.shoe)
OTHER = {"player": "dealer", "dealer": "player"}
HELP = ("natural, 7 points, three-card 7 points, 4 to 6 points, wins by 9, wins by 4 or more, pair, pair of queens, "
        "K-Q, suited, same colour, matched, in hearts, consecutive, spread 7, between, three of a kind, any")
_SIZES = {"two-card": 2, "2-card": 2, "three-card": 3, "3-card": 3}
_COUNT_WORDS = {"two": 2, "three": 3, "2": 2, "3": 3}


@dataclass(frozen=True)
class Atom:
    """One event of one hand: every condition given must hold (none given: any hand)."""

    hand: str
    natural: bool = False
    points: tuple[int, int] | None = None  # the total, within these bounds
    cards: int | None = None  # how many cards the hand holds
    margin: tuple[int, int] | None = None  # the total less the other hand's, within these bounds
    pair: bool = False  # first two cards: one rank
    pair_rank: int | None = None  # ... this rank
    ranks: tuple[int, int] | None = None  # first two cards: these ranks, low first
    suited: bool = False  # first two cards: one suit
    same_colour: bool = False  # first two cards: one colour
    suit: int | None = None  # first two cards: this suit
    poker: Pattern | None = None  # a pattern of a poker-ranked hand (every card)
    spread: tuple[int, int] | None = None  # first two cards: the ranks strictly between them, within these bounds
    between: bool = False  # the third card's rank strictly between the first two's
    trips: bool = False  # the first three cards of one rank

    @property
    def first_two(self) -> int | None:
        """The detail at which the event reads the hand's first two cards (None: it does not read them)."""
        if self.suited or self.same_colour or self.suit is not None:
            return CARD
        return RANK if self.pair or self.ranks or self.spread is not None else None

    @property
    def first_three(self) -> bool:
        """Whether the event reads the ranks of the hand's first three cards (Red Dog's third card)."""
        return self.between or self.trips

    @property
    def totals(self) -> bool:
        """Whether the event reads the hand's total or its number of cards (so the whole, drawn hand)."""
        return self.natural or self.points is not None or self.cards is not None or self.margin is not None

    def implies(self, other: Atom) -> bool:
        """Whether every hand with this event also has ``other`` (so a line of ``other`` listed first takes it)."""
        def within(inner: tuple[int, int] | None, outer: tuple[int, int]) -> bool:
            return inner is not None and outer[0] <= inner[0] and inner[1] <= outer[1]

        return (self.hand == other.hand
                and (not other.natural or self.natural)
                and (other.points is None or within(self.points, other.points))
                and (other.cards is None or self.cards == other.cards or (self.natural and other.cards == 2))
                and (other.margin is None or within(self.margin, other.margin))
                and (not other.pair or self.pair or self.trips)
                and (other.spread is None or within(self.spread, other.spread))
                and (not other.between or self.between)
                and (not other.trips or self.trips)
                and (other.pair_rank is None or self.pair_rank == other.pair_rank)
                and (other.ranks is None or self.ranks == other.ranks)
                and (not other.suited or self.suited)
                and (not other.same_colour or self.same_colour or self.suited)
                and (other.suit is None or self.suit == other.suit)
                and (other.poker is None or (self.poker is not None and other.poker.covers(self.poker))))


@dataclass(frozen=True)
class Event:
    """A line's events, all of which must hold; ``hand`` is the first one's (the line's own hand)."""

    text: str
    atoms: tuple[Atom, ...]

    def __repr__(self) -> str:
        return f"Event({self.text!r})"

    @property
    def hand(self) -> str:
        return self.atoms[0].hand

    @property
    def always(self) -> bool:
        """Whether every deal has the event (``any``): no hand is left for the lines after it."""
        return all(a == Atom(a.hand) for a in self.atoms)

    @property
    def needs_cards(self) -> bool:
        """Whether the event reads suits: of the first two cards, or of a poker hand's cards beyond its value."""
        return any(a.suited or a.same_colour or a.suit is not None or (a.poker is not None and a.poker.needs_cards)
                   for a in self.atoms)

    def matches(self, values: np.ndarray, suits: np.ndarray | None = None, ranks: np.ndarray | None = None) -> np.ndarray:
        """Never read on hand values: an event reads the whole deal (totals, first cards, other hands), so the
        lines of a game counted by kinds of card are counted by :mod:`.drawing` (and checked by :mod:`.coup`)."""
        raise TypeError(f"{self!r} is an event of a game counted by kinds of card: it is not read on hand values")

    def covers(self, other: LinePredicate) -> bool:
        """Whether every deal with ``other`` also has this event."""
        if not isinstance(other, Event):
            return False  # a pattern: a line of another kind of game
        return all(any(b.implies(a) for b in other.atoms) for a in self.atoms)


def parse_event(text: str, hands: Mapping[str, Hand], hand: str, decks: int) -> Event:
    """Read one line of a paytable whose hand is ``hand``, in a game dealt from ``decks`` decks."""
    atoms = []
    for part in re.split(r"\s+and\s+", str(text).strip()):
        words, on = part, hand
        head, sep, tail = part.rpartition(" on ")
        if sep and tail.strip() in hands:
            words, on = head, tail.strip()
        atoms.append(_atom(words, hands, on, decks, text))
    return Event(normal(text), tuple(atoms))


def _atom(text: str, hands: Mapping[str, Hand], hand: str, decks: int, line: str) -> Atom:
    the_hand = hands[hand]
    if the_hand.points is None:
        pattern = parse_pattern(text, the_hand.ranking)
        shape = two_alike(pattern, the_hand.ranking)
        if shape is not None and decks == 1:
            raise ValueError(f"a suited {shape} needs two cards alike: one deck has none")
        return Atom(hand, poker=pattern)
    words = normal(text)
    atom = Atom(hand)
    for name, index in SUIT_WORDS.items():
        if words.endswith(f" in {name}") or words == f"in {name}":
            words, atom = words.removesuffix(f"in {name}").strip(), replace(atom, suit=index, suited=True)
    unknown_suit(words, line)
    prefixes = {"suited": {"suited": True}, "same colour": {"same_colour": True}, "matched": {"pair": True, "suited": True},
                **{size: {"cards": n} for size, n in _SIZES.items()}}
    found = True
    while found:
        found = False
        for prefix, fields in prefixes.items():
            if words == prefix or words.startswith(prefix + " "):
                words, atom, found = words.removeprefix(prefix).strip(), replace(atom, **fields), True  # type: ignore[arg-type]
    atom = _core(words, atom, the_hand, line) if words else atom
    if atom == Atom(hand) and words != "any":
        raise ValueError(f"{line!r}: write an event of the hand ({HELP})")
    if atom.pair and atom.suited and decks == 1:
        raise ValueError(f"{line!r}: a matched or suited pair needs two cards alike: one deck has none")
    if atom.margin is not None and (hand not in OTHER or OTHER[hand] not in hands or hands[OTHER[hand]].points is None):
        raise ValueError(f"{line!r}: a margin compares the player's and the dealer's points hands")
    if atom.first_two is not None and hands[hand].best < 2:
        raise ValueError(f"{line!r}: the {hand} hand holds one card; its events of two cards never happen")
    if atom.first_three and hands[hand].best < 3:
        raise ValueError(f"{line!r}: the {hand} hand holds {hands[hand].best} cards; its events of three cards never happen")
    return atom


def _core(words: str, atom: Atom, hand: Hand, line: str) -> Atom:
    assert hand.points is not None
    low, high = hand.points.totals_range
    if words == "any":
        return atom
    natural = re.fullmatch(r"(\w+)(?: (\d+))?", words)
    if natural and natural[1] in hand.points.natural_words:
        if natural[2] is None:
            return replace(atom, natural=True)
        total = int(natural[2])
        if total not in hand.points.naturals:
            raise ValueError(f"{line!r}: no natural totals {total} (naturals: {', '.join(map(str, sorted(hand.points.naturals)))})")
        return replace(atom, natural=True, points=(total, total))
    points = re.fullmatch(r"(\d+)(?: to (\d+))? points?", words)
    if points:
        bounds = (int(points[1]), int(points[2] or points[1]))
        if not low <= bounds[0] <= bounds[1] <= high:
            raise ValueError(f"{line!r}: {hand.points.name} totals run from {low} to {high}")
        return replace(atom, points=bounds)
    margin = re.fullmatch(r"wins? by (\d+)(?: (or more)| to (\d+))?(?: points?)?", words)
    if margin:
        first, widest = int(margin[1]), high - low
        last = widest if margin[2] else int(margin[3] or first)
        if not 1 <= first <= last <= widest:
            raise ValueError(f"{line!r}: a hand wins by 1 to {widest} {hand.points.name} points"
                             + (", the smaller number first" if first > last else ""))
        return replace(atom, margin=(first, last))
    count = re.fullmatch(r"(\w+) cards", words)
    if count and count[1] in _COUNT_WORDS:
        return replace(atom, cards=_COUNT_WORDS[count[1]])
    if words == "pair":
        return replace(atom, pair=True)
    widest = len(hand.points.deck.ranks) - 2  # two to ace: 11 ranks between
    if words == "consecutive":
        return replace(atom, spread=(0, 0))
    if words == "spread":
        return replace(atom, spread=(1, widest))
    spread = re.fullmatch(r"spreads? (?:of )?(\d+)(?: (or more)| to (\d+))?", words)
    if spread:
        first = int(spread[1])
        last = widest if spread[2] else int(spread[3] or first)
        if not 0 <= first <= last <= widest:
            raise ValueError(f"{line!r}: a spread runs from 0 (consecutive) to {widest} ranks between the two cards"
                             + (", the smaller number first" if first > last else ""))
        return replace(atom, spread=(first, last))
    if words == "between":
        return replace(atom, between=True)
    if words == "three of a kind":
        return replace(atom, trips=True)
    if words.startswith("pair of "):
        rank = rank_word(words.removeprefix("pair of "))
        _in_deck((rank,), hand, line)
        return replace(atom, pair=True, pair_rank=rank)
    two = re.fullmatch(r"(10|[2-9tjqka])-(10|[2-9tjqka])", words)
    if two:
        low_rank, high_rank = sorted(10 if r == "10" else RANK_CHARS.index(r.upper()) + 2 for r in two.groups())
        _in_deck((low_rank, high_rank), hand, line)
        pair = low_rank == high_rank
        return replace(atom, ranks=(low_rank, high_rank), pair=pair or atom.pair, pair_rank=low_rank if pair else None)
    raise ValueError(f"{line!r} is not an event of a {hand.points.name} hand ({HELP})")


def _in_deck(ranks: tuple[int, ...], hand: Hand, line: str) -> None:
    assert hand.points is not None
    for rank in ranks:
        if rank not in hand.points.deck.ranks:
            raise ValueError(f"{line!r}: the {hand.points.deck} deck has no {RANK_NAMES[rank]}s")
