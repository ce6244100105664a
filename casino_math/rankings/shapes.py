"""Hand shapes: the building blocks a ranking is declared from.

A :class:`Shape` is a named category with a test (does this hand have the
shape?) and a tiebreak (how two hands of the shape compare). A ranking lists
its shapes weakest to strongest; a hand belongs to the strongest shape it has.

>>> view = HandView.of((9, 9, 9, 4, 4), (False,) * 5, runs=())
>>> view.pattern, view.group_ranks, FULL_HOUSE.matches(view)
((3, 2), (9, 4), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from operator import itemgetter
from typing import Callable

from ..cards import RANK_NAMES
from ..held import cached

Tiebreak = tuple[int, ...]
_rank = itemgetter(0)


@cached(maxsize=None)
def _run_sets(runs: tuple[tuple[int, ...], ...]) -> tuple[tuple[frozenset[int], ...], tuple[int, ...]]:
    """Straights as rank sets with their top ranks, built once per ranking rather than once per hand."""
    return tuple(frozenset(r) for r in runs), tuple(r[-1] for r in runs)


@cached(maxsize=None)
def _run_tops(runs: tuple[tuple[int, ...], ...]) -> dict[frozenset[int], int]:
    """Each straight's rank set to its top rank (the first run listed where two share a set): a hand's straight is one
    look-up."""
    tops: dict[frozenset[int], int] = {}
    for run in runs:
        tops.setdefault(frozenset(run), run[-1])
    return tops


@dataclass(frozen=True)
class HandView:
    """One natural hand seen the way rankings look at it.

    ``ranks`` are sorted high to low (an ace is 1 where the ranking plays it
    low); ``suited[i]`` says card ``i`` belongs to the hand's flush suit. What
    every ranking's shapes read is worked out once, as the view is made (a
    ranking tests a hand against each of its shapes, strongest first):
    ``groups``, (count, rank) pairs, biggest group first, then highest rank;
    ``pattern``, their sizes, e.g. (2, 2, 1) for two pair; ``group_ranks``, the
    ranks in the order a tie is broken; ``straight_top``, the top rank of the
    straight the hand makes among the ranking's runs, or 0 (the wheel's top is 5);
    ``is_flush``, every card in the suit.
    """

    ranks: tuple[int, ...]
    suited: tuple[bool, ...]
    groups: tuple[tuple[int, int], ...]
    pattern: tuple[int, ...]
    group_ranks: tuple[int, ...]
    straight_top: int
    is_flush: bool
    short_runs: tuple[frozenset[int], ...] = ()
    short_run_tops: tuple[int, ...] = ()

    @classmethod
    def of(
        cls,
        ranks: tuple[int, ...],
        suited: tuple[bool, ...],
        runs: tuple[tuple[int, ...], ...],
        short_runs: tuple[tuple[int, ...], ...] = (),
    ) -> HandView:
        ranks, suited = zip(*sorted(zip(ranks, suited), key=_rank, reverse=True))  # stable: equal ranks keep their order
        distinct = frozenset(ranks)
        groups = tuple(sorted(zip(map(ranks.count, distinct), distinct), reverse=True))
        pattern, group_ranks = zip(*groups)
        top = _run_tops(runs).get(distinct, 0) if len(distinct) == len(ranks) else 0
        short_sets, short_tops = _run_sets(short_runs)
        return cls(ranks, suited, groups, pattern, group_ranks, top, all(suited), short_sets, short_tops)

    @cached_property
    def four_flush(self) -> Tiebreak:
        """Sökö: four cards of one suit, as (the four ranks high to low, the odd card); else ()."""
        if sum(self.suited) != 4:
            return ()
        inside = tuple(r for r, s in zip(self.ranks, self.suited) if s)
        return inside + tuple(r for r, s in zip(self.ranks, self.suited) if not s)

    @cached_property
    def four_straight(self) -> Tiebreak:
        """Sökö: four ranks in sequence, as (top of the four, the odd card); else ()."""
        distinct = set(self.ranks)
        best: Tiebreak = ()
        for run, top in zip(self.short_runs, self.short_run_tops):
            if run <= distinct:
                rest = list(self.ranks)
                for r in run:
                    rest.remove(r)
                best = max(best, (top, *rest))
        return best


@dataclass(frozen=True)
class Shape:
    """A category of hands: its snake_case name, its test and its tiebreak (bigger wins)."""

    name: str
    matches: Callable[[HandView], bool]
    tiebreak: Callable[[HandView], Tiebreak]

    def __repr__(self) -> str:
        return f"Shape({self.name!r})"


def _by_groups(v: HandView) -> Tiebreak:
    return v.group_ranks


def _by_straight(v: HandView) -> Tiebreak:
    return (v.straight_top,)


def _lowest_wins(v: HandView) -> Tiebreak:
    """For low games: the lower the cards, biggest group first, the better."""
    return tuple(15 - r for r in v.group_ranks)


def _n_of_a_kind(n: int, pairs: int = 0) -> Callable[[HandView], bool]:
    """Exactly this group structure: the biggest group has n cards and there are `pairs` other pairs."""
    return lambda v: v.pattern[0] == n and v.pattern[1:].count(2) == pairs and max(v.pattern[1:], default=0) <= 2


# The shapes of high poker, each with its usual tiebreak. Low games reuse the
# made-hand tests with `_lowest_wins`.
HIGH_CARD = Shape("high_card", lambda v: True, _by_groups)
ONE_PAIR = Shape("one_pair", _n_of_a_kind(2), _by_groups)
PAIR = Shape("pair", _n_of_a_kind(2), _by_groups)  # the three-card name
TWO_PAIR = Shape("two_pair", _n_of_a_kind(2, pairs=1), _by_groups)
THREE_OF_A_KIND = Shape("three_of_a_kind", _n_of_a_kind(3), _by_groups)
STRAIGHT = Shape("straight", lambda v: v.straight_top > 0, _by_straight)
FLUSH = Shape("flush", lambda v: v.is_flush, _by_groups)
FULL_HOUSE = Shape("full_house", lambda v: v.pattern[:2] == (3, 2), _by_groups)
FOUR_OF_A_KIND = Shape("four_of_a_kind", lambda v: v.pattern[0] == 4, _by_groups)
STRAIGHT_FLUSH = Shape("straight_flush", lambda v: v.is_flush and v.straight_top > 0, _by_straight)
ROYAL_FLUSH = Shape("royal_flush", lambda v: v.is_flush and v.straight_top == 14, _by_straight)
FIVE_OF_A_KIND = Shape("five_of_a_kind", lambda v: v.pattern[0] == 5, _by_groups)
# every card wild: no natural hand has the shape, so only Ranking.hand_value gives it (DJ Wild's top hand)
FIVE_WILDS = Shape("five_wilds", lambda v: False, lambda v: ())
FOUR_STRAIGHT = Shape("four_straight", lambda v: bool(v.four_straight), lambda v: v.four_straight)
FOUR_FLUSH = Shape("four_flush", lambda v: bool(v.four_flush), lambda v: v.four_flush)


def as_low(shape: Shape) -> Shape:
    """The same made hand in a low game: it still counts against, and lower cards break ties."""
    return Shape(shape.name, shape.matches, _lowest_wins)


LOW_NAMES = {r: f"{RANK_NAMES[r]}_low" if r > 10 else f"{r}_low" for r in range(5, 15)}
LOW_NAMES[14] = "ace_low"


def low_shape(top: int, allowed: Callable[[HandView], bool]) -> Shape:
    """An unpaired low whose top card is ``top`` (named ``7_low``, ``king_low``…), where ``allowed``."""
    return Shape(
        LOW_NAMES[top],
        lambda v: len(set(v.ranks)) == len(v.ranks) and v.ranks[0] == top and allowed(v),
        _lowest_wins,
    )
