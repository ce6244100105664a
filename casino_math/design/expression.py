"""A bet's house edge as an exact expression of its pays: what a designer reads to see what each pay is worth.

A side bet is paid by its table whatever the player does, so its return is linear in every pay, over
the whole range: each line's coefficient is the share of deals it pays. The game's own bet is played
by the strategy that is best for its pays; while that strategy holds, its return is linear in every
pay too, and the coefficient of a line is found exactly by replaying the same strategy with that pay
one unit higher (:meth:`~casino_math.contract.solution.Solution.replayed`). The expression then holds for
pays near the file's, up to where the best strategy changes (``solve`` finds those points).

Pays are symbols named after their lines, each the net pay "to 1" (a line the file pays "for 1" at
X has the net pay X − 1).

>>> expression = pay_expression("paytables/three_card_poker/standard.yaml", "pair_plus")
>>> expression.text()
'house edge = (-274*flush - 936*pair - 180*straight - 12*straight_flush - 13*three_of_a_kind + 4110)/5525'
>>> expression.house_edge_at(expression.pays) == Fraction(128, 5525)  # the file's pays: 40, 30, 6, 4, 1
True
>>> pay_expression("paytables/three_card_poker/standard.yaml", "ante_play").strategy
'play_or_fold: play Q-6-4 or better; fold the rest'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Mapping

from ..game.description import Game
from .model import GameBetModel, SideBetModel, wager_model


@dataclass(frozen=True)
class PayExpression:
    """``house_edge`` (a sympy expression, linear in the pays' symbols), the file's pays it was found at, and whether
    it holds for every pay (a side bet) or only while the strategy played at the file's pays stays the best."""

    wager: str
    table: str
    house_edge: Any  # sympy.Expr
    symbols: Mapping[str, Any]  # line name -> sympy.Symbol
    pays: Mapping[str, Fraction]  # the file's pays (net, to 1)
    everywhere: bool
    strategy: str = ""  # the strategy the expression is linear under (the game's own bet)

    def text(self) -> str:
        """``house edge = ...`` with the pays as symbols, exact (sympy's form: one fraction over the deals)."""
        import sympy

        return f"house edge = {sympy.together(self.house_edge)}"

    def house_edge_at(self, pays: Mapping[str, Fraction]) -> Fraction:
        """The expression's value with ``pays`` (net, by line name; the file's pays for those not given)."""
        import sympy

        values = {self.symbols[n]: sympy.Rational(p.numerator, p.denominator) for n, p in {**self.pays, **pays}.items()}
        value = sympy.Rational(self.house_edge.subs(values))
        return Fraction(int(value.p), int(value.q))


def pay_expression(game: str | Path | Game, wager: str, table: str | None = None) -> PayExpression:
    """The house edge of ``wager`` as an exact linear expression of the pays of its paytable (``table``: which one,
    where the bet has several)."""
    import sympy

    model = wager_model(game, wager, (), table)
    names = [n for n in model.names if n not in model.added]
    symbols = {n: sympy.Symbol(re.sub(r"\W", "_", n)) for n in names}  # a name a reader can type: three_card_7_points
    pays = model.pays
    if isinstance(model, SideBetModel):
        total = model.total
        value = sum((deals * (symbols[model.names[line]] if line >= 0 else _rational(net)) for deals, line, net in model.rows),
                    sympy.Integer(0))
        return PayExpression(wager, model.table, sympy.expand(-value / total), symbols, pays, everywhere=True)
    assert isinstance(model, GameBetModel)
    analysis = model.analysis({})
    solution = analysis.solution
    assert solution.table is not None
    here = solution.table.metrics.expected_return
    coefficients = {n: solution.replayed(model.game_with({n: pays[n] + 1})).metrics.expected_return - here for n in names}
    constant = here - sum((c * pays[n] for n, c in coefficients.items()), Fraction(0))
    value = _rational(constant) + sum((_rational(c) * symbols[n] for n, c in coefficients.items()), sympy.Integer(0))
    words = "; ".join(f"{name}: {text}" for name, text in analysis.strategy_summary().items())
    return PayExpression(wager, model.table, sympy.expand(-value), symbols, pays, everywhere=False, strategy=words)


def _rational(x: Fraction) -> Any:
    import sympy

    return sympy.Rational(x.numerator, x.denominator)
