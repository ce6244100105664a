"""Blackjack as a counting method behind the contract of :mod:`casino_math.contract.method`.

``BLACKJACK`` counts a :class:`~.game_file.BlackjackGame` exactly (:mod:`~casino_math.methods.blackjack.figures`) and returns a
:class:`~casino_math.contract.solution.Solution` like every method: the return table of the game's bet under the optimal
strategy (each way a round ends: a blackjack, a win, a push, a loss, a surrender, a double, a split's net), the
strategy as tables (the optimal play of the first two cards, the basic strategy chart: hard totals, soft totals,
pairs) and as a lookup (``strategy.choose("play", {"player": "Th 6c", "up": "Ts"})``; ``"split hand"``: a hand made by splitting, its pair
card first), the dealer's final totals among its figures, and its working (:class:`~.figures.BlackjackFigures`: the
basic strategy played out, the figures per up card).

>>> from casino_math.analysis import load_game
>>> game = load_game("paytables/blackjack/1-deck-s17-das.yaml")
>>> BLACKJACK.unfit(game), BLACKJACK.unfit(load_game("paytables/baccarat/standard.yaml"))
(None, 'not a blackjack game file (no blackjack: section)')
>>> solution = BLACKJACK.solve(game)
>>> f"{float(solution.table.metrics.house_edge):+.5%}"
'-0.18307%'
>>> solution.strategy.choose("play", {"player": "Th 6c", "up": "Ts"}).option
'hit'
>>> solution.strategy.choose("play", {"player": "Th 4c 2d", "up": "Ts"}).option   # three cards to 16: stand
'stand'
"""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Mapping


from ...errors import InputError
from ...returns import ReturnTable
from ...game.description import Game
from ...counting.removal import RemovalEffects
from ...contract.kept_solution import Kept, KeptView, kept_solution, solution_kept
from ...contract.solution import DecisionView, Solution, SolutionFigures, Strategy
from ...contract.method import Estimate, Method, Workload
from .basic import BasicStrategy
from ...collector import held
from .coups import BlackjackCoups
from .figures import BlackjackFigures, blackjack_figures
from .game_file import BlackjackGame
from .hands import hand_table
from .removal import blackjack_removal
from .rounds import paid_naturals
from .rules import VALUES, value_name
from .switch import SWITCH_COUNTS
from .values import keep_counts
from .views import PAID, AfterHitting, ByUpCard, ChartView, FirstTwoCards, Lookup, Replay, _signed, notes, return_table, returns_words, table_of

if TYPE_CHECKING:

    from ...parallel import Runner
    from ...game.simple_strategies import Rule
    from ...levels import Progress

#: hands a solve values a second, roughly (a 6-deck rule set: 3,082 hands the shoe can deal, about 4 s in process)
HANDS_A_SECOND = 750.0


class Blackjack(Method):
    """The blackjack method (see the module)."""

    name = "blackjack, exact by composition"
    computes_removal = True

    def unfit(self, game: Game) -> str | None:
        return None if isinstance(game, BlackjackGame) else "not a blackjack game file (no blackjack: section)"

    @held
    def solve(self, game: Game, rule: Rule | None = None, progress: Progress | None = None,
              runner: Runner | None = None) -> Solution:
        if rule is not None:
            raise ValueError(f"{game.id}: blackjack's simpler strategy is its basic strategy, always priced; no rule to force")
        assert isinstance(game, BlackjackGame)
        if game.rules.switch:  # two hands and a switch (switch.py): its own solution, every pay in its key
            from .switch_solution import switch_solution
            return kept_solution(game, solution_key(game), CODE, lambda: switch_solution(self.name, game))
        if game.rules.exposed:  # no natural repriced (its pays are in the key): its views are by the dealer's two cards
            return kept_solution(game, solution_key(game), CODE, lambda: self._solve(game))
        # the dealer's totals kept too: claims check them, and reading them must not solve the game again; and what a
        # natural's other pays change, so that a solution kept at those pays is repriced, not solved again
        return kept_solution(game, solution_key(game), CODE, lambda: self._solve(game), own=pricing,
                             fit=lambda kept: repriced(game, kept))

    def _solve(self, game: BlackjackGame) -> Solution:
        if game.rules.exposed:
            from .exposed_views import exposed_solution  # its views are this module's, by the dealer's two cards

            return exposed_solution(game, self.name)
        figures = blackjack_figures(game.rules, game.shoe)
        table = return_table(game, figures.optimal.ends, notes(figures.basic_return, figures.basic_wager, figures.insurance, game.rules.split_play))
        keep_counts(game.rules, game.shoe.counts)
        views: tuple[DecisionView, ...] = (FirstTwoCards(game, figures.optimal.play, "first two cards"),
                 *(ChartView(game, figures, kind) for kind in ("hard", "soft", "pair") if _has(figures.strategy, kind)),
                 AfterHitting(game, figures.optimal.play), ByUpCard(game, figures, "returns"), ByUpCard(game, figures, "dealer"))
        size = sum(len(u.valued) for u in figures.optimal.play.upcards.values())
        return Solution(self.name, game, table, Strategy(game, views, Lookup(game, figures.optimal.play)),
                        Replay(figures.optimal.play), size, table.total, dict,
                        SolutionFigures(dealer_totals=figures.dealer_by_name), working=lambda: figures)

    def removal(self, game: Game, bet: str) -> RemovalEffects:
        """The game's own bet played again, optimally, from each smaller shoe."""
        assert isinstance(game, BlackjackGame)
        if game.rules.switch:
            raise InputError(f"{game.id}: the effect of removal is not counted for Blackjack Switch yet")
        return blackjack_removal(game, bet)

    def side_bets(self, game: Game) -> dict[str, ReturnTable]:
        return {}

    def estimate(self, game: Game, known: tuple[Game, Fraction] | None = None) -> Estimate:
        """The house edge from an infinite deck, at once (:mod:`~casino_math.methods.blackjack.infinite_deck`)."""
        from .infinite_deck import estimate

        assert isinstance(game, BlackjackGame)
        return estimate(game, known)

    def kept(self, game: Game) -> bool:
        """Whether the solution :meth:`solve` would read is kept (every kind of blackjack game keeps it under its key)."""
        return isinstance(game, BlackjackGame) and solution_kept(solution_key(game), CODE)

    def solved_alike(self, game: Game, solved: Game) -> bool:
        """Whether a solution of ``solved`` is ``game``'s by its pays alone: the same rules and shoe, but the pays of a
        natural, which no decision sees (:func:`repriced`); any other pay moves the play, and a solve of seconds.

        >>> from casino_math.game.description import Paytable
        >>> from casino_math.analysis import load_game
        >>> from casino_math.pays import Pay
        >>> game = load_game("paytables/blackjack/spanish-21.yaml")
        >>> def paying(line, pay):
        ...     lines = tuple(replace(x, pay=Pay(pay)) if x.key == line else x for x in game.paytables["pays"].lines)
        ...     return replace(game, paytables={"pays": Paytable("pays", lines)})
        >>> [BLACKJACK.solved_alike(paying(line, Fraction(2)), game) for line in ("blackjack", "five-card 21")]
        [True, False]
        """
        return isinstance(game, BlackjackGame) and isinstance(solved, BlackjackGame) and solution_key(game) == solution_key(solved)

    def workload(self, game: Game) -> Workload:
        """Games of one shoe and one dealer (hitting or standing on soft 17, peeking or not) share the dealer's counts,
        and those of them whose hands play alike the positions and the plays solved in them (:func:`~.values.hand_rules`:
        6 to 5 or surrender beside 3 to 2): one group; a solve costs about as much as the hands the shoe can deal (a
        single deck's fewer: its ranks run out), :data:`HANDS_A_SECOND` of them a second.

        >>> from casino_math.analysis import load_game
        >>> one, six = (BLACKJACK.workload(load_game(f"paytables/blackjack/{name}.yaml")) for name in ("1-deck-s17-das", "6-decks-s17-das"))
        >>> one.group == six.group, one.cost < six.cost
        (False, True)
        """
        assert isinstance(game, BlackjackGame)
        rules, shoe = game.rules, game.shoe.counts
        rounds = VALUES if rules.exposed else 1  # Double Exposure: the rounds once per hole card too
        hands = len(hand_table().dealable(shoe)) * (SWITCH_COUNTS if rules.switch else 1)
        return Workload(("dealer", rules.dealer_hits_soft_17, rules.dealer_peeks, rules.exposed, shoe),
                        rounds * hands / HANDS_A_SECOND)

    def coups(self, solution: Solution) -> BlackjackCoups:
        """Rounds dealt card by card and played by the solution's strategy, for the simulator (:mod:`casino_math.methods.blackjack.coups`)."""
        assert isinstance(solution.game, BlackjackGame) and solution.table is not None
        if solution.game.rules.switch:
            raise InputError(f"{solution.game.id}: Blackjack Switch is not simulated yet (its rounds of two hands and a "
                             "switch are not dealt card by card)")
        if solution.game.rules.exposed:
            from .exposed_views import ExposedCoups, ExposedFigures

            return ExposedCoups(solution.game, solution.own(ExposedFigures).play, solution.table)
        return BlackjackCoups(solution.game, solution.own(BlackjackFigures).optimal.play, solution.table)


CODE = ("methods/blackjack",)  # the method's folder: the digest adds every module it imports (see count_cache.engine)


def solution_key(game: BlackjackGame) -> str:
    """What a blackjack solution depends on: the rules with their pays, the shoe, the bet's name (the return table's);
    but the pays of a natural, which no decision sees (:func:`repriced` makes a solution kept at others this game's).

    >>> from casino_math.analysis import load_game
    >>> key = solution_key(load_game("paytables/blackjack/6-decks-h17-das.yaml"))
    >>> key.split("|")[0], "blackjack_pays=Fraction(0, 1)" in key, key.split("|")[2]
    ('blackjack', True, 'Shoe(counts=(24, 24, 24, 24, 24, 24, 24, 24, 24, 96))')
    """
    repriced = not (game.rules.exposed or game.rules.switch)  # Double Exposure's and Switch's naturals: pays in the key
    rules = replace(game.rules, blackjack_pays=Fraction(0), suited_blackjack_pays=None) if repriced else game.rules
    return f"{game.bet}|{_text(rules)}|{_text(game.shoe)}"


RETURNS = "expected return by up card"  # the view a natural's pay changes


def pricing(solution: Solution) -> dict[str, Any]:
    """What a natural's other pays change, kept with a solution so that it is repriced (:func:`repriced`), not solved."""
    figures = solution.own(BlackjackFigures)
    return {"natural_pays": figures.natural_pays, "natural_paid": figures.natural_paid,
            "returns_by_up_card": figures.returns_by_up_card, "basic_return": figures.basic_return,
            "basic_wager": figures.basic_wager, "insurance": figures.insurance}


def repriced(game: BlackjackGame, kept: Kept) -> Kept:
    """A solution kept at other pays of a natural made ``game``'s, exactly: no decision holds a natural, so the strategy,
    every decision's table and every round's chance stay; a natural paid pays the game's pays now, the return table's
    rows of those rounds, the basic strategy's figures and the returns by up card follow (a natural's share of each)."""
    figures = kept.own
    rules = game.rules
    was = replace(rules, blackjack_pays=figures["natural_pays"][0], suited_blackjack_pays=figures["natural_pays"][1])
    if was == rules:
        return kept
    change = rules.blackjack_average - was.blackjack_average
    table = kept.table
    assert table is not None
    merged = {(str(o.key("result")), o.net): Fraction(o.combinations, table.total) for o in table.outcomes}
    paid = sum((p for (kind, _), p in merged.items() if kind in PAID), Fraction(0))
    merged = {k: p for k, p in merged.items() if k[0] not in PAID} | {k: p for k, p in paid_naturals(rules, paid).items() if p}
    basic = figures["basic_return"] + paid * change
    returns = {name: {up: ev + figures["natural_paid"][up] * change for up, ev in evs.items()}
               for name, evs in figures["returns_by_up_card"].items()}
    repriced_table = table_of(game, merged, table.average_wager, notes(basic, figures["basic_wager"], figures["insurance"], rules.split_play))
    views = tuple(replace(v, data=_returns_data(v, returns), words=returns_words(_by_value(returns["optimal"])))
                  if v.name == RETURNS else v for v in kept.views)
    return replace(kept, table=repriced_table, views=views, deals=repriced_table.total,
                   own=figures | {"natural_pays": (rules.blackjack_pays, rules.suited_blackjack_pays),
                                      "returns_by_up_card": returns, "basic_return": basic})


def _by_value(returns: Mapping[str, Fraction]) -> dict[int, Fraction]:
    """Figures by up card's name, by its value (in the values' order, as a play holds them)."""
    return {v: returns[value_name(v)] for v in range(VALUES) if value_name(v) in returns}


def _returns_data(view: KeptView, returns: Mapping[str, Mapping[str, Fraction]]) -> tuple[list, ...]:
    """The kept frame of the returns by up card with its returns replaced."""
    columns = dict(zip(view.columns, view.data))
    ups = columns["dealer shows"]
    columns["optimal"] = [_signed(returns["optimal"][up]) for up in ups]
    columns["basic strategy"] = [_signed(returns["basic"][up]) for up in ups]
    return tuple(columns[c] for c in view.columns)


def _text(value: object) -> str:
    """A value as text that depends on its contents alone (a set's members in order, whatever the order they were met)."""
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(map(_text, value))) + "}"
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(map(_text, value)) + ")"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_text(k)}: {_text(v)}" for k, v in value.items()) + "}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return f"{type(value).__name__}(" + ", ".join(f"{f.name}={_text(getattr(value, f.name))}" for f in dataclasses.fields(value)) + ")"
    return repr(value)


def _has(strategy: BasicStrategy, kind: str) -> bool:
    return any(key[0] == kind and key[2] for _, key in strategy.orders)


BLACKJACK = Blackjack()
