"""Bets on the dealer's final blackjack hand (Buster Blackjack, Bust It, Bust Bonus) and on the up card (Match the
Dealer): their lines as events, and the deals each line pays, counted exactly by composition.

A line is an event of the dealer's final hand, written as a dealer says it (spaces and underscores alike):

- ``bust`` (the final total over 21), or the dealer's cards by value in any order, ``8-8-8``;
- with the number of the dealer's cards, the up card among them: ``bust with 3 cards``, ``bust with 3 or 4 cards``,
  ``bust with 8 or more cards``, ``bust with 5 to 6 cards``;
- ``on a 6`` (``on a 10``, ``on an ace``): the card that ends the hand is worth that;
- ``suited`` (every card of the dealer's hand of one suit) or ``same colour`` before it: ``suited bust``;
- ``and player blackjack``: the player's first two cards are a blackjack too (the dealer plays the hand out).

or, on the player's first two cards against the up card by rank: ``suited match`` (one card of the up card's rank and
suit), ``unsuited match``, ``two suited matches``, ``two unsuited matches``, ``suited match and unsuited match``.

Deals are ordered deals of the cards the bet reads, as a casino deals them from the shoe: the player's first two cards
(where a line reads them), the up card, the hole card and the dealer's draws, to the most cards the dealer can take
(a hand that ends sooner stands for every way the rest could fall). No other card comes between: the dealer's hand is
counted as the cards after the player's two, as the published analyses count it (every other seat's and the player's
draws left unknown). A bet placed once the up card shows (``up:``) is counted given that up card, and under an ace or a
ten, where the dealer peeks, given no dealer blackjack. Suits are counted exactly: a hand of these values is of one suit
in ``Π falling(n_v/4, k_v)`` of its orderings' ``Π falling(n_v, k_v)`` card by card (``n_v`` cards of value ``v``,
``k_v`` of them in the hand), tens and faces one value.

>>> from casino_math.methods.blackjack.rules import Shoe, BlackjackRules
>>> lines = tuple(parse_line(t) for t in ("bust with 3 cards", "bust"))
>>> counts, total = dealer_counts(Shoe.of_decks(6).counts, BlackjackRules(dealer_hits_soft_17=True), None, lines)
>>> f"{counts[0] / total:.6f}", f"{sum(counts) / total:.6f}"   # the Wizard of Odds: 0.173032 (Buster Blackjack), 0.285760 (Bust)
('0.173032', '0.285760')
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

from ...errors import InputError
from ...held import cached
from .dealer import BLACKJACK, BUST, BUST_22, dealer_graph
from .rules import ACE, TEN, VALUES, BlackjackRules

CARD_VALUES = {"a": ACE, "ace": ACE, **{str(v + 1): v for v in range(1, 9)}, "t": TEN, "10": TEN, "ten": TEN, "j": TEN,
               "q": TEN, "k": TEN, "two": 1, "three": 2, "four": 3, "five": 4, "six": 5, "seven": 6, "eight": 7, "nine": 8}
MATCHES = {"suited match": (1, 0), "one suited match": (1, 0), "unsuited match": (0, 1), "one unsuited match": (0, 1),
           "two suited matches": (2, 0), "two unsuited matches": (0, 2), "suited match and unsuited match": (1, 1),
           "one suited and one unsuited match": (1, 1)}
HELP = ("bust, bust with 3 cards, bust with 3 or 4 cards, bust with 8 or more cards, suited bust, same colour bust, 8-8-8, "
        "bust with 3 cards on a 6, ... and player blackjack; suited match, unsuited match, two suited matches, "
        "two unsuited matches, suited match and unsuited match")
_DEALER = re.compile(r"^(?:(suited|same colou?r) )?(bust|[0-9atjqk]+(?:-[0-9atjqk]+)+)"
                     r"(?: with (\d+)(?: (or more|or \d+|to \d+))? cards?)?(?: on an? (\w+))?( and player blackjack)?$")


@dataclass(frozen=True)
class DealerEvent:
    """One line of a bet on the dealer's hand (see the module): every condition given must hold."""

    text: str
    bust: bool = False
    cards: tuple[int, int] | None = None  # the dealer's cards, the up card among them, within these bounds
    last: int | None = None  # the value (ACE..TEN) of the card that ends the hand
    values: tuple[int, ...] | None = None  # the dealer's cards by value, exactly these (counts per value)
    suits: str | None = None  # "suited" or "same colour": every card of the dealer's hand
    player_blackjack: bool = False
    match: tuple[int, int] | None = None  # the player's cards matching the up card by rank: (suited, unsuited)
    needs_cards: ClassVar[bool] = False

    def matches(self, values: Any, suits: Any = None, ranks: Any = None) -> Any:
        raise TypeError(f"the line {self.text!r} is read by the blackjack method from the dealer's hand, not on hand values")

    def covers(self, other: Any) -> bool:
        return isinstance(other, DealerEvent) and other == self

    def holds(self, hand: tuple[int, ...], last: int, busted: bool, suits: int, player_blackjack: bool) -> bool:
        """Whether a final hand (counts by value, the up card in), ended by ``last``, busted or not, of one suit
        (``suits`` 2), of one colour (1) or neither (0), pays this line (the player's cards a blackjack or not)."""
        n = sum(hand)
        return ((not self.bust or busted) and (self.cards is None or self.cards[0] <= n <= self.cards[1])
                and (self.last is None or self.last == last) and (self.values is None or self.values == hand)
                and (self.suits is None or suits >= (2 if self.suits == "suited" else 1))
                and (not self.player_blackjack or player_blackjack))


def parse_line(text: str) -> DealerEvent:
    """A line's event, from its words (see the module).

    >>> parse_line("Bust with 8 or more cards and player blackjack")
    DealerEvent(text='bust with 8 or more cards and player blackjack', bust=True, cards=(8, 99), last=None, values=None, suits=None, player_blackjack=True, match=None)
    >>> parse_line("suited 8-8-8").values[7], parse_line("bust with 3 cards on a 6").last, parse_line("two suited matches").match
    (3, 5, (2, 0))
    >>> parse_line("bust twice")
    Traceback (most recent call last):
    ...
    casino_math.errors.InputError: 'bust twice' is not a line of a bet on the dealer's hand (bust, bust with 3 cards, bust with 3 or 4 cards, bust with 8 or more cards, suited bust, same colour bust, 8-8-8, bust with 3 cards on a 6, ... and player blackjack; suited match, unsuited match, two suited matches, two unsuited matches, suited match and unsuited match)
    """
    words = re.sub(r"\s+", " ", text.replace("_", " ")).strip().lower()
    if words in MATCHES:
        return DealerEvent(words, match=MATCHES[words])
    found = _DEALER.match(words)
    bad = InputError(f"{text!r} is not a line of a bet on the dealer's hand ({HELP})")
    if found is None:
        raise bad
    suits, what, low, more, last, player = found.groups()
    values = None
    if what != "bust":
        counts = [0] * VALUES
        for name in what.split("-"):
            if name not in CARD_VALUES:
                raise bad
            counts[CARD_VALUES[name]] += 1
        values = tuple(counts)
    cards = None
    if low is not None:
        high = int(low) if more is None else 99 if more == "or more" else int(more.split()[-1])
        if high < int(low):
            raise InputError(f"{text!r}: {low} to {high} cards is no number of cards")
        cards = (int(low), high)
    if last is not None and last not in CARD_VALUES:
        raise bad
    return DealerEvent(words, bust=what == "bust", cards=cards, last=None if last is None else CARD_VALUES[last], values=values,
                       suits=None if suits is None else "suited" if suits == "suited" else "same colour",
                       player_blackjack=player is not None)


def falling(n: int, k: int) -> int:
    """``n (n-1) ... (n-k+1)``: the ordered ways to deal ``k`` of ``n`` cards (0 where ``k > n``)."""
    return math.perm(n, k) if 0 <= k <= n else 0


@cached(maxsize=64)
def final_hands(up: int, hits_soft_17: bool, peeks: bool) -> tuple[tuple[tuple[int, ...], int, bool, tuple[int, ...]], ...]:
    """Every final hand of the dealer showing ``up``: its draws by value (the hole card in, the up card not), its cards
    drawn, whether it busts, and per value of the card that ended it the orders of the draws that reach it (each draw
    made while the hand was still drawing). Where the dealer peeks, no blackjack (the bet is placed after the peek)."""
    graph = dealer_graph(up, hits_soft_17, peeks)
    paths = [[0] * VALUES for _ in range(len(graph.drawn))]
    reach = [0] * len(graph.drawn)
    reach[0] = 1
    out = []
    for k in range(len(graph.drawn)):  # parents come first
        ways = reach[k] if k == 0 else sum(paths[k])
        if graph.outcome[k] >= 0:
            out.append((tuple(int(c) for c in graph.drawn[k]), int(graph.depth[k]), int(graph.outcome[k]) in (BUST, BUST_22),
                        tuple(paths[k])))
            continue
        for v in range(VALUES):
            child = int(graph.child[k, v])
            if child >= 0:
                paths[child][v] += ways
    assert all(int(graph.outcome[k]) != BLACKJACK or peeks is False for k in range(len(graph.drawn)))
    return tuple(out)


def dealer_counts(shoe: tuple[int, ...], rules: BlackjackRules, up: int | None,
                  lines: Sequence[DealerEvent], suits: tuple[tuple[int, ...], ...] | None = None) -> tuple[list[int], int]:
    """The ordered deals each line pays first (lines tried in order) and all the deals, of the dealer's hand from
    ``shoe`` (cards by value; ``suits[v][s]``: of value ``v`` and suit ``s``, by default a quarter of each); ``up``: the
    bet is placed once this up card shows (given no blackjack where the dealer peeks; with suits read, each count
    times the cards of that value: the up card's suit is dealt too), else before the deal."""
    suits = suits if suits is not None else tuple((c // 4,) * 4 for c in shoe)
    reads_suits = any(line.suits for line in lines)
    if any(line.match is not None for line in lines):
        raise ValueError("lines on the up card are counted by match_counts")
    reads_player = any(line.player_blackjack for line in lines)
    ups = [up] if up is not None else [u for u in range(VALUES) if shoe[u]]
    peeks = up is not None and rules.dealer_peeks
    hands = {u: final_hands(u, rules.dealer_hits_soft_17, peeks) for u in ups}
    size = sum(shoe)
    longest = min(max(depth for u in ups for _, depth, _, _ in hands[u]), size - 1 - 2 * reads_player)  # a small shoe runs out
    counts = [0] * (len(lines) + 1)

    def add(left: list[int], weight: int, blackjack: bool, sign: int, player_cards: int) -> None:
        """Every final hand dealt from ``left`` (the up card's shoe before it), ``weight`` ways to deal what came first;
        ``player_cards`` still to deal after the dealer's (ordered the other way round: the same number of deals)."""
        for u in ups:
            n_up = left[u]
            if n_up == 0:
                continue
            after = left.copy()
            after[u] -= 1
            rest = sum(after)
            up_ways = weight * (n_up if up is None and not reads_suits else 1)
            for drawn, depth, busted, paths in hands[u]:
                by_value = 1
                for v in range(VALUES):
                    by_value *= falling(after[v], drawn[v])
                if by_value == 0:
                    continue
                fill = falling(rest - depth, longest - depth) * falling(rest - longest, player_cards)
                hand = tuple(c + (v == u) for v, c in enumerate(drawn))
                classes = _suit_classes(suits, hand, u) if reads_suits else ((0, by_value),)
                for last, orders in enumerate(paths):
                    if not orders:
                        continue
                    for alike, ways in classes:
                        first = next((i for i, line in enumerate(lines) if line.holds(hand, last, busted, alike, blackjack)), len(lines))
                        counts[first] += sign * up_ways * orders * ways * fill

    full = list(shoe)
    add(full, 1, False, 1, 2 if reads_player else 0)
    if reads_player:  # the deals with a player blackjack: counted again with the line they pay, and taken from the rest
        player = full.copy()
        player[ACE] -= 1
        player[TEN] -= 1
        weight = 2 * shoe[ACE] * shoe[TEN]
        add(player, weight, True, 1, 0)
        add(player, weight, False, -1, 0)
    total = sum(counts)
    assert up is not None or total == falling(size, longest + 1 + 2 * reads_player)
    return counts[:-1], total


def _suit_classes(suits: tuple[tuple[int, ...], ...], hand: tuple[int, ...], up: int) -> tuple[tuple[int, int], ...]:
    """The ways to deal a hand (counts by value, the up card in) in a given order of values, the up card first and its
    suit dealt too, from ``suits`` (cards by value and suit; no card taken before the dealer's): of one suit (2), of
    one colour but not one suit (1), the rest (0)."""
    def ways(groups: tuple[tuple[int, ...], ...]) -> int:
        out = 0
        for group in groups:  # the up card of a suit of the group, the other cards of the group's suits
            for s in group:
                n_up = suits[up][s]
                if n_up:
                    term = n_up
                    for v in range(VALUES):
                        term *= falling(sum(suits[v][t] for t in group) - (v == up), hand[v] - (v == up))
                    out += term
        return out

    every = 1
    for v in range(VALUES):
        every *= falling(sum(suits[v]), hand[v])
    suited, colour = ways(((0,), (1,), (2,), (3,))), ways(((0, 3), (1, 2)))  # hearts and diamonds red
    return (2, suited), (1, colour - suited), (0, every - colour)


def match_counts(ranks: tuple[int, ...], decks: int, lines: Sequence[DealerEvent],
                 cards: dict[tuple[int, int], int] | None = None) -> tuple[list[int], int]:
    """The ordered deals of the player's two cards and the up card each line pays first, and all of them: a deck of
    ``ranks``, four suits each, ``decks`` times (``cards``: the count of each (rank, suit) instead); a card matches
    the up card by rank, suited if of its suit too.

    >>> lines = [parse_line(t) for t in ("two suited matches", "suited match and unsuited match", "suited match",
    ...                                  "two unsuited matches", "unsuited match")]
    >>> counts, total = match_counts(tuple(range(2, 15)), 2, lines)   # two decks: the Wizard of Odds' 0, 6, 96, 15, 576 of 5,253
    >>> [c * 5253 // total for c in counts], total == 104 * 103 * 102
    ([0, 6, 96, 15, 576], True)
    """
    if any(line.match is None for line in lines):
        raise ValueError("lines on the dealer's hand are counted by dealer_counts")
    cards = cards if cards is not None else {(r, s): decks for r in ranks for s in range(4)}
    size = sum(cards.values())
    counts = [0] * (len(lines) + 1)
    for (rank, suit), n in cards.items():
        if not n:
            continue
        same = n - 1  # after the up card: its copies, its rank's other suits, the rest
        other = sum(c for (r, t), c in cards.items() if r == rank and t != suit)
        rest = size - 1 - same - other
        ordered = {(2, 0): same * (same - 1), (1, 1): 2 * same * other, (1, 0): 2 * same * rest, (0, 2): other * (other - 1),
                   (0, 1): 2 * other * rest, (0, 0): rest * (rest - 1)}
        for event, ways in ordered.items():
            first = next((i for i, line in enumerate(lines) if line.match == event), len(lines))
            counts[first] += n * ways
    return counts[:-1], size * (size - 1) * (size - 2)
