"""The dice and wheel method behind the contract: each bet's chain solved once (what the throws do, whatever the
pays), then priced by the file's paytables (counts first, money second).

A bet's return table has a row for each way it settles, its probability exact; the rows' combinations are those
probabilities over their common denominator. Beside it, as the trade quotes a bet over several throws, the expected
throws until it settles (``rolls_to_resolve``) and the house edge per throw (``house_edge_per_roll``: the expected
loss over those throws); with odds behind a bet, its average wager (the stake and the odds) gives the element of risk.

>>> from casino_math.registry import load_game
>>> game = load_game("paytables/craps/standard.yaml")
>>> solution = ROLLS.solve(game)
>>> table = solution.tables["pass_line"]
>>> table.metrics.house_edge, solution.figures.per_bet["pass_line"]["rolls_to_resolve"]
(Fraction(7, 495), Fraction(557, 165))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from ...contract.method import Method
from ...contract.solution import Solution, SolutionFigures, Strategy
from ...errors import InputError
from ...game.description import Game
from ...held import cached
from ...pays import Pay
from ...returns import Outcome, ReturnTable
from .bets import RollBet, Settlement
from .chain import Solved, solve_chain
from .devices import Device
from .game_file import RollsGame

if TYPE_CHECKING:
    from ...game.simple_strategies import Rule
    from ...levels import Progress
    from ...parallel import Runner


@cached(maxsize=512)
def solved(bet: RollBet, device: Device) -> Solved:
    """A bet's chain solved (kept: a design tool prices many paytables of one bet)."""
    return solve_chain(bet, device)


@dataclass(frozen=True)
class Priced:
    """A bet's chain at the file's pays: its return table, each end's row in it, and its figures."""

    table: ReturnTable
    rows: tuple[int, ...]  # per end of the chain, its row in the table
    figures: dict[str, Fraction]


def price(game: RollsGame, bet: RollBet, chain: Solved) -> Priced:
    """The return table of a bet at ``game``'s pays: a row per way it settles (ends alike merged), in the order met."""
    pays = {line.key: line.pay for line in game.paytables[bet.table].lines}
    rows: dict[tuple, list[Any]] = {}
    which = []
    stake_mean = Fraction(0)
    for end, chance in zip(chain.ends, chain.chances):
        net, stake, said, keys = _settle(bet, end, pays)
        name = end.name if not end.odds_units else f"{end.name} (odds {_units(end.odds_units)})"
        key = (name, keys, net)
        if key not in rows:
            rows[key] = [name, net, Fraction(0), said, keys]
        rows[key][2] += chance
        which.append(list(rows).index(key))
        stake_mean += chance * stake
    common = math.lcm(*(p.denominator for _, _, p, _, _ in rows.values()))
    outcomes = tuple(Outcome(name, net, int(p * common), said, keys) for name, net, p, said, keys in rows.values())
    table = ReturnTable(bet.name, outcomes, stake_mean)
    edge = table.metrics.house_edge
    return Priced(table, tuple(which), {"rolls_to_resolve": chain.rolls, "house_edge_per_roll": edge / chain.rolls})


def _units(units: Fraction) -> str:
    return str(units.numerator) if units.denominator == 1 else f"{units.numerator}/{units.denominator}"


def _settle(bet: RollBet, end: Settlement, pays: dict[str, Pay]) -> tuple[Fraction, Fraction, str, tuple[tuple[str, str], ...]]:
    """An end's net and total stake per unit of the bet, its pay in words, its keys."""

    def pay(line: str) -> Pay:
        if line not in pays:
            raise InputError(f"{bet.name}: its paytable {bet.table} has no line {line!r} (its lines: {', '.join(pays) or 'none'})")
        return pays[line]

    c = bet.commission
    upfront = Fraction(0)
    if c is not None and c.paid == "with the bet":
        upfront = c.rate if c.of == "bet" else c.rate * max((p.net for p in pays.values()), default=Fraction(0))
    if end.flat == "pays":
        won = pay(end.line)
        net = won.net
        if c is not None and c.paid == "on a win":
            net = net - c.rate if c.of == "bet" else net * (1 - c.rate)
        said = str(won) + (f" less {_percent(c.rate)} of the {c.of}" if c is not None else "")
    else:
        net = {"lose": Fraction(-1), "push": Fraction(0), "lose half": Fraction(-1, 2)}[end.flat]
        said = {"lose": "loses", "push": "push", "lose half": "loses half"}[end.flat]
    net -= upfront if end.flat != "push" else 0
    keys: tuple[tuple[str, str], ...] = (("outcome", end.name),)
    plain = end.flat == "pays" and not end.odds_units and c is None
    if plain:
        keys += (("line", end.line),)
    elif end.flat == "pays":
        keys += (("line:bet", end.line),)
    if end.odds_units:
        odds = pay(end.odds_line).net * end.odds_units if end.odds == "pays" else -end.odds_units if end.odds == "lose" else Fraction(0)
        net += odds
        said += f"; odds {'pay ' + str(pay(end.odds_line)) if end.odds == 'pays' else end.odds}"
        if end.odds == "pays":
            keys += (("line:odds", end.odds_line),)
    return net, 1 + end.odds_units + upfront, said, keys


def _percent(rate: Fraction) -> str:
    return f"{float(rate * 100):g}%"


@dataclass(frozen=True, eq=False)
class Thrown:
    """The coups of every bet thrown with the game's device, for the simulator: each coup a bet from its start, thrown
    until it settles (a throw drawn by its exact weight, the bet moved as its chain says), its row of the return table."""

    chains: dict[str, Solved]
    priced: dict[str, Priced]
    most: int = 100_000  # throws of one coup, at most (a bet settles long before: its chance of standing so long is nil)

    def __call__(self, rng: np.random.Generator, coups: int) -> dict[str, tuple[np.ndarray, tuple[Any, ...]]]:
        out = {}
        for bet, solved_bet in self.chains.items():
            chain = solved_bet.chain
            cumulative = np.cumsum([t.weight for t in chain.throws])
            rows = np.array(self.priced[bet].rows, dtype=np.int64)
            state = np.zeros(coups, dtype=np.int64)
            ended = np.full(coups, -1, dtype=np.int64)
            active = np.arange(coups)
            for _ in range(self.most):
                if not len(active):
                    break
                thrown = np.searchsorted(cumulative, rng.integers(0, int(cumulative[-1]), size=len(active)), side="right")
                after = chain.table[state[active], chain.throw_class[thrown]]
                done = after < 0
                ended[active[done]] = rows[-1 - after[done]]
                state[active[~done]] = after[~done]
                active = active[~done]
            assert not len(active), "a coup stood past every throw allowed"
            out[bet] = (ended, self.priced[bet].table.outcomes)
        return out


class Rolls(Method):
    """Dice and wheels: every bet's absorbing chain over throws, solved exactly."""

    name = "roll by roll"
    description = ("every bet followed throw by throw as an absorbing Markov chain (the states it reaches from its start: "
                   "the point, the numbers marked, a count, a phase, the odds), solved in exact fractions; the dice's "
                   "faces or the wheel's pockets weighted exactly; no simulation; rounded only for printing")

    def unfit(self, game: Game) -> str | None:
        return None if isinstance(game, RollsGame) else "not a dice or wheel game file (no rolls: section)"

    def solve(self, game: Game, rule: Rule | None = None, progress: Progress | None = None,
              runner: Runner | None = None) -> Solution:
        assert isinstance(game, RollsGame)
        if rule is not None:
            raise InputError(f"{game.id}: a dice or wheel game has no decision a rule could force")
        chains = {b.name: solved(b, game.thrown) for b in game.roll_bets}
        priced = {b.name: price(game, b, chains[b.name]) for b in game.roll_bets}
        tables = {name: p.table for name, p in priced.items()}
        return Solution(
            method=self.name, game=game, table=None, strategy=Strategy(game), ends=None,
            size=sum(len(c.chain.states) for c in chains.values()), deals=game.thrown.total,
            side_tables=lambda: dict(tables), figures=SolutionFigures(per_bet={n: p.figures for n, p in priced.items()}),
            working=lambda: Thrown(chains, priced))

    def side_bets(self, game: Game) -> dict[str, Any]:
        return dict(self.solve(game).side_tables())

    def throws(self, solution: Solution) -> Thrown:
        return solution.own(Thrown)


ROLLS = Rolls()
