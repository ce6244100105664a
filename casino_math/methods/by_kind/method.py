"""The counting method of shoe games: every bet counted by kinds of card (:mod:`~casino_math.counting.drawing`), no decision to take.

Baccarat and the blackjack side bets are dealt from shoes of several decks, by drawing rules, or
valued in points: their deals are counted as sequences of kinds of card with their multiplicities
in the shoe, not card set by card set. Their bets are all settled by the deal alone, so the solution's
strategy is empty.

>>> from casino_math.analysis import load_game
>>> game = load_game("paytables/baccarat/standard.yaml")
>>> solution = BY_KIND.solve(game)
>>> solution.method, [f"{float(t.metrics.house_edge):.4%}" for t in solution.tables.values()][:3]
('by kinds of card', ['1.0579%', '1.2351%', '14.3596%'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...returns import ReturnTable
from ...shoe import Shoe
from ...game.description import Game
from ...game.sections import Problem
from ...counting.drawing import CoupSettler, bet_tables, too_fine
from ...counting.removal import RemovalEffects, counted_removal
from ...contract.method import Method
from ...contract.solution import Solution, Strategy
from ...game.simple_strategies import Rule

if TYPE_CHECKING:
    from ...parallel import Runner
    from ...levels import Progress


class ByKind(Method):
    """Counts every bet of a shoe game by kinds of card (see the module's introduction)."""

    name = "by kinds of card"
    computes_removal = True

    def unfit(self, game: Game) -> str | None:
        if not game.counted_by_kind:
            return "not dealt from a shoe nor valued in points"
        return "a decision in the deal (counted by kinds of card, with a decision)" if game.decisions else None

    def solve(self, game: Game, rule: Rule | None = None, progress: Progress | None = None,
              runner: Runner | None = None) -> Solution:
        if rule is not None:
            raise ValueError(f"{game.id}: a shoe game has no decision for a rule to force")
        tables = self.side_bets(game)
        deals = max((t.total for t in tables.values()), default=0)
        return Solution(self.name, game, None, Strategy(game), None, sum(len(t.outcomes) for t in tables.values()), deals,
                        lambda: dict(tables))

    def problems(self, game: Game) -> tuple[Problem, ...]:
        return too_fine(game)

    def side_bets(self, game: Game) -> dict[str, ReturnTable]:
        return bet_tables(game)

    def removal(self, game: Game, bet: str) -> RemovalEffects:
        return counted_removal(game, bet)

    def coups(self, solution: Solution) -> CoupSettler:
        """Coups dealt card by card from the full shoe and settled by the rules the count uses, for the simulator."""
        return CoupSettler(solution.game, Shoe.of(solution.game.deck))


BY_KIND = ByKind()
