"""One coup of a game counted by kinds, card by card: the deal played by its steps, each bet settled as declared.

This is the declaration read one deal at a time, in plain Python: a stop
ends the deal on a natural, a draw deals its card where its numbers (or its
table, on the card ``by`` drew) say so, and a bet is settled by the showdown
or by the first line of its table whose events all hold. A simulator deals
real cards through :func:`play`; the tests' brute force visits every card
sequence of a small shoe through :func:`every_coup`. Neither shares anything
with the counting by kinds (:mod:`.drawing`) but the declaration and the
rankings' one-hand evaluations.

>>> from casino_math.cards import parse_cards
>>> from casino_math.analysis import load_game
>>> game = load_game("paytables/baccarat/standard.yaml")
>>> cards = iter(parse_cards("4h 2d 3c Kc 5s", allow_repeats=True))
>>> coup = play(game, lambda: next(cards))   # the player stands on 6; the banker, on 3, draws a 5
>>> {role: " ".join(map(str, held)) for role, held in coup.cards.items()}
{'player': '4h 2d', 'dealer': '3c Kc 5s'}
>>> settle(game, game.side_bet["banker"], coup)
((('situation', 'dealer_higher'),), Fraction(19, 20))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Iterator

import numpy as np

from ..cards import Card
from ..rankings import cards_to_arrays
from ..suits import RED
from ..game.description import Deal, Draw, Game, Hand, SideBet, Stop
from ..game.events import OTHER, Atom, Event

Keys = tuple[tuple[str, str], ...]


@dataclass
class Coup:
    """The cards of each role, in the order dealt, and those that draws dealt; hand values remembered."""

    game: Game
    cards: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    drawn: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    _values: dict[str, int] = field(default_factory=dict, repr=False)

    def held(self, hand: Hand) -> list[Card]:
        """A hand's cards: its roles' cards in the order the hand names the roles."""
        return [c for role in hand.of for c in self.cards.get(role, ())]

    def value(self, name: str) -> int:
        """A hand's points total, or its poker value."""
        if name not in self._values:
            hand = self.game.hands[name]
            held = self.held(hand)
            if hand.points is not None:
                self._values[name] = hand.points.total([c.rank for c in held])
            else:
                assert hand.ranking is not None
                self._values[name] = hand.ranking.evaluate(held)
        return self._values[name]

    def natural(self, name: str) -> bool:
        hand = self.game.hands[name]
        assert hand.points is not None
        return len(self.held(hand)) == 2 and self.value(name) in hand.points.naturals

    def give(self, role: str, card: Card, by_draw: bool) -> Coup:
        """The coup with one more card to ``role``."""
        drawn = {**self.drawn, role: self.drawn.get(role, ()) + (card,)} if by_draw else self.drawn
        return Coup(self.game, {**self.cards, role: self.cards.get(role, ()) + (card,)}, drawn)


def stops(game: Game, coup: Coup) -> bool:
    """Whether a hand made of one role's cards is a natural (a stop step ends the deal then)."""
    return any(len(h.of) == 1 and h.points is not None and coup.natural(name) for name, h in game.hands.items())


def draws(game: Game, step: Draw, coup: Coup) -> bool:
    """Whether a draw step deals its card: by its table on the card ``by`` drew, else on its points."""
    name = next(n for n, h in game.hands.items() if h.of == (step.role,) and h.points is not None)
    total = coup.value(name)
    if step.by is not None and coup.drawn.get(step.by):
        points = game.hands[name].points
        assert points is not None
        return points.points_of(coup.drawn[step.by][-1].rank) in step.table.get(total, frozenset())
    return total in step.on


def play(game: Game, next_card: Callable[[], Card]) -> Coup:
    """One coup, dealt by calling ``next_card`` for each card the steps deal."""
    coup = Coup(game)
    for step in game.steps:
        if isinstance(step, Stop):
            if stops(game, coup):
                break
        elif isinstance(step, Draw):
            if draws(game, step, coup):
                coup = coup.give(step.role, next_card(), True)
        elif isinstance(step, Deal):
            for _ in range(step.cards):
                coup = coup.give(step.role, next_card(), False)
    return coup


def every_coup(game: Game, cards: list[Card]) -> Iterator[Coup]:
    """Every coup from these cards, every card sequence visited (a coup of k cards has probability 1 / (N)ₖ)."""
    steps = game.steps

    def step(i: int, left: list[Card], coup: Coup) -> Iterator[Coup]:
        if i == len(steps):
            yield coup
            return
        now = steps[i]
        if isinstance(now, Stop):
            if stops(game, coup):
                yield coup
            else:
                yield from step(i + 1, left, coup)
            return
        if isinstance(now, Draw) and not draws(game, now, coup):
            yield from step(i + 1, left, coup)
            return
        count = now.cards if isinstance(now, Deal) else 1
        yield from deal(i, count, left, coup, isinstance(now, Draw))

    def deal(i: int, count: int, left: list[Card], coup: Coup, by_draw: bool) -> Iterator[Coup]:
        if count == 0:
            yield from step(i + 1, left, coup)
            return
        role = steps[i].role  # type: ignore[union-attr]
        for k, card in enumerate(left):
            yield from deal(i, count - 1, left[:k] + left[k + 1:], coup.give(role, card, by_draw), by_draw)

    yield from step(0, list(cards), Coup(game))


def holds(game: Game, atom: Atom, coup: Coup) -> bool:
    """Whether one event of a line holds, read on the cards."""
    hand = game.hands[atom.hand]
    held = coup.held(hand)
    if atom.poker is not None:
        assert hand.ranking is not None
        suits = cards_to_arrays([held], hand.ranking)[1]
        if not atom.poker.matches(np.array([coup.value(atom.hand)]), suits)[0]:
            return False
    if atom.natural and not coup.natural(atom.hand):
        return False
    if atom.points is not None and not atom.points[0] <= coup.value(atom.hand) <= atom.points[1]:
        return False
    if atom.cards is not None and len(held) != atom.cards:
        return False
    if atom.margin is not None and not atom.margin[0] <= coup.value(atom.hand) - coup.value(OTHER[atom.hand]) <= atom.margin[1]:
        return False
    if atom.first_three:
        ranks = [c.rank for c in held[:3]]
        if (atom.trips and len(set(ranks)) != 1) or (atom.between and not min(ranks[:2]) < ranks[2] < max(ranks[:2])):
            return False
    if atom.first_two is None:
        return True
    a, b = held[:2]
    if atom.spread is not None:
        order = game.deck.ranks
        if a.rank == b.rank or not atom.spread[0] <= abs(order.index(a.rank) - order.index(b.rank)) - 1 <= atom.spread[1]:
            return False
    red = (a.suit in RED, b.suit in RED)
    return not ((atom.pair and a.rank != b.rank) or (atom.pair_rank is not None and a.rank != atom.pair_rank)
                or (atom.ranks is not None and tuple(sorted((a.rank, b.rank))) != atom.ranks)
                or (atom.suited and a.suit != b.suit) or (atom.suit is not None and a.suit != atom.suit)
                or (atom.same_colour and red[0] != red[1]))


def first_line(game: Game, table: str, coup: Coup) -> int:
    """The index of the first line of ``table`` whose events all hold (-1: none)."""
    for i, line in enumerate(game.paytables[table].lines):
        assert isinstance(line.pattern, Event)
        if all(holds(game, atom, coup) for atom in line.pattern.atoms):
            return i
    return -1


def settle(game: Game, bet: SideBet, coup: Coup) -> tuple[Keys, Fraction]:
    """How a bet ends on a coup (the keys its return-table row carries) and its net result per unit staked."""
    if not bet.settle:
        line = first_line(game, bet.table, coup)
        if line < 0:
            return (("line", ""),), Fraction(-1)
        paid = game.paytables[bet.table].lines[line]
        return (("line", paid.key),), paid.pay.net
    situation = "played"
    if "dealer" in game.hands and set(bet.settle) != {"played"}:
        player, dealer = coup.value("player"), coup.value("dealer")
        situation = "player_higher" if player > dealer else "equal" if player == dealer else "dealer_higher"
    result = bet.settle[situation]
    if result.kind != "pays":
        net = {"win": result.net, "push": Fraction(0), "lose": Fraction(-1)}[result.kind]
        return (("situation", situation),), net
    line = first_line(game, result.table, coup)
    if line < 0:
        return (("line", ""), ("situation", situation)), Fraction(0) if result.otherwise == "push" else Fraction(-1)
    paid = game.paytables[result.table].lines[line]
    return (("line", paid.key), ("situation", situation)), paid.pay.net
