"""Blackjack rounds dealt card by card and played by the optimal strategy: the simulator's coups (the ``Coups`` protocol
of :mod:`casino_math.contract.method`).

Each row of ``kinds`` is a shuffled shoe's first cards, in order; a round takes them as a casino deals them: the
player's first card, the up card, the player's second card, the hole card (where the dealer peeks; without a hole
card the dealer's second card comes after the player's hands), then the player's draws hand by hand (a split's second
cards as each hand is played, a pair card to a hand of one card resplitting it while the rules allow), then the
dealer's. Every decision is the analysed strategy's (:class:`~.rounds.Play`: the first two cards' option, each later
hand's, and the split hands' by the split convention), every hand is settled by the rules of the file, card by card,
never from the counts; each round ends as one row of the return table (:func:`~casino_math.methods.blackjack.views.return_table`).

>>> from casino_math.analysis import analyze
>>> from casino_math.methods.blackjack.game_file import load_blackjack_text
>>> analysis = analyze(load_blackjack_text("game: blackjack\\nid: bj\\nblackjack: {split: none, surrender: late}\\n"))
>>> coups = BlackjackCoups(analysis.game, analysis.solution.working().optimal.play, analysis.tables["blackjack"])
>>> rng = np.random.default_rng(3)
>>> rows = np.array([rng.permutation(coups.kinds)[:coups.cards] for _ in range(2000)])
>>> codes, ends = coups(rows)["blackjack"]
>>> mean = sum(ends[c].net for c in codes.tolist()) / len(codes)
>>> abs(float(mean - analysis.tables["blackjack"].metrics.expected_return)) < 4 * 1.2 / 2000 ** 0.5
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ...cards import ACE as ACE_RANK
from ...returns import Outcome, ReturnTable
from .bonuses import combination_lines, pay_by_suits
from .choices import DOUBLE, HIT, SPLIT, STAND, SURRENDER
from .dealer import hand_total, natural
from .game_file import BlackjackGame
from .hands import Hand, hand_table
from .nets import FREE, OWN, Stakes
from .rounds import BLACKJACK_OPTION, Play
from .rules import ACE, VALUES

MOST_CARDS_PER_HAND = 22  # 21 in aces, and the card that busts
Played = tuple[Hand, Stakes, bool, tuple[int, ...]]  # a hand played out: its cards, stakes, doubled or not, its cards' suits


@dataclass(frozen=True, eq=False)
class BlackjackCoups:
    """Rounds of ``game`` played by ``play``'s strategy, each ending as a row of ``table`` (see the module)."""

    game: BlackjackGame
    play: Play
    table: ReturnTable

    @property
    def shoe(self) -> Any:
        return self.game.shoe

    @property
    def cards(self) -> int:
        """The most cards a round can use (a shoe smaller than that is dealt whole)."""
        hands = max(self.game.rules.split_hands, 1)
        return min(self.game.shoe.size, hands * MOST_CARDS_PER_HAND + 2 + 12)

    @property
    def kinds(self) -> np.ndarray:
        """Every card of the shoe by kind: its position in the deck's card order (value and suit read from it)."""
        return np.arange(len(self.game.deck.cards))

    def __call__(self, kinds: np.ndarray) -> dict[str, tuple[np.ndarray, tuple[Outcome, ...]]]:
        rows = {(o.key("result"), o.net): i for i, o in enumerate(self.table.outcomes)}
        codes = np.empty(len(kinds), dtype=np.int64)
        values = np.array([ACE if c.rank == ACE_RANK else min(c.rank, 10) - 1 for c in self.game.deck.cards])
        suits = np.array([c.suit for c in self.game.deck.cards])
        for i, row in enumerate(kinds):
            kind, net = self.round(values[row].tolist(), suits[row].tolist()).end()
            codes[i] = rows[(kind, net)]
        return {self.game.bet: (codes, self.table.outcomes)}

    def round(self, values: list[int], suits: list[int]) -> Round:
        """One round of these cards (values and suits, in the order dealt)."""
        return Round(self, values, suits)


class Round:
    """One round, card by card (see the module)."""

    def __init__(self, coups: BlackjackCoups, values: list[int], suits: list[int]) -> None:
        self.coups, self.values, self.suits = coups, values, suits
        self.rules = coups.game.rules
        self.next = 0

    def card(self) -> int:
        v = self.values[self.next]
        self.next += 1
        return v

    def suit(self) -> int:
        """The suit of the card dealt last."""
        return self.suits[self.next - 1]

    def end(self) -> tuple[str, Fraction]:
        """How the round ends: what happened (a row's ``result``) and the net per initial unit."""
        rules = self.rules
        first, up, second = self.card(), self.card(), self.card()
        suited = self.suits[0] == self.suits[2]
        hole = self.card() if rules.dealer_peeks else None
        upcard = self.coups.play.upcards[up]
        hand = Hand(tuple((v == first) + (v == second) for v in range(VALUES)))
        root = upcard.roots[hand]
        dealer_blackjack = hole is not None and natural(up, hole)
        if root.taken == BLACKJACK_OPTION:
            if hole is None:
                hole = self.card()
            if natural(up, hole) and not rules.player_21_wins:
                return "both blackjack", Fraction(0)
            if rules.suited_blackjack_pays is not None and suited:
                return "suited blackjack", rules.suited_blackjack_pays
            return "blackjack", rules.blackjack_pays
        if root.taken == SURRENDER and (rules.surrender == "early" or not rules.dealer_peeks):
            return "surrender", Fraction(-1, 2)
        if dealer_blackjack:
            return "dealer blackjack", Fraction(-1)
        if root.taken == SURRENDER:
            return "surrender", Fraction(-1, 2)
        if root.taken == SPLIT:
            hands = self.split(up, first)
            kind = "split"
        else:
            hands = [self.hand(up, hand, root.taken)]
            kind = "double" if root.taken == DOUBLE else "hand"
            if self.rescued(upcard, hands[0]):  # the double taken back, the original bet lost, before the dealer plays
                if hole is None and not rules.no_hole_card_takes_all:
                    hole = self.card()
                    if natural(up, hole):
                        return "dealer blackjack", Fraction(-1)
                return "rescue", Fraction(-1)
        if hole is None:
            hole = self.card()
        dealer = self.dealer(up, hole)
        if dealer == "blackjack" and not rules.no_hole_card_takes_all:
            return "dealer blackjack", Fraction(-1)
        return kind, sum((self.settle(h, dealer) for h in hands), Fraction(0))

    # -- the player's hands --------------------------------------------------------------------------------
    def hand(self, up: int, hand: Hand, option: str) -> Played:
        """A hand not split played out from its first two cards: (final hand, stakes, doubled, its cards' suits)."""
        upcard = self.coups.play.upcards[up]
        table = hand_table()
        suits = [self.suits[0], self.suits[2]]
        while True:
            if option == STAND or hand.hard >= 21 and option != DOUBLE:
                return hand, OWN, False, tuple(suits)
            if option == DOUBLE:
                stakes = OWN.doubled(self.rules.free_double(hand.total, hand.soft))
                hand = hand.plus(self.card())
                return hand, stakes, True, (*suits, self.suit())
            hand = hand.plus(self.card())
            suits.append(self.suit())
            if hand.hard > 21:
                return hand, OWN, False, tuple(suits)
            option = upcard.valued[table.index[hand]].taken

    def rescued(self, upcard: Any, hand: Played) -> bool:
        """Whether the strategy rescues this doubled hand (a hand not split, its double's card dealt)."""
        cards, stakes, doubled, _ = hand
        if not doubled or cards.hard > 21:
            return False
        return upcard.position.rescued(hand_table().index[cards], OWN, stakes)

    def split(self, up: int, pair: int) -> list[Played]:
        """The hands of a split, second cards dealt as each is played, resplitting while the rules allow."""
        split = self.coups.play.upcards[up].splits[pair]
        table = hand_table()
        one = Hand(tuple(int(v == pair) for v in range(VALUES)))
        new = FREE if split.free else OWN
        waiting: list[tuple[Stakes, int]] = [(OWN, self.suits[0]), (new, self.suits[2])]  # each hand's stakes, its pair card's suit
        done: list[Played] = []
        while waiting:
            stakes, first = waiting.pop(0)
            while True:
                second = self.card()
                if second == pair and len(waiting) + len(done) + 1 < split.most:
                    waiting.insert(0, (new, self.suit()))  # the new hand, next to this one
                    continue
                break
            hand = one.plus(second)
            suits = [first, self.suit()]
            doubled = False
            strategy = split.second_strategy(done[0][0], stakes) if split.post_split and done else split.strategy(stakes)
            while True:
                if pair == ACE and not self.rules.hit_split_aces or hand.hard >= 21:
                    break
                option = strategy[table.index[hand]]
                if option == STAND:
                    break
                if option == DOUBLE:
                    stakes = stakes.doubled(self.rules.free_double(hand.total, hand.soft))
                    hand, doubled = hand.plus(self.card()), True
                    suits.append(self.suit())
                    break
                assert option == HIT
                hand = hand.plus(self.card())
                suits.append(self.suit())
                if hand.hard > 21:
                    break
            done.append((hand, stakes, doubled, tuple(suits)))
        return done

    # -- the dealer and the settlement ----------------------------------------------------------------------
    def dealer(self, up: int, hole: int) -> str:
        """The dealer's final result: a total, ``22``, ``bust`` or ``blackjack``."""
        if natural(up, hole):
            return "blackjack"
        hard, aces = up + hole + 2, ACE in (up, hole)
        while True:
            total, soft = hand_total(hard, aces)
            if total > 21:
                return "22" if total == 22 else "bust"
            if total > 17 or (total == 17 and not (soft and self.rules.dealer_hits_soft_17)):
                return str(total)
            v = self.card()
            hard, aces = hard + v + 1, aces or v == ACE

    def settle(self, hand: Played, dealer: str) -> Fraction:
        """One hand's net against the dealer's result: the player's own units win or lose, the house's only win."""
        cards, stakes, doubled, suits = hand
        if cards.hard > 21:
            return Fraction(-stakes.own)
        if dealer == "blackjack":
            return Fraction(-stakes.own)
        win = self.win(cards, doubled, suits)
        if dealer == "bust" or (dealer == "22" and not self.rules.dealer_22_pushes):
            base = win
        elif dealer == "22":
            base = Fraction(0)
        else:
            total, d = cards.total, int(dealer)
            base = win if total > d or (total == 21 and self.rules.player_21_wins) else Fraction(0) if total == d else Fraction(-1)
        return stakes.own * base + stakes.free * max(base, Fraction(0))

    def win(self, cards: Hand, doubled: bool, suits: tuple[int, ...]) -> Fraction:
        """What a win pays: 1, or a bonus for a 21 of many cards or of certain cards (by their suits as dealt)."""
        if doubled or cards.total != 21:
            return Fraction(1)
        for least, pay in self.rules.card_bonuses:
            if cards.cards >= least:
                return pay
        by_suits = pay_by_suits(combination_lines(self.rules), tuple(cards.values()), suits) if cards.cards == 3 else None
        return Fraction(1) if by_suits is None else by_suits

