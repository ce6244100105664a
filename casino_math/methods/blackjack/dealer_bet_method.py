"""Bets on the dealer's blackjack hand as a counting method behind the contract of :mod:`casino_math.contract.method`.

``DEALER_BETS`` counts a :class:`~.dealer_bet_file.DealerBetGame` (Buster Blackjack, Bust It, Bust Bonus, Match the
Dealer): every bet's return table, one row per line of its paytable and a row of the deals no line pays, exactly by
composition (:mod:`~casino_math.methods.blackjack.dealer_bets`). No decision is taken: the dealer draws by the house's rules. Its coups deal rounds
card by card from the shoe, the dealer drawing to the rules, for the simulator.

>>> from casino_math.analysis import load_game
>>> game = load_game("paytables/blackjack_side_bets/buster-blackjack-6-decks-h17.yaml")
>>> table = DEALER_BETS.solve(game).side_tables()["buster"]
>>> f"{float(table.metrics.house_edge):.4%}"   # the Wizard of Odds: 6.21%
'6.2143%'
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from ...cards import ACE as ACE_RANK
from ...suits import RED
from ...held import cached
from ...errors import InputError
from ...counting.removal import RemovalEffects
from ...returns import Outcome, ReturnTable
from ...game.description import Game
from ...contract.method import Method, Workload
from ...contract.solution import Solution, Strategy
from .dealer import hand_total
from .dealer_bet_file import DealerBetGame
from .dealer_bets import DealerEvent, dealer_counts, match_counts
from .rules import ACE, TEN, VALUES

if TYPE_CHECKING:
    from ...game.simple_strategies import Rule
    from ...levels import Progress
    from ...parallel import Runner


class DealerBets(Method):
    """Bets on the dealer's blackjack hand (see the module)."""

    name = "the dealer's blackjack hand, exact by composition"
    computes_removal = True
    description = ("Every ordered deal of the player's first two cards (where a line reads them), the up card and the dealer's "
                   "cards drawn by the house's rules, counted exactly by the cards left of each value and, for suits, of each "
                   "value and suit.")

    def unfit(self, game: Game) -> str | None:
        return None if isinstance(game, DealerBetGame) else "not a game of bets on the dealer's hand (no dealer_bets: section)"

    def solve(self, game: Game, rule: Rule | None = None, progress: Progress | None = None,
              runner: Runner | None = None) -> Solution:
        if rule is not None:
            raise ValueError(f"{game.id}: a bet on the dealer's hand has no decision for a rule to force")
        tables = self.side_bets(game)
        deals = max(t.total for t in tables.values())
        return Solution(self.name, game, None, Strategy(game), None, sum(len(t.outcomes) for t in tables.values()), deals,
                        lambda: dict(tables))

    def side_bets(self, game: Game) -> dict[str, ReturnTable]:
        assert isinstance(game, DealerBetGame)
        return {bet.name: bet_table(game, bet.name) for bet in game.side_bets}

    def workload(self, game: Game) -> Workload:
        assert isinstance(game, DealerBetGame)
        return Workload(("dealer bets", game.rules.dealer_hits_soft_17, game.shoe.counts), float(game.deck.decks))

    def removal(self, game: Game, bet: str) -> RemovalEffects:
        """The bet counted again from the shoe less one card of each rank (of one suit: the suits play alike, a colour's
        two suits too, so any suit's card gives the same return)."""
        assert isinstance(game, DealerBetGame)
        if bet not in game.side_bet:
            raise InputError(f"{game.id} offers no bet {bet!r} (bets: {', '.join(game.bets)})")
        lines = game.paytables[game.side_bet[bet].table].lines
        events = tuple(line.pattern for line in lines)
        full = bet_table(game, bet).metrics.expected_return
        ranks = tuple(sorted(set(game.deck.ranks)))
        counts = tuple(sum(1 for card in game.deck.cards if card.rank == rank) for rank in ranks)
        shoe = game.shoe.counts
        effects = []
        for rank in ranks:
            if events[0].match is not None:  # type: ignore[attr-defined]
                cards = {(r, t): game.deck.decks - (r == rank and t == 0) for r in game.deck.ranks for t in range(4)}
                found, total = match_counts(game.deck.ranks, game.deck.decks, events, cards)  # type: ignore[arg-type]
            else:
                v = ACE if rank == ACE_RANK else min(rank, 10) - 1
                suits = tuple(tuple(c // 4 - (w == v and t == 0) for t in range(4)) for w, c in enumerate(shoe))
                found, total = dealer_counts(tuple(c - (w == v) for w, c in enumerate(shoe)), game.rules, game.up_of(bet),
                                             events, suits)  # type: ignore[arg-type]
            paid = sum((line.pay.net * c for line, c in zip(lines, found)), Fraction(0))
            effects.append((paid - (total - sum(found))) / total - full)
        return RemovalEffects(game, bet, full, ranks, counts, tuple(effects))

    def coups(self, solution: Solution) -> DealerCoups:
        assert isinstance(solution.game, DealerBetGame)
        return DealerCoups(solution.game, solution.side_tables())


def bet_table(game: DealerBetGame, bet: str) -> ReturnTable:
    """A bet's return table: each line's deals (the first line a deal matches), then the deals no line pays."""
    table = game.paytables[game.side_bet[bet].table]
    events = tuple(line.pattern for line in table.lines)
    assert all(isinstance(e, DealerEvent) for e in events)
    counts, total = _counted(game.shoe.counts, game.deck.ranks, game.deck.decks, game.rules.dealer_hits_soft_17,
                             game.rules.dealer_peeks, game.up_of(bet), events)  # type: ignore[arg-type]
    outcomes = [Outcome(line.key, line.pay.net, c, str(line.pay), (("line", line.key),)) for line, c in zip(table.lines, counts)]
    outcomes.append(Outcome("loses", Fraction(-1), total - sum(counts), "loses", (("line", ""),)))
    return ReturnTable(bet, tuple(outcomes))


@cached(maxsize=64)  # the deals depend on the shoe, the dealer and the lines' events, never on the pays
def _counted(shoe: tuple[int, ...], ranks: tuple[int, ...], decks: int, hits_soft_17: bool, peeks: bool, up: int | None,
             events: tuple[DealerEvent, ...]) -> tuple[list[int], int]:
    from .rules import BlackjackRules

    if events[0].match is not None:
        return match_counts(ranks, decks, events)
    return dealer_counts(shoe, BlackjackRules(dealer_hits_soft_17=hits_soft_17, dealer_peeks=peeks), up, events)


class DealerCoups:
    """Rounds dealt card by card from a shuffled shoe (the ``Coups`` protocol of :mod:`casino_math.contract.method`):
    the player's first card, the up card, the player's second, the hole card, then the dealer's draws by the rules.
    A bet placed on an up card takes that card out of the shoe and deals the rest in order; under a peeked ace or ten
    a round whose hole card makes a blackjack has no bet, and the bet is the next round's that has one (rounds are
    independent, so the next such round is a round given no blackjack)."""

    def __init__(self, game: DealerBetGame, tables: dict[str, ReturnTable]) -> None:
        self.game = game
        self.tables = tables
        self._values = np.array([ACE if c.rank == ACE_RANK else min(c.rank, 10) - 1 for c in game.deck.cards])
        self._suits = np.array([c.suit for c in game.deck.cards])
        self._ranks = np.array([c.rank for c in game.deck.cards])

    @property
    def shoe(self) -> Any:
        return self.game.shoe

    @property
    def cards(self) -> int:
        return min(self.game.shoe.size, 4 + 13 + 1)  # the player's two, up, hole, the dealer's longest draw, one set aside

    @property
    def kinds(self) -> np.ndarray:
        return np.arange(len(self.game.deck.cards))

    def __call__(self, kinds: np.ndarray) -> dict[str, tuple[np.ndarray, tuple[Outcome, ...]]]:
        out = {}
        for bet in self.game.side_bets:
            lines = self.game.paytables[bet.table].lines
            events = [line.pattern for line in lines]
            up = self.game.up_of(bet.name)
            codes = np.array([self._settle(row.tolist(), events, up) for row in kinds], dtype=np.int64)
            if up is not None and self.game.rules.dealer_peeks and up in (ACE, TEN):
                kept = np.flatnonzero(codes >= 0)
                assert len(kept), "no round without a dealer blackjack"
                after = np.searchsorted(kept, np.arange(len(codes))) % len(kept)  # the next round with a bet, round about
                codes = codes[kept[after]]
            out[bet.name] = (codes, self.tables[bet.name].outcomes)
        return out

    def _settle(self, row: list[int], events: list[Any], up: int | None) -> int:
        if up is None:
            player, dealer, rest = [row[0], row[2]], [row[1], row[3]], row[4:]
        else:
            card = int(np.flatnonzero(self._values == up)[0])
            others = [c for c in row if c != card]
            player, dealer, rest = others[:2], [card, others[2]], others[3:]
        if events[0].match is not None:
            return self._matches(player, dealer[0], events)
        values = [int(self._values[c]) for c in dealer]
        if up is not None and self.game.rules.dealer_peeks and sorted(values) == [ACE, TEN]:
            return -1
        hard = sum(v + 1 for v in values)
        total, soft = hand_total(hard, ACE in values)
        while (total < 17 or (total == 17 and soft and self.game.rules.dealer_hits_soft_17)):
            card = rest.pop(0)
            dealer.append(card)
            values.append(int(self._values[card]))
            total, soft = hand_total(hard := hard + values[-1] + 1, ACE in values)
        hand = tuple(values.count(v) for v in range(VALUES))
        suits = {int(self._suits[c]) for c in dealer}
        colours = {int(self._suits[c]) in RED for c in dealer}
        one = 2 if len(suits) == 1 else 1 if len(colours) == 1 else 0
        blackjack = sorted(int(self._values[c]) for c in player) == [ACE, TEN]
        return next((i for i, e in enumerate(events) if e.holds(hand, values[-1], total > 21, one, blackjack)), len(events))

    def _matches(self, player: list[int], up: int, events: list[Any]) -> int:
        same = [self._ranks[c] == self._ranks[up] for c in player]
        suited = sum(s and self._suits[c] == self._suits[up] for s, c in zip(same, player))
        event = (suited, sum(same) - suited)
        return next((i for i, e in enumerate(events) if e.match == event), len(events))


DEALER_BETS = DealerBets()
