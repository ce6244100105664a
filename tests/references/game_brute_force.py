"""A plain brute force for declared games: every deal visited, every option tried, one card set at a time.

It shares nothing with the engine but the game's declaration and the ranking's
one-hand evaluation (``Ranking.hand_value``, the declaration itself). The
dealer's face-down cards are dealt last: the player never sees them, so
dealing them earlier would change nothing he knows. At each decision the
cards dealt so far are exactly what the player has seen, so trying every
option there and keeping the best is the optimal strategy.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from casino_math.cards import Card
from casino_math.game.description import Deal, Decision, Game, Option
from casino_math.game.patterns import Pattern

from tests.references.brute_force import hand_value


@dataclass
class Tally:
    """Deals by how they end, (total stake, situation) -> deals; and the option taken at each (decision, stakes, seen cards)."""

    ends: Counter
    choices: dict

    def options(self) -> Counter:
        """(decision, stakes so far, option) -> how many sets of seen cards take it."""
        return Counter((decision, stakes, option) for (decision, stakes, _), option in self.choices.items())


class _Rules:
    """The game's settlement, applied to one complete deal at a time (results per unit of each wager, remembered per deal)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.values: dict = {}
        self.deals: dict = {}

    def value(self, ranking, cards: tuple[Card, ...]) -> int:
        key = (ranking.name, frozenset(cards))
        if key not in self.values:
            self.values[key] = hand_value(ranking, cards)
        return self.values[key]

    def line(self, table: str, dealt: dict) -> int:
        """The first line of ``table`` the hands match, or -1, checked card by card."""
        for i, line in enumerate(self.game.paytables[table].lines):
            hand = self.game.hands[line.hand]
            cards = tuple(c for role in hand.of for c in dealt[role])
            p = line.pattern
            assert isinstance(p, Pattern)  # the games brute-forced here name hands by patterns, not events
            if p.category is not None:
                value = self.value(hand.ranking, cards)
                primary = value >> 16 & 0xF
                if value >> 20 != p.category or not max(p.low, 14 if p.mini_royal else 0) <= primary <= p.high:
                    continue
            suits = {c.suit for c in cards}
            if (p.suited or p.suit is not None) and len(suits) != 1 or p.suit is not None and suits != {p.suit}:
                continue
            if p.same_colour and len({c.suit in (1, 2) for c in cards}) != 1:
                continue
            return i
        return -1

    def end(self, dealt: dict) -> tuple[str, dict[str, Fraction]]:
        """The situation of a complete deal played out, and each wager's result per unit of its stake."""
        key = tuple(frozenset(dealt[r]) for r in ("player", "dealer", "board"))
        if key not in self.deals:
            game = self.game
            qualified = True
            if "dealer" in game.hands:
                value = [self.value(game.hands[h].ranking, tuple(c for r in game.hands[h].of for c in dealt[r])) for h in ("player", "dealer")]
                qualified = game.qualifier is None or value[1] >= game.qualifier.value
                situation = "player_higher" if value[0] > value[1] else "equal" if value[0] == value[1] else "dealer_higher"
            else:
                situation = "played"
            units = {w.name: self.unit(w, w.result(situation, qualified), dealt) for w in game.wagers}
            self.deals[key] = (situation if qualified else "dealer_not_qualified", units)
        return self.deals[key]

    def unit(self, wager, result, dealt: dict) -> Fraction:
        if result is None or result.kind == "push":
            return Fraction(0)
        if result.kind == "win":
            return result.net
        if result.kind == "lose":
            return Fraction(0) if wager.bonus_on else Fraction(-1)
        line = self.line(result.table, dealt)
        if line >= 0:
            return self.game.paytables[result.table].lines[line].pay.net
        return Fraction(-1) if result.otherwise == "lose" else Fraction(0)

    def net(self, units: dict[str, Fraction], stakes: dict[str, Fraction]) -> Fraction:
        return sum((stakes[w.bonus_on or w.name] * units[w.name] for w in self.game.wagers), Fraction(0))


def brute_force(game: Game) -> tuple[Fraction, Fraction, Tally]:
    """Expected result per initial unit, average total stake per initial unit, and the tally of every deal."""
    steps = [s for s in game.steps if not (isinstance(s, Deal) and not s.seen)]
    hidden = sum(s.cards for s in game.steps if isinstance(s, Deal) and not s.seen)
    rules = _Rules(game)
    tally = Tally(Counter(), {})
    initial = game.initial_stake or Fraction(1)
    more = game.equal_ev == "wager_more"

    def player_value(dealt: dict) -> int:
        hand = game.hands["player"]
        return rules.value(hand.ranking, tuple(c for role in hand.of for c in dealt[role]))

    def staked(stakes: dict) -> Fraction:
        return sum(stakes.values(), Fraction(0))

    def play(i: int, left: tuple[Card, ...], dealt: dict, stakes: dict, count: bool) -> tuple[Fraction, Fraction, int]:
        """(total net, total stake, deals) over every continuation; ``count``: tally the deals (on the path played)."""
        if i == len(steps):
            total, deals = Fraction(0), 0
            for down in itertools.combinations(left, hidden):
                situation, units = rules.end(dict(dealt, dealer=dealt["dealer"] + down))
                total += rules.net(units, stakes)
                deals += 1
                if count:
                    tally.ends[(staked(stakes), situation)] += 1
            return total, staked(stakes) * deals, deals
        step = steps[i]
        if isinstance(step, Deal):
            total, wagered, deals = Fraction(0), Fraction(0), 0
            for cards in itertools.combinations(left, step.cards):
                rest = tuple(c for c in left if c not in cards)
                t, s, d = play(i + 1, rest, dict(dealt, **{step.role: dealt[step.role] + cards}), stakes, count)
                total, wagered, deals = total + t, wagered + s, deals + d
            return total, wagered, deals
        assert isinstance(step, Decision), step  # the games brute-forced here deal and decide, never draw
        decision = step
        if any(stakes[w] for w in decision.while_unmade):
            return play(i + 1, left, dealt, stakes, count)
        best: tuple[Option, dict, tuple[Fraction, Fraction, int]] | None = None
        for option in sorted(decision.options, key=lambda o: (-o.units if more else o.units, o.folds == more)):
            if option.only_with is not None and player_value(dealt) < option.only_with.value:
                continue  # open only with a better hand than the player holds
            new = dict(stakes)
            for wager, added in option.adds:
                new[wager] += added
            if option.folds:
                deals = _completions(len(left), [s.cards for s in steps[i + 1:] if isinstance(s, Deal)] + [hidden])
                net = sum((stakes[w.bonus_on or w.name] * rules.unit(w, w.settle.get("folded"), dealt) for w in game.wagers), Fraction(0))
                result = (net * deals, staked(stakes) * deals, deals)
            else:
                result = play(i + 1, left, dealt, new, False)
            if best is None or result[0] > best[2][0]:
                best = (option, new, result)
        assert best is not None, decision.name  # a decision always has an option open
        option, new, result = best
        seen = tuple(frozenset(dealt[r]) for r in ("player", "board", "dealer"))
        tally.choices[(decision.name, tuple(stakes.values()), seen)] = option.name
        if count:
            if option.folds:
                tally.ends[(staked(stakes), "folded")] += result[2]
            else:
                play(i + 1, left, dealt, new, True)
        return result

    stakes = {w.name: w.stake for w in game.wagers if not w.bonus_on}
    total, wagered, deals = play(0, tuple(game.deck.cards), {"player": (), "dealer": (), "board": ()}, stakes, True)
    return total / deals / initial, wagered / deals / initial, tally


def _completions(left: int, sizes: list[int]) -> int:
    ways = 1
    for k in sizes:
        ways *= comb(left, k)
        left -= k
    return ways
