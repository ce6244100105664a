"""Basic strategy: one decision per dealer up card and hand total, as casinos print it, and the game played by it.

The optimal strategy (:mod:`~casino_math.methods.blackjack.rounds`) plays each hand by its cards; players play by the total. Basic strategy gives,
for each up card and each *key* — a pair of the first two cards, or a hard or soft total, with the first two cards
or after hitting — the options in order of preference: a hand takes the first one open to it ("double, else
stand"). The order of a key is that of its options' expected values added up over every hand of the key, each
weighed by its chance of being reached; each hand's option is valued as taken once, the strategy followed after.

The values of a key's options depend on the strategy at bigger totals, the chances of reaching its hands on the
strategy at smaller ones, so the strategy is found by turns: from the optimal strategy, each turn orders every key
by the values and chances of the last turn's strategy, until a turn changes nothing (:func:`basic_strategy`; on small
shoes the turns may come back to an earlier strategy: the one of that cycle returning the most is taken). The
game played by the strategy found is then counted exactly like the optimal one, split hands played by the same
chart (:class:`BasicStrategy` is the chooser of every hand).
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Mapping

from ...collector import held
from .choices import DOUBLE, HIT, SPLIT, STAND, SURRENDER, ChartChooser, Key
from .hands import Hand, hand_table
from .rounds import Play, UpCard, play_game, play_up_card
from .rules import ACE, VALUES, BlackjackRules, Shoe, value_name

TURNS = 12  # turns of the search at most (a strategy repeats itself within two or three)
CODES = {STAND: "S", HIT: "H", DOUBLE: "D", SPLIT: "P", SURRENDER: "R"}


def key_of(hand: Hand, first: bool, splits: bool = True) -> Key:
    """A hand's key: its pair (first two cards, where pairs may be split), else its total, hard or soft."""
    if first and splits and hand.pair is not None:
        return ("pair", hand.pair, True)
    return ("soft" if hand.soft else "hard", hand.total, first)


def key_text(key: Key) -> str:
    """``pair of 8s``, ``hard 16``, ``soft 18 after hitting``."""
    kind, value, first = key
    if kind == "pair":
        return f"pair of {value_name(value)}s"
    return f"{kind} {value}" + ("" if first else " after hitting")


@dataclass(frozen=True)
class BasicStrategy:
    """Per (up card, key): the options in order of preference; a hand takes the first open to it."""

    rules: BlackjackRules
    orders: Mapping[tuple[int, Key], tuple[str, ...]]

    def pick(self, up: int, key: Key, options: Mapping[str, object]) -> str:
        order = self.orders.get((up, key))
        if order is None:
            raise KeyError(f"basic strategy has no {key_text(key)} against {value_name(up)}")
        return next(o for o in order if o in options)

    def code(self, up: int, key: Key) -> str:
        """The chart's code: ``H``, ``S``, ``P``, and where the first option may not be open, it then the next (``Ds``,
        ``Rh``: double else stand, surrender else hit)."""
        order = self.orders[(up, key)]
        first = CODES[order[0]]
        if order[0] in (DOUBLE, SURRENDER) and len(order) > 1:
            return first + CODES[next(o for o in order[1:] if o not in (DOUBLE, SURRENDER, SPLIT))].lower()
        return first

    # -- as choosers of the engine ----------------------------------------------------------------
    def hand_chooser(self, up: int, split: bool = False) -> ChartChooser:
        """The chooser of hands after the first two cards (of split hands with ``split``: their first two too)."""
        return ChartChooser(self.orders, up, split)

    def root_chooser(self, upcard: UpCard, hand: Hand, options: Mapping[str, Fraction]) -> str:
        if "blackjack" in options:
            return "blackjack"
        return self.pick(upcard.up, key_of(hand, True, self.rules.splits), options)


def orders_of(play: Play) -> dict[tuple[int, Key], tuple[str, ...]]:
    """Every key's options ordered by their values added up over the key's hands, each weighed by its chance of being
    reached when ``play``'s strategy is followed (the first two cards: by their chance of being dealt)."""
    totals: dict[tuple[int, Key], dict[str, Fraction]] = {}
    table = hand_table()
    rules = play.rules
    for up, upcard in play.upcards.items():
        sums: dict[Key, dict[str, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
        for hand, root in upcard.roots.items():
            if "blackjack" in root.options:
                continue
            for option, value in root.options.items():  # by its total (a pair not split too: split hands), and as a pair
                if option != SPLIT:
                    sums[key_of(hand, True, splits=False)][option] += root.chance * value
                if hand.pair is not None and rules.splits:
                    sums[key_of(hand, True)][option] += root.chance * value
        ways, deals = reached_ways(upcard)
        position = upcard.position
        parts: dict[tuple[Key, str, int], int] = defaultdict(int)  # by the hands' cards: one denominator each
        for i, weight in ways.items():
            cards = table.cards[i]
            if cards < 3 or i not in upcard.valued:
                continue
            key = ("soft" if table.soft[i] else "hard", table.total[i], False)  # key_of after hitting, read off the table
            for option, numerator in upcard.valued[i].options.items():
                parts[(key, option, cards)] += weight * numerator
        for (key, option, cards), numerator in parts.items():
            sums[key][option] += upcard.chance * Fraction(numerator, deals(cards) * position.denominator(cards))
        for key, per in sums.items():
            totals[(up, key)] = per
    return {k: tuple(sorted(per, key=lambda o: (-per[o], _tie(o)))) for k, per in totals.items()}


def _tie(option: str) -> int:
    return (DOUBLE, SPLIT, STAND, HIT, SURRENDER).index(option)


def reached(upcard: UpCard) -> dict[int, Fraction]:
    """Each hand's chance of being reached (with this up card) when the strategy of ``upcard`` is followed."""
    ways, deals = reached_ways(upcard)
    table = hand_table()
    return {i: upcard.chance * Fraction(w, deals(table.cards[i])) for i, w in ways.items()}


def reached_ways(upcard: UpCard) -> tuple[dict[int, int], Callable[[int], int]]:
    """:func:`reached` as whole numbers: each hand's ordered deals reaching it under the strategy of ``upcard``, over the
    ordered deals of as many cards from the shoe once the up card is out (the second part: those, by the cards), given
    the up card."""
    table = hand_table()
    position = upcard.position
    n = sum(position.left)
    reach: dict[int, int] = defaultdict(int)
    for hand, root in upcard.roots.items():
        if root.taken == HIT:
            ways = root.chance / upcard.chance * n * (n - 1)  # ordered deals of the two cards
            assert ways.denominator == 1
            reach[table.index[hand]] += ways.numerator
    for i in reversed(position.dealt):  # smallest first
        weight = reach.get(i)
        if not weight or table.cards[i] < 2:
            continue
        if table.cards[i] > 2 and (i not in upcard.valued or upcard.valued[i].taken != HIT):
            continue
        shoe = position.shoes[i]
        for v, child in enumerate(table.child[i]):
            if child >= 0 and shoe[v]:
                reach[child] += weight * shoe[v]
    return reach, lambda cards: math.perm(n, cards)


@held
def basic_strategy(rules: BlackjackRules, shoe: Shoe, optimal: Play | None = None) -> tuple[BasicStrategy, Play, int]:
    """The basic strategy of the game (see the module), the game played by it, and the turns the search took.

    Where the turns come back to a strategy met before (two keys' chances and values pulling each other back and forth,
    on small shoes), the search stops there, with the strategy of the cycle that returns the most."""
    play = optimal if optimal is not None else play_game(rules, shoe)
    orders = orders_of(play)
    met: list[tuple[dict[tuple[int, Key], tuple[str, ...]], BasicStrategy, Play]] = []
    for turn in range(1, TURNS + 1):
        strategy = BasicStrategy(rules, orders)
        play = play_by(strategy, shoe)
        met.append((orders, strategy, play))
        again = orders_of(play)
        if again == orders:
            return strategy, play, turn
        cycle = next((i for i, (seen, _, _) in enumerate(met) if seen == again), None)
        if cycle is not None:
            _, strategy, play = max(met[cycle:], key=lambda m: m[2].expected_return)
            return strategy, play, turn
        orders = again
    raise RuntimeError(f"basic strategy did not settle in {TURNS} turns")


def play_by(strategy: BasicStrategy, shoe: Shoe) -> Play:
    """The game played by a basic strategy: every hand, split hands too, by the chart."""
    rules = strategy.rules
    upcards = {}
    for up in range(VALUES):
        if shoe.counts[up]:
            upcards[up] = play_up_card(rules, shoe, up, strategy.hand_chooser(up), strategy.root_chooser,
                                       strategy.hand_chooser(up, split=True))
    return Play(rules, shoe, upcards)


def chart(strategy: BasicStrategy, shoe: Shoe) -> dict[str, list[tuple[str, list[str]]]]:
    """The chart as printed: hard totals, soft totals and pairs (first two cards), each a row of codes by up card 2 to A."""
    ups = [v for v in (*range(1, VALUES), ACE) if shoe.counts[v]]
    out: dict[str, list[tuple[str, list[str]]]] = {"hard": [], "soft": [], "pairs": []}
    keys = {k for (_, k) in strategy.orders}
    for kind, label in (("hard", "hard"), ("soft", "soft"), ("pair", "pairs")):
        for key in sorted((k for k in keys if k[0] == kind and k[2]), key=lambda k: -k[1] if kind != "pair" else -((k[1] - 1) % 10)):
            row = [strategy.code(up, key) if (up, key) in strategy.orders else "" for up in ups]
            name = f"{value_name(key[1])},{value_name(key[1])}" if kind == "pair" else str(key[1])
            out[label].append((name, row))
    return out

