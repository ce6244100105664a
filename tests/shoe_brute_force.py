"""A plain brute force for games dealt from a shoe: every card visited, one deal at a time.

Cards are physical: a shoe's copies of a card are different cards. The deal
follows the game's steps as written (a stop on a natural, each draw by its
numbers and table), and each bet is read card by card from its declaration.
It shares nothing with the engine (casino_math.game.drawing) but the game's
declaration and the rankings' one-hand evaluations (``Points.total``,
``Ranking.hand_value``). Probabilities are exact: a deal of k cards has
probability 1 / (N (N−1) … (N−k+1)) whatever the cards after it.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from brute_force import hand_value

from casino_math.cards import Card
from casino_math.game.description import Deal, Draw, Game, Stop
from casino_math.game.events import OTHER
from casino_math.shoe import falling


def deals(game: Game, cards: list[Card]):
    """Every deal of the game from these cards, in order: (cards of each role, cards of each role dealt by draws)."""
    steps = game.steps

    def play(i: int, left: list[Card], dealt: dict, drawn: dict):
        if i == len(steps):
            yield dealt, drawn
            return
        step = steps[i]
        if isinstance(step, Stop):
            if any(_natural(game, h, dealt) for h in game.hands.values() if len(h.of) == 1 and h.points):
                yield dealt, drawn
                return
            yield from play(i + 1, left, dealt, drawn)
            return
        if isinstance(step, Draw) and not _draws(game, step, dealt, drawn):
            yield from play(i + 1, left, dealt, drawn)
            return
        count = step.cards if isinstance(step, Deal) else 1
        yield from give(i, count, step.role, left, dealt, drawn, isinstance(step, Draw))

    def give(i, count, role, left, dealt, drawn, by_draw):
        if count == 0:
            yield from play(i + 1, left, dealt, drawn)
            return
        for k, card in enumerate(left):
            rest = left[:k] + left[k + 1:]
            more = dict(dealt, **{role: dealt.get(role, ()) + (card,)})
            marks = dict(drawn, **{role: drawn.get(role, ()) + (card,)}) if by_draw else drawn
            yield from give(i, count - 1, role, rest, more, marks, by_draw)

    yield from play(0, list(cards), {}, {})


def _cards(game: Game, hand, dealt: dict) -> list[Card]:
    return [c for role in hand.of for c in dealt.get(role, ())]  # roles' cards, in the order the hand names them


def _natural(game: Game, hand, dealt: dict) -> bool:
    cards = _cards(game, hand, dealt)
    return len(cards) == 2 and hand.points.total([c.rank for c in cards]) in hand.points.naturals


def _draws(game: Game, step: Draw, dealt: dict, drawn: dict) -> bool:
    hand = next(h for h in game.hands.values() if h.of == (step.role,) and h.points)
    total = hand.points.total([c.rank for c in dealt[step.role]])
    if step.by is not None and drawn.get(step.by):
        value = hand.points.points_of(drawn[step.by][-1].rank)
        return value in step.table.get(total, frozenset())
    return total in step.on


def _value(game: Game, name: str, dealt: dict) -> int:
    """A hand's total or poker value, remembered in the deal (under the key ``("value", name)``)."""
    key = ("value", name)
    if key not in dealt:
        hand = game.hands[name]
        cards = _cards(game, hand, dealt)
        dealt[key] = hand.points.total([c.rank for c in cards]) if hand.points else hand_value(hand.ranking, tuple(cards))
    return dealt[key]


def holds(game: Game, atom, dealt: dict) -> bool:
    """One event of a line, read on the cards."""
    hand = game.hands[atom.hand]
    cards = _cards(game, hand, dealt)
    if atom.poker is not None:
        p = atom.poker
        value = _value(game, atom.hand, dealt)
        primary = value >> 16 & 0xF
        if p.category is not None and (value >> 20 != p.category or not max(p.low, 14 if p.mini_royal else 0) <= primary <= p.high):
            return False
        suits = {c.suit for c in cards}
        if (p.suited or p.suit is not None) and len(suits) != 1 or p.suit is not None and suits != {p.suit}:
            return False
        if p.same_colour and len({c.suit in (1, 2) for c in cards}) != 1:
            return False
    if atom.natural and not (len(cards) == 2 and _value(game, atom.hand, dealt) in hand.points.naturals):
        return False
    if atom.points is not None and not atom.points[0] <= _value(game, atom.hand, dealt) <= atom.points[1]:
        return False
    if atom.cards is not None and len(cards) != atom.cards:
        return False
    if atom.margin is not None:
        margin = _value(game, atom.hand, dealt) - _value(game, OTHER[atom.hand], dealt)
        if not atom.margin[0] <= margin <= atom.margin[1]:
            return False
    a, b = (cards + [None, None])[:2]
    if atom.pair and a.rank != b.rank or atom.pair_rank is not None and a.rank != atom.pair_rank:
        return False
    if atom.ranks is not None and tuple(sorted((a.rank, b.rank))) != atom.ranks:
        return False
    if atom.suited and a.suit != b.suit or atom.suit is not None and a.suit != atom.suit:
        return False
    return not (atom.same_colour and (a.suit in (1, 2)) != (b.suit in (1, 2)))


def _line(game: Game, table: str, dealt: dict) -> str:
    for line in game.paytables[table].lines:
        if all(holds(game, atom, dealt) for atom in line.pattern.atoms):
            return line.key
    return ""


def outcome_probabilities(game: Game, cards: list[Card]) -> dict[str, dict[tuple, Fraction]]:
    """For each bet, each way it ends (by the keys the engine's return table gives it) and its probability."""
    tally: dict[str, Counter] = {bet.name: Counter() for bet in game.side_bets}
    for dealt, _ in deals(game, cards):
        held = sum(len(c) for c in dealt.values())
        dealt = dict(dealt)  # values are remembered in it  # the deal's probability is 1 / falling(N, held)
        for bet in game.side_bets:
            tally[bet.name][(_end(game, bet, dealt), held)] += 1
    out: dict[str, dict[tuple, Fraction]] = {}
    for name, counts in tally.items():
        probabilities: Counter = Counter()
        for (end, held), n in counts.items():
            probabilities[end] += Fraction(n, falling(len(cards), held))
        out[name] = dict(probabilities)
    return out


def _end(game: Game, bet, dealt: dict) -> tuple:
    if not bet.settle:
        return (("line", _line(game, bet.table, dealt)),)
    if "dealer" in game.hands:
        player, dealer = _value(game, "player", dealt), _value(game, "dealer", dealt)
        situation = "player_higher" if player > dealer else "equal" if player == dealer else "dealer_higher"
    else:
        situation = "played"
    result = bet.settle[situation]
    if result.kind == "pays":
        return (("line", _line(game, result.table, dealt)), ("situation", situation))
    return (("situation", situation),)
