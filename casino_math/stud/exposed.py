"""Exposed hands: how the up cards rank when deciding who bets first.

With four or fewer cards showing, only groups count (Morehead, *Laws and Forms of Poker*, law 32):
four of a kind > three of a kind > two pair > one pair > high card, the
next cards deciding. Incomplete straights and flushes do not count, "except
when a four flush is played to beat a pair, in which case a fourflush showing
bets ahead of a pair". Sökö plays both its four-card hands, the four-flush
and the four-straight, as hands in their own right, so the exception is read
as: where the game's ranking has four-card hands, four up cards that make
one rank as that ranking ranks it at the showdown (Finnish: below a pair,
above any high card; Canadian: above one pair, below two pair; the
four-flush above the four-straight in both). In a low game the lowest
showing hand is best: unpaired beats paired, then the lower cards, the ace
low where the game plays it so. With five or more cards showing, the game's
own ranking applies in full.

Values follow :class:`~casino_math.rankings.base.Ranking`: bigger is better
(for the opener), whatever the direction of the game.

>>> from casino_math.stud.games import get_game
>>> stud = get_game("seven-card-stud")
>>> [describe(stud, h) for h in ("3c 3d 3h", "7c 7d 8h", "Ac Kd Qh")]
['three threes', 'pair of sevens', 'ace-king-queen']
>>> value = lambda game, cards: exposed_value(game, parse_cards(cards))
>>> value(stud, "3c 3d 3h") > value(stud, "7c 7d 8h") > value(stud, "Ac Kd Qh")
True
>>> razz = get_game("razz")
>>> value(razz, "4d Ac") > value(razz, "4s 2h"), describe(razz, "4d Ac")
(True, 'four-ace')
>>> canadian, finnish = get_game("soko-canadian"), get_game("soko-finnish")
>>> value(canadian, "2h 5h 9h Kh") > value(canadian, "5c 6d 7h 8s") > value(canadian, "Kc Kd 9s 2c") > value(stud, "2h 5h 9h Kh")
True
>>> value(finnish, "Kc Kd 9s 2c") > value(finnish, "2h 5h 9h Kh") > value(finnish, "5c 6d 7h 8s") > value(finnish, "Ac Kd 9s 2c")
True
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Sequence

from ..cards import ACE, RANK_NAMES, Card, parse_cards
from ..rankings import Ranking
from ..rankings.shapes import FOUR_OF_A_KIND, HIGH_CARD, ONE_PAIR, THREE_OF_A_KIND, TWO_PAIR, Shape, as_low
from .games import StudGame

_GROUPS = (HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, FOUR_OF_A_KIND)
_FOUR_CARD_HANDS = frozenset({"four_straight", "four_flush"})  # Sökö's: hands at the showdown, so they count showing
UNPAIRED_LOW = Shape("high_card", lambda v: len(set(v.ranks)) == len(v.ranks), as_low(HIGH_CARD).tiebreak)


@lru_cache(maxsize=None)
def exposed_ranking(game: StudGame, cards: int) -> Ranking:
    """The ranking of ``cards`` up cards in ``game`` (a declared partial ranking below five cards)."""
    main = game.rankings(game.ranking)[0]  # up cards lie face up: a joker plays as it does face up
    if cards >= main.hand_size:
        return main
    wild = main.wild
    if game.opener == "low":
        shapes: tuple[Shape, ...] = (*(as_low(s) for s in reversed(_GROUPS[1:])), UNPAIRED_LOW)
        return Ranking("exposed-low", main.deck, shapes, hand_size=cards, suits="none", ace_low=main.ace_low, wild=wild,
                       description="up cards for the low opener: unpaired, then lowest")
    # the groups, and where the game has them its four-card hands, in the order of its own ranking
    showing = {s.name for s in _GROUPS} | (_FOUR_CARD_HANDS if cards == 4 else frozenset())
    shapes = tuple(s for s in main.shapes if s.name in showing)
    four_card = any(s.name in _FOUR_CARD_HANDS for s in shapes)
    return Ranking("exposed-high", main.deck, shapes, hand_size=cards, suits="flush" if four_card else "none",
                   short_runs=main.short_runs, wild=wild,
                   description="up cards: groups" + (", and four-card hands where the showdown has them" if four_card else " only"))


def exposed_value(game: StudGame, cards: Sequence[Card]) -> int:
    """Value of a player's up cards for choosing the opener (bigger bets first)."""
    return exposed_ranking(game, len(cards)).evaluate(cards)


def _plural(rank: int) -> str:
    name = RANK_NAMES[rank]
    return name + ("es" if name.endswith("x") else "s")


def describe(game: StudGame, cards: Sequence[Card] | str) -> str:
    """The up cards as a dealer names them: 'pair of eights', 'ace-king', 'two pair, kings and fours'."""
    if isinstance(cards, str):
        cards = parse_cards(cards)
    ranking = exposed_ranking(game, len(cards))
    category = ranking.category_of(ranking.evaluate(cards))
    low_ace = ranking.ace_low
    # jokers show as the bug: an ace in every hand that groups count in
    ranks = [ACE if c.is_joker else c.rank for c in cards]
    order = sorted(Counter(ranks).items(), key=lambda rn: (-rn[1], -(1 if low_ace and rn[0] == ACE else rn[0])))
    groups = [r for r, _ in order]
    if category == "one_pair":
        return f"pair of {_plural(groups[0])}"
    if category == "two_pair":
        return f"two pair, {_plural(groups[0])} and {_plural(groups[1])}"
    if category == "three_of_a_kind":
        return f"three {_plural(groups[0])}"
    if category == "four_of_a_kind":
        return f"four {_plural(groups[0])}"
    if category == "high_card" or category.endswith("_low"):
        return "-".join(RANK_NAMES[r] for r in groups)
    return category.replace("_", " ").replace("four ", "four-")  # "four-flush", "four-straight", "full house"
