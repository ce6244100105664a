"""The dealer's final total, exactly, from the cards left in the shoe.

The dealer's hand is the up card, the hole card and the cards drawn until the total reaches 17 (a soft 17 drawn to
where the dealer hits it). What matters of the cards drawn after the up card is their multiset and the order of
the totals they pass through; a multiset reached by several orders is one node of a graph (:class:`DealerGraph`),
and the ordered ways to deal a node's cards from a shoe of counts ``c`` are a product of falling counts, one factor
per card: ``c[v] − (cards of value v already drawn)``. A final node's ways, over the ordered ways to deal as many
cards from the whole shoe, is its probability.

Where the dealer peeks, the player acts knowing the dealer has no blackjack: a hole card that would make one is
left out of the graph, so its counts are those of *no blackjack and this total* (:func:`dealer_chances` divides
them out where a probability is wanted; the player's values keep them as they are, every option alike).

The player's hands remove cards from the shoe; the engine needs the dealer's totals after every one of them (a few
thousand per up card). :func:`dealer_ways` counts them all at once in a compiled kernel, in whole numbers modulo
two primes of 53 bits, and rebuilds each count by the Chinese remainder theorem: every count is below the number of
ordered deals of the dealer's longest hand, ``(n)_L < 2^106``, below the product of the primes, so the count is exact
(the bound is checked). :func:`reference_ways` is the plain recursion it is tested against.

>>> from casino_math.methods.blackjack.rules import BlackjackRules, Shoe
>>> chances = dealer_chances(Shoe.of_decks(1), 0, BlackjackRules(dealer_peeks=False))   # an ace up, one deck, S17
>>> [f"{float(chances[o]):.6f}" for o in ("17", "18", "19", "20", "21", "blackjack")]
['0.126128', '0.131003', '0.129486', '0.131553', '0.051565', '0.313725']
>>> f"{float(chances['22'] + chances['bust']):.5f}"
'0.11654'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from .rules import ACE, TEN, VALUES, BlackjackRules, Shoe
from ...held import cached

OUTCOMES = ("17", "18", "19", "20", "21", "22", "bust", "blackjack")  #: a dealer's hand ends as one of these
BUST_22, BUST, BLACKJACK = 5, 6, 7  # "22" is a bust of exactly 22 (Free Bet pushes it); "bust" is 23 or more
PRIMES = (9007199254740881, 9007199254740847)  #: the two largest primes below 2^53: w·c + w' stays below 2^63


def hand_total(hard: int, aces: bool) -> tuple[int, bool]:
    """A hand's total and whether it is soft, from its hard total (aces as 1) and whether it holds an ace.

    >>> hand_total(7, True), hand_total(17, True), hand_total(23, False)
    ((17, True), (17, False), (23, False))
    """
    if aces and hard <= 11:
        return hard + 10, True
    return hard, False


def natural(first: int, second: int) -> bool:
    """Whether two cards (values ACE..TEN) are a blackjack."""
    return {first, second} == {ACE, TEN}


def blackjack_hole(up: int) -> int | None:
    """The hole card that gives the dealer a blackjack under this up card (None: no blackjack possible)."""
    return TEN if up == ACE else ACE if up == TEN else None


@dataclass(frozen=True, eq=False)
class DealerGraph:
    """Every multiset of cards the dealer can draw after the up card, parents before children.

    ``drawn[k]`` counts the cards of node ``k`` by value; ``child[k, v]`` is the node reached by drawing a ``v``
    (-1: none, the node being final, or a peeked blackjack); ``outcome[k]`` is the final total's index in
    :data:`OUTCOMES` (-1: the dealer draws on); ``depth[k]`` the cards drawn.
    """

    up: int
    drawn: np.ndarray
    child: np.ndarray
    outcome: np.ndarray
    depth: np.ndarray

    @property
    def longest(self) -> int:
        """The most cards the dealer can draw after the up card (the hole card included); one at least, where both cards
        are dealt face up and may stand (the deals a hand's values are counted over reach past a bust's card)."""
        return max(int(self.depth.max()), 1)


@cached(maxsize=64)
def dealer_graph(up: int, hits_soft_17: bool, peeks: bool, shown: int | None = None) -> DealerGraph:
    """The graph of the dealer's draws under ``up`` (see :class:`DealerGraph`), breadth first so parents come first;
    ``shown``: the hole card, dealt face up and out of the shoe (Double Exposure): the draws start from both cards.

    >>> [len(dealer_graph(5, False, False).drawn), len(dealer_graph(5, False, False, shown=9).drawn)]   # a 6 up; a 6 and a ten
    [781, 11]
    """
    bj_hole = blackjack_hole(up) if peeks else None
    index: dict[tuple[int, ...], int] = {(0,) * VALUES: 0}
    nodes: list[tuple[int, ...]] = [(0,) * VALUES]
    outcome: list[int] = []
    children: list[list[int]] = []
    k = 0
    while k < len(nodes):
        drawn = nodes[k]
        depth = sum(drawn)
        hard = up + 1 + sum((v + 1) * c for v, c in enumerate(drawn)) + (0 if shown is None else shown + 1)
        total, soft = hand_total(hard, up == ACE or shown == ACE or drawn[ACE] > 0)
        dealt = depth + (shown is not None)  # the dealer's cards after the up card
        if dealt == 1 and natural(up, drawn.index(1) if shown is None else shown):
            final = BLACKJACK
        elif total > 21:
            final = BUST_22 if total == 22 else BUST
        elif dealt > 0 and (total > 17 or (total == 17 and not (soft and hits_soft_17))):
            final = total - 17
        else:
            final = -1
        outcome.append(final)
        row = [-1] * VALUES
        if final < 0:
            for v in range(VALUES):
                if depth == 0 and v == bj_hole and shown is None:
                    continue
                key = tuple(c + (w == v) for w, c in enumerate(drawn))
                if key not in index:
                    index[key] = len(nodes)
                    nodes.append(key)
                row[v] = index[key]
        children.append(row)
        k += 1
    drawn_array = np.array(nodes, dtype=np.int64)
    return DealerGraph(up, drawn_array, np.array(children, dtype=np.int64), np.array(outcome, dtype=np.int64),
                       drawn_array.sum(axis=1))


def whole(digits: np.ndarray) -> np.ndarray:
    """The whole numbers of :func:`dealer_digits`' pairs, Python integers in an object array."""
    return digits[..., 0].astype(object) + digits[..., 1].astype(object) * PRIMES[0]


def ways_bound(shoe_size: int, longest: int) -> int:
    """The most ordered ways there are to deal the dealer's cards: ``(n)_L``, every count below it."""
    return math.perm(shoe_size, min(longest, shoe_size))


def dealer_digits(left: np.ndarray, up: int, rules: BlackjackRules, shown: int | None = None,
                  bounds: bool = True) -> tuple[np.ndarray, list[int]]:
    """:func:`dealer_ways` with each count as its two digits ``(a, t)``, the count being ``a + p·t`` (``p`` the first of
    :data:`PRIMES`): an array (shoes, outcomes, 2), what a compiled kernel reads (:mod:`~casino_math.methods.blackjack.compiled_values`);
    ``shown``: the hole card dealt face up (:func:`dealer_graph`); without ``bounds``, the second list is left empty."""
    graph = dealer_graph(up, rules.dealer_hits_soft_17, rules.dealer_peeks, shown)
    left = np.ascontiguousarray(left, dtype=np.int64).reshape(-1, VALUES)
    if left.size and ways_bound(int(left.sum(axis=1).max()), graph.longest) >= PRIMES[0] * PRIMES[1]:
        raise ValueError("a shoe this big needs more primes to count the dealer's hands exactly")
    from .dealer_kernel import BLOCK, ways_kernel  # numba loaded when a dealer is counted, not with the game files' reader

    digits = np.zeros((len(left), len(OUTCOMES), 2), dtype=np.int64)
    block = max(1, min(BLOCK, len(left)))
    ways_kernel(graph.drawn, graph.child, graph.outcome, graph.depth, left, np.array(PRIMES, dtype=np.int64),
                 pow(PRIMES[0], -1, PRIMES[1]), graph.longest, digits, np.zeros((len(graph.drawn), 2, block), dtype=np.int64),
                 np.zeros((2, len(OUTCOMES), graph.longest + 1, block), dtype=np.int64), np.zeros((VALUES, block), dtype=np.int64))
    if not bounds:
        return digits, []
    sizes = left.sum(axis=1).tolist()
    by_size = {n: ways_bound(n, graph.longest) for n in set(sizes)}  # a few sizes of shoe, many shoes
    return digits, [by_size[n] for n in sizes]


def dealer_ways(left: np.ndarray, up: int, rules: BlackjackRules) -> tuple[list[tuple[int, ...]], list[int]]:
    """For each row of ``left`` (cards by value left in the shoe once the up card and the player's cards are out): the
    ordered ways to deal each final total of :data:`OUTCOMES`, over ``(n)_L`` ways in all (the second list, per row),
    ``L`` the dealer's longest draw (at most ``n``). Where the dealer peeks, a blackjack is left out."""
    digits, totals = dealer_digits(left, up, rules)
    return list(map(tuple, whole(digits).tolist())), totals


def reference_ways(left: tuple[int, ...], up: int, rules: BlackjackRules) -> tuple[tuple[int, ...], int]:
    """:func:`dealer_ways` for one shoe by plain recursion over the dealer's draws, card by card (the kernel's check)."""
    graph = dealer_graph(up, rules.dealer_hits_soft_17, rules.dealer_peeks)
    n = sum(left)
    most = min(graph.longest, n)
    counts = [0] * len(OUTCOMES)

    def draw(hard: int, aces: bool, drawn: list[int], depth: int, ways: int) -> None:
        total, soft = hand_total(hard, aces)
        if depth == 1 and natural(up, drawn.index(1)):
            counts[BLACKJACK] += ways * math.perm(n - depth, most - depth)
            return
        if total > 21 or total > 17 or (total == 17 and depth > 0 and not (soft and rules.dealer_hits_soft_17)):
            final = (BUST_22 if total == 22 else BUST) if total > 21 else total - 17
            counts[final] += ways * math.perm(n - depth, most - depth)
            return
        for v in range(VALUES):
            if depth == 0 and rules.dealer_peeks and v == blackjack_hole(up):
                continue
            if left[v] - drawn[v] > 0:
                drawn[v] += 1
                draw(hard + v + 1, aces or v == ACE, drawn, depth + 1, ways * (left[v] - drawn[v] + 1))
                drawn[v] -= 1

    draw(up + 1, up == ACE, [0] * VALUES, 0, 1)
    return tuple(counts), math.perm(n, most)


def dealer_chances(shoe: Shoe, up: int, rules: BlackjackRules, removed: tuple[int, ...] = (0,) * VALUES,
                   given_no_blackjack: bool = False, counted: tuple[tuple[int, ...], int] | None = None) -> dict[str, Fraction]:
    """The probability of each final total of the dealer showing ``up``, dealt from ``shoe`` less the up card and the
    cards ``removed``. Where the dealer peeks the blackjack is not among the totals: with ``given_no_blackjack`` the
    others are probabilities given no blackjack, else joint with it (and ``blackjack`` holds its probability).
    ``counted``: that shoe's counts (:func:`dealer_ways`' two parts for it), where they are counted already."""
    left = np.array(shoe.without(removed).counts) - np.eye(VALUES, dtype=np.int64)[up]
    if counted is None:
        rows, totals = dealer_ways(left[None, :], up, rules)
        counted = rows[0], totals[0]
    chances = {o: Fraction(w, counted[1]) for o, w in zip(OUTCOMES, counted[0])}
    hole = blackjack_hole(up)
    if rules.dealer_peeks and hole is not None:
        chances["blackjack"] = Fraction(int(left[hole]), int(left.sum()))
        if given_no_blackjack:
            chances = {o: c / (1 - chances["blackjack"]) for o, c in chances.items() if o != "blackjack"} | {"blackjack": Fraction(0)}
    return chances
