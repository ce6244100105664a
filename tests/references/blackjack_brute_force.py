"""A brute force of blackjack that plays every card sequence of a round, on tiny shoes, independent of the engine.

The brute force shares nothing with the engine's counting: it deals the hole card where the dealer deals it (before
the player draws), keeps the player's knowledge of it as a posterior over its value (no dealer blackjack where the
dealer peeks, and every card the player has seen since), plays the dealer card by card, and plays split hands in
the order they are dealt, resplitting as pair cards come, every card of every other hand in the shoe's state. Where
the engine takes a shortcut (the hole card dealt last, hands by multiset, the split hands' known cards only), the
brute force takes none; the two must agree exactly, Fraction for Fraction.

Decisions: the brute force finds the best play of a single hand itself (the player's knowledge is his own cards and
the up card); for split hands it plays the engine's split strategy, looked up by the hand's cards, so that the
exact value of that strategy is compared.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable

from casino_math.methods.blackjack.hands import hand_table
from casino_math.methods.blackjack.rules import BlackjackRules
from casino_math.methods.blackjack.nets import FREE as ENGINE_FREE
from casino_math.methods.blackjack.nets import OWN as ENGINE_OWN

A, T = 0, 9


def total(cards: tuple[int, ...]) -> tuple[int, bool]:
    """Best total (an ace 11 where it keeps 21 or less) and softness, from the values of the cards (0 = ace ... 9 = ten)."""
    hard = sum(c + 1 for c in cards)
    if A in cards and hard <= 11:
        return hard + 10, True
    return hard, False


Stakes = tuple[int, int]  # a hand's own units and the house's free units (Free Bet)
OWN, FREE = (1, 0), (0, 1)


class Brute:
    """Every card sequence of a round of ``rules`` from ``shoe`` (counts by value)."""

    def __init__(self, rules: BlackjackRules, shoe: tuple[int, ...]) -> None:
        self.rules, self.shoe = rules, shoe
        self.dealer = lru_cache(maxsize=None)(self._dealer)

    # -- the dealer, card by card -------------------------------------------------------------------
    def _dealer(self, rem: tuple[int, ...], cards: tuple[int, ...]) -> dict[str, Fraction]:
        """The dealer's final result from ``cards`` (up card and hole card at least) drawing from ``rem``."""
        t, soft = total(cards)
        if len(cards) == 2 and sorted(cards) == [A, T]:
            return {"blackjack": Fraction(1)}
        if t > 21:
            return {"22" if t == 22 else "bust": Fraction(1)}
        if t > 17 or (t == 17 and not (soft and self.rules.dealer_hits_soft_17)):
            return {str(t): Fraction(1)}
        n = sum(rem)
        out: dict[str, Fraction] = {}
        for v in range(10):
            if rem[v]:
                after = self.dealer(tuple(c - (w == v) for w, c in enumerate(rem)), tuple(sorted(cards + (v,))))
                for k, p in after.items():
                    out[k] = out.get(k, Fraction(0)) + Fraction(rem[v], n) * p
        return out

    def win(self, player: tuple[int, ...], doubled: bool) -> Fraction:
        """A win's pay: 1, or a 21's bonus of many cards or of certain cards, never on a double."""
        if doubled or total(player)[0] != 21:
            return Fraction(1)
        for cards, pay in self.rules.card_bonuses:
            if len(player) >= cards:
                return pay
        for values, pay in self.rules.combination_bonuses:
            if sorted(player) == sorted(values):
                return pay
        return Fraction(1)

    def pay(self, player: tuple[int, ...], dealer: str, stakes: Stakes, doubled: bool) -> Fraction:
        """What a hand that stood on ``player`` nets against the dealer's result (the house's units only win)."""
        own, free = stakes
        t, _ = total(player)
        if dealer == "blackjack":  # (never met where the dealer peeks: the round ended at the deal)
            return Fraction(-own if self.rules.no_hole_card_takes_all else -1)
        w = self.win(player, doubled)
        if dealer == "bust" or (dealer == "22" and not self.rules.dealer_22_pushes):
            base = w
        elif dealer == "22":
            base = Fraction(0)
        else:
            d = int(dealer)
            base = w if t > d or (t == 21 and self.rules.player_21_wins) else Fraction(0) if t == d and not self.rules.ties_lose else Fraction(-1)
        return own * base + free * max(base, Fraction(0))

    # -- one hand, played best, knowing only its own cards and the up card ------------------------------
    def holes(self, up: int, player: tuple[int, ...]) -> dict[int, Fraction]:
        """The hole card's posterior after the deal (its blackjack excluded where the dealer peeks)."""
        rem = self.left(up, player)
        n = sum(rem)
        out = {h: Fraction(rem[h], n) for h in range(10) if rem[h]}
        if self.rules.dealer_peeks:
            out = {h: p for h, p in out.items() if sorted((up, h)) != [A, T]}
            norm = sum(out.values())
            out = {h: p / norm for h, p in out.items()}
        return out

    def left(self, up: int, cards: tuple[int, ...]) -> tuple[int, ...]:
        rem = list(self.shoe)
        rem[up] -= 1
        for c in cards:
            rem[c] -= 1
        return tuple(rem)

    def stand(self, up: int, cards: tuple[int, ...], post: dict[int, Fraction], stakes: Stakes = OWN, doubled: bool = False) -> Fraction:
        rem = self.left(up, cards)
        value = Fraction(0)
        for h, q in post.items():
            after = tuple(c - (w == h) for w, c in enumerate(rem))
            for d, p in self.dealer(after, tuple(sorted((up, h)))).items():
                value += q * p * self.pay(cards, d, stakes, doubled)
        return value

    def bust(self, up: int, post: dict[int, Fraction], stakes: Stakes) -> Fraction:
        """A bust loses the player's own stake; where a dealer blackjack takes only the original bet, that is all it loses then."""
        return sum((q * (-1 if sorted((up, h)) == [A, T] and not self.rules.no_hole_card_takes_all else -stakes[0])
                    for h, q in post.items()), Fraction(0))

    def draw(self, up: int, cards: tuple[int, ...], post: dict[int, Fraction]) -> dict[int, tuple[Fraction, dict[int, Fraction]]]:
        """Each next card's chance given what the player knows, and the hole card's posterior after it."""
        rem = self.left(up, cards)  # the hole card is among these
        n = sum(rem)
        out = {}
        for c in range(10):
            joint = {h: q * Fraction(rem[c] - (h == c), n - 1) for h, q in post.items() if rem[c] - (h == c) > 0}
            p = sum(joint.values(), Fraction(0))
            if p:
                out[c] = (p, {h: x / p for h, x in joint.items()})
        return out

    def best(self, up: int, cards: tuple[int, ...], post: dict[int, Fraction], split: bool = False, stakes: Stakes = OWN) -> Fraction:
        """The best value of a hand after its first two cards (stand, hit, double where allowed on more cards)."""
        return max(self.options(up, cards, post, split, stakes).values())

    def doubled(self, cards: tuple[int, ...], stakes: Stakes) -> Stakes:
        t, soft = total(cards)
        free = not soft and t in self.rules.free_double_totals
        return (stakes[0], stakes[1] + 1) if free else (stakes[0] + 1, stakes[1])

    def options(self, up: int, cards: tuple[int, ...], post: dict[int, Fraction], split: bool = False,
                own: Stakes = OWN) -> dict[str, Fraction]:
        """The options of a hand of two cards or more (``split``: a split hand, staking ``own``)."""
        t, soft = total(cards)
        out = {"stand": self.stand(up, cards, post, own)}
        if sum(c + 1 for c in cards) >= 21:  # (split aces that may not draw never come here: see _play)
            return out
        hit = Fraction(0)
        double = Fraction(0)
        stakes = self.doubled(cards, own)
        for c, (p, after) in self.draw(up, cards, post).items():
            more = tuple(sorted(cards + (c,)))
            busted = sum(x + 1 for x in more) > 21
            hit += p * (self.bust(up, after, own) if busted else self.best(up, more, after, split, own))
            if busted:
                double += p * self.bust(up, after, stakes)
            else:  # stand on the double, or rescue it where the rules allow (hands not split): the original bet lost
                stood = self.stand(up, more, after, stakes, True)
                double += p * (max(stood, self.bust(up, after, own)) if self.rules.double_rescue and not split else stood)
        out["hit"] = hit
        if self.rules.can_double(t, soft, len(cards), split=split):
            out["double"] = double
        return out

    def root(self, up: int, first: int, second: int) -> dict[str, Fraction]:
        """Each option of the first two cards, per initial unit, the dealer's blackjack included."""
        cards = tuple(sorted((first, second)))
        rem = self.left(up, cards)
        n = sum(rem)
        hole = T if up == A else A if up == T else None
        blackjack = Fraction(rem[hole], n) if hole is not None else Fraction(0)
        post = self.holes(up, cards)
        peeked = self.rules.dealer_peeks and hole is not None
        options = self.options(up, cards, post)
        if peeked:
            options = {o: -blackjack + (1 - blackjack) * v for o, v in options.items()}
        if self.rules.surrender == "late" and self.rules.dealer_peeks:
            options["surrender"] = -blackjack - (1 - blackjack) / 2
        elif self.rules.surrender != "none":
            options["surrender"] = Fraction(-1, 2)
        return options

    # -- a split, played hand by hand by a given strategy ---------------------------------------------------
    def split(self, up: int, pair: int, strategy: Any) -> Fraction:
        """Splitting ``pair`` against ``up``: every sequence of cards, the hands played in order by ``strategy`` (per stakes:
        hand counts -> option; or a function of the up card, the hand, its stakes and the hands done, as
        :func:`composition_strategy` makes), the new hand of a resplit next to the one it came from, the dealer last; per initial
        unit, the dealer's blackjack included. The first hand keeps the bet; a free split gives the others free units."""
        rem0 = self.left(up, (pair, pair))
        n = sum(rem0)
        most = self.rules.split_limit(pair)
        new = FREE if pair in self.rules.free_split_values else OWN
        value = Fraction(0)
        for h in range(10):
            if not rem0[h]:
                continue
            q = Fraction(rem0[h], n)
            if sorted((up, h)) == [A, T] and self.rules.dealer_peeks:
                value += q * -1
                continue
            rem = tuple(c - (w == h) for w, c in enumerate(rem0))
            value += q * self._hands(up, h, rem, (((pair,), OWN), ((pair,), new)), (), most, pair, strategy)
        return value

    def _hands(self, up: int, hole: int, rem: tuple[int, ...], waiting: tuple, done: tuple, most: int, pair: int,
               strategy: Any) -> Fraction:
        """The expected total net of the split hands: ``waiting`` hands still to play (cards, stakes; the first being
        dealt to), ``done`` hands finished (cards, stakes, doubled, busted); the dealer plays once no hand waits."""
        if not waiting:
            dealer = self.dealer(rem, tuple(sorted((up, hole))))
            value = Fraction(0)
            for d, p in dealer.items():
                if d == "blackjack" and not self.rules.no_hole_card_takes_all:
                    value += p * -1  # the original bet only, whatever the hands
                    continue
                for cards, stakes, doubled, busted in done:
                    value += p * (-stakes[0] if busted else self.pay(cards, d, stakes, doubled))
            return value
        (hand, stakes), rest = waiting[0], waiting[1:]
        n = sum(rem)
        value = Fraction(0)
        hands = len(waiting) + len(done)
        for c in range(10):
            if not rem[c]:
                continue
            p = Fraction(rem[c], n)
            after = tuple(x - (w == c) for w, x in enumerate(rem))
            if len(hand) == 1 and c == pair and hands < most:  # a pair card to a hand of one card: resplit
                new = FREE if pair in self.rules.free_split_values else OWN
                value += p * self._hands(up, hole, after, (((pair,), stakes), ((pair,), new), *rest), done, most, pair, strategy)
                continue
            cards = tuple(sorted(hand + (c,)))
            value += p * self._play(up, hole, after, cards, stakes, rest, done, most, pair, strategy)
        return value

    def _play(self, up: int, hole: int, rem: tuple[int, ...], cards: tuple[int, ...], stakes: Stakes, rest: tuple, done: tuple,
              most: int, pair: int, strategy: Any) -> Fraction:
        """Play the hand ``cards`` (two or more) by the strategy, then the hands after it."""
        if pair == A and not self.rules.hit_split_aces:
            option = "stand"
        elif sum(x + 1 for x in cards) >= 21:
            option = "stand"
        elif callable(strategy):
            option = strategy(up, cards, stakes, done)
        else:
            option = strategy[stakes][tuple(cards.count(v) for v in range(10))]
        if option == "stand":
            return self._hands(up, hole, rem, rest, done + ((cards, stakes, False, False),), most, pair, strategy)
        n = sum(rem)
        value = Fraction(0)
        for c in range(10):
            if not rem[c]:
                continue
            p = Fraction(rem[c], n)
            after = tuple(x - (w == c) for w, x in enumerate(rem))
            more = tuple(sorted(cards + (c,)))
            busted = sum(x + 1 for x in more) > 21
            if option == "double":
                doubled = self.doubled(cards, stakes)
                value += p * self._hands(up, hole, after, rest, done + ((more, doubled, True, busted),), most, pair, strategy)
            elif busted:
                value += p * self._hands(up, hole, after, rest, done + ((more, stakes, False, True),), most, pair, strategy)
            else:
                value += p * self._play(up, hole, after, more, stakes, rest, done, most, pair, strategy)
        return value


class ExposedBrute(Brute):
    """Double Exposure: the same brute force with the hole card dealt face up, ``shown``: the player's knowledge of it is
    certain, the dealer plays from the two cards. Values are given the hole card."""

    def __init__(self, rules: BlackjackRules, shoe: tuple[int, ...], shown: int) -> None:
        super().__init__(rules, shoe)
        self.shown = shown

    def holes(self, up: int, player: tuple[int, ...]) -> dict[int, Fraction]:
        return {self.shown: Fraction(1)}

    def root(self, up: int, first: int, second: int) -> dict[str, Fraction]:
        """Each option of the first two cards, given the hole card; a dealer blackjack in view takes the bet at once."""
        cards = tuple(sorted((first, second)))
        if sorted((up, self.shown)) == [A, T]:
            return {"stand": Fraction(-1)}
        return self.options(up, cards, self.holes(up, cards))

    def split(self, up: int, pair: int, strategy: Any) -> Fraction:
        """Splitting ``pair`` with the hole card in view (no blackjack to come: a dealer blackjack ends the round first)."""
        rem = tuple(c - (w == self.shown) for w, c in enumerate(self.left(up, (pair, pair))))
        new = FREE if pair in self.rules.free_split_values else OWN
        return self._hands(up, self.shown, rem, (((pair,), OWN), ((pair,), new)), (), self.rules.split_limit(pair), pair, strategy)


def composition_strategy(brute: Brute, first: dict[Stakes, dict[tuple[int, ...], str]]) -> Callable[..., str]:
    """CDP: the first split hand played by ``first`` (the engine's split strategy: all it has seen are the pair cards), the
    second by its own best play found here, given every card seen (the first hand's among them), the hole card unknown."""
    found: dict[tuple, str] = {}

    def choose(up: int, cards: tuple[int, ...], stakes: Stakes, done: tuple) -> str:
        if not done:
            return first[stakes][tuple(cards.count(v) for v in range(10))]
        shoe = tuple(c - done[0][0].count(v) for v, c in enumerate(brute.shoe))  # the first hand's cards out
        key = (shoe, up, cards, stakes)
        if key not in found:
            seen = Brute(brute.rules, shoe)
            options = seen.options(up, cards, seen.holes(up, cards), split=True, own=stakes)
            found[key] = max(options, key=options.__getitem__)
        return found[key]

    return choose


def split_strategy(play, up: int, pair: int) -> dict[Stakes, dict[tuple[int, ...], str]]:
    """The engine's split strategy, per stakes (the first hand's own unit, the free units of a free split's others;
    ``up``: the key of the up card, Double Exposure's up card and hole card)."""
    table = hand_table()
    split = play.upcards[up].splits[pair]
    return {stakes: {table.hands[h].counts: o for h, o in split.strategy(engine).items()} for stakes, engine in ((OWN, ENGINE_OWN), (FREE, ENGINE_FREE))}


SHOES = {
    "few values": (2, 0, 2, 0, 0, 2, 0, 2, 0, 6),  # A A 3 3 6 6 8 8 and six tens: 96 points, one split (two hands)
    "five values": (1, 2, 0, 0, 2, 0, 2, 0, 1, 6),
    "six, seven, eight": (1, 0, 0, 0, 0, 2, 2, 2, 0, 6),
}
